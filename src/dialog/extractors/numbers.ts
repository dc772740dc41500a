/**
 * Reads numbers as callers say them: "two hundred and fifty thousand", "one point two million",
 * "half a million", "a quarter of a million", "250,000", and the shorthand "two fifty" (250).
 * Works on tokens so other extractors can find numbers inside longer sentences.
 */
import { toTokens } from './normalise.js';
import { DIGIT_WORDS, SCALE_WORDS, TEEN_WORDS, TENS_WORDS, UNIT_WORDS } from './vocabulary.js';

/** A number found in a token list; `end` is exclusive. */
export interface NumberSpan {
  value: number;
  start: number;
  end: number;
  /** True when any part was said in words rather than digits. */
  fromWords: boolean;
  /** True when "thousand", "million" or "billion" was part of it. */
  hasScale: boolean;
  /** True when it had a decimal part or a fraction ("point two", "and a half"). */
  hasFraction: boolean;
}

interface Part {
  value: number;
  end: number;
}

const DIGITS_TOKEN = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;

/** Parses a whole phrase as one number; null when any word is not part of a number. */
export function parseSpokenNumber(words: string | readonly string[]): number | null {
  const tokens = typeof words === 'string' ? toTokens(words) : words.flatMap((w) => toTokens(w));
  if (tokens.length === 0) return null;
  const span = scanNumberAt(tokens, 0);
  return span !== null && span.end === tokens.length ? span.value : null;
}

/** Finds every number in a token list, left to right, without overlaps. */
export function findNumbers(tokens: readonly string[]): NumberSpan[] {
  const spans: NumberSpan[] = [];
  for (let i = 0; i < tokens.length; ) {
    const span = scanNumberAt(tokens, i);
    if (span === null) {
      i++;
      continue;
    }
    spans.push(span);
    i = span.end;
  }
  return spans;
}

/** Reads the longest number starting exactly at token `start`. */
export function scanNumberAt(tokens: readonly string[], start: number): NumberSpan | null {
  const fraction = readFractionOfScale(tokens, start);
  if (fraction !== null) return finish(tokens, start, fraction.end, fraction.value, true, true);
  let total = 0;
  let pos = start;
  let lastScale = Number.POSITIVE_INFINITY;
  let hasScale = false;
  let hasFraction = false;
  /** Where a British "and" between groups was read: the number ends there if what follows is another. */
  let andAt: number | null = null;
  for (;;) {
    const group = readGroup(tokens, pos);
    if (group === null) break;
    let value = group.value;
    let end = group.end;
    if (!Number.isInteger(value)) hasFraction = true;
    const part = andAFraction(tokens, end);
    // "two and a half", "one and a quarter million": the fraction belongs to the group.
    if (part !== null) {
      // "a hundred and a half" is half a hundred more, as a price is said: 150.
      value += tokens[end - 1] === 'hundred' && value % 100 === 0 ? part.value * 100 : part.value;
      end = part.end;
      hasFraction = !Number.isInteger(value);
      // "three and a half hundred thousand": that many hundreds.
      if (tokens[end] === 'hundred' && value < 10) {
        value *= 100;
        end++;
        hasFraction = !Number.isInteger(value);
      }
    }
    const scale = SCALE_WORDS.get(tokens[end] ?? '');
    // "295 thousand and 320 thousand" is two amounts, not 295,320: the "and" joined nothing.
    if (andAt !== null && scale !== undefined && scale >= lastScale) {
      pos = andAt;
      break;
    }
    // "a million, a million two", "five thousand six thousand": a group with a scale no smaller
    // than the last is the start of the next number, said as a repeat or a second guess.
    if (scale !== undefined && scale >= lastScale) break;
    if (scale === undefined) {
      total += value;
      pos = end;
      break;
    }
    total += value * scale;
    pos = end + 1;
    lastScale = scale;
    hasScale = true;
    // "a million and a half" adds half of the scale just said; "and a quarter" a quarter of it.
    const after = andAFraction(tokens, pos);
    if (after !== null) {
      total += scale * after.value;
      pos = after.end;
      hasFraction = true;
      break;
    }
    // British "and" between groups: "two million and fifty thousand".
    andAt = null;
    if (tokens[pos] === 'and' && readGroup(tokens, pos + 1) !== null) {
      andAt = pos;
      pos++;
    }
  }
  if (pos === start) return null;
  return finish(tokens, start, pos, total, hasScale, hasFraction);
}

