/**
 * Which calendar day an utterance means. British forms chrono misses ("the 3rd", "tuesday
 * week", "a week on friday", "march the 14th") are read here; chrono-node reads the rest
 * (weekdays, "tomorrow", "14th march", "25/12").
 *
 * Chrono builds dates in the process's time zone, so it is never handed a real instant: it gets
 * local noon on the zone's calendar day, and only the year, month and day it returns are used.
 * Noon is never skipped by a daylight-saving change, so the day is right whatever TZ is set.
 */
// The English parsers alone: the package root loads every locale (about 270 modules).
import { GB } from 'chrono-node/en';
import type { DateTime } from 'luxon';
import { MONTH_NAMES, ORDINAL_WORDS, TENS_WORDS, WEEKDAY_NAMES } from './vocabulary.js';

/** How a past date moves forward: a weekday by a week, a bare day of month by a month, and so on. */
export type RollUnit = 'none' | 'day' | 'week' | 'month' | 'year';

export interface DateAnchor {
  year: number;
  month: number;
  day: number;
  /** Unit to add when the result is already past; 'none' for fixed days like "tomorrow". */
  roll: RollUnit;
  /** Text left for other readers once the date words are removed. */
  rest: string;
}

/** Reads the day meant, relative to `today` (a DateTime in the business's zone); null if none. */
export function findDateAnchor(text: string, today: DateTime): DateAnchor | null {
  return readOrdinalDate(text, today) ?? readWeekAfter(text, today) ?? readWithChrono(text, today);
}

/** Ordinals in digits or words: "3rd", "14th", "third", "twenty first". */
const ORDINAL = `(\\d{1,2})(?:st|nd|rd|th)|(?:(twenty|thirty) )?(${[...ORDINAL_WORDS.keys()].join('|')})`;
const MONTHS = [...MONTH_NAMES.keys()].join('|');

function ordinalValue(
  digits: string | undefined,
  tens: string | undefined,
  word: string | undefined,
): number {
  if (digits !== undefined) return Number(digits);
  return (TENS_WORDS.get(tens ?? '') ?? 0) + (ORDINAL_WORDS.get(word ?? '') ?? 0);
}

/** "the 14th", "the fourteenth of march", "march the 14th", "on the 3rd". */
function readOrdinalDate(text: string, today: DateTime): DateAnchor | null {
  const before = new RegExp(`\\b(?:on )?(?:the )?(?:${ORDINAL})(?: of)?(?: (${MONTHS}))?\\b`);
  const after = new RegExp(`\\b(${MONTHS}) (?:the )?(?:${ORDINAL})\\b`);
  const a = after.exec(text);
  const b = a === null ? before.exec(text) : null;
  const m = a ?? b;
  if (m === null) return null;
  const monthWord = a !== null ? a[1] : b?.[4];
  const offset = a !== null ? 1 : 0;
  const day = ordinalValue(m[1 + offset], m[2 + offset], m[3 + offset]);
  // A bare word ordinal ("second", "first") needs "the" or a month to be a date.
  const bareWord = m[1 + offset] === undefined && monthWord === undefined && !/\bthe\b/.test(m[0]);
  if (day < 1 || day > 31 || bareWord) return null;
  const rest = text.replace(m[0], ' ');
  const month = monthWord === undefined ? undefined : MONTH_NAMES.get(monthWord);
  if (month === undefined) return validDay(today.year, today.month, day, 'month', rest);
  return validDay(today.year, month, day, 'year', rest);
}

function validDay(year: number, month: number, day: number, roll: RollUnit, rest: string): DateAnchor | null {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day <= lastDay) return { year, month, day, roll, rest };
  // "the 31st" in a 30-day month means the next month that has one.
  return roll === 'month'
    ? validDay(month === 12 ? year + 1 : year, (month % 12) + 1, day, roll, rest)
    : null;
}

/** "tuesday week" and "a week on tuesday": the weekday after the coming one. */
function readWeekAfter(text: string, today: DateTime): DateAnchor | null {
  const names = [...WEEKDAY_NAMES.keys()].join('|');
  const m =
    new RegExp(`\\b(${names}) week\\b`).exec(text) ??
    new RegExp(`\\b(?:a )?week (?:on|from) (${names})\\b`).exec(text);
  const weekday = WEEKDAY_NAMES.get(m?.[1] ?? '');
  if (m === null || weekday === undefined) return null;
  const ahead = (weekday - today.weekday + 7) % 7;
  const date = today.plus({ days: ahead + 7 });
  return { year: date.year, month: date.month, day: date.day, roll: 'none', rest: text.replace(m[0], ' ') };
}

/** Weekdays, "today", "tomorrow", "the day after tomorrow", "14th march", "25/12" via chrono-node. */
function readWithChrono(text: string, today: DateTime): DateAnchor | null {
  for (const window of chronoWindows(text)) {
    const found = readChronoWindow(text, window, today);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Chrono's work grows faster than its input, so a long utterance is read in overlapping windows
 * of a few dozen words, first to last: a date is said in a handful of words, the overlap keeps
 * one that straddles two windows whole, and the cost stays in step with the length.
 */
const CHRONO_WINDOW = 240;
const CHRONO_OVERLAP = 80;

function chronoWindows(text: string): string[] {
  if (text.length <= CHRONO_WINDOW) return [text];
  const windows: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + CHRONO_WINDOW);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + CHRONO_OVERLAP) end = space;
    }
    windows.push(text.slice(start, end));
    if (end >= text.length) break;
    const next = text.indexOf(' ', end - CHRONO_OVERLAP);
    start = next < 0 || next + 1 <= start ? end : next + 1;
  }
  return windows;
}

function readChronoWindow(text: string, window: string, today: DateTime): DateAnchor | null {
  const localNoon = new Date(today.year, today.month - 1, today.day, 12, 0, 0, 0);
  const results = GB.parse(window, localNoon, { forwardDate: true });
  for (const result of results) {
    const start = result.start;
    const known = (c: 'weekday' | 'day' | 'month' | 'year'): boolean => start.isCertain(c);
    // "next week" and "this week" name no particular day; the engine should ask which one.
    if (!known('weekday') && !known('day') && !known('month')) continue;
    if (/^(?:this|next|last) (?:week|month|year)$/.test(result.text.trim())) continue;
    const year = start.get('year');
    const month = start.get('month');
    const day = start.get('day');
    if (year === null || month === null || day === null) continue;
    // A weekday said on that very day is next week's: today is "today" or "this afternoon".
    if (
      known('weekday') &&
      !known('day') &&
      isToday(year, month, day, today) &&
      !/\bthis\b/.test(result.text)
    ) {
      const next = today.plus({ days: 7 });
      return {
        year: next.year,
        month: next.month,
        day: next.day,
        roll: 'none',
        rest: text.replace(result.text, ' '),
      };
    }
    const roll: RollUnit = known('year')
      ? 'none'
      : known('day') && known('month')
        ? 'year'
        : known('weekday')
          ? 'week'
          : 'none';
    return { year, month, day, roll, rest: text.replace(result.text, ' ') };
  }
  return null;
}

function isToday(year: number, month: number, day: number, today: DateTime): boolean {
  return year === today.year && month === today.month && day === today.day;
}
