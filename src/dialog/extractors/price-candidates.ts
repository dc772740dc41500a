/**
 * Finds the amounts of money in an utterance, before deciding which one is the caller's price.
 * Kept apart from the choice so each stays readable: this file knows the shapes of amounts
 * ("£250k", "250 grand", "one point two million"), price.ts knows what callers mean by them.
 */
import { type NumberSpan, scanNumberAt } from './numbers.js';
import { findPostcodeSpans } from './postcode-speech.js';
import { ONE_WORD_STREET, STREET_SUFFIXES } from './street-words.js';
import { BED_WORD_SOURCE, TEEN_WORDS, TENS_WORDS, UNIT_WORDS } from './vocabulary.js';

/** A number that may be an amount of money; `end` is exclusive. */
export interface AmountCandidate {
  start: number;
  end: number;
  /** The number as said, before any multiplier. */
  value: number;
  /** 1000 for "k"/"grand", 1e6 for "m"/"mil", 1 otherwise. */
  multiplier: number;
  /** True when the caller marked it as money or gave a scale ("£", "pounds", "thousand", "k"). */
  marked: boolean;
  /** True when it had a decimal or fraction ("one point two", "two and a half"). */
  fractional: boolean;
}

const SUFFIX_MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ['k', 1_000],
  ['grand', 1_000],
  ['thou', 1_000],
  ['m', 1_000_000],
  ['mil', 1_000_000],
  ['mill', 1_000_000],
  ['bn', 1_000_000_000],
]);

const CURRENCY_AFTER = new Set(['pounds', 'pound', 'quid', 'sterling']);

/** Splits "£250k" into "£ 250 k" and "1.2m" into "1.2 m", and turns "200-220k" into a range. */
export function tokeniseAmounts(normalised: string): string[] {
  const spaced = normalised
    .replace(/£/g, ' £ ')
    .replace(/(\d)(k|m|mil|mill|bn|grand|thousand|million|billion)\b/g, '$1 $2')
    .replace(AMOUNT_WITH_VERB, (_, amount: string, verb: string) => `${amount} ${CLITIC_VERBS[verb] ?? verb}`)
    .replace(GRAND_WITHOUT_APOSTROPHE, (_, verb: string) => `grand ${CLITIC_VERBS[`'${verb}`] ?? verb}`);
  return withoutStutters(spaced.split(/\s+/).filter((t) => t.length > 0));
}

const SCALES = new Set(['hundred', 'thousand', 'million', 'mil', 'grand', 'k']);
/** The most words of a figure a caller says twice over when restarting it. */
const MAX_RESTART = 4;
/** Words read past after a restarted figure while looking for its scale: "sixty five, and five thousand". */
const MAX_TO_SCALE = 4;

const isNumberWord = (t: string | undefined): boolean =>
  t !== undefined && (UNIT_WORDS.has(t) || TEEN_WORDS.has(t) || TENS_WORDS.has(t) || t === 'hundred');
/** A tens, a teen or "hundred" makes a run a figure rather than digits said one by one ("nine nine five k"). */
const isFigureWord = (t: string): boolean => TEEN_WORDS.has(t) || TENS_WORDS.has(t) || t === 'hundred';

function sameRun(tokens: readonly string[], a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (tokens[a + k] !== tokens[b + k]) return false;
  return true;
}

/**
 * A run of number words with a figure word in it: a figure, not a digit or a word. "a" may open
 * it and "and" join it ("a hundred and sixty"), but neither ends it.
 */
function isFigureRun(tokens: readonly string[], start: number, length: number): boolean {
  const run = tokens.slice(start, start + length);
  const inner = (t: string, k: number): boolean =>
    (t === 'a' && k === 0) || (t === 'and' && k > 0 && k < length - 1);
  return run.every((t, k) => isNumberWord(t) || inner(t, k)) && run.some(isFigureWord);
}

/** A scale reached from `from` through number words only: the figure goes on to its thousands. */
function scaleFollows(tokens: readonly string[], from: number): boolean {
  for (let k = from; k < from + MAX_TO_SCALE; k++) {
    const t = tokens[k];
    if (t !== undefined && SCALES.has(t)) return true;
    if (!isNumberWord(t) && t !== 'and') return false;
  }
  return false;
}

/**
 * How many words at `i` are the start of a figure the caller then says again on its way to the
 * scale: "ninety ninety thousand", "sixty five sixty five thousand", "two hundred two hundred
 * grand". The first saying is a restart, not 6,565,000.
 */
function restartAt(tokens: readonly string[], i: number): number {
  // Most words start no figure; only a number word or "a" can open one.
  const first = tokens[i];
  if (first !== 'a' && !isNumberWord(first)) return 0;
  for (let length = MAX_RESTART; length >= 1; length--) {
    if (
      isFigureRun(tokens, i, length) &&
      sameRun(tokens, i, i + length, length) &&
      scaleFollows(tokens, i + 2 * length)
    )
      return length;
  }
  return shorthandRestatedAt(tokens, i);
}

/**
 * "four twenty, four hundred and twenty thousand": the hundreds' shorthand, then the same figure
 * in full. The shorthand is dropped, so the two are not read as 424 and 120,000.
 */
function shorthandRestatedAt(tokens: readonly string[], i: number): number {
  const [unit, tens, again, hundred] = tokens.slice(i, i + 4);
  if (unit === undefined || !UNIT_WORDS.has(unit) || tens === undefined || !TENS_WORDS.has(tens)) return 0;
  if (again !== unit || hundred !== 'hundred') return 0;
  const next = tokens[i + 4] === 'and' ? i + 5 : i + 4;
  return tokens[next] === tens ? 2 : 0;
}

/**
 * A figure the caller restarts is read once: "sixty five sixty five thousand" is 65,000. Each
 * position looks at a few words only, so the pass stays linear.
 */
function withoutStutters(tokens: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const restart = restartAt(tokens, i);
    if (restart === 0) kept.push(tokens[i] ?? '');
    i += Math.max(restart, 1);
  }
  return kept;
}

