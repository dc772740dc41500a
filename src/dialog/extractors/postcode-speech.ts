/**
 * Turns spoken postcode fragments back into characters. Callers mix forms freely
 * ("m fourteen five ay bee", "mike one four five alpha bravo", "s e double one"), and the
 * recogniser mixes them further, so each token can stand for several character strings; the
 * search tries them all and keeps only spans that make a valid code.
 */
import {
  couldStartPostcode,
  isValidOutwardCode,
  POSTCODE_AREAS,
  type PostcodeParts,
  parsePostcodeParts,
} from './postcode-format.js';
import {
  DIGIT_HOMOPHONES,
  LETTER_NAMES,
  PHONETIC_ALPHABET,
  TEEN_WORDS,
  TENS_WORDS,
  UNIT_WORDS,
  WEAK_LETTER_WORDS,
} from './vocabulary.js';

/** One way of reading the tokens from a position: the characters and where reading stops. */
interface Reading {
  chars: string;
  end: number;
  /** An ordinary word read as a letter ("a", "be"): doubtful only where a span starts. */
  weak: boolean;
  /** A word read as a digit ("for", "to"): doubtful wherever it appears. */
  homophone?: boolean;
  /** A number word ("fourteen", "twenty one") whose digits belong to one part of the code. */
  atomic?: boolean;
}

/** A run of tokens that reads as a code. */
export interface CodeSpan<T> {
  start: number;
  end: number;
  value: T;
  /** True when some character came from an ordinary word ("be", "for", "a"). */
  weak: boolean;
}

/** Two-letter words that are also postcode areas; they count only as weak evidence. */
const WORDY_AREAS = new Set([
  'ME',
  'SO',
  'HA',
  'PA',
  'LA',
  'LE',
  'DE',
  'CH',
  'ST',
  'TA',
  'NE',
  'BE',
  'IM',
  'IG',
]);

/**
 * Tokens one code may span: seven characters, each said in up to four words ("b as in bravo"),
 * with a "space" between the halves.
 */
const MAX_SPAN_TOKENS = 30;

/** Every valid full postcode in the tokens. */
export function findPostcodeSpans(tokens: readonly string[]): CodeSpan<PostcodeParts>[] {
  return searchSpans(tokens, 7, fullCode);
}

/** A number word never straddles the space: "m twenty one a b" is M20 1AB, not M2 1AB. */
function fullCode(chars: string, joins: readonly number[]): PostcodeParts | null {
  return chars.length >= 5 && !joins.includes(chars.length - 3) ? parsePostcodeParts(chars) : null;
}

/**
 * Every valid full postcode and every valid outward code in the tokens, in one search: each
 * outward code is read on the way to the postcodes it could start, so both cost one walk.
 */
export function findCodeSpans(tokens: readonly string[]): {
  postcodes: CodeSpan<PostcodeParts>[];
  outwards: CodeSpan<string>[];
} {
  const outwards: CodeSpan<string>[] = [];
  const postcodes = searchSpans(tokens, 7, fullCode, (span) => {
    if (span.value.length <= 4 && isValidOutwardCode(span.value)) outwards.push(span);
  });
  return { postcodes, outwards };
}

/** Every valid outward code ("M14", "SW1A") in the tokens. */
export function findOutwardSpans(tokens: readonly string[]): CodeSpan<string>[] {
  return searchSpans(tokens, 4, (chars) => (chars.length >= 1 && isValidOutwardCode(chars) ? chars : null));
}

