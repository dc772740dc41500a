import type { Queryable } from '../db/client.js';
import type { CallContext, Slot } from '../dialog/engine/index.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import { slotMinutes } from '../modules/bookings/booking-config.js';
import { listBusy } from '../modules/bookings/calendar.repo.js';
import { computeFreeSlots } from '../modules/bookings/free-slots.js';
import { isWithinBusinessHours } from './hours.js';

/** How many free slots of each kind the engine gets to choose from on a turn. */
const SLOT_LOOKAHEAD = 40;
const DAY = 24 * 60 * 60_000;

/**
 * What the engine needs to know about the world on this turn: opening hours now, and the
 * calendar's free slots as they are now (another call may have just taken one). The busy times
 * are read every turn (one indexed query), but the slots are computed only when the engine
 * looks at them, which is on the few turns that offer or book.
 */
export async function buildCallContext(
  db: Queryable,
  workspaceId: string,
  config: AgentConfig,
  call: { callerNumber: string; returningLead: { id: string; name: string } | null },
  now: Date,
): Promise<CallContext> {
  const window = { start: now, end: new Date(now.getTime() + config.booking.horizon_days * DAY) };
  // The agent books on the shared desk calendar (no assignee), the one createBookingFromCall checks.
  const busy = await listBusy(db, workspaceId, null, window);
  const slotsOf = (kind: 'callback' | 'viewing'): Slot[] =>
    computeFreeSlots({
      hours: config.hours,
      slotMinutes: slotMinutes(config, kind),
      leadTimeMinutes: config.booking.lead_time_minutes,
      horizonDays: config.booking.horizon_days,
      now,
      busy,
      limit: SLOT_LOOKAHEAD,
    }).map((i) => ({ start: i.start.toISOString(), end: i.end.toISOString() }));
  const cache: Partial<Record<'callback' | 'viewing', Slot[]>> = {};
  const freeSlots = {
    get callback(): Slot[] {
      cache.callback ??= slotsOf('callback');
      return cache.callback;
    },
    get viewing(): Slot[] {
      cache.viewing ??= slotsOf('viewing');
      return cache.viewing;
    },
  };
  return {
    callerNumber: call.callerNumber,
    returningLead: call.returningLead,
    withinBusinessHours: isWithinBusinessHours(config.hours, now),
    freeSlots,
    timeZone: config.hours.time_zone,
  };
}
