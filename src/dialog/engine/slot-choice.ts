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
} from '../extractors/index.js';
import type { Slot } from './types.js';

export type SlotChoice =
  | { type: 'pick'; slot: Slot }
  /** Slots to offer instead; `available` is false when nothing was free at the time asked for. */
  | { type: 'alternatives'; slots: Slot[]; wanted: ExtractedDateTime; available: boolean }
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
}

/** Offered slots are spread out: each at least this long after the one before, when the diary allows. */
const SPREAD_MINUTES = 120;

export function chooseSlot(text: string, c: ChoiceContext): SlotChoice {
  const said = normaliseUtterance(text);
  const index = readOrdinal(said, c.offered.length);
  const byOrder = index === null ? undefined : c.offered[index];
  if (byOrder !== undefined) return pickIfFree(byOrder, c);
  const wanted = extractDateTime(preferredClause(said), c.now, c.zone, c.hours);
  if (wanted !== null) return chooseByTime(wanted, said, c);
  if (/\b(?:neither|none|nothing|can't|cannot|can not|no good|don't want|not those|not them)\b/.test(said))
    return { type: 'decline' };
  const first = c.offered[0];
  if (first !== undefined && /\b(?:either|any|whichever|anytime|don't mind|do not mind|both)\b/.test(said))
    return pickIfFree(first, c);
  const yesNo = extractYesNo(text);
  if (yesNo === 'no') return { type: 'decline' };
  if (yesNo === 'yes') {
    if (c.offered.length === 1 && first !== undefined) return pickIfFree(first, c);
    return c.offered.length === 0 ? { type: 'unclear' } : { type: 'ambiguous' };
  }
  return { type: 'unclear' };
}

/** "the first one", "second", "the last", "the earlier one"; not "the first of May" or "first thing". */
export function readOrdinal(said: string, offered: number): number | null {
  if (/\bfirst thing\b|\bat\b|\d/.test(said)) return null;
  const m =
    /\b(first|second|third|last|earlier|later|former|latter|earliest|latest)\b(?!\s+(?:of|january|february|march|april|may|june|july|august|september|october|november|december)\b)/.exec(
      said,
    );
  if (m === null || offered === 0) return null;
  const word = m[1] ?? '';
  if (['first', 'earlier', 'former', 'earliest'].includes(word)) return 0;
  if (['last', 'later', 'latter', 'latest'].includes(word)) return offered - 1;
  const index = word === 'second' ? 1 : 2;
  return index < offered ? index : null;
}

/**
 * "I can't do tomorrow, how about Friday at 10": the date reader takes the first time it finds, so
 * only the words after the counter-offer are given to it.
 */
function preferredClause(said: string): string {
  const parts = said.split(
    /\b(?:how about|what about|could you do|can you do|could we do|can we do|instead|rather|but)\b/,
  );
  return parts[parts.length - 1]?.trim() || said;
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
  };
}

const DAY_WORDS =
  /\b(?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|\d{1,2}(?:st|nd|rd|th)|first|second|third)\b/;

function chooseByTime(wanted: ExtractedDateTime, said: string, c: ChoiceContext): SlotChoice {
  const from = wanted.start.getTime();
  if (wanted.precision === 'exact') {
    // "the 2pm one": a clock time alone refers to the offered slot at that time, whatever its day.
    const clock = (ms: number): string => DateTime.fromMillis(ms, { zone: c.zone }).toFormat('HH:mm');
    const sameClock = c.offered.filter((s) => clock(Date.parse(s.start)) === clock(from));
    const only = sameClock[0];
    if (sameClock.length === 1 && only !== undefined && !DAY_WORDS.test(said)) return pickIfFree(only, c);
    const exact = c.free.find((s) => Date.parse(s.start) === from);
    if (exact !== undefined) return { type: 'pick', slot: exact };
    return { type: 'alternatives', slots: nearestSlots(c.free, from, c.count), wanted, available: false };
  }
  const to = wanted.end?.getTime() ?? from + 86_400_000;
  const within = (s: Slot): boolean => Date.parse(s.start) >= from && Date.parse(s.start) < to;
  const offered = c.offered.filter(within);
  const onlyOffered = offered[0];
  if (offered.length === 1 && onlyOffered !== undefined) return pickIfFree(onlyOffered, c);
  const free = c.free.filter(within);
  if (free.length > 0)
    return { type: 'alternatives', slots: spreadSlots(free, c.count), wanted, available: true };
  return { type: 'alternatives', slots: nearestSlots(c.free, from, c.count), wanted, available: false };
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
