import type { Queryable } from '../db/client.js';
import type { CallContext, Slot } from '../dialog/engine/index.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import { readSharedCalendar } from '../modules/bookings/free-slots.service.js';
import { isWithinBusinessHours } from './hours.js';

/**
 * How many free slots of each kind the engine gets to choose from on a turn: enough for about
 * two weeks of 15-minute callbacks, so "next Tuesday afternoon" can be found (docs/agent.md).
 */
const SLOT_LOOKAHEAD = 500;

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
  const findSlots = await readSharedCalendar(db, workspaceId, config, now);
  const slotsOf = (kind: 'callback' | 'viewing'): Slot[] =>
    findSlots(kind, SLOT_LOOKAHEAD).map((i) => ({ start: i.start.toISOString(), end: i.end.toISOString() }));
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
