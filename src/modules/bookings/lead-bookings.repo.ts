import type { Queryable } from '../../db/client.js';
import type { BookingRow } from './bookings.repo.js';

/** Every booking of the lead, locked: a lead merge moves them all. */
export async function lockBookingsOfLead(
  tx: Queryable,
  workspaceId: string,
  leadId: string,
): Promise<BookingRow[]> {
  return tx.query<BookingRow>(
    'SELECT * FROM bookings WHERE workspace_id = $1 AND lead_id = $2 ORDER BY id FOR UPDATE',
    [workspaceId, leadId],
  );
}

/**
 * The lead's scheduled bookings not yet over whose assignee follows the deal (not pinned) and
 * is not `ownerId` already, soonest first, locked.
 */
export async function lockFollowingBookings(
  tx: Queryable,
  workspaceId: string,
  leadId: string,
  ownerId: string | null,
  now: Date,
): Promise<BookingRow[]> {
  return tx.query<BookingRow>(
    `SELECT * FROM bookings
      WHERE workspace_id = $1 AND lead_id = $2 AND status = 'scheduled' AND ends_at > $4
        AND NOT assignee_pinned AND assignee_id IS DISTINCT FROM $3
      ORDER BY starts_at, id FOR UPDATE`,
    [workspaceId, leadId, ownerId, now],
  );
}

/** The lead's next scheduled booking not yet started, locked (a seller texting C cancels it). */
export async function lockNextBookingOfLead(
  tx: Queryable,
  workspaceId: string,
  leadId: string,
  now: Date,
): Promise<BookingRow | null> {
  const rows = await tx.query<BookingRow>(
    `SELECT * FROM bookings
      WHERE workspace_id = $1 AND lead_id = $2 AND status = 'scheduled' AND starts_at > $3
      ORDER BY starts_at, id LIMIT 1 FOR UPDATE`,
    [workspaceId, leadId, now],
  );
  return rows[0] ?? null;
}
