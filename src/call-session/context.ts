import type { Queryable } from '../db/client.js';
import type { CallContext, Slot } from '../dialog/engine/index.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import { findFreeSlots } from '../modules/bookings/free-slots.service.js';
import { isWithinBusinessHours } from './hours.js';

/** How many free slots of each kind the engine gets to choose from on a turn. */
const SLOT_LOOKAHEAD = 40;

const toSlots = (intervals: { start: Date; end: Date }[]): Slot[] =>
  intervals.map((i) => ({ start: i.start.toISOString(), end: i.end.toISOString() }));

/**
 * What the engine needs to know about the world on this turn: opening hours now, and the
 * calendar's free slots as they are now (another call may have just taken one).
 */
export async function buildCallContext(
  db: Queryable,
  workspaceId: string,
  config: AgentConfig,
  call: { callerNumber: string; returningLead: { id: string; name: string } | null },
  now: Date,
): Promise<CallContext> {
  const [callback, viewing] = await Promise.all([
    findFreeSlots(db, workspaceId, config, 'callback', now, SLOT_LOOKAHEAD),
    findFreeSlots(db, workspaceId, config, 'viewing', now, SLOT_LOOKAHEAD),
  ]);
  return {
    callerNumber: call.callerNumber,
    returningLead: call.returningLead,
    withinBusinessHours: isWithinBusinessHours(config.hours, now),
    freeSlots: { callback: toSlots(callback), viewing: toSlots(viewing) },
    timeZone: config.hours.time_zone,
  };
}
