/**
 * A phone number in E.164 from digits as typed or spoken: "07911 123456", "+44 7911 123456",
 * "oh seven nine one one, one two three four five six", "double oh four four seven nine...",
 * "plus four four seven nine one one ...". libphonenumber-js decides what is a real number.
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { toTokens } from './normalise.js';
import type { Confidence } from './types.js';
import { DIGIT_WORDS, TEEN_WORDS, TENS_WORDS } from './vocabulary.js';

export interface ExtractedPhone {
  /** "+447911123456" */
  e164: string;
  /** "07911 123456", for reading back in the form the caller uses. */
  national: string;
  /** High when the number is a valid allocated number, low when it is only the right length. */
  confidence: Confidence;
  /** Said as a number to call back on ("best number is ...", "ring me on ..."): meant as a phone. */
  forCallback: boolean;
}

/** Words before a number that give it as the one to call: "best number is", "call me on". */
const CALLBACK_CUE =
  /\b(?:best number|better number|my number|mobile(?: number)?|number is|numbers|landline|(?:call|ring|phone|reach|get|contact|text|bell|buzz) (?:me|us|him|her)(?: back)? (?:on|at)|(?:get|reach|catch) (?:hold of )?(?:me|us) on|try me on|on my mobile|contact number|here's my number|my digits)\b/;

const REPEATERS = new Set(['double', 'triple', 'treble', 'plus']);
/** How many times a repeating word says the digit after it: "double oh", "treble five". */
const REPEAT_TIMES = new Map([
  ['double', 2],
  ['triple', 3],
  ['treble', 3],
]);

/** A token's contribution to the digit string, and where it starts and ends. */
interface DigitPiece {
  digits: string;
  start?: number;
  end: number;
}

/** Digits in a row, and whether they come from a number put right as it was said. */
type DigitRun = DigitPiece[] & { repaired?: boolean };

/** Words that take back the digits just said: "three four six, sorry, no, three four seven". */
const REPAIR_WORDS = new Set(['sorry', 'no', 'wait', 'actually', 'correction', 'mean', 'meant', 'rather']);
/** Words a repair may carry with it: "no, hang on, i mean ...", "erm, no". */
const REPAIR_FILLERS = new Set(
  "i um uh er erm hang on oh hold let me think its it's it is that should be make".split(' '),
);
/** The most digits a caller says again to put the end of a number right. */
const MAX_REPAIR_DIGITS = 6;

const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
/**
 * Sub-runs parsed at most, per utterance. A number said digit by digit with a house number or a
 * price beside it takes a few dozen; only a wall of digits nobody says reaches this, and the
 * bound keeps such a turn as cheap as any other (docs/agent.md, "Long turns").
 */
const MAX_PARSES = 300;

/** Seven digits or so written as digits: a phone number being given. */
const PHONE_DIGITS = /(?:\d\D?){7}/;

/** A run of digits long enough to be a phone number, with the spaces and dashes said inside it. */
const PHONE_RUN = /\+?\d(?:[\s().-]{0,3}\d){6,}/g;

/** True when the utterance holds a phone number written in digits, whose digits are no price or date. */
export function hasPhoneDigits(text: string): boolean {
  return PHONE_DIGITS.test(text);
}

/**
 * The utterance with its phone numbers written in digits taken out, for the readers of the words
 * beside a number ("no rush, best number is 07700 900456"); null when there were none, or the
 * number was said in words, which cannot be told from the words around it.
 */
export function withoutPhoneDigits(text: string): string | null {
  if (!hasPhoneDigits(text)) return null;
  return text.replace(PHONE_RUN, ' ');
}

/** The phone number the caller gave, or null when none could be read. */
export function extractPhone(text: string, defaultRegion: CountryCode = 'GB'): ExtractedPhone | null {
  const tokens = toTokens(text);
  let best: { phone: ExtractedPhone; length: number; start: number } | null = null;
  const parsed = new Map<string, ExtractedPhone | null>();
  const runs = findDigitRuns(tokens);
  const candidates: DigitRun[] = [
    ...runs,
    ...repairedRuns(tokens, runs),
    ...resumedRuns(runs, defaultRegion),
  ];
  for (const run of candidates) {
    // A house number or a price may sit next to the phone number; try every sub-run.
    for (let i = 0; i < run.length && parsed.size < MAX_PARSES; i++) {
      let digits = '';
      for (let j = i; j < run.length; j++) {
        digits += run[j]?.digits ?? '';
        const count = digits.replace('+', '').length;
        // Longer sub-runs from here only add digits: none can be a phone number.
        if (count > MAX_DIGITS) break;
        if (count < MIN_DIGITS) continue;
        let phone = parsed.get(digits);
        if (phone === undefined) {
          phone = toPhone(digits, defaultRegion);
          parsed.set(digits, phone);
        }
        if (phone === null) continue;
        const better =
          best === null ||
          rank(phone) > rank(best.phone) ||
          (rank(phone) === rank(best.phone) && run.repaired === true && digits.length >= best.length) ||
          (rank(phone) === rank(best.phone) && digits.length >= best.length);
        if (better) best = { phone, length: digits.length, start: i };
      }
    }
  }
  if (best === null) return null;
  return { ...best.phone, forCallback: CALLBACK_CUE.test(tokens.join(' ')) };
}

function rank(phone: ExtractedPhone): number {
  return phone.confidence === 'high' ? 1 : 0;
}

/** `digits` holds MIN_DIGITS to MAX_DIGITS digits, after an optional plus. */
function toPhone(digits: string, region: CountryCode): ExtractedPhone | null {
  // "double oh four four" is the international prefix said aloud.
  const candidate = digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
  const parsed = parsePhoneNumberFromString(candidate, region);
  if (parsed === undefined || !parsed.isPossible()) return null;
  return {
    e164: parsed.number,
    national: parsed.formatNational(),
    confidence: parsed.isValid() ? 'high' : 'low',
    forCallback: false,
  };
}

/**
 * A number put right as it is said: the digits after "sorry, no" take the place of the group
 * they repeat at the end of the number before. How many digits they replace is not said, so
 * each count from as many as were said again down to none is tried, as its own run; the
 * number's own check (a valid UK number is 10 or 11 digits) decides among them.
 */
function repairedRuns(tokens: readonly string[], runs: readonly DigitPiece[][]): DigitRun[] {
  const out: DigitRun[] = [];
  for (let r = 0; r + 1 < runs.length; r++) {
    const before = runs[r] ?? [];
    const after = runs[r + 1] ?? [];
    const between = tokens.slice(before[before.length - 1]?.end ?? 0, after[0]?.start ?? 0);
    const repair =
      between.some((t) => REPAIR_WORDS.has(t)) &&
      between.every((t) => REPAIR_WORDS.has(t) || REPAIR_FILLERS.has(t));
    const said = before.map((p) => p.digits).join('');
    const again = after.map((p) => p.digits).join('');
    if (!repair || said.length < MIN_DIGITS || again.length > MAX_REPAIR_DIGITS) continue;
    for (let k = Math.min(again.length + 1, said.length); k >= 0; k--) {
      const run: DigitRun = [
        { digits: `${said.slice(0, said.length - k)}${again}`, end: after[after.length - 1]?.end ?? 0 },
      ];
      run.repaired = true;
      out.push(run);
    }
  }
  return out;
}

/** Tokens a caller may put between two groups of one number: "and then", "hang on, let me check". */
const MAX_PAUSE_TOKENS = 14;
/** The most digits a caller says again when picking a number up where they left it. */
const MAX_RESUMED_DIGITS = 4;
/** A whole UK number has ten or eleven digits, a local one at least ten with its area code. */
const MIN_JOINED_DIGITS = 10;

/**
 * A number said in groups with words between them: "nine double oh, and then six one nine", "oh
 * seven seven double oh, nine double oh... hang on, let me check... nine double oh, six two eight".
 * Where the first group is not a whole number on its own, the next one goes on from it; a caller
 * picking up after a pause often says the last group again, so each overlap of the next group's
 * start with the first's end is tried too. The number's own check decides among them.
 */
function resumedRuns(runs: readonly DigitPiece[][], region: CountryCode): DigitRun[] {
  const out: DigitRun[] = [];
  for (let r = 0; r + 1 < runs.length; r++) {
    const before = runs[r] ?? [];
    const after = runs[r + 1] ?? [];
    const gap = (after[0]?.start ?? 0) - (before.at(-1)?.end ?? 0);
    const said = before.map((p) => p.digits).join('');
    const next = after.map((p) => p.digits).join('');
    if (gap > MAX_PAUSE_TOKENS || said.length < 2 || toPhone(said, region)?.confidence === 'high') continue;
    const end = after.at(-1)?.end ?? 0;
    for (let k = Math.min(MAX_RESUMED_DIGITS, next.length - 1, said.length); k >= 0; k--) {
      const digits = `${said}${next.slice(k)}`;
      // Groups joined make a whole number, not a short code: "0161 496, it's number 12".
      if ((k > 0 && !said.endsWith(next.slice(0, k))) || digits.replace('+', '').length < MIN_JOINED_DIGITS)
        continue;
      out.push([{ digits, end }]);
    }
  }
  return out;
}

/** Maximal runs of tokens that read as digits. */
function findDigitRuns(tokens: readonly string[]): DigitPiece[][] {
  const runs: DigitPiece[][] = [];
  let current: DigitPiece[] = [];
  for (let i = 0; i < tokens.length; ) {
    const piece = readDigits(tokens, i);
    if (piece === null) {
      if (current.length > 0) runs.push(current);
      current = [];
      i++;
      continue;
    }
    current.push({ ...piece, start: i });
    i = piece.end;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

function readDigits(tokens: readonly string[], i: number): DigitPiece | null {
  const token = tokens[i] ?? '';
  if (/^\+?\d+$/.test(token)) return withHundreds(tokens, { digits: token, end: i + 1 });
  // One look ahead, never a chain of them: "plus plus plus ..." must not re-read the rest each time.
  if (token === 'plus' && tokens[i + 1] !== 'plus' && readDigits(tokens, i + 1) !== null) {
    return { digits: '+', end: i + 1 };
  }
  const times = REPEAT_TIMES.get(token);
  if (times !== undefined) {
    if (REPEATERS.has(tokens[i + 1] ?? '')) return null;
    const next = readDigits(tokens, i + 1);
    if (next === null || next.digits.length !== 1) return null;
    return { digits: next.digits.repeat(times), end: next.end };
  }
  // "ate" among digits is the recogniser's eight: "oh one five one ... oh ate".
  const digit = DIGIT_WORDS.get(token === 'ate' && isAmongDigits(tokens, i) ? 'eight' : token);
  if (digit !== undefined) return withHundreds(tokens, { digits: String(digit), end: i + 1 });
  const teen = TEEN_WORDS.get(token);
  if (teen !== undefined) return withHundreds(tokens, { digits: String(teen), end: i + 1 });
  const tens = TENS_WORDS.get(token);
  if (tens === undefined) return null;
  const unit = DIGIT_WORDS.get(tokens[i + 1] ?? '');
  // "seventy seven" is 77, but "seventy oh" is 70 then 0.
  if (unit !== undefined && unit > 0) return { digits: String(tens + unit), end: i + 2 };
  return { digits: String(tens), end: i + 1 };
}

/** "nine hundred" is 900 and "two thousand" is 2000 in a spoken number. */
function withHundreds(tokens: readonly string[], piece: DigitPiece): DigitPiece {
  const next = tokens[piece.end];
  if (next === 'hundred') return { digits: `${piece.digits}00`, end: piece.end + 1 };
  if (next === 'thousand') return { digits: `${piece.digits}000`, end: piece.end + 1 };
  return piece;
}

function isAmongDigits(tokens: readonly string[], i: number): boolean {
  const isDigit = (t: string | undefined) => t !== undefined && (DIGIT_WORDS.has(t) || /^\d$/.test(t));
  return isDigit(tokens[i - 1]) || isDigit(tokens[i + 1]);
}
