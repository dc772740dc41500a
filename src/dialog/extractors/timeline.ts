/**
 * How soon the caller wants to sell: "as soon as possible", "within a month", "next few
 * weeks", "in three months", "no rush", "by christmas". Durations become a number of weeks so
 * the scoring can compare any two answers.
 */
import { DateTime } from 'luxon';
import { normaliseUtterance, tokenise } from './normalise.js';
import { scanNumberAt } from './numbers.js';
import { findAssertedMatches, phraseRule } from './phrases.js';
import { timelineClauses, withoutTenancyDates } from './timeline-clauses.js';
import { asUtcDay, findTimelineTarget } from './timeline-targets.js';

export type TimelineKind = 'asap' | 'weeks' | 'months' | 'flexible';

export interface ExtractedTimeline {
  kind: TimelineKind;
  /** Weeks from now until the deadline, rounded up; absent for "asap" and "flexible". */
  weeks?: number;
  /** A short description for read-back and summaries: "within 3 months". */
  label: string;
}

/** How pressed the caller is: soon is a wish for speed, asap a need. */
type Urgency = 'asap' | 'soon' | 'flexible';

const URGENCY_RULES = [
  phraseRule<Urgency>(
    'flexible',
    [
      'no (?:rush|hurry|urgency|deadline|time ?frame|real rush)',
      'not (?:in )?(?:a|any) (?:rush|hurry)',
      'in no (?:rush|hurry)',
      "(?:not|isn't|isnt) urgent",
      "(?:not|isn't) (?:a )?(?:massive |huge |big )?(?:rush|hurry|priority)",
      "(?:don't|do not) (?:mind|need to rush)",
      'no (?:pressure|time limit)',
      '(?:i|we) (?:can|could) (?:always )?wait',
      "(?:not|haven't|havent|never) (?:really |properly |even )?thought about (?:it|that|timing|when)",
    ],
    false,
  ),
  // A wish for speed without a time: a deadline said alongside it is the better answer.
  phraseRule<Urgency>('soon', [
    '(?:as )?(?:quick|soon|fast) as (?:you like|really)',
    'sharpish',
    'pronto',
    '(?:the )?(?:quicker|faster) the better',
    '(?:just |i |we )?(?:want|need) (?:it )?(?:gone|off my hands|off our hands)',
    '(?:want|wants|need) (?:to be )?rid(?: of it)?',
    // "fairly quick, within a couple of months": a wish for speed; a deadline beside it is the answer.
    '(?:pretty|fairly|really|very|proper|dead|real) (?:quick|quickly|soon|fast|sharpish)',
  ]),
  phraseRule<Urgency>('asap', [
    '(?:as )?soon as (?:possible|we can|i can|poss|humanly possible)',
    'asap',
    // "soon as", the rest of "as soon as possible" unsaid.
    '(?:as )?soon as$',
    '(?:as )?(?:quick|quickly|fast|soon) as (?:possible|we can|i can|poss|you can)',
    'sooner rather than later',
    '(?:need|want|needs|have|has) (?:it |to be )?(?:gone|sold|done) (?:quick|quickly|fast|soon|now|asap)',
    'in a (?:hurry|rush)',
    // "now really", "now ideally": the whole answer is "now".
    '^(?:(?:er|erm|um|well|oh|honestly|like) )*(?:right )?now(?: (?:really|ideally|please|if possible|if poss|basically|to be honest))?$',
    "(?:i'm|we're|im|i am|we are) in a rush",
    'no time to (?:waste|lose)',
    'straight away',
    'right away',
    'right now',
    'immediately',
    'urgent(?:ly)?',
    'quick(?:ly)? sale',
    'quickly',
    '(?:sell|sold|move|moving|gone|go) (?:it |on )?(?:quick|fast)',
    'the sooner the better',
    // "i wanted it sold yesterday", "yesterday ideally"; not "i rang yesterday".
    '^(?:er |erm |um |well |oh |honestly )?yesterday',
    'yesterday (?:ideally|preferably|really|if (?:i|we|you) could|if possible|if poss|would be (?:good|nice|great|ideal))',
    '(?:sold|gone|done|out|moved|finished|it|ideally|preferably|like|wanted|needed) yesterday',
    'desperate(?:ly)?',
  ]),
  phraseRule<Urgency>('flexible', [
    'flexible',
    'whenever',
    'any ?time',
    'not fussed',
    'testing the waters?',
    "seeing what (?:it's|its|it is|it'd|it would be) worth",
    'just (?:exploring|looking|curious|enquiring|seeing)',
    'no particular (?:time|date|rush)',
    'take (?:our|my) time',
    'when (?:the|a) right (?:offer|buyer|price|time)',
    'right (?:offer|price) comes? (?:along|in)?',
    '(?:depends|depending) on the (?:offer|price)',
    'when the time is right',
    'in (?:my|our) own time',
    'whenever suits',
    'open to offers on timing',
    'not in a hurry',
    'as and when',
    // "when i find somewhere to go", "depends if we find a place": no date of their own.
    "(?:when|once|as soon as|after|if) (?:i|we)(?:'ve| have)? (?:find|found|get|got|sort|sorted) (?:somewhere|a place|something|a new (?:place|house|home))",
    '(?:depends|depending) (?:if|on|whether) (?:i|we) (?:find|get|can find)',
    'not for a (?:while|bit|good while)(?: yet)?',
    '(?:getting|get) a feel for (?:prices|the market|what)',
    // "there's no timescale really", "no set date", "no deadline as such".
    'no (?:real |particular |set |fixed |actual )?(?:timescale|time ?scale|time ?frame|timeline|deadline|date|time limit)s?',
  ]),
];

