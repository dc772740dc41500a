/**
 * Corrections of something the agent took: "no i said four bedrooms", "i'm not asking three
 * million", "that's wrong it's m14 5ab", "sorry i meant 3 bedrooms", "actually it's 220 not
 * 250". The reader says which fact is corrected and which words carry the new value (the taken-
 * back value removed); the engine reads those words with the fact's own extractor. A correction
 * with no new value ("i'm not asking three million") clears the fact so it is asked again.
 */
import type { AnswerKey } from '../slots/index.js';
import { normaliseUtterance, tokenise } from './normalise.js';
import { findPostcodeSpans } from './postcode-speech.js';
import { readAmountAt, tokeniseAmounts } from './price-candidates.js';

/** Any answer but the district, which is corrected as part of the postcode. */
export type CorrectedFact = Exclude<AnswerKey, 'district'>;

export interface Correction {
  fact: CorrectedFact;
  /** The utterance without the value taken back: read it for the new value. */
  text: string;
  /** True when no new value is left: the fact is dropped and asked again. */
  cleared: boolean;
  /** The caller's words name the fact ("the house number is 21"), rather than it being inferred. */
  named: boolean;
}

/** Said at the start, these mark a correction only together with a fact or a "said"/"meant". */
const OPENERS =
  /^(?:(?:ok|okay|right|so|well|oh|yeah|erm|um) )*(?:no|nope|nah|sorry|oops|actually|wait|hang on|hold on)\b/;
