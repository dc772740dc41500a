import type { Queryable } from '../../db/client.js';
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
                           status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
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

/**
 * Serialises bookings on one calendar (an assignee, or the shared desk when null) until the
 * transaction ends. Check-then-insert under this lock cannot double-book, in PostgreSQL's default
 * READ COMMITTED: the next holder's overlap query sees the previous holder's committed row.
 */
export async function lockCalendar(
  db: Queryable,
  workspaceId: string,
  assigneeId: string | null,
): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('bookings'), hashtext($1 || '/' || $2))", [
    workspaceId,
    assigneeId ?? '',
  ]);
}

/** The first scheduled booking on the calendar that overlaps [start, end), other than `exceptId`. */
export async function findOverlap(
  db: Queryable,
  workspaceId: string,
  assigneeId: string | null,
  slot: Interval,
  exceptId: string | null = null,
): Promise<BookingRow | null> {
  const rows = await db.query<BookingRow>(
    `SELECT * FROM bookings
      WHERE workspace_id = $1 AND status = 'scheduled' AND assignee_id IS NOT DISTINCT FROM $2
        AND starts_at < $4 AND ends_at > $3 AND ($5::text IS NULL OR id <> $5)
      ORDER BY starts_at LIMIT 1`,
    [workspaceId, assigneeId, slot.start, slot.end, exceptId],
  );
  return rows[0] ?? null;
}

/** Scheduled intervals on one calendar that overlap the window, soonest first. */
export async function listBusy(
  db: Queryable,
  workspaceId: string,
  assigneeId: string | null,
  window: Interval,
): Promise<Interval[]> {
  const rows = await db.query<{ starts_at: Date; ends_at: Date }>(
    `SELECT starts_at, ends_at FROM bookings
      WHERE workspace_id = $1 AND status = 'scheduled' AND assignee_id IS NOT DISTINCT FROM $2
        AND starts_at < $4 AND ends_at > $3
      ORDER BY starts_at`,
    [workspaceId, assigneeId, window.start, window.end],
  );
  return rows.map((r) => ({ start: r.starts_at, end: r.ends_at }));
}

export type BookingChanges = Partial<
  Pick<BookingRow, 'starts_at' | 'ends_at' | 'assignee_id' | 'note' | 'status'>
>;
const UPDATABLE = ['starts_at', 'ends_at', 'assignee_id', 'note', 'status'] as const;

export async function updateBookingRow(
  db: Queryable,
  workspaceId: string,
  id: string,
  changes: BookingChanges,
  at: Date,
): Promise<BookingRow | null> {
  const sets: string[] = [];
  const params: unknown[] = [workspaceId, id, at];
  for (const column of UPDATABLE) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  const rows = await db.query<BookingRow>(
    `UPDATE bookings SET ${[...sets, 'updated_at = $3'].join(', ')}
      WHERE workspace_id = $1 AND id = $2 RETURNING *`,
    params,
  );
  return rows[0] ?? null;
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
  const cmp = page.order === 'desc' ? '<' : '>';
  return db.query<BookingRow>(
    `SELECT * FROM bookings
      WHERE workspace_id = $1
        AND ($2::text IS NULL OR id ${cmp} $2)
        AND ($3::text IS NULL OR kind = $3)
        AND ($4::text IS NULL OR lead_id = $4)
        AND ($5::text IS NULL OR status = $5)
        AND ($6::timestamptz IS NULL OR ends_at > $6)
        AND ($7::timestamptz IS NULL OR starts_at < $7)
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

export interface CalendarEntry extends BookingRow {
  lead_name: string;
  lead_phone: string;
}

/** Scheduled bookings with their lead's name and phone, for the calendar feed, in start order. */
export async function listCalendarEntries(
  db: Queryable,
  workspaceId: string,
  window: { from: Date | null; to: Date | null },
  limit: number,
): Promise<CalendarEntry[]> {
  return db.query<CalendarEntry>(
    `SELECT b.*, l.name AS lead_name, l.phone AS lead_phone
       FROM bookings b JOIN leads l ON l.workspace_id = b.workspace_id AND l.id = b.lead_id
      WHERE b.workspace_id = $1 AND b.status = 'scheduled'
        AND ($2::timestamptz IS NULL OR b.ends_at > $2)
        AND ($3::timestamptz IS NULL OR b.starts_at < $3)
      ORDER BY b.starts_at, b.id LIMIT $4`,
    [workspaceId, window.from, window.to, limit],
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
