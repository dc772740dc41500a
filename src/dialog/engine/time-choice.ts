/**
 * Which free time the caller means: "the first one", "the second", "tomorrow afternoon",
 * "Friday at 10", "the 2pm one", "either", "neither". Pure: the offered and free times and the
 * time are passed in. A time that is not free yields the nearest free ones to offer instead.
 */

import { DateTime } from 'luxon';
import {
  type BusinessHours,
  type ExtractedDateTime,
  extractDateTime,
  extractYesNo,
  normaliseUtterance,
  readTimeReply,
  type TimeReply,
} from '../extractors/index.js';
import {
  boundsAfter,
  boundsBefore,
  DAY_WORDS,
  namesMinutes,
  namesWeekday,
  preferredClause,
  readBareHourWord,
  readOrdinal,
  readRuledOutDays,
} from '../extractors/offer-words.js';
import type { FreeTime } from './types.js';

export type TimeChoice =
  | { type: 'pick'; time: FreeTime }
  /**
   * Times to offer instead; `available` is false when nothing was free at the time asked for,
   * `day` the day the caller named ("yyyy-mm-dd"), if they named one.
   */
  | {
      type: 'alternatives';
      times: FreeTime[];
      wanted: ExtractedDateTime;
      available: boolean;
      day: string | null;
    }
  | { type: 'decline' }
  /** "Yes" to a choice of several. */
  | { type: 'ambiguous' }
  | { type: 'unclear' };

export interface ChoiceContext {
  offered: readonly FreeTime[];
  free: readonly FreeTime[];
  now: Date;
  zone: string;
  hours: BusinessHours;
  count: number;
  /** The day the caller named earlier in the offer ("yyyy-mm-dd"): a bare time means that day. */
  day?: string | null;
}

/** Offered times are spread out: each at least this long after the one before, when the diary allows. */
const SPREAD_MINUTES = 120;

export function chooseTime(text: string, c: ChoiceContext): TimeChoice {
  const said = normaliseUtterance(text);
  const index = readOrdinal(said, c.offered.length);
  const byOrder = index === null ? undefined : c.offered[index];
  if (byOrder !== undefined) return pickIfFree(byOrder, c);
  const excluded = excludedDays(said, c);
  const clause = preferredClause(said);
  const heard = extractDateTime(clause, c.now, c.zone, c.hours) ?? readBareHour(clause, c);
  if (heard !== null) {
    const named = DAY_WORDS.test(clause);
    const wanted = boundWindow(avoidExcluded(onContextDay(heard, named, c), clause, excluded, c), clause, c);
    return chooseByTime(wanted, named, clause, c, excluded);
  }
  if (excluded.size > 0) return otherDays(excluded, c);
  const reply = readTimeReply(said);
  const shifted = shiftOffer(reply, c);
  if (shifted !== null) return shifted;
  if (reply.has('decline')) return { type: 'decline' };
  const first = c.offered[0];
  if (first !== undefined && reply.has('either')) return pickIfFree(first, c);
  const yesNo = extractYesNo(text);
  if (yesNo === 'no') return { type: 'decline' };
  if (yesNo === 'yes') {
    if (c.offered.length === 1 && first !== undefined) return pickIfFree(first, c);
    return c.offered.length === 0 ? { type: 'unclear' } : { type: 'ambiguous' };
  }
  return { type: 'unclear' };
}

/** A bare hour while times are on offer ("9 is fine"), as a time today. */
function readBareHour(clause: string, c: ChoiceContext): ExtractedDateTime | null {
  const hour = readBareHourWord(clause);
  return hour === null ? null : extractDateTime(`at ${hour}`, c.now, c.zone, c.hours);
}

function dayOf(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate() ?? '';
}

/** The day the caller's bare time belongs to: the day they named, else the day all offered times share. */
function contextDay(c: ChoiceContext): string | null {
  if (c.day !== undefined && c.day !== null) return c.day;
  const days = new Set(c.offered.map((s) => dayOf(Date.parse(s.start), c.zone)));
  return days.size === 1 ? ([...days][0] ?? null) : null;
}

/** "Next Tuesday afternoon", then "later, say 3pm": the 3pm is on that Tuesday, not today. */
function onContextDay(wanted: ExtractedDateTime, named: boolean, c: ChoiceContext): ExtractedDateTime {
  const day = contextDay(c);
  if (named || day === null || wanted.precision === 'day') return wanted;
  const moved = (d: Date): Date => {
    const at = DateTime.fromJSDate(d, { zone: c.zone });
    const [year, month, date] = day.split('-').map(Number);
    return at.set({ year, month, day: date }).toJSDate();
  };
  const start = moved(wanted.start);
  if (start.getTime() < c.now.getTime()) return wanted;
  return { ...wanted, start, ...(wanted.end === undefined ? {} : { end: moved(wanted.end) }) };
}

