import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import { updateColumns } from '../../db/update-columns.js';
import type { BookingKind, BookingStatus } from './bookings.schemas.js';

export interface BookingRow {
  workspace_id: string;
  id: string;
  kind: BookingKind;
  lead_id: string;
  call_id: string | null;
  starts_at: Date;
  ends_at: Date;
  assignee_id: string | null;
  note: string | null;
  status: BookingStatus;
  /** The desk chose this assignee on the booking; assigning the lead's deal does not carry over it. */
  assignee_pinned: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface Interval {
  start: Date;
  end: Date;
}

export async function insertBooking(db: Queryable, row: BookingRow): Promise<BookingRow> {
  const rows = await db.query<BookingRow>(
    `INSERT INTO bookings (workspace_id, id, kind, lead_id, call_id, starts_at, ends_at, assignee_id, note,
                           status, assignee_pinned, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      row.workspace_id,
      row.id,
      row.kind,
      row.lead_id,
      row.call_id,
      row.starts_at,
      row.ends_at,
      row.assignee_id,
      row.note,
      row.status,
      row.assignee_pinned,
      row.created_at,
      row.updated_at,
    ],
  );
  const inserted = rows[0];
  if (!inserted) throw new Error('INSERT ... RETURNING gave no row');
  return inserted;
}

export async function findBooking(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<BookingRow | null> {
  const rows = await db.query<BookingRow>('SELECT * FROM bookings WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function lockBooking(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<BookingRow | null> {
  const rows = await db.query<BookingRow>(
    'SELECT * FROM bookings WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

export type BookingChanges = Partial<
  Pick<
    BookingRow,
    'starts_at' | 'ends_at' | 'assignee_id' | 'note' | 'status' | 'assignee_pinned' | 'lead_id'
  >
>;
const UPDATABLE = [
  'starts_at',
  'ends_at',
  'assignee_id',
  'note',
  'status',
  'assignee_pinned',
  'lead_id',
] as const;

export function updateBookingRow(
  db: Queryable,
  workspaceId: string,
  id: string,
  changes: BookingChanges,
  at: Date,
): Promise<BookingRow | null> {
  return updateColumns<BookingRow, BookingChanges>(
    db,
    'bookings',
    UPDATABLE,
    { workspaceId, id },
    changes,
    at,
  );
}

export interface BookingFilter {
  kind?: BookingKind | undefined;
  leadId?: string | undefined;
  status?: BookingStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function listBookings(
  db: Queryable,
  workspaceId: string,
  filter: BookingFilter,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<BookingRow[]> {
  return db.query<BookingRow>(
    `SELECT * FROM bookings
      WHERE workspace_id = $1
        AND ${afterId(page.order, 2, 'id', page.after)}
        AND ${optional(filter.kind, 3, 'text', 'kind = $3')}
        AND ${optional(filter.leadId, 4, 'text', 'lead_id = $4')}
        AND ${optional(filter.status, 5, 'text', 'status = $5')}
        AND ${optional(filter.from, 6, 'timestamptz', 'ends_at > $6')}
        AND ${optional(filter.to, 7, 'timestamptz', 'starts_at < $7')}
      ORDER BY id ${page.order} LIMIT $8`,
    [
      workspaceId,
      page.after,
      filter.kind ?? null,
      filter.leadId ?? null,
      filter.status ?? null,
      filter.from ?? null,
      filter.to ?? null,
      page.limit + 1,
    ],
  );
}

/**
 * Whether a call exists in the workspace. The calls module owns that table; this single
 * existence check keeps bookings from depending on code written alongside it.
 */
export async function callExists(db: Queryable, workspaceId: string, callId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM calls WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    callId,
  ]);
  return rows.length > 0;
}
