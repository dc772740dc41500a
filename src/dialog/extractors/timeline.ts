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

/** "humanly", "is physically": stress on "as soon as possible" that changes nothing. */
const STRESSED = '(?:is )?(?:(?:humanly|physically|reasonably|realistically) )?';
/** At once: what "it needs to go ..." ends with when the caller is pressed. */
const AT_ONCE = '(?:now|asap|quick|quickly|fast|straight away|right away|immediately|pronto)\\b';
/** Fillers and openers before the first word of an answer. */
const OPENING = '(?:(?:er|erm|um|uh|well|oh|honestly|right|so|ideally) )*';
/**
 * A day in the next few: "today", "tonight", "tomorrow", "the weekend", "the end of the week",
 * "friday" (not "friday week", a week later).
 */
const NEAR_DAY =
  '(?:today|tonight|tomorrow|the day after tomorrow|(?:the|this) weekend|(?:the )?end of (?:the|this) week|(?:this )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?! week))\\b';
/** A day said as a wish: "tomorrow ideally", "the weekend if that's even possible". */
const IF_IT_COULD_BE =
  "(?:ideally|preferably|really|please|if (?:i|we|you) (?:could|can)|if possible|if poss|if (?:that's|thats|that is|it's|its) (?:even )?possible|would be (?:good|nice|great|ideal))";
/** What a buyer pays: "depends on the offer", "depends what you offer me", "how much we get". */
const ON_THE_MONEY =
  '(?:offer|offers|price|money|figure|number|(?:what|how much) (?:you|they|i|we|people|buyers?|someone) (?:offer|offers|offering|give|gives|pay|pays|get|can get|can offer|come back with))';

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
      // "no set time", "no fixed time": no date of their own.
      'no (?:set|fixed|particular|real) time',
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
    // "as soon as humanly possible", "as fast as is physically possible": the same need, stressed.
    `(?:as )?(?:soon|quick|quickly|fast) as ${STRESSED}(?:possible|poss)`,
    '(?:as )?soon as (?:we can|i can)',
    'asap',
    // "soon as", the rest of "as soon as possible" unsaid.
    '(?:as )?soon as$',
    '(?:as )?(?:quick|quickly|fast|soon) as (?:we can|i can|you can)',
    'sooner rather than later',
    '(?:need|want|needs|have|has) (?:it |to be )?(?:gone|sold|done) (?:quick|quickly|fast|soon|now|asap)',
    // "it needs to go now", "has to be sold now", "we need to sell now": the sale itself, now.
    `(?:need|needs|want|wants|have|has|got) (?:it )?to (?:go|be gone|be sold|sell(?: it| up)?|be done|move(?: out)?) ${AT_ONCE}`,
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
    // "tomorrow ideally", "by the weekend", "today!": a day this close means at once, as no sale
    // completes that quickly.
    `^${OPENING}(?:(?:by|before|for|till|until) )?${NEAR_DAY}(?: (?:really|please|then|mate|love|thanks|yeah|if poss|if possible))*$`,
    `(?:by|before|till|until) ${NEAR_DAY}`,
    `${NEAR_DAY} ${IF_IT_COULD_BE}`,
    // "sold by friday", "we'd be out tomorrow"; not "the surveyor's out tomorrow".
    `(?:sold|gone|(?:be|moved|get) out|ideally|preferably|(?:want|wanted|need|needed) it(?: done)?) (?:by )?${NEAR_DAY}`,
  ]),
  phraseRule<Urgency>('flexible', [
    'flexible',
    'whenever',
    'any ?time',
    'not fussed',
    // "i'm not bothered", "not really bothered when"; not "not bothered about the price".
    'not (?:really |that |too |overly )?bothered(?! (?:about|what|how|who|which|with|by)\\b)',
    'testing the waters?',
    "seeing what (?:it's|its|it is|it'd|it would be) worth",
    'just (?:exploring|looking|curious|enquiring|seeing)',
    'no particular (?:time|date|rush)',
    'take (?:our|my) time',
    'when (?:the|a) right (?:offer|buyer|price|time)',
    'right (?:offer|price) comes? (?:along|in)?',
    // "depends on the offer", "it depends what you offer me", "depending on how much we get".
    `(?:depends|depending) (?:on )?(?:the )?${ON_THE_MONEY}`,
    'when the time is right',
    'in (?:my|our) own time',
    'whenever suits',
    'open to offers on timing',
    'not in a hurry',
    'as and when',
    // "when i find somewhere to go", "depends if we find a place": no date of their own.
    "(?:when|once|as soon as|after|if) (?:i|we)(?:'ve| have)? (?:find|found|get|got|sort|sorted) (?:somewhere|a place|something|a new (?:place|house|home))",
    '(?:depends|depending) (?:on )?(?:if|whether|when)? ?(?:i|we) (?:find|get|can find|have found|sort)',
    'not for a (?:while|bit|good while)(?: yet)?',
    '(?:getting|get) a feel for (?:prices|the market|what)',
    // "there's no timescale really", "no set date", "no deadline as such".
    'no (?:real |particular |set |fixed |actual )?(?:timescale|time ?scale|time ?frame|timeline|deadline|date|time limit)s?',
  ]),
];