/** The verbs callers run on to the end of an amount: "ninety grand'd do", "two fifty'll be fine". */
const CLITIC_VERBS: Readonly<Record<string, string>> = { "'d": 'would', "'ll": 'will', "'s": 'is' };

/** A whole word that ends an amount: its digits, a number word, a scale or a unit of money. */
const AMOUNT_END =
  '\\d[\\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|four|fif|six|seven|eigh|nine)ty|hundred|thousand|million|mil|mill|grand|k|quid|pounds';

/**
 * "ninety grand'd be sound", "250k's my figure", "two fifty'll do": a wish or a verdict run on to
 * the amount with an apostrophe, split off so the amount is read alone and the words after it
 * say what it is.
 */
const AMOUNT_WITH_VERB = new RegExp(`\\b(${AMOUNT_END})('d|'ll|'s)(?=\\s|$)`, 'g');

/** "ninety grandd be sound", "two hundred grandll do": the same with the recogniser's apostrophe lost. */
const GRAND_WITHOUT_APOSTROPHE = /\bgrand(d|ll)(?=\s|$)/g;

/** Every number in the tokens that is not part of a postcode or a phone number. */
export function findAmountCandidates(tokens: readonly string[]): AmountCandidate[] {
  const masked = maskCodes(tokens);
  const found: AmountCandidate[] = [];
  for (let i = 0; i < tokens.length; ) {
    const candidate = masked.has(i) ? null : readAmountAt(tokens, i, masked);
    if (candidate === null) {
      i++;
      continue;
    }
    found.push(candidate);
    i = candidate.end;
  }
  return found;
}

