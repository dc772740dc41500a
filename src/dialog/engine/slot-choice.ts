/**
 * Which free slot the caller means: "the first one", "the second", "tomorrow afternoon",
 * "Friday at 10", "the 2pm one", "either", "neither". Pure: the offered and free slots and the
 * time are passed in. A time that is not free yields the nearest free ones to offer instead.
 */

import { DateTime } from 'luxon';
import {
  type BusinessHours,
  type ExtractedDateTime,
  extractDateTime,
  extractYesNo,
  normaliseUtterance,
  readSlotReply,
  type SlotReply,
} from '../extractors/index.js';
import type { Slot } from './types.js';

export type SlotChoice =
  | { type: 'pick'; slot: Slot }
  /**
   * Slots to offer instead; `available` is false when nothing was free at the time asked for,
   * `day` the day the caller named ("yyyy-mm-dd"), if they named one.
   */
  | { type: 'alternatives'; slots: Slot[]; wanted: ExtractedDateTime; available: boolean; day: string | null }
  | { type: 'decline' }
  /** "Yes" to a choice of several. */
  | { type: 'ambiguous' }
  | { type: 'unclear' };

export interface ChoiceContext {
  offered: readonly Slot[];
  free: readonly Slot[];
  now: Date;
  zone: string;
  hours: BusinessHours;
  count: number;
  /** The day the caller named earlier in the offer ("yyyy-mm-dd"): a bare time means that day. */
  day?: string | null;
}

/** Offered slots are spread out: each at least this long after the one before, when the diary allows. */
const SPREAD_MINUTES = 120;

const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const DAY_WORDS = new RegExp(
  `\\b(?:today|tonight|tomorrow|${WEEKDAYS}|week|next|\\d{1,2}(?:st|nd|rd|th)|first|second|third)\\b`,
);

