import type { Queryable } from '../db/client.js';
import { textsOf } from '../dialog/config/texts.js';
import type { CallContext, FreeTime } from '../dialog/engine/index.js';
import { isUkMobile } from '../lib/phone.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import { type FreeTimeFinder, readSharedCalendar } from '../modules/bookings/free-times.service.js';
import { textingRoute } from '../notifications/seller-texts/plan-booking-texts.js';
import { findOptOut } from '../notifications/seller-texts/seller-texts.repo.js';
import { isWithinBusinessHours } from './hours.js';

/**
 * How many free times of each kind the engine gets to choose from on a turn: enough for about
 * two weeks of 15-minute callbacks, so "next Tuesday afternoon" can be found (docs/agent.md).
 */
const TIME_LOOKAHEAD = 500;

type Caller = {
  callerNumber: string;
  returningLead: { id: string; name: string } | null;
  /** The number the caller dialled, which texts go from when it can send them. */
  calledNumber: string | null;
  /** A test call, or one with no telephone in it (sim): no text goes, so none is promised. */
  test: boolean;
  /** The call is recorded: the greeting says so (read only when the call starts). */
  recording?: boolean;
};

/** Thrown by the free times of a context whose calendar has not been read; never escapes runWithContext. */
const CALENDAR_NOT_READ = Symbol('calendar not read');
/** Thrown when the engine asks whether a text will follow a booking before that was read. */
const TEXTING_NOT_READ = Symbol('texting not read');

/**
 * Runs the engine (`run`, which must be pure) with what it needs to know about the world on this
 * turn: opening hours now, and the calendar's free times as they are now (another call may have
 * just taken one). Most turns never look at the times, only the few that offer or book, so the
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
  let findTimes: FreeTimeFinder | null = null;
  let texting: boolean | null = null;
  // At most one retry per thing read: the calendar, and whether a booking's text will go.
  for (;;) {
    try {
      return run(contextOf(config, call, now, findTimes, texting));
    } catch (error) {
      if (error === CALENDAR_NOT_READ && findTimes === null) {
        findTimes = await readSharedCalendar(db, workspaceId, config, now);
      } else if (error === TEXTING_NOT_READ && texting === null) {
        texting = await textWillFollow(db, workspaceId, config, call);
      } else {
        throw error;
      }
    }
  }
}

/**
 * Whether a booking made on this call will be confirmed by text (docs/notifications.md, Texts to
 * sellers): the same rules the planner applies, so the agent never promises a text that will not
 * come. Read only on the turn that books.
 */
async function textWillFollow(
  db: Queryable,
  workspaceId: string,
  config: AgentConfig,
  call: Caller,
): Promise<boolean> {
  if (call.test) return false;
  const texts = textsOf(config);
  if (!texts.enabled || !isUkMobile(call.callerNumber)) return false;
  const optedOut = await findOptOut(db, workspaceId, call.callerNumber);
  const route = await textingRoute(db, workspaceId, true, call.callerNumber, optedOut, call.calledNumber);
  return 'from' in route;
}

function contextOf(
  config: AgentConfig,
  call: Caller,
  now: Date,
  findTimes: FreeTimeFinder | null,
  texting: boolean | null,
): CallContext {
  const timesOf = (kind: 'callback' | 'viewing'): FreeTime[] => {
    if (findTimes === null) throw CALENDAR_NOT_READ;
    return findTimes(kind, TIME_LOOKAHEAD).map((i) => ({
      start: i.start.toISOString(),
      end: i.end.toISOString(),
    }));
  };
  const cache: Partial<Record<'callback' | 'viewing', FreeTime[]>> = {};
  const freeTimes = {
    get callback(): FreeTime[] {
      cache.callback ??= timesOf('callback');
      return cache.callback;
    },
    get viewing(): FreeTime[] {
      cache.viewing ??= timesOf('viewing');
      return cache.viewing;
    },
  };
  return {
    callerNumber: call.callerNumber,
    returningLead: call.returningLead,
    withinBusinessHours: isWithinBusinessHours(config.hours, now),
    freeTimes,
    timeZone: config.hours.time_zone,
    ...(call.recording === true ? { recording: true } : {}),
    get textConfirmation(): boolean {
      if (texting === null) throw TEXTING_NOT_READ;
      return texting;
    },
  };
}