/** Reads an amount starting at `start`, with its currency sign and suffix if any. */
export function readAmountAt(
  tokens: readonly string[],
  start: number,
  masked: ReadonlySet<number> = new Set(),
): AmountCandidate | null {
  const hasPound = tokens[start] === '£';
  const numberStart = hasPound ? start + 1 : start;
  const span = withoutCount(
    tokens,
    readDigitByDigit(tokens, numberStart) ?? scanNumberAt(tokens, numberStart),
  );
  if (span === null || masked.has(numberStart)) return null;
  let end = span.end;
  let value = span.value;
  // "a million two": the digit after the millions is hundreds of thousands, not units.
  const tenth = UNIT_WORDS.get(tokens[end - 1] ?? '');
  if (
    tenth !== undefined &&
    tenth > 0 &&
    // The millions must be part of this number: a lone "two" after "a million," is its own.
    end - 2 >= numberStart &&
    MILLIONS.test(tokens[end - 2] ?? '') &&
    value % 1_000_000 === tenth &&
    !NOT_A_TENTH.test(tokens[end] ?? '')
  )
    value += tenth * 100_000 - tenth;
  let multiplier = 1;
  const suffix = SUFFIX_MULTIPLIERS.get(tokens[end] ?? '');
  // "m" alone after a big number is more likely a postcode letter than "million".
  if (suffix !== undefined && !(tokens[end] === 'm' && span.value >= 1000)) {
    multiplier = suffix;
    end++;
  }
  let marked = hasPound || span.hasScale || multiplier > 1;
  if (CURRENCY_AFTER.has(tokens[end] ?? '')) {
    marked = true;
    end++;
  }
  return { start, end, value, multiplier, marked, fractional: span.hasFraction };
}

const BED_WORD = new RegExp(`^${BED_WORD_SOURCE}$`);

/**
 * "i'd want two forty three bed semi": the pause after the figure is not written, so the number
 * runs on into the bedroom count. The count's word is left off the amount.
 */
function withoutCount(tokens: readonly string[], span: NumberSpan | null): NumberSpan | null {
  if (span === null || span.end - span.start < 2 || !BED_WORD.test(tokens[span.end] ?? '')) return span;
  return scanNumberAt(tokens.slice(0, span.end - 1), span.start) ?? span;
}

const MILLIONS = /^(?:million|mil|mill|m)$/;
/** After "a million two", words that make the "two" something else: "two hundred", "two bedrooms". */
const NOT_A_TENTH = /^(?:hundred|thousand|k|grand|point|and|beds?|bedrooms?|bed(?:roomed)?)$/;

/**
 * "nine nine five k": two or three digits said one by one, then thousands. Three digits on their
 * own ("four seven five", "three two five") are the same shorthand with the thousands left
 * unsaid, as agents and sellers quote prices; they stay unmarked, so only count where price is
 * in play.
 */
function readDigitByDigit(tokens: readonly string[], start: number): NumberSpan | null {
  let digits = '';
  let end = start;
  while (end - start < 3) {
    const token = tokens[end] ?? '';
    // "one nine oh", "two two oh k": a nought after the first digit, said as a letter too.
    const digit = end > start && ZERO.test(token) ? 0 : UNIT_WORDS.get(token);
    if (digit === undefined || (end === start && digit === 0)) break;
    digits += String(digit);
    end++;
  }
  if (digits.length === 3 && isLoneDigitRun(tokens, start, end))
    return { value: Number(digits), start, end, fromWords: true, hasScale: false, hasFraction: false };
  if (digits.length < 2 || !/^(?:k|grand|thousand)$/.test(tokens[end] ?? '')) return null;
  const value = Number(digits) * (tokens[end] === 'thousand' ? 1000 : 1);
  return {
    value,
    start,
    end: tokens[end] === 'thousand' ? end + 1 : end,
    fromWords: true,
    hasScale: tokens[end] === 'thousand',
    hasFraction: false,
  };
}

/** A nought among spoken digits. */
const ZERO = /^(?:oh|o|zero|nought)$/;

/** Spoken digits, and what says a run of them goes on as a bigger number or a code. */
const DIGIT_OR_MORE = /^(?:\d+|oh|o|zero|nought|double|treble|triple|hundred|thousand|point)$/;

/** Three digits with no digit either side: not a piece of a phone number or a reference. */
function isLoneDigitRun(tokens: readonly string[], start: number, end: number): boolean {
  const [before, after] = [tokens[start - 1] ?? '', tokens[end] ?? ''];
  const isDigit = (t: string): boolean => UNIT_WORDS.has(t) || DIGIT_OR_MORE.test(t);
  return !isDigit(before) && !isDigit(after) && !SCALE_OR_SUFFIX.test(after);
}

const SCALE_OR_SUFFIX = /^(?:k|grand|thousand|million|mil|mill|m|pounds?|quid)$/;

