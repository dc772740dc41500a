/**
 * Named deadlines in a selling timeline ("by christmas", "end of the month", "by june"),
 * turned into dates in the caller's time zone so the number of weeks left is exact.
 */
import { DateTime } from 'luxon';
import { MONTH_NAMES } from './vocabulary.js';

export interface TimelineTarget {
  date: DateTime;
  label: string;
}

const MONTH_LABELS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "by", "before", "end of" etc. change which day of a named period is meant. */
type Edge = 'start' | 'early' | 'middle' | 'late' | 'end';

/** The first deadline named in the text, on or after `today`, or null. */
export function findTimelineTarget(normalised: string, todayInZone: DateTime): TimelineTarget | null {
  const today = asUtcDay(todayInZone);
  const named = findNamedDay(normalised, today) ?? findDayOfMonth(normalised, today);
  if (named !== null) return named;
  const dayAlone = findDayAlone(normalised, today);
  if (dayAlone !== null) return dayAlone;
  // Each match starts at a word, so "sell by the end of may" is not read as "sell" then "by",
  // leaving "the end of may" without its "by".
  for (const m of normalised.matchAll(MONTH_DEADLINE)) {
    const { prep, month } = m.groups ?? {};
    const part = m.groups?.part ?? m.groups?.part2;
    const monthNumber = MONTH_NAMES.get(month ?? '');
    // "may" is usually the verb; only count it with a preposition or a part of the month.
    if (monthNumber === undefined || (month === 'may' && prep === undefined && part === undefined)) continue;
    const edge: Edge =
      part === undefined
        ? prep === 'by' || prep === 'before' || prep === 'till' || prep === 'until'
          ? 'start'
          : 'middle'
        : (PART_EDGES.get(part) ?? 'middle');
    const name = MONTH_LABELS[monthNumber - 1] ?? '';
    const label =
      edge === 'end'
        ? `by the end of ${name}`
        : part !== undefined
          ? `by ${edge === 'early' ? 'early' : edge === 'late' ? 'late' : 'mid'} ${name}`
          : edge === 'start'
            ? `by ${name}`
            : `in ${name}`;
    // "april next year": that month a year on, though this year's is still to come.
    const yearOn =
      NEXT_YEAR_AFTER.test(normalised.slice((m.index ?? 0) + m[0].length)) || NEXT_ONE.test(normalised);
    return {
      date: nextMonthDay(today, monthNumber, edge, yearOn),
      label: yearOn ? `${label} next year` : label,
    };
  }
  return null;
}

/**
 * A month said as a deadline: "by june", "end of may", "mid-may", "early september", "the
 * beginning of march", "give us till august".
 */
const MONTH_DEADLINE =
  /(?<![a-z])(?:(?<prep>by|before|in|during|around|for|till|until) )?(?:the )?(?:(?<part>end|middle|start|beginning) of (?:the )?|(?<part2>early|mid|late) )?(?<month>[a-z]+)\b/g;
/** Which day of the month each part means: "early" the first week, "mid" the 15th, "late" the last. */
const PART_EDGES: ReadonlyMap<string, Edge> = new Map([
  ['end', 'end'],
  ['middle', 'middle'],
  ['mid', 'middle'],
  ['start', 'early'],
  ['beginning', 'early'],
  ['early', 'early'],
  ['late', 'late'],
]);
/** "next year" straight after the date, a few words at most: "june next year", "may of next year". */
const NEXT_YEAR_AFTER = /^(?: (?:of|in|the|then|probably|maybe))* next year\b/;
/** "not this one, the next one": the occasion or month a year on. */
const NEXT_ONE = /\b(?:not this one|the next one|the one after(?: that)?)\b/;

