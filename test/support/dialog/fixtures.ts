/** Test fixtures: a configuration, call contexts and free slots built from a fixed `now`. */
import { DateTime } from 'luxon';
import type { CallContext, FreeTime } from '../../../src/dialog/engine/types.js';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from '../../../src/modules/agent/agent-config.js';

export const ZONE = 'Europe/London';
export const CALLER = '+447700900123';
export const DESK = '+441612345678';

/** A London wall-clock time as an instant. */
export function london(iso: string): Date {
  return DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
}

/** An instant as London wall-clock text, for readable assertions: "2025-04-04T10:00". */
export function londonText(iso: string): string {
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(ZONE).toFormat("yyyy-LL-dd'T'HH:mm");
}

/** Thursday 3 April 2025, 11:00 BST. */
export const BST_NOW = london('2025-04-03T11:00');
/** Tuesday 11 November 2025, 15:00 GMT. */
export const GMT_NOW = london('2025-11-11T15:00');

/** The default configuration with a buy box in Manchester and Stockport and a desk to transfer to. */
export function testConfig(change: (c: AgentConfig) => void = () => {}): AgentConfig {
  const config = structuredClone(DEFAULT_AGENT_CONFIG);
  config.business_name = 'Northern Homebuyers';
  config.buy_box.postcode_areas = ['M', 'SK'];
  config.buy_box.property_types = ['detached', 'semi-detached', 'terraced', 'bungalow'];
  config.buy_box.max_price = 300_000;
  config.transfer = { number: DESK, on_request: true, when_hot: true };
  change(config);
  return config;
}

/**
 * Free slots as the service would compute them: weekdays 09:00–17:30 London time, after an
 * hour's lead time, `minutes` long, soonest first, up to 500 (as the service looks ahead); `taken` start times are left out.
 */
export function freeTimes(
  now: Date,
  minutes: number,
  taken: readonly string[] = [],
  holidays: readonly string[] = [],
): FreeTime[] {
  // Working out 500 slots with luxon takes tens of milliseconds, and the dialog tests ask for
  // the same few thousands of times: each answer is worked out once, and every caller gets its
  // own copy to change.
  const key = `${now.toISOString()}|${minutes}|${taken.join(',')}|${holidays.join(',')}`;
  let slots = FREE_TIMES.get(key);
  if (!slots) {
    slots = computeFreeTimes(now, minutes, taken, holidays);
    FREE_TIMES.set(key, slots);
  }
  return slots.map((slot) => ({ ...slot }));
}

const FREE_TIMES = new Map<string, readonly FreeTime[]>();

function computeFreeTimes(
  now: Date,
  minutes: number,
  taken: readonly string[],
  holidays: readonly string[],
): FreeTime[] {
  const slots: FreeTime[] = [];
  let day = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
  const earliest = DateTime.fromJSDate(now).plus({ hours: 1 });
  while (slots.length < 500) {
    if (day.weekday <= 5 && !holidays.includes(day.toISODate() ?? '')) {
      for (
        let at = day.set({ hour: 9 });
        at.plus({ minutes }) <= day.set({ hour: 17, minute: 30 });
        at = at.plus({ minutes })
      ) {
        const start = at.toUTC().toISO() ?? '';
        if (at >= earliest && !taken.includes(start) && slots.length < 500)
          slots.push({ start, end: at.plus({ minutes }).toUTC().toISO() ?? '' });
      }
    }
    day = day.plus({ days: 1 });
  }
  return slots;
}

/** Good Friday and Easter Monday 2025, English bank holidays: the office is shut. */
export const EASTER_2025 = ['2025-04-18', '2025-04-21'];

/** The clock times scripted calls and properties run at: what is offered depends on them. */
export const CLOCKS: readonly { name: string; now: Date; within: boolean; holidays?: readonly string[] }[] = [
  { name: 'weekday morning', now: london('2025-04-08T09:40'), within: true },
  { name: 'weekday lunchtime', now: london('2025-04-09T12:30'), within: true },
  { name: 'weekday late afternoon', now: london('2025-04-10T16:50'), within: true },
  { name: 'weekday after hours', now: london('2025-04-10T19:30'), within: false },
  { name: 'Saturday', now: london('2025-04-12T10:00'), within: false },
  { name: 'Sunday', now: london('2025-11-16T14:00'), within: false },
  { name: 'day before a bank holiday', now: london('2025-04-17T15:10'), within: true, holidays: EASTER_2025 },
];

/** A call context at one of the clocks. */
export function clockContext(clock: (typeof CLOCKS)[number], change: Partial<CallContext> = {}): CallContext {
  const holidays = clock.holidays ?? [];
  return testContext(clock.now, {
    withinBusinessHours: clock.within,
    freeTimes: {
      callback: freeTimes(clock.now, 15, [], holidays),
      viewing: freeTimes(clock.now, 60, [], holidays),
    },
    ...change,
  });
}

export function testContext(now: Date, change: Partial<CallContext> = {}): CallContext {
  return {
    callerNumber: CALLER,
    returningLead: null,
    withinBusinessHours: true,
    freeTimes: change.freeTimes ?? { callback: freeTimes(now, 15), viewing: freeTimes(now, 60) },
    timeZone: ZONE,
    ...change,
  };
}