function finish(
  tokens: readonly string[],
  start: number,
  end: number,
  value: number,
  hasScale: boolean,
  hasFraction: boolean,
): NumberSpan {
  const fromWords = tokens.slice(start, end).some((t) => !DIGITS_TOKEN.test(t));
  // Round away float noise from decimals such as 1.2 * 1e6.
  const rounded = Number.isInteger(value) ? value : Number(value.toFixed(6));
  return { value: rounded, start, end, fromWords, hasScale, hasFraction };
}

/** "and a half", "and a quarter", "and three quarters" at `pos`: the fraction, and where it ends. */
function andAFraction(tokens: readonly string[], pos: number): Part | null {
  if (tokens[pos] !== 'and') return null;
  const [first, second] = [tokens[pos + 1], tokens[pos + 2]];
  if (first === 'a' && second === 'half') return { value: 0.5, end: pos + 3 };
  if ((first === 'a' || first === 'one') && second === 'quarter') return { value: 0.25, end: pos + 3 };
  if (isThree(first) && second === 'quarters') return { value: 0.75, end: pos + 3 };
  return null;
}

/** "three" as said or as recognisers write it before "quarters": "3 quarters of a million". */
function isThree(token: string | undefined): boolean {
  return token === 'three' || token === '3';
}

/** "half a million", "a quarter of a million", "three quarters of a million". */
function readFractionOfScale(tokens: readonly string[], pos: number): Part | null {
  let i = pos;
  let fraction: number;
  if (tokens[i] === 'half') {
    fraction = 0.5;
    i++;
  } else {
    if (tokens[i] === 'a' || tokens[i] === 'one' || tokens[i] === '1') i++;
    if (isThree(tokens[i]) && tokens[i + 1] === 'quarters') {
      fraction = 0.75;
      i += 2;
    } else if (tokens[i] === 'quarter') {
      fraction = 0.25;
      i++;
    } else return null;
    if (tokens[i] === 'of') i++;
  }
  if (tokens[i] === 'a' || tokens[i] === 'one') i++;
  // "half a mil": the short word stands for a million only here, never after a bare number.
  const scale = SCALE_WORDS.get(tokens[i] ?? '') ?? (/^mill?$/.test(tokens[i] ?? '') ? 1_000_000 : undefined);
  return scale === undefined ? null : { value: fraction * scale, end: i + 1 };
}

/** A group below one thousand, or a digits token of any size, with an optional decimal part. */
function readGroup(tokens: readonly string[], pos: number): Part | null {
  const token = tokens[pos] ?? '';
  if (DIGITS_TOKEN.test(token)) {
    const value = Number(token.replace(/,/g, ''));
    if (tokens[pos + 1] === 'hundred' && Number.isInteger(value) && value < 100) {
      return readAfterHundred(tokens, pos + 2, value * 100);
    }
    // "300 and 50 thousand": hundreds in digits, then the rest after "and".
    if (value % 100 === 0 && value >= 100 && value < 1000 && tokens[pos + 1] === 'and') {
      const rest = readBasic(tokens, pos + 2, true);
      if (rest !== null && rest.value > 0) return { value: value + rest.value, end: rest.end };
    }
    return { value, end: pos + 1 };
  }
  if ((token === 'a' || token === 'an') && tokens[pos + 1] === 'hundred') {
    return readAfterHundred(tokens, pos + 2, 100);
  }
  // "hundred and fifty k": callers drop the "a" as often as they say it.
  if (token === 'hundred') return readAfterHundred(tokens, pos + 1, 100);
  // "a thousand", "a million": the article stands for one only before a scale word.
  if ((token === 'a' || token === 'an') && SCALE_WORDS.has(tokens[pos + 1] ?? '')) {
    return { value: 1, end: pos + 1 };
  }
  const basic = readBasic(tokens, pos, false);
  if (basic === null) return null;
  if (tokens[basic.end] === 'hundred') return readAfterHundred(tokens, basic.end + 1, basic.value * 100);
  // Shorthand "two fifty" = 250, "nineteen ninety" = 1990, "one oh five" = 105.
  const tail = readTwoDigitTail(tokens, basic.end);
  if (tail !== null && basic.value > 0) {
    // "one fifty one sixty", "two twenty two thirty": the same count of hundreds said again, then
    // tens, starts the next shorthand figure; it is not the unit of this one (151, then 60).
    const unit = tail.value % 10;
    const again =
      tail.end - basic.end === 2 &&
      unit === basic.value &&
      (TENS_WORDS.has(tokens[tail.end] ?? '') || TEEN_WORDS.has(tokens[tail.end] ?? ''));
    if (again) return { value: basic.value * 100 + tail.value - unit, end: tail.end - 1 };
    return { value: basic.value * 100 + tail.value, end: tail.end };
  }
  return readDecimal(tokens, basic);
}

