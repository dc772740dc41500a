import type { Queryable } from '../../db/client.js';
import { type BookingSettings, bookingMinutes } from './booking-config.js';
import type { Interval } from './bookings.repo.js';
import type { BookingKind } from './bookings.schemas.js';
import { listBusy } from './calendar.repo.js';
import { computeFreeTimes } from './free-times.js';

const DAY = 24 * 60 * 60_000;

/** Free times of one kind, at most `limit`, from the calendar as it was read. */
export type FreeTimeFinder = (kind: BookingKind, limit: number) => Interval[];

/**
 * Reads the shared desk calendar (bookings without an assignee, the calendar the agent books on
 * with createBookingFromCall) once, and finds free times of either kind in it. A time found here
 * is one that booking would accept unless someone takes it first.
 */
export async function readSharedCalendar(
  db: Queryable,
  workspaceId: string,
  config: BookingSettings,
  now: Date,
): Promise<FreeTimeFinder> {
  const window = { start: now, end: new Date(now.getTime() + config.booking.horizon_days * DAY) };
  const busy = await listBusy(db, workspaceId, null, window);
  return (kind, limit) =>
    computeFreeTimes({
      hours: config.hours,
      lengthMinutes: bookingMinutes(config, kind),
      leadTimeMinutes: config.booking.lead_time_minutes,
      horizonDays: config.booking.horizon_days,
      now,
      busy,
      limit,
    });
}

/** Free times of the shared desk calendar, for the API's free-time list. */
export async function findFreeTimes(
  db: Queryable,
  workspaceId: string,
  config: BookingSettings,
  kind: BookingKind,
  now: Date,
  limit: number,
): Promise<Interval[]> {
  return (await readSharedCalendar(db, workspaceId, config, now))(kind, limit);
}