/** Token positions inside postcodes, phone numbers and house numbers, whose digits are not money. */
function maskCodes(tokens: readonly string[]): Set<number> {
  const masked = new Set<number>();
  const postcodeStarts = new Set<number>();
  // A postcode is found across the recogniser's commas ("m one four, five a b"): they are kept
  // as tokens of their own for the amounts, so they are looked past here.
  const words = tokens.flatMap((token, at) => (token === ',' ? [] : [at]));
  for (const span of findPostcodeSpans(words.map((at) => tokens[at] ?? ''))) {
    const start = words[span.start] ?? 0;
    const last = words[span.end - 1] ?? start;
    postcodeStarts.add(start);
    for (let i = start; i <= last; i++) masked.add(i);
  }
  for (let i = 0; i < tokens.length; i++) {
    const end = houseNumberEnd(tokens, i, postcodeStarts);
    for (let k = i; k < end; k++) masked.add(k);
  }
  // A run of digit groups that starts with 0 or + and is phone-length ("07911 123456").
  for (let i = 0; i < tokens.length; i++) {
    if (!/^(?:\+|0)\d*$/.test(tokens[i] ?? '')) continue;
    let j = i;
    let digits = '';
    while (j < tokens.length && /^\+?\d+$/.test(tokens[j] ?? '')) digits += tokens[j++];
    if (digits.replace('+', '').length >= 9) for (let k = i; k < j; k++) masked.add(k);
    // A run starting inside this one is a shorter part of it: reading each would cost the square.
    i = Math.max(i, j - 1);
  }
  return masked;
}

/** Words that can sit between an amount and what follows it, but never inside a street name. */
const NOT_STREET_NAME = new Set(
  `k grand thousand million m mil thou pounds quid for the a an on at in with to or and is it's its of ish
  tops max about around roughly i i'm we we're but so if that this bedroom bedrooms bed beds months years weeks`.split(
    /\s+/,
  ),
);

/**
 * "3 mill road", "one mill road", "12 pound street", "11 kingsway": a number followed by up to
 * three name words and a street word (or a postcode) numbers a house. Returns the end of the
 * number when it does, else `i`.
 */
function houseNumberEnd(tokens: readonly string[], i: number, postcodeStarts: ReadonlySet<number>): number {
  if (tokens[i - 1] === '£') return i;
  let end = i + 1;
  if (!/^\d{1,4}[a-z]?$/.test(tokens[i] ?? '')) {
    const span = scanNumberAt(tokens, i);
    if (span === null || span.hasScale || !Number.isInteger(span.value) || span.value > 9999) return i;
    end = span.end;
  }
  for (let k = end; k <= end + 3 && k < tokens.length; k++) {
    const word = tokens[k] ?? '';
    if (k > end && (STREET_SUFFIXES.has(word) || postcodeStarts.has(k))) return end;
    if (!/^[a-z']+$/.test(word) || NOT_STREET_NAME.has(word)) return i;
    if (ONE_WORD_STREET.test(word)) return end;
  }
  return i;
}

/** Tokens a range may take after "between": its longest, in words, is about a dozen. */
const MAX_RANGE_TOKENS = 20;

/**
 * "between two hundred and two hundred and twenty thousand": the first "and" could belong to
 * either number, so every split that reads as two amounts is offered, in order; the caller takes
 * the first that makes a sensible range.
 */
export function readBetweenRanges(
  tokens: readonly string[],
  betweenIndex: number,
): { low: AmountCandidate; high: AmountCandidate }[] {
  const ranges: { low: AmountCandidate; high: AmountCandidate }[] = [];
  const last = Math.min(tokens.length, betweenIndex + MAX_RANGE_TOKENS);
  for (let k = betweenIndex + 2; k < last; k++) {
    if (tokens[k] !== 'and') continue;
    const leftTokens = tokens.slice(betweenIndex + 1, k);
    const low = readAmountAt(leftTokens, 0);
    const high = readAmountAt(tokens, k + 1);
    if (low !== null && low.end === leftTokens.length && high !== null)
      ranges.push({ low: { ...low, start: betweenIndex + 1, end: k }, high });
  }
  return ranges;
}