const MARKERS =
  /\b(?:i said|i meant|i mean|meant to say|i didn't say|i did not say|i never said|that's wrong|that is wrong|that's not right|that isn't right|that's not what i said|not what i said|you misheard|you've got that wrong|you got that wrong|correction|i'm not asking|i am not asking|i'm not looking for|it's actually|it is actually|my mistake|my bad|my fault|i made a mistake|i got (?:that|it) wrong|i gave you the wrong|wrong one)\b/;

/** Words that name a fact, in the order they are tried. */
const NAMED: readonly [CorrectedFact, RegExp][] = [
  ['postcode', /\bpost ?code\b/],
  ['bedrooms', /\b(?:bed(?:room)?s?|bed|loft|attic|box ?room|spare room)\b/],
  [
    'price',
    /\b(?:asking|price|£|pounds?|grand|thousand|million|mil|k|worth|figure|valued?|offers?)\b|\d\s?k\b/,
  ],
  // Not "the house number is": that is the address.
  ['phone', /\b(?:phone|mobile|(?<!(?:house|door) )number is|my number|landline)\b/],
  ['name', /\b(?:name|surname|called|spelt|spelled|spelling)\b/],
  [
    'address',
    /\b(?:address|road|street|avenue|lane|house number|door number|number (?:\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred))\b/,
  ],
  ['property_type', /\b(?:semi|detached|terrace[d]?|bungalow|flat|maisonette|cottage|apartment)\b/],
  ['occupancy', /\b(?:tenant(?:s|ed)?|empty|vacant|live there|living there|lives there)\b/],
  ['condition', /\b(?:condition|renovation|modernis(?:ing|ation)|needs work|good nick|state)\b/],
  ['timeline', /\b(?:months?|weeks?|year|asap|rush|soon)\b/],
  ['reason', /\b(?:reason|because|divorce|probate|passed|relocat\w*|downsiz\w*)\b/],
];

const NEGATORS = new Set(['not', "isn't", "wasn't", "didn't", 'never']);
/** Words between a negator and the value taken back: "not asking", "didn't say", "never said". */
const NEGATED_VERBS = new Set([
  'asking',
  'ask',
  'say',
  'said',
  'saying',
  'mean',
  'meant',
  'want',
  'looking',
  'for',
]);
/**
 * Words a "not" can take back before its clause is taken to have ended. A fact is named within a
 * few words ("not the semi we talked about"), and without a bound a run of "not"s with no clause
 * break would read the rest of the utterance once per "not".
 */
const MAX_TAKEN_BACK_WORDS = 12;
const ARTICLES = new Set(['a', 'an', 'the', 'about', 'around', 'it', 'that']);
const UNITS = /^(?:bed(?:room)?s?|k|grand|thousand|million|pounds?|quid|months?|weeks?|years?)$/;
const NOT_VALUES = /^(?:percent|per|minutes?|hours?|seconds?|o'clock|am|pm|times?)$/;
const CLAUSE_BREAKS = new Set([
  'but',
  'it',
  "it's",
  'its',
  'i',
  "i'm",
  'we',
  'actually',
  'and',
  'just',
  'only',
  'its',
]);

/**
 * The correction in `text`, or null when it corrects nothing. `lastTaken` are the facts said back
 * last turn: a correction that names no fact ("no, i said 220") corrects the first of them.
 */
export function readCorrection(
  text: string,
  lastTaken: readonly string[] = [],
  known: Partial<Record<CorrectedFact, unknown>> = {},
): Correction | null {
  const lower = text.toLowerCase();
  const plain = normaliseUtterance(text);
  const normalised = saidBeforeAsNegated(plain);
  const marked = MARKERS.test(lower) || MARKERS.test(normalised) || normalised !== plain;
  const opened = OPENERS.test(normalised);
  const kept = dropNegated(tokeniseAmounts(normalised), marked || opened);
  const negatedSomething = kept.amounts + kept.phrases > 0;
  const named = namedFact(normalised);
  // A bare negation ("i'm not 65 yet") corrects something only when it names the fact.
  if (!marked && !opened && (named === null || !negatedSomething)) return null;
  // A number put right after a fact that holds none ("actually four" after "lived in by you")
  // is read by its size, not as the fact said back last.
  const echoed = firstFact(lastTaken);
  const numeric = echoed !== null && NUMERIC_FACTS.has(echoed);
  const fact =
    named ??
    holderOf(kept.negatedValues, known) ??
    (numeric || kept.amountValues.length === 0 ? echoed : null) ??
    bareNumbers(kept.amountValues) ??
    echoed;
  if (fact === null) return null;
  // "no" alone to an echo is the engine's business; a correction has a fact or a negated value.
  if (!marked && !negatedSomething && named === null) return null;
  const cleared = kept.amounts > 0 && !carriesValue(kept.tokens, fact);
  return { fact, text: kept.tokens.join(' '), cleared, named: named !== null };
}

/**
 * "i said three beds didn't i? it's four", "i think i said 14, it's 41": what the caller says
 * they said before is what they take back, so it is read as "not three beds, it's four".
 */
const SAID_BEFORE = [
  /\bi (?:think i |thought i |must have |might have |may have )?said ([a-z0-9 ]{1,40}?) (?:didn't i|did i|did not i|earlier|before|by mistake)\b/,
  /\bi (?:think i |thought i |must have |might have |may have )said ([a-z0-9 ]{1,40}?) (?=(?:but |and )?(?:it's|its|it is|it should be|should be|it was meant to be)\b)/,
];

function saidBeforeAsNegated(normalised: string): string {
  return SAID_BEFORE.reduce((text, pattern) => text.replace(pattern, 'not $1 , '), normalised);
}

/** "220 not 250" names no fact: numbers that could be thousands are a price, small ones bedrooms. */
function bareNumbers(values: readonly number[]): CorrectedFact | null {
  if (values.length === 0) return null;
  return values.every((v) => v >= 20) ? 'price' : values.every((v) => v <= 10) ? 'bedrooms' : null;
}

/**
 * The fact that holds a number taken back: "i said 14 didn't i? it's 41" puts right the house
 * number when the address is "14 Oak Road", not whatever was said back last.
 */
function holderOf(
  values: readonly number[],
  known: Partial<Record<CorrectedFact, unknown>>,
): CorrectedFact | null {
  for (const value of values) {
    for (const fact of ['address', 'bedrooms', 'price'] as const) {
      const held = known[fact];
      if (typeof held === 'number' && held === value) return fact;
      if (typeof held === 'string' && new RegExp(`^(?:flat \\d+[a-z]?, )?${value}\\b`, 'i').test(held))
        return fact;
    }
  }
  return null;
}

function namedFact(normalised: string): CorrectedFact | null {
  if (findPostcodeSpans(tokenise(normalised)).length > 0 && !/\bnumber\b/.test(normalised)) return 'postcode';
  for (const [fact, pattern] of NAMED) if (pattern.test(normalised)) return fact;
  return null;
}

const FACTS = new Set<string>(NAMED.map(([fact]) => fact));
/** Facts whose value is or starts with a number. */
const NUMERIC_FACTS = new Set<CorrectedFact>([
  'price',
  'bedrooms',
  'address',
  'phone',
  'timeline',
  'postcode',
]);

function firstFact(lastTaken: readonly string[]): CorrectedFact | null {
  for (const key of lastTaken) {
    if (key === 'district') return 'postcode';
    if (FACTS.has(key)) return key as CorrectedFact;
  }
  return null;
}

/** Removes each negated value: "220 not 250" → "220"; "not asking three million" → "". */
function dropNegated(
  tokens: readonly string[],
  correcting: boolean,
): { tokens: string[]; amounts: number; phrases: number; amountValues: number[]; negatedValues: number[] } {
  const out: string[] = [];
  const negatedValues: number[] = [];
  let amounts = 0;
  let phrases = 0;
  const amountValues: number[] = [];
  for (const [i, t] of tokens.entries()) {
    const amount =
      /^\d/.test(t) || /^(?:one|two|three|four|five|six|seven|eight|nine|ten)$/.test(t)
        ? readAmountAt(tokens, i)
        : null;
    if (amount !== null && (i === 0 || readAmountAt(tokens, i - 1) === null)) amountValues.push(amount.value);
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (!NEGATORS.has(token)) {
      out.push(token);
      continue;
    }
    let j = i + 1;
    while (NEGATED_VERBS.has(tokens[j] ?? '') || ARTICLES.has(tokens[j] ?? '')) j++;
    const amount = readAmountAt(tokens, j);
    // "not 100 percent sure", "not 5 minutes ago": a number that is no fact's value.
    if (amount !== null && NOT_VALUES.test(tokens[amount.end] ?? '')) {
      out.push(token);
      continue;
    }
    if (amount !== null) {
      negatedValues.push(amount.value);
      j = amount.end;
      if (UNITS.test(tokens[j] ?? '')) j++;
      amounts++;
    } else {
      // "no, a semi, not detached": the taken-back words run to the next clause, and count only
      // in a correction and when they name a fact ("i'm not sure" takes nothing back).
      const start = j;
      const limit = Math.min(tokens.length, start + MAX_TAKEN_BACK_WORDS);
      while (j < limit && !(j > start && CLAUSE_BREAKS.has(tokens[j] ?? ''))) j++;
      const words = tokens.slice(start, j).join(' ');
      if (!correcting || j === start || !NAMED.some(([, pattern]) => pattern.test(words))) {
        out.push(token);
        continue;
      }
      phrases++;
    }
    i = j - 1;
  }
  return { tokens: out, amounts, phrases, amountValues, negatedValues };
}

/** Whether the words left still hold a value for the fact: a number, a postcode, or a word of it. */
function carriesValue(tokens: readonly string[], fact: CorrectedFact): boolean {
  const text = tokens.join(' ');
  if (fact === 'postcode') return findPostcodeSpans(tokens).length > 0;
  if (fact === 'price' || fact === 'bedrooms' || fact === 'phone' || fact === 'timeline') {
    return tokens.some((_, i) => readAmountAt(tokens, i) !== null);
  }
  const pattern = NAMED.find(([f]) => f === fact)?.[1];
  return pattern?.test(text) === true;
}
