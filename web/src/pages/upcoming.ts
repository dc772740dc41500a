import type { Booking } from '@callagent/sdk';

/** The lead's scheduled bookings not yet over, soonest first: what happens next with this seller. */
export function upcoming(bookings: readonly Booking[], now: number): Booking[] {
  return bookings
    .filter((b) => b.status === 'scheduled' && Date.parse(b.ends_at) > now)
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}
