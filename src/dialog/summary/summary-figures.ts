/**
 * The scans of a model's summary for things written in digits (check-model-summary.ts): sort
 * codes, phone and account numbers, postcodes, scores, sums of money, times, dates and, last,
 * any figure at all. Each must be one the record holds, or the summary is refused.
 */
import { parseSpokenNumber } from '../extractors/index.js';
import { nationalDigits } from './summary-record.js';
import { judge, numberOf, refuse, type Scan, type SummaryFlaw } from './summary-scan.js';

const SORT_CODE = /(?<!\d)\d{2} ?[-. ] ?\d{2} ?[-. ] ?\d{2}(?!\d)/;
/** Seven digits or more, grouped by spaces, hyphens or brackets; shorter runs are figures. */
const DIGIT_RUN = /(?<![\w£$€.,/+])\+?\(?\d[\d() -]{5,}\d(?![\w%/])/g;
const POSTCODE = /\b[a-z]{1,2}\d[a-z\d]?(?: ?\d[a-z]{2})?\b/g;

export function judgeDigitRuns(scan: Scan): SummaryFlaw | null {
  if (refuse(scan, [SORT_CODE], 'account') !== null) return 'account';
  return judge(scan, DIGIT_RUN, 'phone', (m) => {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length < 7) return null;
    if (scan.record.phones.includes(nationalDigits(m[0]))) return true;
    return /^[+(0]/.test(m[0]) || digits.length >= 10 ? 'phone' : 'account';
  });
}

export function judgePostcodes(scan: Scan): SummaryFlaw | null {
  return judge(scan, POSTCODE, 'postcode', (m) =>
    scan.record.postcodes.includes(m[0].replace(/ /g, '').toUpperCase()),
  );
}

const OUT_OF = /(?<![\da-z.])(\d+) ?(?:\/|out of) ?(\d+)(?: ?\/ ?(\d+))?(?![\da-z])/g;
const SCORE_WORD = /\bscor(?:e|es|ed|ing)\b[\s:=-]*(?:of |is |was |at |to )?(\d+)(?![\d.,]?\d)/g;
const PERCENT = /(?<![\d.,])(\d+(?:\.\d+)?) ?(?:%|(?:percent|per cent|points?|pts)\b)/g;

export function judgeScores(scan: Scan): SummaryFlaw | null {
  const { score, booking } = scan.record;
  const isScore = (n: string) => score !== null && numberOf(n) === score;
  return (
    judge(scan, OUT_OF, 'score', ([, a = '', b = '', c]) => {
      if (b === '100' && c === undefined) return isScore(a);
      // "25/11" is a date, which only the booking may hold.
      const year = c === undefined || [booking?.year, (booking?.year ?? 0) % 100].includes(numberOf(c));
      const onBooking =
        booking !== null && numberOf(a) === booking.day && numberOf(b) === booking.monthOfYear;
      if (onBooking && year) return true;
      return c !== undefined || (numberOf(b) <= 12 && b !== '10') ? 'date' : 'score';
    }) ??
    judge(scan, SCORE_WORD, 'score', ([, n = '']) => isScore(n)) ??
    judge(scan, PERCENT, 'score', ([, n = '']) => isScore(n))
  );
}

const OTHER_MONEY = [/[$€¥₿]/, /\b(?:dollars?|euros?|usd|eur|btc|usdt|bitcoin)\b/];
const SCALE = '(k|m|mn|bn|grand|thousand|million|billion)';
const AMOUNT = '(\\d+(?:,\\d{3})*(?:\\.\\d+)?)';
const POUNDS = new RegExp(`£ ?${AMOUNT} ?${SCALE}?(?![a-z\\d])`, 'g');
const POUNDS_AFTER = new RegExp(`(?<![\\w.,])${AMOUNT} ?${SCALE}? ?(?:pounds?|quid|gbp|sterling)\\b`, 'g');
const SCALED = new RegExp(
  `(?<![\\w.,])${AMOUNT}(?: ?(k|grand|thousand|million|mil|bn|billion)|(m|mn))\\b`,
  'g',
);
const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  grand: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mil: 1e6,
  million: 1e6,
  bn: 1e9,
  billion: 1e9,
};