function searchSpans<T>(
  tokens: readonly string[],
  maxChars: number,
  accept: (chars: string, joins: readonly number[]) => T | null,
  /** Shown every reading on the way, as a span of its characters. */
  passing?: (span: CodeSpan<string>) => void,
): CodeSpan<T>[] {
  const cache = new Map<number, Reading[]>();
  const readingsAt = (i: number): Reading[] => {
    let found = cache.get(i);
    if (found === undefined) {
      found = readTokens(tokens, i);
      cache.set(i, found);
    }
    return found;
  };
  const spans: CodeSpan<T>[] = [];
  // `joins` are positions inside the characters of one number word, where no split may fall.
  // `sound` is where the one word read as a digit ("won", "for") put its digit, or -1.
  const walk = (
    start: number,
    pos: number,
    chars: string,
    weak: boolean,
    joins: readonly number[],
    sound: number,
  ): void => {
    // "space" reads as nothing: without a bound on tokens a run of them would be walked to the end.
    if (pos - start >= MAX_SPAN_TOKENS) return;
    for (const reading of readingsAt(pos)) {
      const next = chars + reading.chars;
      if (next.length > maxChars || !couldStartPostcode(next)) continue;
      const homophone = reading.homophone === true;
      // Inside a span the grammar vouches for "a" or "be"; at its start they may be plain words.
      // A second word read as a digit is doubtful wherever it falls.
      const isWeak = weak || (homophone && sound >= 0) || (reading.weak && pos === start);
      const nextSound = homophone ? chars.length : sound;
      const nextJoins =
        reading.atomic === true ? [...joins, ...innerPositions(chars.length, next.length)] : joins;
      const value = accept(next, nextJoins);
      // "l u three won h t": the inward code's digit, between a whole district and two letters,
      // is vouched for by the code's shape; anywhere else a sound read as a digit stays doubtful.
      const doubtful = isWeak || (nextSound >= 0 && nextSound !== next.length - 3);
      if (value !== null) spans.push({ start, end: reading.end, value, weak: doubtful });
      passing?.({ start, end: reading.end, value: next, weak: isWeak || nextSound >= 0 });
      walk(start, reading.end, next, isWeak, nextJoins, nextSound);
    }
  };
  for (let start = 0; start < tokens.length; start++) walk(start, start, '', false, [], -1);
  return spans;
}

function innerPositions(from: number, to: number): number[] {
  const inner: number[] = [];
  for (let p = from + 1; p < to; p++) inner.push(p);
  return inner;
}

/** All readings of the token(s) at `i`; an empty list means the token is not part of a code. */
function readTokens(tokens: readonly string[], i: number): Reading[] {
  const token = tokens[i];
  if (token === undefined) return [];
  if (token === 'double' || token === 'triple') return readRepeated(tokens, i, token === 'double' ? 2 : 3);
  const single = readSingle(tokens, i);
  // "m for mike", "b as in bravo": the clarifying word confirms the letter already given.
  const extended: Reading[] = [];
  for (const r of single) {
    if (!/^[A-Z]$/.test(r.chars)) continue;
    const after = clarifierEnd(tokens, r.end, r.chars) ?? saidAgainToBeSure(tokens, r.end, r.chars);
    if (after !== null) extended.push({ chars: r.chars, end: after, weak: false });
  }
  return [...extended, ...single];
}

/**
 * "s k eight four, d, d for delta, then x": a letter said, then said again to make it sure; one letter, not two.
 * Only where the second is made sure, so "double"-free pairs such as "l l" still read as two.
 */
function saidAgainToBeSure(tokens: readonly string[], pos: number, letter: string): number | null {
  const again = readSingle(tokens, pos).some((r) => r.chars === letter && r.end === pos + 1);
  return again ? clarifierEnd(tokens, pos + 1, letter) : null;
}

function clarifierEnd(tokens: readonly string[], pos: number, letter: string): number | null {
  const skip = tokens[pos] === 'for' ? 1 : tokens[pos] === 'as' && tokens[pos + 1] === 'in' ? 2 : 0;
  const word = tokens[pos + skip];
  if (skip === 0 || word === undefined || word.length < 3) return null;
  return word[0]?.toUpperCase() === letter ? pos + skip + 1 : null;
}

function readRepeated(tokens: readonly string[], i: number, times: number): Reading[] {
  const next = tokens[i + 1];
  const out: Reading[] = [];
  // "double u" is the letter W as often as it is "UU".
  if (times === 2 && (next === 'u' || next === 'you')) out.push({ chars: 'W', end: i + 2, weak: false });
  for (const r of readSingle(tokens, i + 1)) {
    if (r.chars.length === 1) out.push({ ...r, chars: r.chars.repeat(times) });
  }
  return out;
}

