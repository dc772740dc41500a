/**
 * Named deadlines in a selling timeline ("by christmas", "end of the month", "by june"),
 * turned into dates in the caller's time zone so the number of weeks left is exact.
 */
import { DateTime } from 'luxon';
import { MONTH_NAMES } from './vocabulary.js';

export interface TimelineTarget {
  date: DateTime;
  label: string;
  /** A stretch rather than a day ("next year", "the summer"): a month said after it may narrow it. */
  span?: Span;
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
  const named =
    findWeekdayOfMonth(normalised, today) ??
    findNamedDay(normalised, today) ??
    findWeekOfMonth(normalised, today) ??
    findDayOfMonth(normalised, today);
  if (named?.span !== undefined) return narrowedByMonth(normalised, named.span, today) ?? named;
  if (named !== null) return named;
  const dayAlone = findDayAlone(normalised, today);
  if (dayAlone !== null) return dayAlone;
  return findMonth(normalised, today);
}

/** A stretch of the year as said: the later said of them is the one a month after it narrows. */
const STRETCH = /\b(?:next|new) year\b|\b(?:spring|summer|autumn|fall|winter)\b/g;
/** The days a stretch of the year covers. */
interface Span {
  from: DateTime;
  to: DateTime;
}

/** A stretch around its date: "by the summer" runs from its first day for three months. */
function withSpan(target: TimelineTarget, daysBefore: number, daysAfter: number): TimelineTarget {
  return {
    ...target,
    span: { from: target.date.plus({ days: daysBefore }), to: target.date.plus({ days: daysAfter }) },
  };
}

/**
 * "early next year, february maybe", "the summer, july say": a month said after a stretch of the
 * year, and falling within it, is the sharper answer. A month said before it, or far from it
 * ("the lease is up in march" before "next year"), is about something else.
 */
function narrowedByMonth(normalised: string, span: Span, today: DateTime): TimelineTarget | null {
  const stretches = [...normalised.matchAll(STRETCH)];
  const last = stretches.at(-1);
  if (last === undefined) return null;
  const month = findMonth(normalised.slice((last.index ?? 0) + last[0].length), today);
  if (month === null)
    return SEASON.test(stretches[0]?.[0] ?? '') ? monthBesideSeason(normalised, span, today) : null;
  // "next year, maybe april", said in April: the month is the stretch's, a year on.
  const inSpan = [month.date, month.date.plus({ years: 1 })].find((d) => d >= span.from && d <= span.to);
  if (inSpan === undefined) return null;
  const yearOn = inSpan !== month.date && !month.label.endsWith('next year');
  return { date: inSpan, label: yearOn ? `${month.label} next year` : month.label };
}

/**
 * A deadline set by "before" an event, or "by then" after it: "before the wee one starts school
 * in september", "they start in september, so we need to be there by then". The month is when
 * the event happens, so the sale is due as the month begins.
 */
const BEFORE_EVENT = /\bbefore\b/g;
// "then" may come already cut off as a join word or a closing filler: "there by ," or "there by".
const BY_THEN_AFTER = /\b(?:before|by)(?: (?:then|that)\b|\s+,|\s*$)/g;
/** A "not" a few words before: "i don't want to be in boxes before that" sets no deadline. */
const NEGATED_LEAD =
  /\b(?:not|never|don't|dont|doesn't|doesnt|won't|wont|wouldn't|wouldnt|can't|cant)\b[^,]*$/;
/** Characters back from a "before" within which a "not" still reaches it. */
const NEGATION_REACH = 40;

/** Whether `pattern` (a global "before" or "by then") is said at least once and not negated. */
export function setsDeadline(text: string, pattern: RegExp): boolean {
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (!NEGATED_LEAD.test(text.slice(Math.max(0, at - NEGATION_REACH), at))) return true;
  }
  return false;
}

