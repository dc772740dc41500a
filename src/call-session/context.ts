import type { Queryable } from '../db/client.js';
import type { CallContext, Slot } from '../dialog/engine/index.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import { type FreeSlotFinder, readSharedCalendar } from '../modules/bookings/free-slots.service.js';
import { isWithinBusinessHours } from './hours.js';

/**
 * How many free slots of each kind the engine gets to choose from on a turn: enough for about
 * two weeks of 15-minute callbacks, so "next Tuesday afternoon" can be found (docs/agent.md).
 */
const SLOT_LOOKAHEAD = 500;

type Caller = { callerNumber: string; returningLead: { id: string; name: string } | null };

/** Thrown by the free slots of a context whose calendar has not been read; never escapes runWithContext. */
const CALENDAR_NOT_READ = Symbol('calendar not read');

/**
 * Runs the engine (`run`, which must be pure) with what it needs to know about the world on this
 * turn: opening hours now, and the calendar's free slots as they are now (another call may have
 * just taken one). Most turns never look at the slots, only the few that offer or book, so the
 * engine first runs without the calendar; if it looks, the busy times are read (one indexed
 * query, in the caller's transaction) and the engine runs again with them. Running the pure
 * engine twice on those turns costs far less than a query on every other turn.
 */
export async function runWithContext<T>(
  db: Queryable,
  workspaceId: string,
  config: AgentConfig,
  call: Caller,
  now: Date,
  run: (ctx: CallContext) => T,
): Promise<T> {
  try {
    return run(contextOf(config, call, now, null));
  } catch (error) {
    if (error !== CALENDAR_NOT_READ) throw error;
  }
  const findSlots = await readSharedCalendar(db, workspaceId, config, now);
  return run(contextOf(config, call, now, findSlots));
}

function contextOf(
  config: AgentConfig,
  call: Caller,
  now: Date,
  findSlots: FreeSlotFinder | null,
): CallContext {
  const slotsOf = (kind: 'callback' | 'viewing'): Slot[] => {
    if (findSlots === null) throw CALENDAR_NOT_READ;
    return findSlots(kind, SLOT_LOOKAHEAD).map((i) => ({
      start: i.start.toISOString(),
      end: i.end.toISOString(),
    }));
  };
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