const UNIT_WEEKS: ReadonlyMap<string, number> = new Map([
  ['day', 1 / 7],
  ['days', 1 / 7],
  ['week', 1],
  ['weeks', 1],
  ['wk', 1],
  ['wks', 1],
  ['fortnight', 2],
  ['fortnights', 2],
  ['month', 52 / 12],
  ['months', 52 / 12],
  ['year', 52],
  ['years', 52],
  ['quarter', 13],
  ['quarters', 13],
]);

/** Vague quantities people use instead of numbers. */
const VAGUE_COUNTS: readonly [RegExp, number][] = [
  [/^a couple(?: of)?$/, 2],
  [/^couple(?: of)?$/, 2],
  [/^a few$|^few$/, 3],
  [/^several$/, 4],
  // "half a year", "half a month": the half of one.
  [/^half an?$/, 0.5],
  // "within the next half year".
  [/^half$/, 0.5],
  [/^a$|^an$|^one$/, 1],
];

/** The caller's timeline, or null when they said nothing about timing. */
/**
 * A question about the agent's side: "how quickly could you complete?", "how long does it take
 * you to buy". Only the question goes; recognisers seldom stop a sentence, so the caller's own
 * answer may follow it in the same breath ("how fast can you do it we'd want it in 6 weeks").
 */
