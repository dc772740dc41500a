/**
 * Clock times as Britons say them: "half two", "quarter past nine", "twenty to four",
 * "ten thirty", "10:30", "3pm", "at 10", "eleven o'clock", "midday". Chrono reads few of these,
 * so they are parsed here and removed before the date is read.
 */
import { TEEN_WORDS, TENS_WORDS, UNIT_WORDS } from './vocabulary.js';

export interface SpokenTime {
  hour: number;
  minute: number;
  meridiem?: 'am' | 'pm';
  /** Token range of the time, end exclusive. */
  start: number;
  end: number;
}

export interface BusinessHours {
  /** Opening time, "HH:mm" in the business's zone. */
  open: string;
  /** Closing time, "HH:mm". */
  close: string;
}

export const DEFAULT_BUSINESS_HOURS: BusinessHours = { open: '09:00', close: '17:30' };

/** Words that introduce a bare hour: "at ten", "around 3", "after two". */
const HOUR_LEADS = new Set([
  'at',
  'around',
  'about',
  'after',
  'before',
  'by',
  'from',
  'for',
  'say',
  'til',
  'until',
]);

/** Reads an hour, 1–12 in words or 0–23 in digits, at token `i`. */
function readHour(tokens: readonly string[], i: number): number | null {
  const token = tokens[i] ?? '';
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    return n <= 23 ? n : null;
  }
  const word = UNIT_WORDS.get(token) ?? TEEN_WORDS.get(token);
  return word !== undefined && word >= 1 && word <= 12 ? word : null;
}

/** Minutes said after an hour: "thirty", "forty five", "oh five", "15". */
function readMinutes(tokens: readonly string[], i: number): { minute: number; end: number } | null {
  const token = tokens[i] ?? '';
  if (/^\d{2}$/.test(token) && Number(token) < 60) return { minute: Number(token), end: i + 1 };
  if (token === 'oh' || token === 'o') {
    const unit = UNIT_WORDS.get(tokens[i + 1] ?? '');
    return unit !== undefined && unit > 0 ? { minute: unit, end: i + 2 } : null;
  }
  const tens = TENS_WORDS.get(token);
  if (tens !== undefined && tens < 60) {
    const unit = UNIT_WORDS.get(tokens[i + 1] ?? '');
    return unit !== undefined && unit > 0
      ? { minute: tens + unit, end: i + 2 }
      : { minute: tens, end: i + 1 };
  }
  const teen = TEEN_WORDS.get(token);
  return teen !== undefined ? { minute: teen, end: i + 1 } : null;
}

/** "am", "pm", "a m", "p m" after a time. */
function readMeridiem(tokens: readonly string[], i: number): { meridiem: 'am' | 'pm'; end: number } | null {
  const token = tokens[i] ?? '';
  if (token === 'am' || token === 'pm') return { meridiem: token, end: i + 1 };
  if ((token === 'a' || token === 'p') && tokens[i + 1] === 'm')
    return { meridiem: token === 'a' ? 'am' : 'pm', end: i + 2 };
  return null;
}

/** The first clock time in the tokens, or null. */
export function findSpokenTime(tokens: readonly string[]): SpokenTime | null {
  for (let i = 0; i < tokens.length; i++) {
    const found = readTimeAt(tokens, i);
    if (found !== null) {
      const meridiem = readMeridiem(tokens, found.end);
      return meridiem === null ? found : { ...found, meridiem: meridiem.meridiem, end: meridiem.end };
    }
  }
  return null;
}

function readTimeAt(tokens: readonly string[], i: number): SpokenTime | null {
  const token = tokens[i] ?? '';
  if (token === 'midday' || token === 'noon')
    return { hour: 12, minute: 0, meridiem: 'pm', start: i, end: i + 1 };
  // "9:15", and "9:15am" as recognisers often write it.
  const clock = /^(\d{1,2})[:.](\d{2})(am|pm)?$/.exec(token);
  if (clock !== null) {
    const hour = Number(clock[1]);
    const minute = Number(clock[2]);
    if (hour > 23 || minute >= 60) return null;
    const meridiem = clock[3] === 'am' ? 'am' : clock[3] === 'pm' ? 'pm' : undefined;
    return meridiem === undefined
      ? { hour, minute, start: i, end: i + 1 }
      : { hour, minute, meridiem, start: i, end: i + 1 };
  }
  const glued = /^(\d{1,2})(am|pm)$/.exec(token);
  if (glued !== null) {
    const hour = Number(glued[1]);
    return hour >= 1 && hour <= 12
      ? { hour, minute: 0, meridiem: glued[2] === 'am' ? 'am' : 'pm', start: i, end: i + 1 }
      : null;
  }
  const skipA = token === 'a' && tokens[i + 1] === 'quarter' ? 1 : 0;
  const head = tokens[i + skipA] ?? '';
  if (head === 'half' || head === 'quarter')
    return readFraction(tokens, i, i + skipA + 1, head === 'half' ? 30 : 15);
  const relative = readMinutesPastOrTo(tokens, i);
  if (relative !== null) return relative;
  const hour = readHour(tokens, i);
  if (hour === null) return null;
  if (tokens[i + 1] === "o'clock" || tokens[i + 1] === 'oclock')
    return { hour, minute: 0, start: i, end: i + 2 };
  if (tokens[i + 1] === 'o' && tokens[i + 2] === 'clock') return { hour, minute: 0, start: i, end: i + 3 };
  const minutes = readMinutes(tokens, i + 1);
  const led = HOUR_LEADS.has(tokens[i - 1] ?? '');
  // "ten thirty" needs a lead-in or am/pm so that "14 20" in a date is not taken as a time.
  if (minutes !== null && (led || readMeridiem(tokens, minutes.end) !== null) && hour <= 12) {
    return { hour, minute: minutes.minute, start: i, end: minutes.end };
  }
  if (led || readMeridiem(tokens, i + 1) !== null || tokens[i + 1] === 'ish') {
    return { hour, minute: 0, start: i, end: tokens[i + 1] === 'ish' ? i + 2 : i + 1 };
  }
  return null;
}

