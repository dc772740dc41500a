import type { Queryable } from '../../db/client.js';
import { type BookingSettings, slotMinutes } from './booking-config.js';
import type { Interval } from './bookings.repo.js';
import type { BookingKind } from './bookings.schemas.js';
import { listBusy } from './calendar.repo.js';
import { computeFreeSlots } from './free-slots.js';

const DAY = 24 * 60 * 60_000;

/** Free slots of one kind, at most `limit`, from the calendar as it was read. */
export type FreeSlotFinder = (kind: BookingKind, limit: number) => Interval[];

/**
 * Reads the shared desk calendar (bookings without an assignee, the calendar the agent books on
 * with createBookingFromCall) once, and finds free slots of either kind in it. A slot found here
 * is one that booking would accept unless someone takes it first.
 */
export async function readSharedCalendar(
  db: Queryable,
  workspaceId: string,
  config: BookingSettings,
  now: Date,
): Promise<FreeSlotFinder> {
  const window = { start: now, end: new Date(now.getTime() + config.booking.horizon_days * DAY) };
  const busy = await listBusy(db, workspaceId, null, window);
  return (kind, limit) =>
    computeFreeSlots({
      hours: config.hours,
      slotMinutes: slotMinutes(config, kind),
      leadTimeMinutes: config.booking.lead_time_minutes,
      horizonDays: config.booking.horizon_days,
      now,
      busy,
      limit,
    });
}

/** Free slots of the shared desk calendar, for the API's free-slot list. */
export async function findFreeSlots(
  db: Queryable,
  workspaceId: string,
  config: BookingSettings,
  kind: BookingKind,
  now: Date,
  limit: number,
): Promise<Interval[]> {
  return (await readSharedCalendar(db, workspaceId, config, now))(kind, limit);
}
