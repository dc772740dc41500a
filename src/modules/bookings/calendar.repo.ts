import type { Queryable } from '../../db/client.js';
import { optional } from '../../db/optional-filter.js';
import type { BookingRow, Interval } from './bookings.repo.js';

// The calendar's view of the bookings table: the lock, overlaps, busy time and the feed.

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
  time: Interval,
  exceptId: string | null = null,
): Promise<BookingRow | null> {
  const rows = await db.query<BookingRow>(
    `SELECT * FROM bookings
      WHERE workspace_id = $1 AND status = 'scheduled' AND assignee_id IS NOT DISTINCT FROM $2
        AND starts_at < $4 AND ends_at > $3 AND ${optional(exceptId, 5, 'text', 'id <> $5')}
      ORDER BY starts_at LIMIT 1`,
    [workspaceId, assigneeId, time.start, time.end, exceptId],
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

export interface CalendarEntry extends BookingRow {
  lead_name: string;
  lead_phone: string;
}

/**
 * Scheduled bookings with their lead's name and phone, for the calendar feed, in start order.
 * With `assigneeOrDesk`, only that member's bookings and the shared desk's.
 */
export async function listCalendarEntries(
  db: Queryable,
  workspaceId: string,
  window: { from: Date | null; to: Date | null },
  limit: number,
  assigneeOrDesk: string | null = null,
): Promise<CalendarEntry[]> {
  return db.query<CalendarEntry>(
    `SELECT b.*, l.name AS lead_name, l.phone AS lead_phone
       FROM bookings b JOIN leads l ON l.workspace_id = b.workspace_id AND l.id = b.lead_id
      WHERE b.workspace_id = $1 AND b.status = 'scheduled'
        AND ${optional(window.from, 2, 'timestamptz', 'b.ends_at > $2')}
        AND ${optional(window.to, 3, 'timestamptz', 'b.starts_at < $3')}
        AND ${optional(assigneeOrDesk, 5, 'text', '(b.assignee_id IS NULL OR b.assignee_id = $5)')}
      ORDER BY b.starts_at, b.id LIMIT $4`,
    [workspaceId, window.from, window.to, limit, assigneeOrDesk],
  );
}