export function judgeMoney(scan: Scan): SummaryFlaw | null {
  if (refuse(scan, OTHER_MONEY, 'money') !== null) return 'money';
  const held = ([, amount = '', scale, shortScale]: RegExpExecArray) => {
    const multiplier = MULTIPLIERS[scale ?? shortScale ?? ''] ?? 1;
    return scan.record.amounts.includes(Math.round(numberOf(amount) * multiplier));
  };
  return (
    judge(scan, POUNDS, 'money', held) ??
    judge(scan, POUNDS_AFTER, 'money', held) ??
    judge(scan, SCALED, 'money', held)
  );
}

const CLOCK_12 = /(?<![\d.,:])(\d{1,2})(?:[:.](\d{2}))? ?([ap])\.?m\b\.?/g;
const CLOCK_24 = /(?<![\d.,:£])(\d{1,2})[:.](\d{2})(?![\d.:]?\d)/g;
const NAMED_TIME = /\b(noon|midday|midnight)\b/g;
const O_CLOCK = /\b([a-z]+|\d{1,2}) ?o' ?clock\b/g;

export function judgeTimes(scan: Scan): SummaryFlaw | null {
  const times = scan.record.booking?.times ?? [];
  const at = (hour: number, minutes: string) => times.includes(`${String(hour).padStart(2, '0')}:${minutes}`);
  return (
    judge(scan, CLOCK_12, 'time', ([, h = '', m = '00', half]) => {
      const hour = Number(h);
      return hour >= 1 && hour <= 12 && at((hour % 12) + (half === 'p' ? 12 : 0), m);
    }) ??
    judge(scan, CLOCK_24, 'time', ([, h = '', m = '']) => at(Number(h), m) || at(Number(h) + 12, m)) ??
    judge(scan, NAMED_TIME, 'time', ([, name]) => at(name === 'midnight' ? 0 : 12, '00')) ??
    judge(scan, O_CLOCK, 'time', ([, h = '']) => {
      const hour = /^\d+$/.test(h) ? Number(h) : parseSpokenNumber(h);
      return hour !== null && times.some((t) => [hour, hour + 12].includes(Number(t.slice(0, 2))));
    })
  );
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/g;
/** Short names and the months that are also words ("may", "march") count next to a number only. */
const WEEKDAY_SHORT = /\b(mon|tues?|wed|thu|thurs?|fri|sat|sun)\b\.?(?=,? \d)/g;
const MONTH = /\b(january|february|april|june|july|august|september|october|november|december)\b/g;
const MONTH_SHORT =
  /(?<=\d(?:st|nd|rd|th)?(?: of)? )(jan|feb|mar|march|apr|may|jun|jul|aug|sept?|oct|nov|dec)\b\.?|\b(jan|feb|mar|march|apr|may|jun|jul|aug|sept?|oct|nov|dec)\b\.?(?= \d)/g;
const RELATIVE_DAY =
  /\b(?:today|tonight|tomorrow|yesterday|weekend|(?:this|next|last) (?:week|month|year|morning|afternoon|evening)|christmas|xmas|easter|new year|summer|spring|autumn|winter|bank holiday)\b/g;

export function judgeDates(scan: Scan): SummaryFlaw | null {
  const { booking, dateWords } = scan.record;
  const said = (words: string) => dateWords.includes(words);
  const weekday = (short: string) => WEEKDAYS.find((d) => d.startsWith(short)) ?? short;
  const month = (short: string) => MONTHS.find((d) => d.startsWith(short)) ?? short;
  return (
    judge(scan, WEEKDAY, 'date', ([, d = '']) => booking?.weekday === d || said(d)) ??
    judge(scan, WEEKDAY_SHORT, 'date', ([, d = '']) => booking?.weekday === weekday(d)) ??
    judge(scan, MONTH, 'date', ([, m = '']) => booking?.month === m || said(m)) ??
    judge(scan, MONTH_SHORT, 'date', ([, a, b]) => {
      const m = month(a ?? b ?? '');
      return booking?.month === m || said(m);
    }) ??
    judge(scan, RELATIVE_DAY, 'date', ([words]) => said(words))
  );
}

const FIGURE = /(?<!\d)(\d+(?:,\d{3})*(?:\.\d+)?)(?:st|nd|rd|th|s)?(?!\d)/g;

/** Last of the digit scans: any figure left must be one the record holds, and no digit may be left over. */
export function judgeFigures(scan: Scan): SummaryFlaw | null {
  const flaw = judge(scan, FIGURE, 'figure', ([, n = '']) => scan.record.figures.includes(numberOf(n)));
  return flaw ?? (/\d/.test(scan.text) ? 'figure' : null);
}