/** "half past two", "half two" (British for 2:30), "quarter past nine", "quarter to four". */
function readFraction(
  tokens: readonly string[],
  start: number,
  next: number,
  minutes: number,
): SpokenTime | null {
  const link = tokens[next];
  if (link === 'past' || link === 'to') {
    const hour = readHour(tokens, next + 1);
    if (hour === null) return null;
    if (link === 'past') return { hour, minute: minutes, start, end: next + 2 };
    return { hour: hour === 1 ? 12 : hour === 0 ? 23 : hour - 1, minute: 60 - minutes, start, end: next + 2 };
  }
  // Only "half" stands before a bare hour; "quarter two" is not English.
  const hour = minutes === 30 ? readHour(tokens, next) : null;
  return hour === null ? null : { hour, minute: 30, start, end: next + 1 };
}

/** "ten past nine", "twenty five to three", "5 minutes past 2". */
function readMinutesPastOrTo(tokens: readonly string[], i: number): SpokenTime | null {
  const minutes = readMinutes(tokens, i) ?? readUnitMinutes(tokens, i);
  if (minutes === null || minutes.minute >= 30 || minutes.minute === 0) return null;
  const afterWord =
    tokens[minutes.end] === 'minutes' || tokens[minutes.end] === 'mins' ? minutes.end + 1 : minutes.end;
  const link = tokens[afterWord];
  if (link !== 'past' && link !== 'to') return null;
  // "two to four" is a range; only clock-face minutes or an explicit "minutes" make it a time.
  if (afterWord === minutes.end && link === 'to' && ![5, 10, 20, 25].includes(minutes.minute)) return null;
  const hour = readHour(tokens, afterWord + 1);
  if (hour === null) return null;
  if (link === 'past') return { hour, minute: minutes.minute, start: i, end: afterWord + 2 };
  return { hour: hour === 1 ? 12 : hour - 1, minute: 60 - minutes.minute, start: i, end: afterWord + 2 };
}

function readUnitMinutes(tokens: readonly string[], i: number): { minute: number; end: number } | null {
  const token = tokens[i] ?? '';
  const unit = /^\d$/.test(token) ? Number(token) : UNIT_WORDS.get(token);
  return unit === undefined ? null : { minute: unit, end: i + 1 };
}

/** Minutes since midnight of an "HH:mm" string. */
export function parseClock(value: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  return m === null ? 0 : Number(m[1]) * 60 + Number(m[2]);
}

/**
 * The 24-hour clock hour meant. Without am/pm, an hour is taken in business hours when only one
 * reading fits ("at 10" → 10:00, "half two" → 14:30), otherwise 1–7 are afternoon and 8–11 morning.
 */
export function resolveHour(
  time: SpokenTime,
  partOfDay: 'morning' | 'afternoon' | 'evening' | undefined,
  hours: BusinessHours,
): number {
  const { hour, minute } = time;
  if (hour >= 13 || hour === 0) return hour;
  const meridiem =
    time.meridiem ?? (partOfDay === undefined ? undefined : partOfDay === 'morning' ? 'am' : 'pm');
  if (meridiem === 'am') return hour === 12 ? 0 : hour;
  if (meridiem === 'pm') return hour === 12 ? 12 : hour + 12;
  if (hour === 12) return 12;
  const open = parseClock(hours.open);
  const close = parseClock(hours.close);
  const fits = (h: number): boolean => h * 60 + minute >= open && h * 60 + minute < close;
  if (fits(hour) !== fits(hour + 12)) return fits(hour) ? hour : hour + 12;
  return hour <= 7 ? hour + 12 : hour;
}