/** The first month named as a deadline, or null. */
function findMonth(normalised: string, today: DateTime): TimelineTarget | null {
  // Each match starts at a word, so "sell by the end of may" is not read as "sell" then "by",
  // leaving "the end of may" without its "by".
  for (const m of normalised.matchAll(MONTH_DEADLINE)) {
    const { prep, month } = m.groups ?? {};
    const part = m.groups?.part ?? m.groups?.part2;
    const said = MONTH_NAMES.get(month ?? '');
    // "may" is usually the verb; only count it with a preposition or a part of the month.
    if (said === undefined || (month === 'may' && prep === undefined && part === undefined)) continue;
    const later = laterListedMonth(normalised.slice((m.index ?? 0) + m[0].length));
    const monthNumber = later ?? said;
    const start = m.index ?? 0;
    const eventDue =
      (prep === undefined || prep === 'in') &&
      (setsDeadline(normalised.slice(0, start), BEFORE_EVENT) ||
        setsDeadline(normalised.slice(start + m[0].length), BY_THEN_AFTER));
    const edge: Edge =
      later !== undefined && part === undefined
        ? 'middle'
        : part === undefined
          ? prep === 'by' || prep === 'before' || prep === 'till' || prep === 'until' || eventDue
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
      NEXT_YEAR_AFTER.test(normalised.slice((m.index ?? 0) + m[0].length)) ||
      NEXT_ONE.test(normalised) ||
      nextMonthNamed(normalised, monthNumber, today);
    return {
      date: nextMonthDay(today, monthNumber, edge, yearOn),
      label: yearOn ? `${label} next year` : label,
    };
  }
  return null;
}

/**
 * A second month said straight after the first: "october, november time", "june or july",
 * "february to march". The later of the two counts, as the longest end of a range does; "may"
 * counts only after a joining word ("april or may"), as "june may be better" is the verb.
 */
const LISTED_MONTH =
  /^(?: (?<join>or|to|and|into|slash|or maybe|maybe))? (?:the )?(?:end of |early |mid |late )?(?<month>[a-z]+)\b/;

function laterListedMonth(rest: string): number | undefined {
  const m = LISTED_MONTH.exec(rest);
  const month = m?.groups?.month ?? '';
  if (month === 'may' && m?.groups?.join === undefined) return undefined;
  return MONTH_NAMES.get(month);
}

/**
 * A month said as a deadline: "by june", "end of may", "mid-may", "early september", "the
 * beginning of march", "give us till august". A month may come with its "'s", the apostrophe
 * often lost ("end of may's fine", "junes fine").
 */