const ORDINAL_WORDS = new Map(
  [
    'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth',
    'fifteenth sixteenth seventeenth eighteenth nineteenth twentieth',
  ]
    .join(' ')
    .split(' ')
    .map((w, i) => [w, i + 1] as const),
);
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?|((?:twenty |thirty )?[a-z]+(?:st|nd|rd|th))`;

/** "by the 1st of may", "before june the 15th", "the twenty first of july": a day of a month. */
function findDayOfMonth(s: string, today: DateTime): TimelineTarget | null {
  const dayFirst = new RegExp(String.raw`\b(?:the )?(?:${DAY}) (?:of )?([a-z]+)\b`, 'g');
  const monthFirst = new RegExp(String.raw`\b([a-z]+) (?:the )?(?:${DAY})\b`, 'g');
  const found: { month: number; day: number }[] = [];
  for (const m of s.matchAll(dayFirst))
    found.push({ month: MONTH_NAMES.get(m[3] ?? '') ?? 0, day: dayOf(m[1], m[2]) });
  for (const m of s.matchAll(monthFirst))
    found.push({ month: MONTH_NAMES.get(m[1] ?? '') ?? 0, day: dayOf(m[2], m[3]) });
  const hit = found.find((f) => f.month > 0 && f.day >= 1 && f.day <= 31);
  if (hit === undefined) return null;
  const inYear = (y: number): DateTime =>
    date(y, hit.month, Math.min(hit.day, date(y, hit.month, 1).daysInMonth ?? 28));
  const label = `by ${inYear(today.year).toFormat('d MMMM')}`;
  return nextOccurrence(today, inYear, label);
}

/** "by the 15th", "before the twentieth": a day with no month is the next one to come. */
function findDayAlone(s: string, today: DateTime): TimelineTarget | null {
  const m = new RegExp(String.raw`\b(?:by|before|for|on|until|till) the (?:${DAY})\b(?! of)`).exec(s);
  if (m === null) return null;
  const day = dayOf(m[1], m[2]);
  if (day < 1 || day > 31) return null;
  const thisMonth = today.set({ day: Math.min(day, today.daysInMonth ?? 28) });
  const next = thisMonth >= today ? thisMonth : today.plus({ months: 1 }).set({ day: Math.min(day, 28) });
  return { date: next, label: `by the ${next.toFormat('d')}${ordinalSuffix(next.day)}` };
}

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function dayOf(digits: string | undefined, words: string | undefined): number {
  if (digits !== undefined) return Number.parseInt(digits, 10);
  const [tens, unit] = (words ?? '').includes(' ') ? (words ?? '').split(' ') : ['', words ?? ''];
  const base = tens === 'twenty' ? 20 : tens === 'thirty' ? 30 : 0;
  const ordinal = ORDINAL_WORDS.get(unit ?? '') ?? (unit === 'tieth' ? 0 : -100);
  return base + ordinal;
}

/**
 * "easter next year", "next christmas", "the tax year, not this one, the next one": the occasion
 * a year on, even when this year's is still ahead.
 */
const A_YEAR_ON = new RegExp(
  String.raw`\b(?:christmas|xmas|easter|tax year|bonfire night|halloween|holidays|(?:go|goes|going) (?:back|forward))(?: [a-z]+)? next year\b|\bnext (?:christmas|xmas|easter|tax year|bonfire night|halloween)\b|${NEXT_ONE.source}`,
);
/** "june next year": a month's own "next year", read with the month, not as the new year. */
const MONTH_NEXT_YEAR = new RegExp(
  String.raw`\b(?:${[...MONTH_NAMES.keys()].join('|')})(?: (?:of|in))? next year\b`,
);

/**
 * Days of the British year people sell by, beyond the calendar's own: "before the clocks go
 * back" (the last Sunday of October), "by bonfire night", "before the schools break up".
 */
const OCCASIONS: readonly { said: RegExp; inYear: (y: number) => DateTime; label: string }[] = [
  {
    said: /\b(?:bonfire|fireworks?|guy fawkes) night\b|\bguy fawkes\b|\b(?:5th|fifth) of november\b/,
    inYear: (y) => date(y, 11, 5),
    label: 'by Bonfire Night',
  },
  { said: /\bhallowe'?en\b/, inYear: (y) => date(y, 10, 31), label: 'by Halloween' },
  {
    said: /\bclocks? (?:go|goes|going|went|to go|change|changes|changing) back\b|\bend of british summer ?time\b/,
    inYear: (y) => lastSunday(y, 10),
    label: 'before the clocks go back',
  },
  {
    said: /\bclocks? (?:go|goes|going|to go|change|changes|changing) forward\b/,
    inYear: (y) => lastSunday(y, 3),
    label: 'before the clocks go forward',
  },
  {
    // The schools in England break up for the summer late in July.
    said: /\b(?:summer (?:holidays|hols|term)|school holidays start|schools? (?:break|breaks|breaking|finish|finishes) (?:up|for the summer)|end of (?:the )?school year)\b/,
    inYear: (y) => date(y, 7, 20),
    label: 'by the summer holidays',
  },
];

/** The last Sunday of a month, when the clocks change. */
function lastSunday(year: number, month: number): DateTime {
  const last = date(year, month, 1).endOf('month').startOf('day');
  return last.minus({ days: last.weekday % 7 });
}

function findNamedDay(s: string, today: DateTime): TimelineTarget | null {
  const year = today.year;
  const upcoming = A_YEAR_ON.test(s)
    ? (from: DateTime, inYear: (y: number) => DateTime, label: string): TimelineTarget => ({
        date: inYear(from.year + 1),
        label: `${label} next year`,
      })
    : nextOccurrence;
  if (/\btax year\b/.test(s)) return upcoming(today, (y) => date(y, 4, 5), 'by the end of the tax year');
  if (/\bchristmas\b|\bxmas\b/.test(s)) return upcoming(today, (y) => date(y, 12, 25), 'by Christmas');
  if (/\bnew year\b/.test(s)) return upcoming(today, (y) => date(y + 1, 1, 1), 'by the new year');
  // "before the kids go back to school": the new school year, early in September.
  if (/\b(?:back to school|new school year|school starts|start of (?:the )?(?:school year|term))\b/.test(s))
    return upcoming(today, (y) => date(y, 9, 1), 'by the new school year');
  const occasion = OCCASIONS.find((o) => o.said.test(s));
  if (occasion !== undefined) return upcoming(today, occasion.inYear, occasion.label);
  // "not this year": the year after this one.
  if (/\bnot (?:this|till next|until next) year\b/.test(s))
    return { date: date(year + 1, 1, 1), label: 'next year' };
  if (/\beaster\b/.test(s)) return upcoming(today, easterSunday, 'by Easter');
  if (/\bend of (?:the |this )?year\b/.test(s))
    return upcoming(today, (y) => date(y, 12, 31), 'by the end of the year');
  if (/\bnext year\b/.test(s) && !MONTH_NEXT_YEAR.test(s))
    return { date: date(year + 1, 1, 1), label: 'next year' };
  if (/\bend of (?:the |this )?month\b/.test(s))
    return { date: today.endOf('month').startOf('day'), label: 'by the end of the month' };
  if (/\bend of next month\b|\bnext month\b/.test(s)) {
    return { date: today.plus({ months: 1 }).endOf('month').startOf('day'), label: 'next month' };
  }
  const season = /\b(end of |by |before )?(?:the |this |next )?(spring|summer|autumn|fall|winter)\b/.exec(s);
  if (season?.[2] !== undefined) {
    const starts: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };
    const month = starts[season[2]] ?? 6;
    const atEnd = season[1] === 'end of ';
    const name = season[2] === 'fall' ? 'autumn' : season[2];
    // Said in the season itself ("sometime in the spring", in April), it is this one, by its end.
    const current = seasonInProgress(today, month);
    if (current !== null && !/\bnext (?:spring|summer|autumn|fall|winter)\b/.test(s))
      return { date: current, label: `by the end of ${name}` };
    const label = `${atEnd ? 'by the end of' : 'by'} ${name}`;
    return upcoming(
      today,
      (y) => (atEnd ? date(y, month, 1).plus({ months: 3 }).minus({ days: 1 }) : date(y, month, 1)),
      label,
    );
  }
  return null;
}

/** The last day of the season that starts in `month`, when today falls within it; else null. */
function seasonInProgress(today: DateTime, month: number): DateTime | null {
  for (const year of [today.year, today.year - 1]) {
    const start = date(year, month, 1);
    const end = start.plus({ months: 3 }).minus({ days: 1 });
    if (today >= start && today <= end) return end;
  }
  return null;
}

function date(year: number, month: number, day: number): DateTime {
  return DateTime.fromObject({ year, month, day }, { zone: 'UTC' });
}

/** This year's occurrence if still ahead, otherwise next year's. */
function nextOccurrence(today: DateTime, inYear: (year: number) => DateTime, label: string): TimelineTarget {
  const thisYear = inYear(today.year);
  return { date: thisYear >= asUtcDay(today) ? thisYear : inYear(today.year + 1), label };
}

function nextMonthDay(today: DateTime, month: number, edge: Edge, yearOn = false): DateTime {
  const build = (y: number): DateTime => {
    const first = date(y, month, 1);
    const last = first.endOf('month').startOf('day');
    return edge === 'start'
      ? first
      : edge === 'early'
        ? first.set({ day: 7 })
        : edge === 'end'
          ? last
          : edge === 'late'
            ? last.minus({ days: 7 })
            : first.set({ day: 15 });
  };
  const coming = nextOccurrence(today, build, '').date;
  return yearOn && coming.year === today.year ? build(today.year + 1) : coming;
}

/** Calendar days are compared as plain dates, so the zone's offset cannot shift them. */
export function asUtcDay(d: DateTime): DateTime {
  return date(d.year, d.month, d.day);
}

/** Easter Sunday by the anonymous Gregorian algorithm. */
export function easterSunday(year: number): DateTime {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return date(year, month, day);
}