/** The most years ahead a caller plans a sale: "within five years" is a plan, "thirty years" is not. */
const MOST_YEARS_AHEAD = 10;

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
  const restarted = normalised.replace(STUTTER, '$1');
  return correctedTimeline(restarted, now, zone) ?? timelineIn(restarted, now, zone);
}

/**
 * Words the caller starts again on: "end of end of july", "depends if i i find somewhere". A
 * timeline holds no postcode, so even single letters may go (the shared normaliser keeps them);
 * "twenty twenty six" is a year, not a stutter.
 */
const STUTTER = /\b(?!twenty\b)([a-z']+(?: [a-z']+){0,2})(?: \1)+\b/g;

/**
 * Words with which a caller takes back what they just said: "three months, actually sooner, a
 * month", "six weeks, no, hang on, four", "two months, scratch that, one", "make that a fortnight".
 */
const TAKEN_BACK =
  /\b(?:actually|no sorry|sorry|or rather|no wait|(?:no )?(?:hang|hold) on|wait a (?:sec|second|minute|mo)|scratch that|make (?:that|it)|let me (?:think|rethink))\b/g;

/** The timeline said after the caller put right one they had given in the same breath. */
function correctedTimeline(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  // The last few markers only: each look reads the whole turn, and a turn may hold hundreds.
  const markers = [...normalised.matchAll(TAKEN_BACK)].slice(-3).reverse();
  for (const m of markers) {
    const at = m.index ?? 0;
    const before = normalised.slice(0, at);
    if (timelineIn(before, now, zone) === null) continue;
    const later = timelineIn(withUnitCarried(normalised.slice(at + m[0].length), before), now, zone);
    if (later !== null) return later;
  }
  return null;
}

/**
 * "six weeks, no, hang on, four", "three months, make that two": the number put right keeps the
 * unit of the one it replaces.
 */
function withUnitCarried(later: string, before: string): string {
  const unit = tokenise(before).findLast((t) => UNIT_WEEKS.has(t));
  if (unit === undefined) return later;
  const tokens = tokenise(later.trim());
  const first = tokens.findIndex((t) => !/^(?:er|erm|um|uh|well|so)$/.test(t));
  const count = first < 0 ? null : scanNumberAt(tokens, first);
  if (count === null || UNIT_WEEKS.has(tokens[count.end] ?? '')) return later;
  return [...tokens.slice(0, count.end), unit, ...tokens.slice(count.end)].join(' ');
}

/**
 * Dates offered as guesses beside a shrug: "whenever, could be next month, could be next year",
 * "maybe june, maybe september, i'm not fussed". No one date is the caller's.
 */
const GUESSED_DATES =
  /\b(?:could|might|may) be\b.*\b(?:could|might|may) be\b|\bmaybe\b.*\bmaybe\b|\beither\b(?! way).*\bor\b/;

/**
 * The date that binds when two are given: "in the new place for christmas, so completion end of
 * november at the latest", "june ideally, september latest", "by june, no later than the 20th".
 * The marker follows its date ("at the latest") or leads it ("no later than").
 */