const MONTH_DEADLINE =
  /(?<![a-z])(?:(?<prep>by|before|in|during|around|for|till|until) )?(?:the )?(?:(?<part>end|middle|start|beginning|(?:last|final|first) day) of (?:the )?|(?<part2>early|mid|late) )?(?<month>[a-z]+?)(?:'?s)?\b/g;
/** Which day of the month each part means: "early" the first week, "mid" the 15th, "late" the last. */
const PART_EDGES: ReadonlyMap<string, Edge> = new Map([
  ['end', 'end'],
  // "the last day of may", "the first day of june": the month's own edges.
  ['last day', 'end'],
  ['final day', 'end'],
  ['first day', 'start'],
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

const ORDINAL_WORDS = new Map([
  ...[
    'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth',
    'fifteenth sixteenth seventeenth eighteenth nineteenth twentieth',
  ]
    .join(' ')
    .split(' ')
    .map((w, i) => [w, i + 1] as const),
  // "the thirtieth of june": the one tens ordinal past twenty that is a day of the month.
  ['thirtieth', 30] as const,
]);
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

/** Which week of a month: the first ends on the 7th, the second on the 14th, the last on the month's end. */
const WEEK_ENDS: ReadonlyMap<string, number> = new Map([
  ['first', 7],
  ['1st', 7],
  ['second', 14],
  ['2nd', 14],
  ['third', 21],
  ['3rd', 21],
  ['fourth', 28],
  ['4th', 28],
  ['last', 31],
  ['final', 31],
]);
/** "the first week of may", "the last weekend in june", "second week of july". */
const WEEK_OF_MONTH = new RegExp(
  String.raw`\b(${[...WEEK_ENDS.keys()].join('|')}) (?:week|weekend|few days|couple of weeks) (?:of|in) ([a-z]+)\b`,
);

/** A week of a named month, by its last day: "first week of may" is by the 7th. */
function findWeekOfMonth(s: string, today: DateTime): TimelineTarget | null {
  const m = WEEK_OF_MONTH.exec(s);
  const month = MONTH_NAMES.get(m?.[2] ?? '');
  const last = WEEK_ENDS.get(m?.[1] ?? '');
  if (m === null || month === undefined || last === undefined) return null;
  const inYear = (y: number): DateTime => date(y, month, Math.min(last, date(y, month, 1).daysInMonth ?? 28));
  return nextOccurrence(today, inYear, `by the ${m[1]} week of ${MONTH_LABELS[month - 1] ?? ''}`);
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Which of a month's weekdays: the first to the fourth, or the last. */
const WEEKDAY_COUNTS: ReadonlyMap<string, number> = new Map([
  ['first', 1],
  ['1st', 1],
  ['second', 2],
  ['2nd', 2],
  ['third', 3],
  ['3rd', 3],
  ['fourth', 4],
  ['4th', 4],
  ['last', 0],
  ['final', 0],
]);
/**
 * "the first monday in august" (Scotland's summer bank holiday), "the last friday of june": a
 * weekday counted within a month.
 */
const WEEKDAY_OF_MONTH = new RegExp(
  String.raw`\b(${[...WEEKDAY_COUNTS.keys()].join('|')}) (${WEEKDAYS.join('|')}) (?:of|in) ([a-z]+)\b`,
);

/** A weekday counted within a named month, or null. */
function findWeekdayOfMonth(s: string, today: DateTime): TimelineTarget | null {
  const m = WEEKDAY_OF_MONTH.exec(s);
  const count = WEEKDAY_COUNTS.get(m?.[1] ?? '');
  const weekday = WEEKDAYS.indexOf(m?.[2] ?? '') + 1;
  const month = MONTH_NAMES.get(m?.[3] ?? '');
  if (m === null || count === undefined || weekday < 1 || month === undefined) return null;
  const inYear = (y: number): DateTime => {
    if (count === 0) {
      const last = date(y, month, 1).endOf('month').startOf('day');
      return last.minus({ days: (last.weekday - weekday + 7) % 7 });
    }
    const first = date(y, month, 1);
    return first.plus({ days: ((weekday - first.weekday + 7) % 7) + 7 * (count - 1) });
  };
  const day = m[2] ?? '';
  const label = `by the ${m[1]} ${day.charAt(0).toUpperCase()}${day.slice(1)} of ${MONTH_LABELS[month - 1] ?? ''}`;
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

/** The named days below whose "next year" is the one a year on: "st george's day next year". */
const SAINTS_AND_FEASTS =
  "hogmanay|[a-z]+mas|(?:st|saint) [a-z']+(?: day)?|burns night|valentine'?s(?: day)?|lady day|pancake day|good friday|mother'?s day|father'?s day";

/**
 * "easter next year", "next christmas", "the tax year, not this one, the next one": the occasion
 * a year on, even when this year's is still ahead.
 */
const A_YEAR_ON = new RegExp(
  String.raw`\b(?:christmas|xmas|easter|tax year|financial year|bonfire night|halloween|holidays|spring|summer|autumn|fall|winter|(?:go|goes|going) (?:back|forward)|${SAINTS_AND_FEASTS})(?: [a-z]+)? next year\b|\bnext (?:christmas|xmas|easter|tax year|financial year|bonfire night|halloween|${SAINTS_AND_FEASTS})\b|${NEXT_ONE.source}`,
);
/** "june next year": a month's own "next year", read with the month, not as the new year. */
const MONTH_NEXT_YEAR = new RegExp(
  String.raw`\b(?:${[...MONTH_NAMES.keys()].join('|')})(?: (?:of|in))? next year\b`,
);
/** "the spring next year", "summer of next year": the season a year on, not the new year. */
const SEASON_NEXT_YEAR = /\b(?:spring|summer|autumn|fall|winter)(?: (?:of|in))? next year\b/;

/**
 * A part of a year: "the middle of next year", "back end of the year", "early next year", "mid
 * year". Each is read to its last day ("early next year" is by the end of March), as the longest
 * end of a range counts.
 */
const YEAR_PART =
  /\b(?:(?<part>start|beginning|middle|end|back end|tail end) of (?:the |this )?|(?<part2>early|mid|late) (?:in )?(?:the )?)(?<which>next )?year\b/;
const YEAR_PART_ENDS: ReadonlyMap<string, { month: number; day: number; label: string }> = new Map([
  ['start', { month: 1, day: 31, label: 'by the start of' }],
  ['beginning', { month: 1, day: 31, label: 'by the start of' }],
  ['early', { month: 3, day: 31, label: 'by early' }],
  ['middle', { month: 7, day: 1, label: 'by the middle of' }],
  ['mid', { month: 7, day: 1, label: 'by the middle of' }],
  ['late', { month: 12, day: 31, label: 'by late' }],
  ['end', { month: 12, day: 31, label: 'by the end of' }],
  ['back end', { month: 12, day: 31, label: 'by the end of' }],
  ['tail end', { month: 12, day: 31, label: 'by the end of' }],
]);

/** "the middle of next year", "early next year", "mid year": that part of the year, or null. */
function findYearPart(s: string, today: DateTime): TimelineTarget | null {
  const m = YEAR_PART.exec(s);
  const part = YEAR_PART_ENDS.get(m?.groups?.part ?? m?.groups?.part2 ?? '');
  if (m === null || part === undefined) return null;
  const yearOn = m.groups?.which !== undefined;
  const inYear = (y: number): DateTime => date(y, part.month, part.day);
  if (yearOn) return { date: inYear(today.year + 1), label: `${part.label} next year` };
  // "the end of the year" said in the year itself is this one's, and so is any part not yet past.
  return nextOccurrence(today, inYear, `${part.label} the year`);
}

/**
 * Days of the British year people sell by, beyond the calendar's own: "before the clocks go
 * back" (the last Sunday of October), "by bonfire night", "before the schools break up".
 */
const OCCASIONS: readonly { said: RegExp; inYear: (y: number) => DateTime; label: string }[] = [
  // England's bank holidays in May and August fall on Mondays: the first and last of May (the
  // "spring" one is Whitsun's old day), and the last of August.
  {
    said: /(?<!\b(?:late|last|end of|spring) )\b(?:(?:early|first) )?may(?: day)? bank holiday\b|\bmay day\b/,
    inYear: (y) => firstMonday(y, 5),
    label: 'by the early May bank holiday',
  },
  {
    said: /\b(?:spring|whitsun|whit|late may|end of may|last may) bank holiday\b|\bwhit(?:sun| monday|suntide)\b/,
    inYear: (y) => lastMonday(y, 5),
    label: 'by the spring bank holiday',
  },
  {
    said: /\b(?:august|summer|late summer) bank holiday\b/,
    inYear: (y) => lastMonday(y, 8),
    label: 'by the August bank holiday',
  },
  { said: /\bboxing day\b/, inYear: (y) => date(y, 12, 26), label: 'by Boxing Day' },
  // The days of the four nations and the old quarter and term days, which older callers and
  // farmers still sell and let by: "by Michaelmas", "before Hogmanay", "for St David's Day".
  { said: /\bhogmanay\b/, inYear: (y) => date(y, 12, 31), label: 'by Hogmanay' },
  { said: /\bburns(?:'s?)? (?:night|supper|day)\b/, inYear: (y) => date(y, 1, 25), label: 'by Burns Night' },
  { said: /\bvalentine'?s\b/, inYear: (y) => date(y, 2, 14), label: "by Valentine's Day" },
  {
    said: /\b(?:st|saint) david'?s\b|\bdewi sant\b/,
    inYear: (y) => date(y, 3, 1),
    label: "by St David's Day",
  },
  {
    said: /\b(?:st|saint) patrick'?s\b|\bpaddy'?s day\b/,
    inYear: (y) => date(y, 3, 17),
    label: "by St Patrick's Day",
  },
  { said: /\b(?:st|saint) george'?s day\b/, inYear: (y) => date(y, 4, 23), label: "by St George's Day" },
  { said: /\b(?:st|saint) andrew'?s\b/, inYear: (y) => date(y, 11, 30), label: "by St Andrew's Day" },
  { said: /\bcandlemas\b/, inYear: (y) => date(y, 2, 2), label: 'by Candlemas' },
  { said: /\blady day\b/, inYear: (y) => date(y, 3, 25), label: 'by Lady Day' },
  { said: /\blammas\b/, inYear: (y) => date(y, 8, 1), label: 'by Lammas' },
  { said: /\bmichaelmas\b/, inYear: (y) => date(y, 9, 29), label: 'by Michaelmas' },
  { said: /\bmartinmas\b/, inYear: (y) => date(y, 11, 11), label: 'by Martinmas' },
  {
    said: /\b(?:remembrance|armistice) (?:day|sunday)\b|\bpoppy day\b/,
    inYear: (y) => date(y, 11, 11),
    label: 'by Remembrance Day',
  },
  // Northern Ireland's Twelfth of July, when said as the holiday rather than a day of the month:
  // "the Twelfth fortnight", "before the Eleventh Night", "the marching season".
  {
    said: /\bthe twelfth (?:fortnight|holidays?|week|bonfires?)\b|\beleventh night\b|\bmarching season\b/,
    inYear: (y) => date(y, 7, 12),
    label: 'by the Twelfth',
  },
  // Exams, May to late June: before them is their start, after them their end.
  {
    said: /\b(?:before|ahead of) (?:the |their |his |her |my |our |the kids'? |the kids's )?(?:exams|gcses|a ?levels|highers|sats)\b/,
    inYear: (y) => date(y, 5, 12),
    label: 'before the exams',
  },
  {
    said: /\b(?:exams|gcses|a ?levels|highers|sats)\b/,
    inYear: (y) => date(y, 6, 27),
    label: 'after the exams',
  },
  // The Glasgow Fair, the second half of July.
  {
    said: /\b(?:glasgow )?fair fortnight\b|\bglasgow fair\b/,
    inYear: (y) => date(y, 7, 15),
    label: 'by the Fair',
  },
  // Days set by Easter: Shrove Tuesday, Mothering Sunday, Good Friday.
  {
    said: /\b(?:pancake day|shrove tuesday)\b/,
    inYear: (y) => easterSunday(y).minus({ days: 47 }),
    label: 'by Pancake Day',
  },
  {
    said: /\b(?:mothering sunday|mother'?s day)\b/,
    inYear: (y) => easterSunday(y).minus({ days: 21 }),
    label: "by Mother's Day",
  },
  { said: /\bgood friday\b/, inYear: (y) => easterSunday(y).minus({ days: 2 }), label: 'by Good Friday' },
  // Father's Day, the third Sunday of June.
  {
    said: /\bfather'?s day\b/,
    inYear: (y) => date(y, 6, 1).plus({ days: ((7 - date(y, 6, 1).weekday) % 7) + 14 }),
    label: "by Father's Day",
  },
  // Schools in England break for a week at half-term: mid February, the spring bank holiday's
  // week at the end of May, and the last week of October.
  {
    said: /\b(?:february|feb|spring) half ?terms?\b/,
    inYear: (y) => firstMonday(y, 2).plus({ days: 14 }),
    label: 'by February half-term',
  },
  {
    said: /\b(?:may|whitsun|whit|summer) half ?terms?\b/,
    inYear: (y) => lastMonday(y, 5),
    label: 'by May half-term',
  },
  {
    said: /\b(?:october|autumn) half ?terms?\b/,
    inYear: (y) => lastMonday(y, 10),
    label: 'by October half-term',
  },
  {
    said: /\b(?:bonfire|fireworks?|guy fawkes) night\b|\bguy fawkes\b|\b(?:5th|fifth) of november\b/,
    inYear: (y) => date(y, 11, 5),
    label: 'by Bonfire Night',
  },
  { said: /\bhallowe'?en\b/, inYear: (y) => date(y, 10, 31), label: 'by Halloween' },
  // Midsummer Day, the quarter day of the old calendar.
  { said: /\bmid ?summer(?:'s)?(?: day| eve)?\b/, inYear: (y) => date(y, 6, 24), label: 'by Midsummer' },
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

/**
 * "next april" said in April: the month a year on, as this one is already under way. So too its
 * own ("next april's"), the apostrophe often lost ("next aprils").
 */
function nextMonthNamed(s: string, month: number, today: DateTime): boolean {
  const name = MONTH_LABELS[month - 1]?.toLowerCase() ?? '';
  return today.month === month && new RegExp(String.raw`\bnext ${name}(?:'?s)?\b`).test(s);
}

/** "by half-term": the next of the three, February's, May's or October's. */
function nextHalfTerm(today: DateTime): TimelineTarget {
  const inYear = (y: number): DateTime[] => [
    firstMonday(y, 2).plus({ days: 14 }),
    lastMonday(y, 5),
    lastMonday(y, 10),
  ];
  const next = [...inYear(today.year), ...inYear(today.year + 1)].find((d) => d >= today) ?? today;
  return { date: next, label: 'by half-term' };
}

/** The last Monday of a month: the late May and August bank holidays. */
function lastMonday(year: number, month: number): DateTime {
  const last = date(year, month, 1).endOf('month').startOf('day');
  return last.minus({ days: (last.weekday + 6) % 7 });
}

/** The first Monday of a month: the early May bank holiday. */
function firstMonday(year: number, month: number): DateTime {
  const first = date(year, month, 1);
  return first.plus({ days: (8 - first.weekday) % 7 });
}

/**
 * "by the bank holiday", "before the next bank holiday": the next of England's bank holidays,
 * Easter Monday and Christmas Day among them.
 */
function nextBankHoliday(today: DateTime): TimelineTarget {
  const inYear = (y: number): DateTime[] => [
    date(y, 1, 1),
    easterSunday(y).minus({ days: 2 }),
    easterSunday(y).plus({ days: 1 }),
    firstMonday(y, 5),
    lastMonday(y, 5),
    lastMonday(y, 8),
    date(y, 12, 25),
    date(y, 12, 26),
  ];
  const next = [...inYear(today.year), ...inYear(today.year + 1)].find((d) => d >= today) ?? today;
  return { date: next, label: 'by the bank holiday' };
}

function findNamedDay(s: string, today: DateTime): TimelineTarget | null {
  const year = today.year;
  const upcoming = A_YEAR_ON.test(s)
    ? (from: DateTime, inYear: (y: number) => DateTime, label: string): TimelineTarget => ({
        date: inYear(from.year + 1),
        label: `${label} next year`,
      })
    : nextOccurrence;
  // The financial year is the tax year to most callers; "next april" said in April is a year on.
  if (/\b(?:tax|financial) year\b/.test(s))
    return nextMonthNamed(s, 4, today)
      ? { date: date(today.year + 1, 4, 5), label: 'by the end of the tax year next year' }
      : upcoming(today, (y) => date(y, 4, 5), 'by the end of the tax year');
  // "after christmas", "not till after xmas": the new year, some way into January.
  if (/\bafter (?:the )?(?:christmas|xmas)\b/.test(s))
    return upcoming(today, (y) => date(y + 1, 1, 15), 'after Christmas');
  if (/\bchristmas\b|\bxmas\b/.test(s)) return upcoming(today, (y) => date(y, 12, 25), 'by Christmas');
  // "in the new year", "after new year": some way into January, as "in june" is its middle.
  if (/\b(?:in|into|after|early in) (?:the )?new year\b/.test(s))
    return upcoming(today, (y) => date(y + 1, 1, 15), 'in the new year');
  if (/\bnew year\b|\bturn of the year\b/.test(s))
    return withSpan(
      upcoming(today, (y) => date(y + 1, 1, 1), 'by the new year'),
      -31,
      60,
    );
  // "before the kids go back to school": the new school year, early in September.
  // "when the school year starts", "after the summer holidays": the schools go back then too.
  if (
    /\b(?:back to school|new school year|school (?:year |term )?(?:starts|begins|goes back)|schools? go(?:es)? back|start of (?:the )?(?:school year|term)|after the (?:summer |school )?(?:holidays|hols))\b/.test(
      s,
    )
  )
    return upcoming(today, (y) => date(y, 9, 1), 'by the new school year');
  const occasion = OCCASIONS.find((o) => o.said.test(s));
  if (occasion !== undefined) return upcoming(today, occasion.inYear, occasion.label);
  // "not this year": the year after this one.
  if (/\bnot (?:this|till next|until next) year\b/.test(s))
    return { date: date(year + 1, 1, 1), label: 'next year' };
  if (/\beaster\b/.test(s)) return upcoming(today, easterSunday, 'by Easter');
  if (/\bbank holiday\b/.test(s)) return nextBankHoliday(today);
  if (/\bhalf ?terms?\b/.test(s)) return nextHalfTerm(today);
  const yearPart = findYearPart(s, today);
  if (yearPart !== null) return withSpan(yearPart, -100, 31);
  if (/\bnext year\b/.test(s) && !MONTH_NEXT_YEAR.test(s) && !SEASON_NEXT_YEAR.test(s))
    return {
      date: date(year + 1, 1, 1),
      label: 'next year',
      span: { from: date(year + 1, 1, 1), to: date(year + 1, 12, 31) },
    };
  if (/\bend of (?:the |this )?month\b/.test(s))
    return { date: today.endOf('month').startOf('day'), label: 'by the end of the month' };
  if (/\bnext month\b/.test(s)) return nextMonth(s, today);
  const season =
    /\b(end of |by |before |not (?:till|until|before) |after |(?:past|through|throughout|over) )?(?:the |this |next )?(spring|summer|autumn|fall|winter)\b((?:'s|s| is) (?:out|over|done|gone|finished)\b)?/.exec(
      s,
    );
  if (season?.[2] !== undefined) {
    const starts: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };
    const month = starts[season[2]] ?? 6;
    // "not past the summer", "over the summer", "before the summer's out": the whole season is
    // given, so the sale is due by its last day.
    const atEnd = season[1] === 'end of ' || SEASON_THROUGH.test(season[1] ?? '') || season[3] !== undefined;
    // "not till the autumn": some way into it, not its first day; "after the summer": once it ends.
    const within = season[1]?.startsWith('not') === true;
    const after = season[1] === 'after ';
    const name = season[2] === 'fall' ? 'autumn' : season[2];
    // Said in the season itself ("sometime in the spring", in April), it is this one, by its end.
    const current = seasonInProgress(today, month);
    if (
      current !== null &&
      !/\bnext (?:spring|summer|autumn|fall|winter)\b/.test(s) &&
      !SEASON_NEXT_YEAR.test(s)
    )
      return { date: current, label: `by the end of ${name}`, span: { from: asUtcDay(today), to: current } };
    const label = `${atEnd ? 'by the end of' : within ? 'in the' : after ? 'after the' : 'by'} ${name}`;
    const stretch = upcoming(
      today,
      (y) =>
        atEnd || after
          ? date(y, month, 1)
              .plus({ months: 3 })
              .minus({ days: after ? 0 : 1 })
          : within
            ? date(y, month, 1).plus({ weeks: 6 })
            : date(y, month, 1),
      label,
    );
    // "the back end of the summer" is already a day: a month said after it only says it again.
    return atEnd ? stretch : withSpan(stretch, 0, 92);
  }
  return null;
}

/** Words that give a season whole: "past the summer", "through the winter", "over the summer". */
const SEASON_THROUGH = /^(?:past|through|throughout|over) $/;

/** A season, of the stretches of the year. */
const SEASON = /^(?:spring|summer|autumn|fall|winter)$/;

/**
 * "end of october, before the winter", "the autumn, september, october time, i'm away all
 * summer": a month said anywhere beside a season, and not after its end, is the sharper answer;
 * the season only says it again loosely, and a later season is one the caller is away in or
 * wants to be done before. (A month said before "next year" is about something else.)
 */
function monthBesideSeason(normalised: string, span: Span, today: DateTime): TimelineTarget | null {
  const month = findMonth(normalised, today);
  return month !== null && month.date <= span.to ? month : null;
}

/**
 * "next month" read as a month's name is: "end of next month" its last day, "by next month" its
 * first, and "next month sometime" its middle.
 */
function nextMonth(s: string, today: DateTime): TimelineTarget {
  const first = today.plus({ months: 1 }).startOf('month').startOf('day');
  if (/\bend of next month\b/.test(s))
    return { date: first.endOf('month').startOf('day'), label: 'by the end of next month' };
  if (/\b(?:by|before|till|until) next month\b/.test(s)) return { date: first, label: 'by next month' };
  return { date: first.set({ day: 15 }), label: 'next month' };
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