/** Days the caller ruled out: "not today", "i can't do monday", "tomorrow's no good". */
function excludedDays(said: string, c: ChoiceContext): Set<string> {
  const days = new Set<string>();
  for (const word of readRuledOutDays(said)) {
    const found = extractDateTime(word, c.now, c.zone, c.hours);
    if (found !== null) days.add(dayOf(found.start.getTime(), c.zone));
  }
  return days;
}

/** "Not today, can you do Thursday?" said on a Thursday means next Thursday. */
function avoidExcluded(
  wanted: ExtractedDateTime,
  clause: string,
  excluded: ReadonlySet<string>,
  c: ChoiceContext,
): ExtractedDateTime {
  if (!excluded.has(dayOf(wanted.start.getTime(), c.zone))) return wanted;
  if (!namesWeekday(clause)) return wanted;
  const week = (d: Date): Date => DateTime.fromJSDate(d, { zone: c.zone }).plus({ weeks: 1 }).toJSDate();
  return {
    ...wanted,
    start: week(wanted.start),
    ...(wanted.end === undefined ? {} : { end: week(wanted.end) }),
  };
}

/** "any time after 4", "before 11": a window from or to the time said, on that day. */
function boundWindow(wanted: ExtractedDateTime, clause: string, c: ChoiceContext): ExtractedDateTime {
  if (wanted.precision !== 'exact') return wanted;
  const at = DateTime.fromJSDate(wanted.start, { zone: c.zone });
  const [openH = 9, openM = 0] = c.hours.open.split(':').map(Number);
  const [closeH = 17, closeM = 30] = c.hours.close.split(':').map(Number);
  if (boundsAfter(clause)) {
    const end = at.set({ hour: closeH, minute: closeM });
    if (end > at)
      return { start: wanted.start, end: end.toJSDate(), precision: 'part_of_day', bound: 'after' };
  }
  if (boundsBefore(clause)) {
    const start = DateTime.max(
      at.set({ hour: openH, minute: openM }),
      DateTime.fromJSDate(c.now, { zone: c.zone }),
    );
    if (start < at)
      return { start: start.toJSDate(), end: wanted.start, precision: 'part_of_day', bound: 'before' };
  }
  return wanted;
}

/** "Anything later?", "something a bit earlier": the free times after the last, or before the first, offered. */
function shiftOffer(reply: ReadonlySet<TimeReply>, c: ChoiceContext): TimeChoice | null {
  const first = c.offered[0];
  const last = c.offered[c.offered.length - 1];
  const later = reply.has('later');
  if (!(later || reply.has('earlier')) || first === undefined || last === undefined) return null;
  const pool = later
    ? c.free.filter((s) => s.start > last.start)
    : c.free.filter((s) => s.start < first.start);
  if (pool.length === 0) return later ? { type: 'decline' } : { type: 'ambiguous' };
  const wanted: ExtractedDateTime = { start: new Date(pool[0]?.start ?? first.start), precision: 'exact' };
  const times = later ? spreadTimes(pool, c.count) : pool.slice(-c.count);
  return { type: 'alternatives', times, wanted, available: true, day: null };
}

/** "Not today": the soonest free times on other days. */
function otherDays(excluded: ReadonlySet<string>, c: ChoiceContext): TimeChoice {
  const free = c.free.filter((s) => !excluded.has(dayOf(Date.parse(s.start), c.zone)));
  const first = free[0];
  if (first === undefined) return { type: 'decline' };
  const start = DateTime.fromISO(first.start, { zone: c.zone }).startOf('day');
  const wanted: ExtractedDateTime = {
    start: start.toJSDate(),
    end: start.plus({ days: 1 }).toJSDate(),
    precision: 'day',
  };
  return { type: 'alternatives', times: spreadTimes(free, c.count), wanted, available: true, day: null };
}

function isFree(time: FreeTime, free: readonly FreeTime[]): boolean {
  return free.some((s) => s.start === time.start && s.end === time.end);
}

/** A time taken by someone else since it was offered is replaced by the nearest free ones. */
function pickIfFree(time: FreeTime, c: ChoiceContext): TimeChoice {
  if (isFree(time, c.free)) return { type: 'pick', time };
  const wanted: ExtractedDateTime = { start: new Date(time.start), precision: 'exact' };
  return {
    type: 'alternatives',
    times: nearestTimes(c.free, Date.parse(time.start), c.count),
    wanted,
    available: false,
    day: null,
  };
}