export function chooseSlot(text: string, c: ChoiceContext): SlotChoice {
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
  const reply = readSlotReply(said);
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

const ORDINALS: Record<string, number | 'last'> = {
  first: 0,
  '1st': 0,
  one: 0,
  '1': 0,
  second: 1,
  '2nd': 1,
  two: 1,
  '2': 1,
  third: 2,
  '3rd': 2,
  three: 2,
  '3': 2,
  last: 'last',
  earlier: 0,
  earliest: 0,
  former: 0,
  later: 'last',
  latest: 'last',
  latter: 'last',
};

const MONTH_AFTER =
  '(?!\\s+(?:of|thing|week|january|february|march|april|may|june|july|august|september|october|november|december)\\b)';

/**
 * "the first one", "the 1st one", "second", "option two", "the later one", "the earlier time";
 * not "the first of May", "first thing", or "later" alone ("ring me later", "later say 3pm").
 */
export function readOrdinal(said: string, offered: number): number | null {
  if (offered === 0) return null;
  const patterns = [
    // A digit ordinal is an option only with a noun after it; alone, "the 1st" is a date.
    /\b(?:the )?(1st|2nd|3rd)(?: one| option| slot| time| choice)\b/,
    /\b(?:option|number|choice) (one|two|three|1|2|3)\b/,
    new RegExp(`\\b(?:the )?(first|second|third|last)(?: one| option| slot| time| choice)?\\b${MONTH_AFTER}`),
    /\bthe (earlier|later|earliest|latest|former|latter)\b(?! (?:in|on|that|this|today|tomorrow))/,
    /\b(earlier|later|earliest|latest) (?:one|option|slot|appointment)\b/,
  ];
  for (const pattern of patterns) {
    const m = pattern.exec(said);
    if (m === null) continue;
    // "last" alone is "last week", "last time"; it names an option only as "the last" or "last one".
    if (m[1] === 'last' && !/\bthe last\b|\blast (?:one|option|slot|time|choice)\b/.test(said)) continue;
    if (/\bfirst\b/.test(m[1] ?? '') && /\bfirst thing\b/.test(said)) continue;
    const value = ORDINALS[m[1] ?? ''];
    if (value === undefined) continue;
    if (value === 'last') return offered - 1;
    return value < offered ? value : null;
  }
  return null;
}

/**
 * "I can't do tomorrow, how about Friday at 10": the date reader takes the first time it finds, so
 * only the words after the counter-offer are given to it.
 */
function preferredClause(said: string): string {
  const parts = said.split(
    /\b(?:how about|what about|could you do|can you do|could we do|can we do|could you make it|can you make it|instead|rather|but)\b/,
  );
  const last = parts[parts.length - 1]?.trim() ?? '';
  return /[a-z0-9]/.test(last) && last.split(' ').length > 0 && hasTime(last) ? last : said;
}

function hasTime(text: string): boolean {
  return (
    /\d|today|tomorrow|morning|afternoon|evening|lunch|midday|noon|half|quarter|o'?clock/.test(text) ||
    new RegExp(`\\b(?:${WEEKDAYS}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\b`).test(
      text,
    )
  );
}

const COUNTED =
  /^(?:bed|beds|bedroom|bedrooms|bedroomed|bathrooms?|k|grand|thousand|hundred|million|pounds?|quid|months?|weeks?|years?|days?|minutes?|mins|hours?|people|kids|children|of)$/;

const HOUR_WORDS = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/**
 * A bare hour while times are on offer: "9 is fine", "2 works", "ten please". "One" is left out:
 * "that one" is a pronoun, and "at one" is read by the time reader anyway.
 */
function readBareHour(clause: string, c: ChoiceContext): ExtractedDateTime | null {
  const tokens = clause.split(' ');
  if (tokens.length > 8) return null;
  const hours = tokens.filter(
    (w) => (/^\d{1,2}$/.test(w) && Number(w) >= 1 && Number(w) <= 12) || HOUR_WORDS.includes(w),
  );
  const only = hours[0];
  if (hours.length !== 1 || only === undefined || tokens.some((w) => /\d/.test(w) && w !== only)) return null;
  // "four bedrooms", "two weeks", "three grand": a count, not a time.
  if (COUNTED.test(tokens[tokens.indexOf(only) + 1] ?? '')) return null;
  return extractDateTime(`at ${only}`, c.now, c.zone, c.hours);
}

function dayOf(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate() ?? '';
}

/** The day the caller's bare time belongs to: the day they named, else the day all offered slots share. */
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
  const word = `(today|tomorrow|${WEEKDAYS})`;
  const patterns = [
    new RegExp(
      `\\b(?:not|can't do|cannot do|can't make|can't manage|can't|cannot|busy|out|away)(?: on)? ${word}\\b`,
      'g',
    ),
    new RegExp(
      `\\b${word}(?:'s| is)? (?:no good|not good|out|bad|won't work|doesn't work|isn't good)\\b`,
      'g',
    ),
  ];
  for (const pattern of patterns) {
    for (const m of said.matchAll(pattern)) {
      const found = extractDateTime(m[1] ?? '', c.now, c.zone, c.hours);
      if (found !== null) days.add(dayOf(found.start.getTime(), c.zone));
    }
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
  if (!new RegExp(`\\b(?:${WEEKDAYS})\\b`).test(clause)) return wanted;
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
  if (/\b(?:after|from|onwards|or later|any time after|anytime after|not before)\b/.test(clause)) {
    const end = at.set({ hour: closeH, minute: closeM });
    if (end > at)
      return { start: wanted.start, end: end.toJSDate(), precision: 'part_of_day', bound: 'after' };
  }
  if (/\b(?:before|by|no later than|until|till)\b/.test(clause)) {
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
function shiftOffer(reply: ReadonlySet<SlotReply>, c: ChoiceContext): SlotChoice | null {
  const first = c.offered[0];
  const last = c.offered[c.offered.length - 1];
  const later = reply.has('later');
  if (!(later || reply.has('earlier')) || first === undefined || last === undefined) return null;
  const pool = later
    ? c.free.filter((s) => s.start > last.start)
    : c.free.filter((s) => s.start < first.start);
  if (pool.length === 0) return later ? { type: 'decline' } : { type: 'ambiguous' };
  const wanted: ExtractedDateTime = { start: new Date(pool[0]?.start ?? first.start), precision: 'exact' };
  const slots = later ? spreadSlots(pool, c.count) : pool.slice(-c.count);
  return { type: 'alternatives', slots, wanted, available: true, day: null };
}

/** "Not today": the soonest free slots on other days. */
function otherDays(excluded: ReadonlySet<string>, c: ChoiceContext): SlotChoice {
  const free = c.free.filter((s) => !excluded.has(dayOf(Date.parse(s.start), c.zone)));
  const first = free[0];
  if (first === undefined) return { type: 'decline' };
  const start = DateTime.fromISO(first.start, { zone: c.zone }).startOf('day');
  const wanted: ExtractedDateTime = {
    start: start.toJSDate(),
    end: start.plus({ days: 1 }).toJSDate(),
    precision: 'day',
  };
  return { type: 'alternatives', slots: spreadSlots(free, c.count), wanted, available: true, day: null };
}

function isFree(slot: Slot, free: readonly Slot[]): boolean {
  return free.some((s) => s.start === slot.start && s.end === slot.end);
}

/** A slot taken by someone else since it was offered is replaced by the nearest free ones. */
function pickIfFree(slot: Slot, c: ChoiceContext): SlotChoice {
  if (isFree(slot, c.free)) return { type: 'pick', slot };
  const wanted: ExtractedDateTime = { start: new Date(slot.start), precision: 'exact' };
  return {
    type: 'alternatives',
    slots: nearestSlots(c.free, Date.parse(slot.start), c.count),
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
): SlotChoice {
  const from = wanted.start.getTime();
  const day = named ? dayOf(from, c.zone) : null;
  const usable = c.free.filter((s) => !excluded.has(dayOf(Date.parse(s.start), c.zone)));
  const instead = (available: boolean, slots: Slot[]): SlotChoice => ({
    type: 'alternatives',
    slots,
    wanted,
    available,
    day,
  });
  if (wanted.precision === 'exact') {
    const clock = (ms: number, format: string): string =>
      DateTime.fromMillis(ms, { zone: c.zone }).toFormat(format);
    // "the 2pm one", "9 is fine": a clock time refers to the offered slot at that time (or hour).
    const offeredAt = (format: string): Slot[] =>
      c.offered.filter(
        (s) =>
          clock(Date.parse(s.start), format) === clock(from, format) &&
          (!named || dayOf(Date.parse(s.start), c.zone) === dayOf(from, c.zone)),
      );
    const sameClock = offeredAt('HH:mm');
    const sameHour =
      sameClock.length === 0 && !/\b(?:half|quarter|past|to)\b|\d[:.]\d/.test(said)
        ? offeredAt('HH')
        : sameClock;
    const only = sameHour[0];
    if (sameHour.length === 1 && only !== undefined) return pickIfFree(only, c);
    const exact = c.free.find((s) => Date.parse(s.start) === from);
    if (exact !== undefined) return { type: 'pick', slot: exact };
    const near = nearestSlots(usable, from, c.count);
    // Nothing earlier that day: the soonest times after it, spread out, rather than back to back.
    const allAfter = near.every((s) => Date.parse(s.start) >= from);
    return instead(
      false,
      allAfter
        ? spreadSlots(
            usable.filter((s) => Date.parse(s.start) >= from),
            c.count,
          )
        : near,
    );
  }
  const to = wanted.end?.getTime() ?? from + 86_400_000;
  const within = (s: Slot): boolean => Date.parse(s.start) >= from && Date.parse(s.start) < to;
  const offered = c.offered.filter(within);
  const onlyOffered = offered[0];
  if (offered.length === 1 && onlyOffered !== undefined) return pickIfFree(onlyOffered, c);
  const free = usable.filter(within);
  if (free.length > 0) return instead(true, spreadSlots(free, c.count));
  // Nothing then: the soonest free times after it, each said with its day.
  const after = usable.filter((s) => Date.parse(s.start) >= to);
  return instead(false, after.length > 0 ? spreadSlots(after, c.count) : nearestSlots(usable, from, c.count));
}

/**
 * The free slots nearest an instant, in time order: the closest before and the closest after
 * when both exist (so "Saturday" gets Friday afternoon and Monday morning), then the next nearest.
 */
export function nearestSlots(free: readonly Slot[], at: number, count: number): Slot[] {
  const distance = (s: Slot): number => Math.abs(Date.parse(s.start) - at);
  const byDistance = [...free].sort(
    (a, b) => distance(a) - distance(b) || Date.parse(a.start) - Date.parse(b.start),
  );
  const before = byDistance.find((s) => Date.parse(s.start) < at);
  const after = byDistance.find((s) => Date.parse(s.start) >= at);
  const sides =
    count === 1 ? byDistance.slice(0, 1) : [before, after].filter((s): s is Slot => s !== undefined);
  const chosen = [...sides, ...byDistance.filter((s) => !sides.includes(s))].slice(0, count);
  return chosen.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * The soonest slot, then each next one at least two hours later, so a choice is a real choice
 * ("tomorrow at 10am or tomorrow at 2pm", not 10am or 10:15am); filled in order if the diary is thin.
 */
export function spreadSlots(free: readonly Slot[], count: number): Slot[] {
  const chosen: Slot[] = [];
  for (const slot of free) {
    if (chosen.length === count) break;
    const last = chosen[chosen.length - 1];
    if (last === undefined || Date.parse(slot.start) - Date.parse(last.start) >= SPREAD_MINUTES * 60_000)
      chosen.push(slot);
  }
  for (const slot of free) {
    if (chosen.length === count) break;
    if (!chosen.includes(slot)) chosen.push(slot);
  }
  return chosen.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
