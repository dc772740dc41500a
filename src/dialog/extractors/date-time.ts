/**
 * When the caller wants a callback or viewing: "tomorrow afternoon", "friday at 10", "the 3rd at
 * half two", "monday at quarter past nine", "in an hour", "this evening". Everything is computed
 * in the business's zone with luxon, so the instant is right across BST/GMT changes and
 * whatever TZ the process runs in.
 */
import { DateTime } from 'luxon';
import { type DateAnchor, findDateAnchor, type RollUnit } from './date-anchor.js';
import { normaliseUtterance, tokenise } from './normalise.js';
import { scanNumberAt } from './numbers.js';
import {
  type BusinessHours,
  DEFAULT_BUSINESS_HOURS,
  findSpokenTime,
  parseClock,
  resolveHour,
} from './time-of-day.js';

export type { BusinessHours } from './time-of-day.js';

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

export interface ExtractedDateTime {
  start: Date;
  /** End of the window for 'part_of_day' and 'day'; absent for 'exact'. */
  end?: Date;
  precision: 'exact' | 'part_of_day' | 'day';
  partOfDay?: PartOfDay;
  /** "after 4", "before 11": a window opened or closed by the time said. */
  bound?: 'after' | 'before';
}

/** Minutes since midnight bounding each part of the day before business hours narrow them. */
const WINDOWS: Record<PartOfDay | 'lunch', [number, number]> = {
  morning: [9 * 60, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 20 * 60],
  lunch: [12 * 60, 14 * 60],
};

interface PartHeard {
  part: PartOfDay;
  window: [number, number];
  /** "this evening", "tonight": today only, never rolled to tomorrow. */
  today: boolean;
}

/** The time the caller means, or null when they named none (or only a past one). */
export function extractDateTime(
  text: string,
  now: Date,
  zone = 'Europe/London',
  businessHours: BusinessHours = DEFAULT_BUSINESS_HOURS,
): ExtractedDateTime | null {
  const nowInZone = DateTime.fromJSDate(now, { zone });
  if (!nowInZone.isValid) return null;
  let rest = normaliseUtterance(text);
  const soon = readMinutesFromNow(rest);
  if (soon !== null) return { start: new Date(now.getTime() + soon * 60_000), precision: 'exact' };
  const firstThing = /\bfirst thing\b/.test(rest);
  rest = rest.replace(/\bfirst thing\b/, ' ');
  const heard = readPartOfDay(rest);
  if (heard !== null) rest = heard.rest;
  const tokens = tokenise(rest.replace(/\s+/g, ' ').trim());
  const time = findSpokenTime(tokens);
  if (time !== null) rest = [...tokens.slice(0, time.start), ...tokens.slice(time.end)].join(' ');
  const anchor = findDateAnchor(rest, nowInZone);
  if (time === null && heard === null && anchor === null && !firstThing) return null;

  const today = nowInZone.startOf('day');
  let date: DateAnchor = anchor ?? {
    year: today.year,
    month: today.month,
    day: today.day,
    roll: heard?.today === true ? 'none' : 'day',
    rest,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = (minutes: number): DateTime =>
      DateTime.fromObject(
        {
          year: date.year,
          month: date.month,
          day: date.day,
          hour: Math.floor(minutes / 60),
          minute: minutes % 60,
        },
        { zone },
      );
    let result: ExtractedDateTime;
    let deadline: DateTime;
    if (time !== null || firstThing) {
      const minutes =
        time === null
          ? parseClock(businessHours.open)
          : resolveHour(time, heard?.part, businessHours) * 60 + time.minute;
      deadline = at(minutes);
      result = { start: deadline.toJSDate(), precision: 'exact' };
      if (heard !== null) result.partOfDay = heard.part;
    } else if (heard !== null) {
      const [from, to] = clip(heard.window, businessHours);
      deadline = at(to);
      // A window already under way starts now: "this afternoon" said at three means from three.
      result = {
        start: DateTime.max(at(from), nowInZone).toJSDate(),
        end: deadline.toJSDate(),
        precision: 'part_of_day',
        partOfDay: heard.part,
      };
    } else {
      deadline = at(0).plus({ days: 1 });
      result = { start: at(0).toJSDate(), end: deadline.toJSDate(), precision: 'day' };
    }
    if (deadline > nowInZone) return result;
    if (date.roll === 'none') return null;
    date = rollForward(date, date.roll);
  }
  return null;
}

/** "in an hour", "in half an hour", "in 20 minutes", "in an hour and a half", "in a couple of hours". */
function readMinutesFromNow(s: string): number | null {
  const pattern =
    /\bin (half an|an|a couple of|a few|a|(?:[a-z0-9]+ ){0,2}[a-z0-9]+) (hours?|minutes?|mins?)( and a half)?\b/g;
  const words: Record<string, number> = { 'half an': 0.5, an: 1, a: 1, 'a couple of': 2, 'a few': 3 };
  for (const m of s.matchAll(pattern)) {
    const amount = m[1] ?? '';
    const tokens = tokenise(amount);
    const span = scanNumberAt(tokens, 0);
    const value = words[amount] ?? (span !== null && span.end === tokens.length ? span.value : null);
    if (value === null) continue;
    const perUnit = (m[2] ?? '').startsWith('h') ? 60 : 1;
    const extra = m[3] === undefined ? 0 : 0.5;
    return Math.round((value + extra) * perUnit);
  }
  return null;
}

/** "tomorrow afternoon", "this evening", "tonight", "in the morning", "lunchtime". */
function readPartOfDay(s: string): (PartHeard & { rest: string }) | null {
  const m =
    /\b(this |in the |on )?(morning|afternoon|evening|tonight|night|lunchtime|lunch time|lunch)\b/.exec(s);
  if (m === null) return null;
  const word = m[2] ?? '';
  const lunch = word.startsWith('lunch');
  const part: PartOfDay =
    word === 'morning' ? 'morning' : word === 'afternoon' || lunch ? 'afternoon' : 'evening';
  const window = WINDOWS[lunch ? 'lunch' : part];
  const today = m[1] === 'this ' || word === 'tonight';
  return { part, window, today, rest: s.replace(m[0], ' ') };
}

/** Narrows a part of the day to business hours when they overlap; otherwise leaves it as said. */
function clip(window: [number, number], hours: BusinessHours): [number, number] {
  const from = Math.max(window[0], parseClock(hours.open));
  const to = Math.min(window[1], parseClock(hours.close));
  return from < to ? [from, to] : window;
}

function rollForward(date: DateAnchor, unit: RollUnit): DateAnchor {
  if (unit === 'month') {
    // Keep the day number; skip months too short to have it ("the 31st").
    let probe = DateTime.fromObject({ year: date.year, month: date.month, day: 1 }, { zone: 'UTC' });
    for (let i = 0; i < 12; i++) {
      probe = probe.plus({ months: 1 });
      if (date.day <= (probe.daysInMonth ?? 28)) return { ...date, year: probe.year, month: probe.month };
    }
    return date;
  }
  const step = unit === 'week' ? { days: 7 } : unit === 'year' ? { years: 1 } : { days: 1 };
  const next = DateTime.fromObject(
    { year: date.year, month: date.month, day: date.day },
    { zone: 'UTC' },
  ).plus(step);
  return { ...date, year: next.year, month: next.month, day: next.day };
}
