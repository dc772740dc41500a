/**
 * The words of a reply to offered times that say which one, or what else, without being a date:
 * ordinals ("the first one", "the later one"), a counter-offer's clause ("how about Friday at
 * 10"), a bare hour ("9 is fine"), days ruled out ("not today", "tomorrow's no good") and bounds
 * ("any time after 4", "before 11"). The engine turns them into slots (engine/time-choice.ts);
 * the phrasings live here, so a new one is one line.
 */

const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';

/** Words that name a day (so a time said with them is on that day). */
export const DAY_WORDS = new RegExp(
  `\\b(?:today|tonight|tomorrow|${WEEKDAYS}|week|next|\\d{1,2}(?:st|nd|rd|th)|first|second|third)\\b`,
);

/** A weekday named in the words. */
export function namesWeekday(text: string): boolean {
  return new RegExp(`\\b(?:${WEEKDAYS})\\b`).test(text);
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

const ORDINAL_PATTERNS = [
  // A digit ordinal is an option only with a noun after it; alone, "the 1st" is a date.
  /\b(?:the )?(1st|2nd|3rd)(?: one| option| slot| time| choice)\b/,
  /\b(?:option|number|choice) (one|two|three|1|2|3)\b/,
  new RegExp(`\\b(?:the )?(first|second|third|last)(?: one| option| slot| time| choice)?\\b${MONTH_AFTER}`),
  /\bthe (earlier|later|earliest|latest|former|latter)\b(?! (?:in|on|that|this|today|tomorrow))/,
  /\b(earlier|later|earliest|latest) (?:one|option|slot|appointment)\b/,
];

/**
 * "the first one", "the 1st one", "second", "option two", "the later one", "the earlier time";
 * not "the first of May", "first thing", or "later" alone ("ring me later", "later say 3pm").
 */
export function readOrdinal(said: string, offered: number): number | null {
  if (offered === 0) return null;
  for (const pattern of ORDINAL_PATTERNS) {
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

/** Words that turn down one time and put another ("how about", "could you do", "but"). */
const COUNTER_OFFER =
  /\b(?:how about|what about|could you do|can you do|could we do|can we do|could you make it|can you make it|instead|rather|but)\b/;

/**
 * "I can't do tomorrow, how about Friday at 10": the date reader takes the first time it finds, so
 * only the words after the counter-offer are given to it.
 */
export function preferredClause(said: string): string {
  const parts = said.split(COUNTER_OFFER);
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

/** Words after a number that make it a count, not an hour: "four bedrooms", "two weeks", "three grand". */
const COUNTED =
  /^(?:bed|beds|bedroom|bedrooms|bedroomed|bathrooms?|k|grand|thousand|hundred|million|pounds?|quid|months?|weeks?|years?|days?|minutes?|mins|hours?|people|kids|children|of)$/;

/** "One" is left out: "that one" is a pronoun, and "at one" is read by the time reader anyway. */
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

/** The hour of a short reply that names one and nothing else: "9 is fine", "2 works", "ten please". */
export function readBareHourWord(clause: string): string | null {
  const tokens = clause.split(' ');
  if (tokens.length > 8) return null;
  const hours = tokens.filter(
    (w) => (/^\d{1,2}$/.test(w) && Number(w) >= 1 && Number(w) <= 12) || HOUR_WORDS.includes(w),
  );
  const only = hours[0];
  if (hours.length !== 1 || only === undefined || tokens.some((w) => /\d/.test(w) && w !== only)) return null;
  if (COUNTED.test(tokens[tokens.indexOf(only) + 1] ?? '')) return null;
  return only;
}

const DAY = `(today|tomorrow|${WEEKDAYS})`;
const RULED_OUT = [
  new RegExp(
    `\\b(?:not|can't do|cannot do|can't make|can't manage|can't|cannot|busy|out|away)(?: on)? ${DAY}\\b`,
    'g',
  ),
  new RegExp(`\\b${DAY}(?:'s| is)? (?:no good|not good|out|bad|won't work|doesn't work|isn't good)\\b`, 'g'),
];

/** The day words the caller ruled out: "not today", "i can't do monday", "tomorrow's no good". */
export function readRuledOutDays(said: string): string[] {
  return RULED_OUT.flatMap((pattern) => [...said.matchAll(pattern)].map((m) => m[1] ?? ''));
}

const AFTER_WORDS = /\b(?:after|from|onwards|or later|any time after|anytime after|not before)\b/;
const BEFORE_WORDS = /\b(?:before|by|no later than|until|till)\b/;

/** "any time after 4", "from 2 onwards": the time said is the earliest. */
export function boundsAfter(clause: string): boolean {
  return AFTER_WORDS.test(clause);
}

/** "before 11", "by 3": the time said is the latest. */
export function boundsBefore(clause: string): boolean {
  return BEFORE_WORDS.test(clause);
}

/** A time said to the quarter or minute ("half 2", "2:30"), not just an hour. */
export function namesMinutes(said: string): boolean {
  return /\b(?:half|quarter|past|to)\b|\d[:.]\d/.test(said);
}
