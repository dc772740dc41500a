import type { Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { updateBookingRow } from '../bookings/bookings.repo.js';
import { toBooking } from '../bookings/bookings.schemas.js';
import { findOverlap, lockCalendar } from '../bookings/calendar.repo.js';
import { lockFollowingBookings } from '../bookings/lead-bookings.repo.js';
import { lockLead, updateLeadRow } from '../leads/leads.repo.js';
import { toLead } from '../leads/leads.schemas.js';
import { followBooking } from './pipeline.service.js';

/**
 * One owner per seller (docs/desk-api.md): a deal assigned to a member assigns its lead and the
 * lead's bookings still to come, unless the desk chose them apart (owner_pinned,
 * assignee_pinned); a deal unassigned (`ownerId` null) leaves them unassigned too, the bookings
 * back on the shared desk calendar. A booking that would overlap one already on the new owner's calendar stays
 * where it is, as a move by hand would be refused. A next action that is one of those bookings
 * follows it to the new owner, as it does when the desk reassigns the booking. Each change emits
 * its event.
 */
export async function carryOwner(
  tx: Queryable,
  workspaceId: string,
  leadId: string,
  ownerId: string | null,
  at: Date,
): Promise<void> {
  const lead = await lockLead(tx, workspaceId, leadId);
  if (lead === null || lead.merged_into !== null) return;
  if (!lead.owner_pinned && lead.owner_id !== ownerId) {
    const updated = await updateLeadRow(tx, workspaceId, leadId, { owner_id: ownerId }, at);
    if (updated) await recordEvent(tx, workspaceId, 'lead.updated', toLead(updated), at);
  }
  const bookings = await lockFollowingBookings(tx, workspaceId, leadId, ownerId, at);
  if (bookings.length === 0) return;
  await lockCalendar(tx, workspaceId, ownerId);
  for (const booking of bookings) {
    const time = { start: booking.starts_at, end: booking.ends_at };
    if (await findOverlap(tx, workspaceId, ownerId, time, booking.id)) continue;
    const updated = await updateBookingRow(tx, workspaceId, booking.id, { assignee_id: ownerId }, at);
    if (!updated) continue;
    await recordEvent(tx, workspaceId, 'booking.updated', toBooking(updated), at);
    await followBooking(tx, updated, at);
  }
}