const LATEST_AFTER = /\b(?:at the (?:very )?latest|(?:absolute |very )?latest|at the outside)\b/;
const LATEST_BEFORE = /\b(?:no later than|(?:at the )?latest by|the latest being)\b/;
/** Where a date said beside another ends: a join, a comma, or the wish that goes with it. */
const DATE_BREAK =
  /\s*,\s*|\b(?:and|but|so|because|cos|which|though|although|or|ideally|preferably|hopefully|really|yeah|then)\b/;

/** The words of the date the caller called the latest, or null. */
function latestPart(normalised: string): string | null {
  const before = LATEST_BEFORE.exec(normalised);
  if (before !== null) return normalised.slice(before.index + before[0].length).split(DATE_BREAK)[0] ?? null;
  const after = LATEST_AFTER.exec(normalised);
  if (after === null) return null;
  return normalised.slice(0, after.index).split(DATE_BREAK).at(-1) ?? null;
}

function timelineIn(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const urgency = findAssertedMatches(normalised, URGENCY_RULES)[0]?.value;
  if (urgency === 'asap') return { kind: 'asap', label: 'as soon as possible' };
  if (urgency === 'flexible' && GUESSED_DATES.test(normalised))
    return { kind: 'flexible', label: 'flexible, no fixed date' };
  const binding = latestPart(normalised);
  const latest = binding === null ? null : datedIn(binding, now, zone);
  const dated = latest ?? datedIn(normalised, now, zone);
  if (dated !== null) return dated;
  if (urgency === 'soon') return { kind: 'asap', label: 'as soon as possible' };
  return urgency === 'flexible' ? { kind: 'flexible', label: 'flexible, no fixed date' } : null;
}

/** A duration or a date said as the deadline, or null. */
function datedIn(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const duration = findDuration(tokenise(normalised));
  if (duration !== null) return duration;
  if (WITHIN_A_YEAR.test(normalised)) return { kind: 'months', weeks: 52, label: 'within 12 months' };
  if (WITHIN_A_MONTH.test(normalised)) return { kind: 'weeks', weeks: 4, label: 'within a month' };
  const today = DateTime.fromJSDate(now, { zone });
  // Dates of things that already happened ("she passed in the summer") are not deadlines, nor
  // is when a trip is ("a fortnight away in may").
  const ahead = forwardClauses(withoutTrips(normalised));
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
  return null;
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
    // "marriage breakdown, twenty-three years": more years than anyone waits to sell in is how
    // long something lasted.
    if (isPastDuration(tokens, i, end) || (unit.startsWith('year') && value > MOST_YEARS_AHEAD)) {
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
    ) ||
    AWAY.test(tokens.slice(unitIndex + 1, unitIndex + 4).join(' '))
  );
}

/** The word after a trip's length that says when it is: "in july", "at easter", "over christmas". */
const TRIP_WHEN = /^(?:in|at|over|during|for|this|next)$/;

/**
 * The answer without its trips, length and date together: "we've got two weeks in tenerife in
 * july" and "a fortnight away in may" say when the caller is away, not when to sell.
 */
function withoutTrips(normalised: string): string {
  const tokens = tokenise(normalised);
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const count = readCount(tokens, i);
    const unit = count === null ? undefined : tokens[count.end];
    const away = count === null ? null : AWAY.exec(tokens.slice(count.end + 1, count.end + 4).join(' '));
    if (count === null || unit === undefined || !UNIT_WEEKS.has(unit) || away === null) {
      kept.push(tokens[i] ?? '');
      continue;
    }
    let end = count.end + 1 + away[0].split(' ').length;
    if (TRIP_WHEN.test(tokens[end] ?? '')) end += tokens[end + 1] === 'the' ? 3 : 2;
    kept.push(',');
    i = end - 1;
  }
  return kept.join(' ');
}

/**
 * "two weeks in tenerife", "a fortnight away", "ten days off", "a week at my sister's": the
 * length of a trip or a break, not a time to sell in. "Six weeks in an ideal world" and "a
 * month in total" stay timelines.
 */
const AWAY =
  /^(?:away|off|abroad|on holiday|on hols|holiday|in the sun|at (?:my|our|his|her|their|the) [a-z']+|in (?!(?:a|an|the|total|time|advance|all|theory|practice|reality|fairness|which|that|this|my|our|or|and|so|if|when|then|max|maximum|tops|really|ideally|hopefully|please|from|now|here|there|it)\b)[a-z]+)\b/;