function readAfterHundred(tokens: readonly string[], pos: number, hundreds: number): Part {
  const afterAnd = tokens[pos] === 'and' ? pos + 1 : pos;
  const rest = readBasic(tokens, afterAnd, true);
  // "two hundred, two hundred", "three hundred or four hundred": a count of hundreds after the
  // hundreds is the next number, said again or as a second guess, not the tens and units. Tens
  // or teens after an "and" are this number's own: nobody counts "a hundred and eighty hundred"
  // or "a hundred and twelve hundred", so "hundred and eighty hundred and ninety" is 180 then 190
  // and "a hundred and twelve, hundred and fifteen" 112 then 115.
  const ownTens = afterAnd > pos && rest !== null && rest.value >= 10 && rest.value < 100;
  if (rest === null || rest.value === 0 || (tokens[rest.end] === 'hundred' && !ownTens))
    return { value: hundreds, end: pos };
  // "two hundred and forty, two hundred and sixty": the same count of hundreds said again after
  // the tens starts the next number; "forty two hundred" is never said after "two hundred and".
  // Not "a hundred and sixty five, hundred and seventy", whose five is the first figure's unit.
  if (
    tokens[rest.end] === 'hundred' &&
    rest.end - afterAnd === 2 &&
    rest.value % 10 !== 0 &&
    rest.value % 10 === hundreds / 100
  )
    return { value: hundreds + rest.value - (rest.value % 10), end: rest.end - 1 };
  return { value: hundreds + rest.value, end: rest.end };
}

/** 0 to 99 in words ("seventy five", "twelve", "six"); digits too when `allowDigits`. */
function readBasic(tokens: readonly string[], pos: number, allowDigits: boolean): Part | null {
  const token = tokens[pos] ?? '';
  if (allowDigits && /^\d{1,2}$/.test(token)) return { value: Number(token), end: pos + 1 };
  const tens = TENS_WORDS.get(token);
  if (tens !== undefined) {
    const unit = UNIT_WORDS.get(tokens[pos + 1] ?? '');
    return unit !== undefined && unit > 0
      ? { value: tens + unit, end: pos + 2 }
      : { value: tens, end: pos + 1 };
  }
  const teen = TEEN_WORDS.get(token);
  if (teen !== undefined) return { value: teen, end: pos + 1 };
  const unit = UNIT_WORDS.get(token);
  return unit === undefined ? null : { value: unit, end: pos + 1 };
}

/** The "fifty" of "two fifty" or the "oh five" of "one oh five": a two-digit number in words. */
function readTwoDigitTail(tokens: readonly string[], pos: number): Part | null {
  const token = tokens[pos] ?? '';
  if ((token === 'oh' || token === 'o') && tokens[pos + 1] !== undefined) {
    const unit = UNIT_WORDS.get(tokens[pos + 1] ?? '');
    return unit !== undefined && unit > 0 ? { value: unit, end: pos + 2 } : null;
  }
  if (!TENS_WORDS.has(token) && !TEEN_WORDS.has(token)) return null;
  return readBasic(tokens, pos, false);
}

/** "one point two", "two point five": the digits after "point" are read one at a time. */
function readDecimal(tokens: readonly string[], whole: Part): Part {
  if (tokens[whole.end] !== 'point') return whole;
  let digits = '';
  let i = whole.end + 1;
  for (; i < tokens.length; i++) {
    const d = DIGIT_WORDS.get(tokens[i] ?? '');
    if (d === undefined) break;
    digits += String(d);
  }
  return digits.length === 0 ? whole : { value: Number(`${whole.value}.${digits}`), end: i };
}
