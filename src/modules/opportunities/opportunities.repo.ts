import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import { opportunityHits, searchedRows } from '../../db/search.repo.js';
import type { SearchTerms } from '../../lib/search.js';
import type {
  CrossCheck,
  FactSources,
  OpportunityFacts,
  Outcome,
  ReviewItem,
  ScoreLine,
} from './opportunities.schemas.js';
import type { NextActionSource, Stage } from './pipeline.schemas.js';

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
  /** Facts the rules and the model read differently during the call (absent before migration 0021). */
  cross_checks: CrossCheck[];
  /** Where the desk has got to with the seller (docs/desk-api.md, Stages and next actions). */
  stage: Stage;
  dead_reason: string | null;
  next_action: string | null;
  next_action_owner_id: string | null;
  next_action_due: Date | null;
  next_action_source: NextActionSource | null;
  next_action_booking_id: string | null;
  /** The opportunity this one was merged into; merged ones leave the lists. */
  merged_into: string | null;
  created_at: Date;
  updated_at: Date;
  /** The lead's name and phone as they are now; read with the row, never written. */
  seller_name?: string | null;
  seller_phone?: string | null;
}

/** The row with its lead's name and phone, for the API object's seller. */
export const WITH_SELLER = `SELECT o.*, l.name AS seller_name, l.phone AS seller_phone
       FROM opportunities o
       LEFT JOIN leads l ON l.workspace_id = o.workspace_id AND l.id = o.lead_id`;

/** The seller fields of a row whose lead was just set or changed. */
export async function findSeller(
  db: Queryable,
  workspaceId: string,
  leadId: string | null,
): Promise<Pick<OpportunityRow, 'seller_name' | 'seller_phone'>> {
  if (leadId === null) return { seller_name: null, seller_phone: null };
  const rows = await db.query<{ name: string; phone: string }>(
    'SELECT name, phone FROM leads WHERE workspace_id = $1 AND id = $2',
    [workspaceId, leadId],
  );
  return { seller_name: rows[0]?.name ?? null, seller_phone: rows[0]?.phone ?? null };
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
       owner_id, facts, score_breakdown, fact_sources, review, cross_checks, created_at, updated_at, stage,
       dead_reason, next_action, next_action_owner_id, next_action_due, next_action_source, next_action_booking_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb,
       $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
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
      JSON.stringify(row.cross_checks ?? []),
      row.created_at,
      row.updated_at,
      ...pipelineValues(row),
    ],
  );
}

function pipelineValues(row: OpportunityRow) {
  return [
    row.stage,
    row.dead_reason,
    row.next_action,
    row.next_action_owner_id,
    row.next_action_due,
    row.next_action_source,
    row.next_action_booking_id,
  ];
}

/** With `lock`, the row stays locked until the transaction ends, so changes to it queue. */
export async function findOpportunity(
  db: Queryable,
  workspaceId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<OpportunityRow | null> {
  const rows = await db.query<OpportunityRow>(
    `${WITH_SELLER} WHERE o.workspace_id = $1 AND o.id = $2${options.lock ? ' FOR UPDATE OF o' : ''}`,
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
    `SELECT o.*, l.name AS seller_name, l.phone AS seller_phone,
            (SELECT coalesce(json_agg(n ORDER BY n.created_at, n.id), '[]'::json)
               FROM opportunity_notes n WHERE n.workspace_id = o.workspace_id AND n.opportunity_id = o.id
            ) AS notes_json
       FROM opportunities o
       LEFT JOIN leads l ON l.workspace_id = o.workspace_id AND l.id = o.lead_id
      WHERE o.workspace_id = $1 AND o.id = $2 FOR UPDATE OF o`,
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
       review = $12::jsonb, cross_checks = $13::jsonb, updated_at = $14, stage = $15, dead_reason = $16,
       next_action = $17, next_action_owner_id = $18, next_action_due = $19, next_action_source = $20,
       next_action_booking_id = $21
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
      JSON.stringify(row.cross_checks ?? []),
      row.updated_at,
      ...pipelineValues(row),
    ],
  );
}

export interface OpportunityFilters {
  outcome?: Outcome | undefined;
  owner_id?: string | undefined;
  /** Upper case, without spaces. */
  postcodePrefix?: string | undefined;
  min_score?: number | undefined;
  /** Address, postcode, or the seller's name, email or number. */
  search?: SearchTerms | null | undefined;
  stage?: Stage | undefined;
  lead_id?: string | undefined;
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
  // Merged opportunities leave the lists.
  const where = `merged_into IS NULL
        AND ${optional(filters.outcome, 2, 'text', 'outcome = $2')}
        AND ${optional(filters.owner_id, 3, 'text', 'owner_id = $3')}
        AND ${optional(filters.postcodePrefix, 4, 'text', "replace(upper(postcode), ' ', '') LIKE $4::text || '%'")}
        AND ${optional(filters.min_score, 5, 'integer', 'score >= $5')}
        AND ${afterId(page.order, 6, 'id', page.after)}
        AND ${optional(filters.stage, 10, 'text', 'stage = $10')}
        AND ${optional(filters.lead_id, 11, 'text', 'lead_id = $11')}`;
  const rows = filters.search
    ? searchedRows('opportunities', opportunityHits({ ws: 1, text: 8, digits: 9 }), 1, where)
    : `SELECT * FROM opportunities WHERE workspace_id = $1 AND ${where} AND $8::text IS NULL AND $9::text IS NULL`;
  // The seller's name and phone come with each row (see WITH_SELLER).
  return db.query<OpportunityRow>(
    `SELECT o.*, l.name AS seller_name, l.phone AS seller_phone FROM (${rows}) AS o
       LEFT JOIN leads l ON l.workspace_id = o.workspace_id AND l.id = o.lead_id
      ORDER BY o.id ${page.order} LIMIT $7`,
    [
      workspaceId,
      filters.outcome ?? null,
      filters.owner_id ?? null,
      filters.postcodePrefix ?? null,
      filters.min_score ?? null,
      page.after,
      page.limit + 1,
      filters.search?.pattern ?? null,
      filters.search?.digits ?? null,
      filters.stage ?? null,
      filters.lead_id ?? null,
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
