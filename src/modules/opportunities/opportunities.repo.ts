import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import type {
  FactSources,
  OpportunityFacts,
  Outcome,
  ReviewItem,
  ScoreLine,
} from './opportunities.schemas.js';

export interface OpportunityRow {
  workspace_id: string;
  id: string;
  call_id: string | null;
  lead_id: string | null;
  address: string | null;
  postcode: string | null;
  score: number;
  outcome: Outcome;
  owner_id: string | null;
  facts: OpportunityFacts;
  score_breakdown: ScoreLine[];
  /** Where each known fact came from: rules, model or desk. */
  fact_sources: FactSources;
  /** Facts the after-call audit read differently from what is stored. */
  review: ReviewItem[];
  /** The opportunity this one was merged into; merged ones leave the lists. */
  merged_into: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NoteRow {
  workspace_id: string;
  id: string;
  opportunity_id: string;
  body: string;
  author_id: string | null;
  created_at: Date;
}

export async function insertOpportunity(tx: Queryable, row: OpportunityRow): Promise<void> {
  await tx.query(
    `INSERT INTO opportunities (workspace_id, id, call_id, lead_id, address, postcode, score, outcome,
       owner_id, facts, score_breakdown, fact_sources, review, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::jsonb, $13::jsonb, $14, $15)`,
    [
      row.workspace_id,
      row.id,
      row.call_id,
      row.lead_id,
      row.address,
      row.postcode,
      row.score,
      row.outcome,
      row.owner_id,
      JSON.stringify(row.facts),
      JSON.stringify(row.score_breakdown),
      JSON.stringify(row.fact_sources),
      JSON.stringify(row.review),
      row.created_at,
      row.updated_at,
    ],
  );
}

/** With `lock`, the row stays locked until the transaction ends, so changes to it queue. */
export async function findOpportunity(
  db: Queryable,
  workspaceId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<OpportunityRow | null> {
  const rows = await db.query<OpportunityRow>(
    `SELECT * FROM opportunities WHERE workspace_id = $1 AND id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

/**
 * The opportunity locked for the rest of the transaction, with its notes, in one statement (a
 * call re-scores its opportunity on most turns once it has one; each statement is a round trip).
 */
export async function lockOpportunityWithNotes(
  tx: Queryable,
  workspaceId: string,
  id: string,
): Promise<{ row: OpportunityRow; notes: NoteRow[] } | null> {
  const rows = await tx.query<
    OpportunityRow & { notes_json: (Omit<NoteRow, 'created_at'> & { created_at: string })[] }
  >(
    `SELECT o.*, (SELECT coalesce(json_agg(n ORDER BY n.created_at, n.id), '[]'::json)
                    FROM opportunity_notes n WHERE n.workspace_id = o.workspace_id AND n.opportunity_id = o.id
                 ) AS notes_json
       FROM opportunities o WHERE o.workspace_id = $1 AND o.id = $2 FOR UPDATE OF o`,
    [workspaceId, id],
  );
  const found = rows[0];
  if (found === undefined) return null;
  const { notes_json, ...row } = found;
  return { row, notes: notes_json.map((n) => ({ ...n, created_at: new Date(n.created_at) })) };
}

/** Writes every column that can change after creation. */
export async function writeOpportunity(tx: Queryable, row: OpportunityRow): Promise<void> {
  await tx.query(
    `UPDATE opportunities SET lead_id = $3, address = $4, postcode = $5, score = $6, outcome = $7,
       owner_id = $8, facts = $9::jsonb, score_breakdown = $10::jsonb, fact_sources = $11::jsonb,
       review = $12::jsonb, updated_at = $13
     WHERE workspace_id = $1 AND id = $2`,
    [
      row.workspace_id,
      row.id,
      row.lead_id,
      row.address,
      row.postcode,
      row.score,
      row.outcome,
      row.owner_id,
      JSON.stringify(row.facts),
      JSON.stringify(row.score_breakdown),
      JSON.stringify(row.fact_sources),
      JSON.stringify(row.review),
      row.updated_at,
    ],
  );
}

export interface OpportunityFilters {
  outcome?: Outcome | undefined;
  owner_id?: string | undefined;
  /** Upper case, without spaces. */
  postcodePrefix?: string | undefined;
  min_score?: number | undefined;
}

/** Opportunities in creation order (ids sort by creation), newest first unless asc. */
export async function listOpportunities(
  db: Queryable,
  workspaceId: string,
  filters: OpportunityFilters,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<OpportunityRow[]> {
  // The prefix holds letters and digits only (checked by the query schema), so it cannot carry
  // LIKE wildcards.
  return db.query<OpportunityRow>(
    `SELECT * FROM opportunities
      WHERE workspace_id = $1 AND merged_into IS NULL
        AND ${optional(filters.outcome, 2, 'text', 'outcome = $2')}
        AND ${optional(filters.owner_id, 3, 'text', 'owner_id = $3')}
        AND ${optional(filters.postcodePrefix, 4, 'text', "replace(upper(postcode), ' ', '') LIKE $4::text || '%'")}
        AND ${optional(filters.min_score, 5, 'integer', 'score >= $5')}
        AND ${afterId(page.order, 6, 'id', page.after)}
      ORDER BY id ${page.order} LIMIT $7`,
    [
      workspaceId,
      filters.outcome ?? null,
      filters.owner_id ?? null,
      filters.postcodePrefix ?? null,
      filters.min_score ?? null,
      page.after,
      page.limit + 1,
    ],
  );
}

export async function insertNote(tx: Queryable, row: NoteRow): Promise<void> {
  await tx.query(
    `INSERT INTO opportunity_notes (workspace_id, id, opportunity_id, body, author_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.workspace_id, row.id, row.opportunity_id, row.body, row.author_id, row.created_at],
  );
}

/** Notes of the given opportunities, oldest first: one query for a whole page. */
export async function listNotes(
  db: Queryable,
  workspaceId: string,
  opportunityIds: readonly string[],
): Promise<NoteRow[]> {
  if (opportunityIds.length === 0) return [];
  return db.query<NoteRow>(
    `SELECT * FROM opportunity_notes WHERE workspace_id = $1 AND opportunity_id = ANY($2::text[])
      ORDER BY created_at, id`,
    [workspaceId, [...opportunityIds]],
  );
}

/** The short form of several opportunities at once (a page of calls shows how each scored). */
export async function findOpportunitySummaries(
  db: Queryable,
  workspaceId: string,
  ids: readonly string[],
): Promise<Pick<OpportunityRow, 'id' | 'outcome' | 'score' | 'postcode' | 'address'>[]> {
  if (ids.length === 0) return [];
  return db.query(
    `SELECT id, outcome, score, postcode, address FROM opportunities
      WHERE workspace_id = $1 AND id = ANY($2::text[])`,
    [workspaceId, [...ids]],
  );
}