function chooseByTime(
  wanted: ExtractedDateTime,
  named: boolean,
  said: string,
  c: ChoiceContext,
  excluded: ReadonlySet<string>,
): TimeChoice {
  const from = wanted.start.getTime();
  const day = named ? dayOf(from, c.zone) : null;
  const usable = c.free.filter((s) => !excluded.has(dayOf(Date.parse(s.start), c.zone)));
  const instead = (available: boolean, times: FreeTime[]): TimeChoice => ({
    type: 'alternatives',
    times,
    wanted,
    available,
    day,
  });
  if (wanted.precision === 'exact') {
    const clock = (ms: number, format: string): string =>
      DateTime.fromMillis(ms, { zone: c.zone }).toFormat(format);
    // "the 2pm one", "9 is fine": a clock time refers to the offered time at that clock time (or hour).
    const offeredAt = (format: string): FreeTime[] =>
      c.offered.filter(
        (s) =>
          clock(Date.parse(s.start), format) === clock(from, format) &&
          (!named || dayOf(Date.parse(s.start), c.zone) === dayOf(from, c.zone)),
      );
    const sameClock = offeredAt('HH:mm');
    const sameHour = sameClock.length === 0 && !namesMinutes(said) ? offeredAt('HH') : sameClock;
    const only = sameHour[0];
    if (sameHour.length === 1 && only !== undefined) return pickIfFree(only, c);
    const exact = c.free.find((s) => Date.parse(s.start) === from);
    if (exact !== undefined) return { type: 'pick', time: exact };
    const near = nearestTimes(usable, from, c.count);
    // Nothing earlier that day: the soonest times after it, spread out, rather than back to back.
    const allAfter = near.every((s) => Date.parse(s.start) >= from);
    return instead(
      false,
      allAfter
        ? spreadTimes(
            usable.filter((s) => Date.parse(s.start) >= from),
            c.count,
          )
        : near,
    );
  }
  const to = wanted.end?.getTime() ?? from + 86_400_000;
  const within = (s: FreeTime): boolean => Date.parse(s.start) >= from && Date.parse(s.start) < to;
  const offered = c.offered.filter(within);
  const onlyOffered = offered[0];
  if (offered.length === 1 && onlyOffered !== undefined) return pickIfFree(onlyOffered, c);
  const free = usable.filter(within);
  if (free.length > 0) return instead(true, spreadTimes(free, c.count));
  // Nothing then: the soonest free times after it, each said with its day.
  const after = usable.filter((s) => Date.parse(s.start) >= to);
  return instead(false, after.length > 0 ? spreadTimes(after, c.count) : nearestTimes(usable, from, c.count));
}

/**
 * The free times nearest an instant, in time order: the closest before and the closest after
 * when both exist (so "Saturday" gets Friday afternoon and Monday morning), then the next nearest.
 */
export function nearestTimes(free: readonly FreeTime[], at: number, count: number): FreeTime[] {
  const distance = (s: FreeTime): number => Math.abs(Date.parse(s.start) - at);
  const byDistance = [...free].sort(
    (a, b) => distance(a) - distance(b) || Date.parse(a.start) - Date.parse(b.start),
  );
  const before = byDistance.find((s) => Date.parse(s.start) < at);
  const after = byDistance.find((s) => Date.parse(s.start) >= at);
  const sides =
    count === 1 ? byDistance.slice(0, 1) : [before, after].filter((s): s is FreeTime => s !== undefined);
  const chosen = [...sides, ...byDistance.filter((s) => !sides.includes(s))].slice(0, count);
  return chosen.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * The soonest time, then each next one at least two hours later, so a choice is a real choice
 * ("tomorrow at 10am or tomorrow at 2pm", not 10am or 10:15am); filled in order if the diary is thin.
 */
export function spreadTimes(free: readonly FreeTime[], count: number): FreeTime[] {
  const chosen: FreeTime[] = [];
  for (const time of free) {
    if (chosen.length === count) break;
    const last = chosen[chosen.length - 1];
    if (last === undefined || Date.parse(time.start) - Date.parse(last.start) >= SPREAD_MINUTES * 60_000)
      chosen.push(time);
  }
  for (const time of free) {
    if (chosen.length === count) break;
    if (!chosen.includes(time)) chosen.push(time);
  }
  return chosen.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
