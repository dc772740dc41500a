import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import { leadHits, searchedRows } from '../../db/search.repo.js';
import { updateColumns } from '../../db/update-columns.js';
import type { SearchTerms } from '../../lib/search.js';
import type { LeadStatus } from './leads.schemas.js';

export interface LeadRow {
  workspace_id: string;
  id: string;
  name: string;
  phone: string;
  email: string | null;
  status: LeadStatus;
  owner_id: string | null;
  note: string | null;
  source: 'call' | 'api';
  /** The desk chose this owner on the lead; assigning a deal does not carry over it. */
  owner_pinned: boolean;
  merged_into: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Inserts unless the workspace already has a lead with this phone; null then. The unique
 * (workspace_id, phone) index decides, so two concurrent inserts of one number cannot both win.
 */
export async function insertLeadIfNew(
  db: Queryable,
  row: Omit<LeadRow, 'owner_pinned' | 'merged_into'>,
): Promise<LeadRow | null> {
  const rows = await db.query<LeadRow>(
    `INSERT INTO leads (workspace_id, id, name, phone, email, status, owner_id, note, source, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (workspace_id, phone) DO NOTHING
     RETURNING *`,
    [
      row.workspace_id,
      row.id,
      row.name,
      row.phone,
      row.email,
      row.status,
      row.owner_id,
      row.note,
      row.source,
      row.created_at,
      row.updated_at,
    ],
  );
  return rows[0] ?? null;
}

export async function findLead(db: Queryable, workspaceId: string, id: string): Promise<LeadRow | null> {
  const rows = await db.query<LeadRow>('SELECT * FROM leads WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
  ]);
  return rows[0] ?? null;
}

/** The lead row locked until the transaction ends, so read-compare-write updates do not interleave. */
export async function lockLead(db: Queryable, workspaceId: string, id: string): Promise<LeadRow | null> {
  const rows = await db.query<LeadRow>('SELECT * FROM leads WHERE workspace_id = $1 AND id = $2 FOR UPDATE', [
    workspaceId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function findLeadRowByPhone(
  db: Queryable,
  workspaceId: string,
  e164: string,
  options: { lock?: boolean } = {},
): Promise<LeadRow | null> {
  const rows = await db.query<LeadRow>(
    `SELECT * FROM leads WHERE workspace_id = $1 AND phone = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, e164],
  );
  return rows[0] ?? null;
}

/**
 * Moves a lead to another number (the caller confirmed a better one than caller ID). Null when
 * the lead is gone; the unique (workspace_id, phone) index refuses a number another lead has.
 */
export async function setLeadPhone(
  db: Queryable,
  workspaceId: string,
  id: string,
  e164: string,
  at: Date,
): Promise<LeadRow | null> {
  const rows = await db.query<LeadRow>(
    'UPDATE leads SET phone = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2 RETURNING *',
    [workspaceId, id, e164, at],
  );
  return rows[0] ?? null;
}

export type LeadChanges = Partial<
  Pick<LeadRow, 'name' | 'email' | 'status' | 'owner_id' | 'note' | 'owner_pinned' | 'merged_into'>
>;

const UPDATABLE = ['name', 'email', 'status', 'owner_id', 'note', 'owner_pinned', 'merged_into'] as const;

export function updateLeadRow(
  db: Queryable,
  workspaceId: string,
  id: string,
  changes: LeadChanges,
  at: Date,
): Promise<LeadRow | null> {
  return updateColumns<LeadRow, LeadChanges>(db, 'leads', UPDATABLE, { workspaceId, id }, changes, at);
}

export interface LeadFilter {
  status?: LeadStatus | undefined;
  ownerId?: string | undefined;
  phone?: string | undefined;
  /** Name, email, any part of the number, or an address or postcode of one of the lead's opportunities. */
  search?: SearchTerms | null | undefined;
}

export async function listLeads(
  db: Queryable,
  workspaceId: string,
  filter: LeadFilter,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<LeadRow[]> {
  // Merged leads leave the lists.
  const where = `merged_into IS NULL
        AND ${afterId(page.order, 2, 'id', page.after)}
        AND ${optional(filter.status, 3, 'text', 'status = $3')}
        AND ${optional(filter.ownerId, 4, 'text', 'owner_id = $4')}
        AND ${optional(filter.phone, 5, 'text', 'phone = $5')}`;
  const rows = filter.search
    ? searchedRows('leads', leadHits({ ws: 1, text: 6, digits: 8 }), 1, where)
    : `SELECT * FROM leads WHERE workspace_id = $1 AND ${where} AND $6::text IS NULL AND $8::text IS NULL`;
  return db.query<LeadRow>(`${rows} ORDER BY ${filter.search ? 'hit.id' : 'id'} ${page.order} LIMIT $7`, [
    workspaceId,
    page.after,
    filter.status ?? null,
    filter.ownerId ?? null,
    filter.phone ?? null,
    filter.search?.pattern ?? null,
    page.limit + 1,
    filter.search?.digits ?? null,
  ]);
}

/** The short form of several leads at once (a page of calls shows who called). */
export async function findLeadSummaries(
  db: Queryable,
  workspaceId: string,
  ids: readonly string[],
): Promise<Pick<LeadRow, 'id' | 'name' | 'phone' | 'status'>[]> {
  if (ids.length === 0) return [];
  return db.query(
    'SELECT id, name, phone, status FROM leads WHERE workspace_id = $1 AND id = ANY($2::text[])',
    [workspaceId, [...ids]],
  );
}

/** The two leads locked in id order, so two merges of one pair cannot deadlock. */
export async function lockLeadPair(
  tx: Queryable,
  workspaceId: string,
  ids: readonly [string, string],
): Promise<LeadRow[]> {
  return tx.query<LeadRow>(
    'SELECT * FROM leads WHERE workspace_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE',
    [workspaceId, [...ids]],
  );
}

/**
 * Marks `from` merged into `to`, and points leads merged into `from` at `to` as well, so a
 * merged lead is always one step from the one that holds its history.
 */
export async function markLeadMerged(
  tx: Queryable,
  workspaceId: string,
  from: string,
  to: string,
  at: Date,
): Promise<LeadRow> {
  await tx.query('UPDATE leads SET merged_into = $3 WHERE workspace_id = $1 AND merged_into = $2', [
    workspaceId,
    from,
    to,
  ]);
  const updated = await updateLeadRow(tx, workspaceId, from, { merged_into: to }, at);
  if (updated === null) throw new Error(`lead ${from} vanished during a merge`);
  return updated;
}