function readSingle(tokens: readonly string[], i: number): Reading[] {
  const token = tokens[i] ?? '';
  const end = i + 1;
  // "sk15 then 2bb", "bt7 and then 1eb": the halves of a code said apart.
  if (token === 'space' || token === 'then') return [{ chars: '', end, weak: false }];
  if (token === 'and' && tokens[i + 1] === 'then') return [{ chars: '', end: i + 2, weak: false }];
  const aside = halvesAsideEnd(tokens, i);
  if (aside !== null) return [{ chars: '', end: aside, weak: false }];
  if (token === 'oh' || token === 'o')
    return [
      { chars: 'O', end, weak: false },
      { chars: '0', end, weak: false },
    ];
  if (token === 'xray' || (token === 'x' && tokens[i + 1] === 'ray')) {
    return [{ chars: 'X', end: token === 'x' ? i + 2 : end, weak: false }];
  }
  const named = LETTER_NAMES.get(token) ?? PHONETIC_ALPHABET.get(token);
  if (named !== undefined) return [{ chars: named, end, weak: WEAK_LETTER_WORDS.has(token) }];
  const digit = UNIT_WORDS.get(token) ?? DIGIT_HOMOPHONES.get(token);
  if (digit !== undefined)
    return [{ chars: String(digit), end, weak: false, homophone: DIGIT_HOMOPHONES.has(token) }];
  const teen = TEEN_WORDS.get(token);
  if (teen !== undefined) return [{ chars: String(teen), end, weak: false, atomic: true }];
  const tens = TENS_WORDS.get(token);
  if (tens !== undefined) {
    const unit = UNIT_WORDS.get(tokens[i + 1] ?? '');
    const plain: Reading = { chars: String(tens), end, weak: false, atomic: true };
    const compound: Reading = { chars: String(tens + (unit ?? 0)), end: i + 2, weak: false, atomic: true };
    return unit !== undefined && unit > 0 ? [compound, plain] : [plain];
  }
  return readWritten(token, end);
}

/** Words that name a half of the code: "that's the first bit", "the second half". */
const HALF_WORDS = new Set(['bit', 'half', 'part', "bit's", 'bits', "half's", "part's"]);
/** Words of a caller's aside naming the halves between them: "co2, that's the first bit, and then 7ts". */
const HALF_ASIDE = new Set(
  "that's thats that is it's its the first second other last front back and then"
    .split(' ')
    .concat([...HALF_WORDS]),
);
/** Tokens one such aside may run to. */
const MAX_HALF_ASIDE = 8;

/** Where an aside about the code's halves ends, when one starts at `i` and names a half. */
function halvesAsideEnd(tokens: readonly string[], i: number): number | null {
  let k = i;
  let names = false;
  while (k < tokens.length && k - i < MAX_HALF_ASIDE && HALF_ASIDE.has(tokens[k] ?? '')) {
    names ||= HALF_WORDS.has(tokens[k] ?? '');
    k++;
  }
  return names ? k : null;
}

/** Characters typed or transcribed as such: "m14", "5ab", "m145ab", "sw", "b". */
function readWritten(token: string, end: number): Reading[] {
  if (!/^[a-z0-9]+$/.test(token)) return [];
  const upper = token.toUpperCase();
  if (/\d/.test(token) || token.length === 1) {
    return [{ chars: upper, end, weak: token === 'a' || token === 'i' }];
  }
  if (token === 'gir') return [{ chars: 'GIR', end, weak: false }];
  if (token.length === 2 && POSTCODE_AREAS.has(upper))
    return [{ chars: upper, end, weak: WORDY_AREAS.has(upper) }];
  // "de56 1 tb": the inward code's two letters written together apart from its digit; never a
  // word ("at", "us"), and only letters an inward code may have.
  if (INWARD_PAIR.test(token) && !WORDY_PAIRS.has(token)) return [{ chars: upper, end, weak: false }];
  return [];
}

/** Two letters an inward code may end in: none of C, I, K, M, O, V. */
const INWARD_PAIR = /^[abd-hjlnp-uw-z]{2}$/;
/** Pairs of those letters that are everyday words or sounds. */
const WORDY_PAIRS = new Set('at as an us up he we ye eh ah uh ha ta sh hu ya yh'.split(' '));