const QUESTION_TO_AGENT =
  /\b(?:how (?:quick(?:ly)?|soon|fast|long)|what(?:'s| is) your (?:timescale|timeline|time frame)) (?:(?:can|could|would|will|do|does|did|is|are) )?(?:you|yous|ye|it take you|it take|that take)?(?: (?:complete|completing|buy|buying|do|move|pay|sort|go|take|it|the|sale|purchase|normally|usually|typically|complete on it)){0,3}\b\??/gi;

export interface TimelineOptions {
  /**
   * How the words came: asked "how soon?" (a tenancy's end is then the answer, "when the lease
   * ends"), or volunteered while another question was put (only a clause about the sale or the
   * move counts). Unset, a reading of words alone: every clause but a tenancy's dates.
   */
  said?: 'asked' | 'volunteered';
}

export function extractTimeline(
  text: string,
  now: Date,
  zone = 'Europe/London',
  options: TimelineOptions = {},
): ExtractedTimeline | null {
  // A question to the agent ("how quickly could you complete?") says nothing of the caller's own
  // timeline: what was asked is left out, and what was said around it is read.
  const said = text.replace(QUESTION_TO_AGENT, ' ');
  const normalised =
    options.said === 'asked'
      ? normaliseUtterance(said)
      : options.said === 'volunteered'
        ? timelineClauses(said)
        : withoutTenancyDates(normaliseUtterance(said));
  return correctedTimeline(normalised, now, zone) ?? timelineIn(normalised, now, zone);
}

/** Words with which a caller takes back what they just said: "three months, actually sooner, a month". */
const TAKEN_BACK = /\b(?:actually|no sorry|sorry|or rather|no wait)\b/g;

/** The timeline said after the caller put right one they had given in the same breath. */
function correctedTimeline(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  // The last few markers only: each look reads the whole turn, and a turn may hold hundreds.
  const markers = [...normalised.matchAll(TAKEN_BACK)].slice(-3).reverse();
  for (const m of markers) {
    const at = m.index ?? 0;
    if (timelineIn(normalised.slice(0, at), now, zone) === null) continue;
    const later = timelineIn(normalised.slice(at + m[0].length), now, zone);
    if (later !== null) return later;
  }
  return null;
}

function timelineIn(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const urgency = findAssertedMatches(normalised, URGENCY_RULES)[0]?.value;
  if (urgency === 'asap') return { kind: 'asap', label: 'as soon as possible' };
  const duration = findDuration(tokenise(normalised));
  if (duration !== null) return duration;
  if (WITHIN_A_YEAR.test(normalised)) return { kind: 'months', weeks: 52, label: 'within 12 months' };
  if (WITHIN_A_MONTH.test(normalised)) return { kind: 'weeks', weeks: 4, label: 'within a month' };
  const today = DateTime.fromJSDate(now, { zone });
  // Dates of things that already happened ("she passed in the summer") are not deadlines.
  const ahead = forwardClauses(normalised);
  if (/\bthis week\b/.test(ahead)) return { kind: 'weeks', weeks: 1, label: 'this week' };
  if (/\bnext week\b/.test(ahead)) return { kind: 'weeks', weeks: 2, label: 'next week' };
  const target = findTimelineTarget(ahead, today);
  if (target !== null) {
    const days = target.date.diff(asUtcDay(today), 'days').days;
    const weeks = Math.max(1, Math.ceil(days / 7));
    // The weeks go in the label too, so a stored label can be re-scored without the call date.
    const label = `${target.label} (about ${weeks} week${weeks === 1 ? '' : 's'})`;
    return { kind: weeks <= 8 ? 'weeks' : 'months', weeks, label };
  }
  if (urgency === 'soon') return { kind: 'asap', label: 'as soon as possible' };
  return urgency === 'flexible' ? { kind: 'flexible', label: 'flexible, no fixed date' } : null;
}

const WITHIN_A_YEAR =
  /\b(?:within|in|inside|under|over|during) (?:the|a|this|the next|the coming|twelve|12) (?:year|12 months|twelve months)\b|(?<!\bnot )\bthis (?:calendar )?year\b|\bthe next (?:year|12 months|twelve months)\b|\bnext year or so\b/;
const WITHIN_A_MONTH = /\b(?:within|in|inside) (?:the|a|this) month\b|\bthis month\b/;

/** Words of a clause about something already done: its dates are history, not a deadline. */
const PAST_EVENT =
  /\b(?:passed|died|bought|was|were|happened|lost|since|last|ago|had|did|went|moved|inherited|got divorced|split up|left)\b/;
/** Words that keep a clause about the sale even when it has a past verb ("had hoped to sell by june"). */
const SALE_WORDS =
  /\b(?:sell|sold|selling|sale|move|moving|complete|completion|gone|by|before|ideally|hoping|want|need|like)\b/;

/**
 * When something already happened, with its date: "she passed away in march", "we bought it in
 * 2019", "moved out over the summer". The date is history even in a clause about selling.
 */
const DATED_PAST_EVENT =
  /\b(?:passed(?: away| on)?|died|bought (?:it|the house|the place|the property)|inherited (?:it|the house|the place)|moved (?:out|in|away)|lost (?:him|her|them|my [a-z]+)|split up|got divorced|separated|went into (?:a )?(?:care|home|hospital))(?: (?:back|earlier|late|early))? (?:in|on|during|over|at|around|last|back in) (?:the )?[a-z0-9]+(?: [a-z0-9]+)?/g;

/** The clauses that may name a deadline: those not about something already done. */
function forwardClauses(normalised: string): string {
  return normalised
    .replace(DATED_PAST_EVENT, ' , ')
    .split(/\b(?:and|but|so|because|cos|which|then)\b/)
    .filter((clause) => !PAST_EVENT.test(clause) || SALE_WORDS.test(clause))
    .join(' , ');
}

/** "within 3 months", "6 to 8 weeks", "a month or two", "next few weeks": the longest end counts. */
function findDuration(tokens: readonly string[]): ExtractedTimeline | null {
  for (let i = 0; i < tokens.length; i++) {
    const count = readCount(tokens, i);
    // "£1,800 a year", "650 a month": a rate, not a time to sell in.
    if (count === null || isRate(tokens, i)) continue;
    let { value, end } = count;
    // "six to eight weeks", "two or three months": take the upper end.
    if (/^(?:to|or|and)$/.test(tokens[end] ?? '')) {
      const upper = readCount(tokens, end + 1);
      if (upper !== null && UNIT_WEEKS.has(tokens[upper.end] ?? '')) ({ value, end } = upper);
    }
    const unit = tokens[end] ?? '';
    const perUnit = UNIT_WEEKS.get(unit);
    if (perUnit === undefined) continue;
    if (isPastDuration(tokens, i, end)) {
      // Its own words are history too: "thirty seven years" is not also "seven years".
      i = end;
      continue;
    }
    // "a month or two": the second number uses the same unit.
    const orMore = tokens[end + 1] === 'or' ? scanNumberAt(tokens, end + 2) : null;
    if (orMore !== null && orMore.value > value) value = orMore.value;
    // Days round up to whole weeks; months are 52/12 weeks, so "3 months" is 13 weeks.
    const raw = value * perUnit;
    const weeks = Math.max(1, unit.startsWith('day') ? Math.ceil(raw - 1e-9) : Math.round(raw));
    const byMonth = unit.startsWith('month') || unit.startsWith('year');
    const unitLabel = byMonth
      ? unit.startsWith('year')
        ? 'year'
        : 'month'
      : unit.startsWith('day')
        ? 'day'
        : 'week';
    // A quarter or half a year is said in months: "within 3 months", "within 6 months".
    if (unit.startsWith('quarter') || (unit.startsWith('year') && !Number.isInteger(value))) {
      const months = value * (unit.startsWith('quarter') ? 3 : 12);
      return { kind: 'months', weeks, label: `within ${months} month${months === 1 ? '' : 's'}` };
    }
    const shown = unit.startsWith('fortnight') ? value * 2 : value;
    const label = `within ${shown} ${unit.startsWith('fortnight') ? 'week' : unitLabel}${shown === 1 ? '' : 's'}`;
    return { kind: byMonth ? 'months' : 'weeks', weeks, label };
  }
  return null;
}

function readCount(tokens: readonly string[], i: number): { value: number; end: number } | null {
  for (const [pattern, value] of VAGUE_COUNTS) {
    for (const width of [2, 1]) {
      const phrase = tokens.slice(i, i + width).join(' ');
      if (width <= tokens.length - i && pattern.test(phrase)) {
        const end = i + width;
        if (tokens[end] === 'of') return { value, end: end + 1 };
        if (UNIT_WEEKS.has(tokens[end] ?? '') || /^(?:to|or)$/.test(tokens[end] ?? '')) return { value, end };
      }
    }
  }
  // "within the next fortnight", "over the next month or two": one of the unit.
  // ("the next year" has its own reading, within 12 months.)
  // ("next week" alone is a date, the end of next week: timeline-targets.ts.)
  if (
    tokens[i - 1] === 'the' &&
    tokens[i] === 'next' &&
    /^(?:day|week|fortnight|month|quarter)$/.test(tokens[i + 1] ?? '')
  )
    return { value: 1, end: i + 1 };
  const span = scanNumberAt(tokens, i);
  return span === null ? null : { value: span.value, end: span.end };
}

function isRate(tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1] ?? '';
  return (
    /^(?:a|an|per|every|each)$/.test(tokens[i] ?? '') && /^(?:£?\d[\d,.]*|k|grand|pounds|quid)$/.test(before)
  );
}

/**
 * "been empty for six months", "three weeks ago", "4 months behind", "two years old": time
 * already gone, or a count of something else, not a deadline.
 */
function isPastDuration(tokens: readonly string[], start: number, unitIndex: number): boolean {
  const before = tokens.slice(Math.max(0, start - 3), start).join(' ');
  const after = tokens.slice(unitIndex + 1, unitIndex + 3).join(' ');
  return (
    /\b(?:for|last|past|been|since|market)$|\bfor the (?:last|past)$|\bbeen\b/.test(before) ||
    // "lived there 39 years", "had it twenty years", "on a twelve month contract".
    /\b(?:lived|living|owned|had|rented|let)(?: (?:there|here|it|in it|in there|the house|the place))?$|\bon an?$/.test(
      before,
    ) ||
    /^(?:ago|old|left|behind|in arrears|of arrears|arrears|overdue|late|on the market|empty|vacant|tenanted|running|back|contract|tenancy|lease|agreement|fixed term)\b/.test(
      after,
    )
  );
}
