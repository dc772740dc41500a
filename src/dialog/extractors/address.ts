/**
 * The street part of a UK address as the caller said it, kept whole: "Flat 4, 12 Mill Road",
 * "11 Kingsway, Cheadle", "14 Bramhall Lane South, Stockport", "Rose Cottage, Church Lane".
 * The postcode is read apart (postcode.ts); this reads what comes before it.
 */

import { titleCase } from './name.js';
import { NOT_NAMES } from './name-stopwords.js';
import { toTokens } from './normalise.js';
import { scanNumberAt } from './numbers.js';
import { findPostcodeSpans } from './postcode-speech.js';
import {
  DIRECTIONS,
  FLAT_WORDS,
  HOUSE_NAME_WORDS,
  ONE_WORD_STREET,
  STREET_PREFIXES,
  STREET_SUFFIXES,
  STREET_WORDS_IN_TOWNS,
} from './street-words.js';

const MAX_STREET_WORDS = 4;
/** Common words that are also common in street and house names ("New Street", "The Old Rectory"). */
const PLACE_WORDS = new Set(['old', 'new', 'little', 'great', 'high', 'low', 'long', 'top', 'back', 'front']);
const MAX_LOCALITY_WORDS = 2;

/** Words that end a street or locality: the caller has moved on to something else. */
function isPlaceWord(word: string, first: boolean): boolean {
  if (!/^[a-z][a-z']*$/.test(word)) return false;
  if (first && word === 'the') return true;
  if (
    STREET_SUFFIXES.has(word) ||
    DIRECTIONS.has(word) ||
    HOUSE_NAME_WORDS.has(word) ||
    PLACE_WORDS.has(word)
  )
    return true;
  return !NOT_NAMES.has(word) && !FLAT_WORDS.has(word);
}

/** Welsh and Gaelic articles stay small inside a street's name: "Stryd y Castell", "Heol yr Eglwys". */
const SMALL_WORDS = new Set(['y', 'yr', 'na', 'an', 'nan']);

function caseStreet(words: readonly string[]): string {
  return words.map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : titleCase(w))).join(' ');
}

interface Street {
  text: string;
  end: number;
  /** Known for a street only by where it ended, with no street word of its own ("47 whalley range"). */
  bare?: boolean;
}

/** A street line found, and the token after it. */
interface Line {
  text: string;
  end: number;
  bare: boolean;
}

/** Where things start in the words of an answer. */
interface Marks {
  postcodeStarts: ReadonlySet<number>;
  /** Every token of a postcode: "h you one six four aitch ee" has no house number in it. */
  inPostcode: ReadonlySet<number>;
  /**
   * Asked for the address, where the caller's clauses start (the recogniser's commas and full
   * stops) and the answer's end: a street with no street word ends there ("47 whalley range,
   * blackburn"). Not asked, nothing is known to end a street there; the set is empty.
   */
  breaks: ReadonlySet<number>;
  /** The agent has just asked for the address. */
  asked: boolean;
}

export interface AddressOptions {
  /** The agent has just asked for the address. */
  asked?: boolean;
}

/** The address line, or null when no house number or house name with a street was heard. */
export function extractAddress(text: string, options: AddressOptions = {}): string | null {
  const tokens = toTokens(text);
  const spans = findPostcodeSpans(tokens);
  const marks: Marks = {
    postcodeStarts: new Set(spans.map((s) => s.start)),
    inPostcode: new Set(spans.flatMap((s) => Array.from({ length: s.end - s.start }, (_, k) => s.start + k))),
    breaks: options.asked === true ? clauseStarts(text, tokens.length) : new Set(),
    asked: options.asked === true,
  };
  // A house number and street anywhere beats a house name earlier on: "my dad's old house at 26
  // moorside" is 26 Moorside.
  const numbered = readAddressAt(tokens, marks, false, 0);
  // "station road, number 8, bolton": a street said with its street word, then its number,
  // beats a number followed only by a town.
  if (numbered !== null && !numbered.bare) return numbered.text;
  return (
    readStreetThenNumber(tokens, marks) ??
    numbered?.text ??
    readAddressAt(tokens, marks, true, 0)?.text ??
    (options.asked === true ? readNameThenStreet(tokens, marks) : null)
  );
}

/**
 * Asked for the address, a house name with no house word in it, then its street: "the laurels,
 * northgate", "ty gwyn soho road birmingham", "glen view parkfield oldham". The name is one to
 * three words at the start of the answer, within its first clause; the street after it has a
 * street word ("mill lane, hebden bridge" is a street and a town, no house name).
 */
function readNameThenStreet(tokens: readonly string[], marks: Marks): string | null {
  let s = 0;
  while (s < tokens.length && tokens[s] !== 'the' && NOT_NAMES.has(tokens[s] ?? '')) s++;
  for (let j = Math.min(s + 3, tokens.length - 1); j > s; j--) {
    const name = tokens.slice(s, j);
    const within = name.every((w, k) => isPlaceWord(w, k === 0) && (k === 0 || !marks.breaks.has(s + k)));
    if (!within || name.join(' ') === 'the') continue;
    // "my mammy's old place": whose it was, not its name.
    if (name.some((w) => (NOT_NAMES.has(w) && w !== 'the') || POSSESSIVES.test(w) || w.endsWith("'s")))
      continue;
    const street = streetIn(readWords(tokens, j, marks), false);
    if (street === null) continue;
    const locality = readLocality(tokens, j + street.length, marks);
    return [caseStreet(name), caseStreet(street), locality].filter((p) => p !== null).join(', ');
  }
  return null;
}

/**
 * The token index at which each clause of the raw text starts, and the end. Punctuation is gone
 * from the tokens, so each clause is tokenised alone; when the counts do not add up (a rewrite
 * across a comma), no clause start is trusted but the end.
 */
function clauseStarts(text: string, count: number): Set<number> {
  const starts = new Set<number>([count]);
  let at = 0;
  for (const clause of text.split(/[,.;:!?]+/)) {
    at += toTokens(clause).length;
    starts.add(at);
  }
  return at === count ? starts : new Set([count]);
}

/**
 * Words that take back a whole street line, so that a later one stands: "3 ash grove, no, wait,
 * 8 ash grove", "12 york road, no, I tell a lie, ... 12 york street".
 */
const TAKE_BACK = new Set(['no', 'sorry', 'wait', 'actually', 'lie']);

function readAddressAt(tokens: readonly string[], marks: Marks, named: boolean, from: number): Line | null {
  for (let i = from; i < tokens.length; i++) {
    const flat = readFlat(tokens, i);
    // "flat c, that's the top floor, 40 church street": the floor said between the flat and street.
    const at = flat === null ? i : pastFloorAside(tokens, flat.end);
    // A flat's number, then its building or street, counts as numbered.
    const street =
      flat !== null
        ? (readNumberedStreet(tokens, at, marks) ?? readBuilding(tokens, at, marks))
        : named
          ? readHouseName(tokens, at, marks)
          : readNumberedStreet(tokens, at, marks);
    if (street === null) continue;
    if (!named) {
      const cue = tokens.findIndex((w, k) => k >= street.end && TAKE_BACK.has(w));
      const later = cue < 0 ? null : readAddressAt(tokens, marks, named, cue + 1);
      if (later !== null) return later;
    }
    const locality = readLocality(tokens, street.end, marks);
    const unit = flat?.text ?? (named ? null : flatAfter(tokens, street.end, marks));
    // "primrose cottage, 7 station road": a house's name said before its number.
    const name = flat === null && !named ? nameBefore(tokens, i, marks) : null;
    const text = [unit, name, street.text, locality].filter((p) => p !== undefined && p !== null).join(', ');
    return { text, end: street.end, bare: flat === null && street.bare === true };
  }
  return null;
}

/** Words of an aside that gives the flat's floor: "that's the first floor", "so, second floor". */
const FLOOR_ASIDE = new Set(
  "so that's thats it's its on the ground first second third fourth fifth top basement lower upper".split(
    ' ',
  ),
);

function pastFloorAside(tokens: readonly string[], at: number): number {
  for (let k = at; k < at + 5 && k < tokens.length; k++) {
    if (tokens[k] === 'floor') return k > at ? k + 1 : at;
    if (!FLOOR_ASIDE.has(tokens[k] ?? '')) return at;
  }
  return at;
}

/** Tokens between a street line and a flat said after it: "12 oak road, leeds, it's flat 3". */
const MAX_FLAT_GAP = 3;
/** Words that may come between a street line and its flat, besides the town. */
const FLAT_LEAD_INS = new Set(["it's", 'its', "that's", 'thats', 'it', 'is', 'the']);

/**
 * A flat said after its street: "22 marchmont road, flat three f two", "12 oak road, leeds, flat 3";
 * or a tenement flat's floor and door anywhere in the answer ("the buzzer says 2 f 1").
 */
function flatAfter(tokens: readonly string[], from: number, marks: Marks): string | null {
  for (let k = from; k < tokens.length; k++) {
    if (marks.inPostcode.has(k)) continue;
    // Not "12 oak road, and a flat 2 miles away": only a town or "it's" before the flat.
    const gap = tokens.slice(from, k);
    const near =
      k - from <= MAX_FLAT_GAP &&
      FLAT_WORDS.has(tokens[k] ?? '') &&
      gap.every((w) => FLAT_LEAD_INS.has(w) || isPlaceWord(w, false));
    const flat = near ? readFlat(tokens, k) : null;
    if (flat !== null) return flat.text;
    const floorAndDoor = readFloorAndDoor(tokens, k);
    if (floorAndDoor !== null && !marks.inPostcode.has(floorAndDoor.end - 1))
      return `Flat ${floorAndDoor.text}`;
  }
  return null;
}

/** Digits said as words in a flat's position ("nought stroke two", "two f one"). */
const DIGIT_WORDS = new Map(
  Object.entries({
    nought: '0',
    zero: '0',
    oh: '0',
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
  }),
);

function digitOf(token: string): string | null {
  return /^\d{1,2}$/.test(token) ? token : (DIGIT_WORDS.get(token) ?? null);
}

/**
 * An Edinburgh tenement flat's floor and door, as on the buzzer: "2F1" (second floor, first door),
 * said "two f one" or "2 f 1". The "f" between two digits says floor, so it is no house letter.
 */
function readFloorAndDoor(tokens: readonly string[], i: number): { text: string; end: number } | null {
  const written = /^(\d{1,2})f(\d{1,2})$/.exec(tokens[i] ?? '');
  if (written !== null) return { text: `${written[1]}F${written[2]}`, end: i + 1 };
  const floor = digitOf(tokens[i] ?? '');
  const door = digitOf(tokens[i + 2] ?? '');
  if (floor === null || door === null || tokens[i + 1] !== 'f') return null;
  return { text: `${floor}F${door}`, end: i + 3 };
}

/**
 * A Glasgow flat's position said in words where it was not written as one: "nought stroke two",
 * "oh slash one" (ground floor, second door).
 */
function readPositionInWords(tokens: readonly string[], i: number): { text: string; end: number } | null {
  const floor = digitOf(tokens[i] ?? '');
  const door = digitOf(tokens[i + 2] ?? '');
  if (floor === null || door === null || !/^(?:stroke|slash|oblique)$/.test(tokens[i + 1] ?? '')) return null;
  return { text: `${floor}/${door}`, end: i + 3 };
}

/** Words that open an answer before what it is: "right, so it's ...", "yes, well, ...". */
const OPENERS = new Set(
  "right so well yes yeah yep aye okay ok oh ah and then it's its it is that's thats".split(' '),
);

/**
 * The name of a house said before its number and street, at the start of the answer: "primrose
 * cottage, 4 green lane", and, asked for the address, a name with no house word that starts with
 * "the" ("the laurels, 7 station road"). Not whose house it was ("my nan's") nor "the house".
 */
function nameBefore(tokens: readonly string[], i: number, marks: Marks): string | null {
  let s = 0;
  while (s < i && OPENERS.has(tokens[s] ?? '')) s++;
  const name = tokens.slice(s, i);
  if (name.length === 0 || name.length > 3) return null;
  const fits = name.every(
    (w, k) =>
      (HOUSE_NAME_WORDS.has(w) || isPlaceWord(w, k === 0)) &&
      (k === 0 || !marks.breaks.has(s + k)) &&
      !POSSESSIVES.test(w) &&
      !w.endsWith("'s"),
  );
  if (!fits) return null;
  const house = name.findIndex((w) => HOUSE_NAME_WORDS.has(w));
  // A house word ends the name and has a word of its own before it: "rose cottage", "the old
  // rectory", not "the house" or "an old house".
  const before = name.slice(0, Math.max(house, 0)).filter((w) => w !== 'the');
  const plain = name[0] !== 'the' && before.every((w) => PLACE_WORDS.has(w));
  if (house >= 0 && (house !== name.length - 1 || before.length === 0 || plain)) return null;
  // With no house word, only "the ..." is a name ("the laurels, 7 station road"): a bare word
  // before the number is as often the town said first ("leeds, 12 oak road").
  if (house < 0 && (!marks.asked || name[0] !== 'the' || name.length < 2)) return null;
  return caseStreet(name);
}

/** A flat's position in a Scottish tenement, as normalise.ts writes "3 stroke 1": "3/1". */
const POSITION = /^\d{1,2}\/\d{1,2}$/;

/** "flat 4", "apartment 3b", "flat four", "unit 2 b": the number or number and letter after. */
function readFlat(tokens: readonly string[], i: number): { text: string; end: number } | null {
  const word = tokens[i] ?? '';
  // "2/1 8 great western road": a Scottish flat's position said before its street, without "flat".
  if (POSITION.test(word) && /^\d/.test(tokens[i + 1] ?? '')) return { text: `Flat ${word}`, end: i + 1 };
  if (!FLAT_WORDS.has(word)) return null;
  const label = word === 'apt' ? 'Apartment' : titleCase(word);
  const token = tokens[i + 1] ?? '';
  if (POSITION.test(token)) return { text: `${label} ${token}`, end: i + 2 };
  const position = readFloorAndDoor(tokens, i + 1) ?? readPositionInWords(tokens, i + 1);
  if (position !== null) return { text: `${label} ${position.text}`, end: position.end };
  if (/^\d{1,4}[a-z]?$/.test(token)) {
    const letter =
      /^[a-h]$/.test(tokens[i + 2] ?? '') && /^\d/.test(tokens[i + 3] ?? '') ? tokens[i + 2] : '';
    return {
      text: `${label} ${token.toUpperCase()}${(letter ?? '').toUpperCase()}`,
      end: i + (letter ? 3 : 2),
    };
  }
  // In words, one number only: "flat four twelve mill road" is flat 4 at number 12.
  const span = scanNumberAt(tokens.slice(i + 1, i + 3), 0);
  const single = scanNumberAt([token], 0);
  const use =
    span !== null && span.end === 2 && span.value < 100 && !/^\d/.test(tokens[i + 2] ?? '') ? span : single;
  // "flat b", "flat c, 4 park road": a flat known by its letter ("a" only before a number, where it
  // cannot be the article).
  if (use === null && /^[a-h]$/.test(token) && (token !== 'a' || /^\d/.test(tokens[i + 2] ?? '')))
    return { text: `${label} ${token.toUpperCase()}`, end: i + 2 };
  if (use === null || !Number.isInteger(use.value)) return null;
  // "flat four b, nine king street": a letter after the number, before the house's own number.
  const at = i + 1 + use.end;
  const letter =
    /^[a-h]$/.test(tokens[at] ?? '') && scanNumberAt(tokens, at + 1) !== null ? tokens[at] : undefined;
  if (letter !== undefined) return { text: `${label} ${use.value}${letter.toUpperCase()}`, end: at + 1 };
  return { text: `${label} ${use.value}`, end: at };
}

/** "12 mill road", "11 kingsway", "5 the green", "twelve acacia avenue m14 5ab". */
function readNumberedStreet(tokens: readonly string[], i: number, marks: Marks): Street | null {
  let start = i;
  if (tokens[start] === 'number' || tokens[start] === 'no') start++;
  // "elm grove, number 30, wakefield": the street came first; what follows the number is the town.
  if (tokens[start - 1] === 'number' && STREET_SUFFIXES.has(tokens[start - 2] ?? '')) return null;
  if (marks.inPostcode.has(start)) return null;
  const token = tokens[start] ?? '';
  let number: string | null = null;
  let end = start;
  if (/^\d{1,4}[a-z]?$/.test(token)) {
    number = token.toUpperCase();
    end = start + 1;
  } else {
    const span = scanNumberAt(tokens, start);
    if (span === null || !span.fromWords || !Number.isInteger(span.value)) return null;
    number = String(saidOnce(tokens.slice(start, span.end)) ?? span.value);
    end = span.end;
  }
  const lettered = houseLetter(tokens, end, number);
  number = lettered.number;
  end = lettered.end;
  const n = Number.parseInt(number, 10);
  if (!(n >= 1 && n <= 9999)) return null;
  // "number 9 on mill close", "14 on acacia avenue", "number 14, that's acacia avenue": a word
  // between the number and a street that has its street word.
  const joined = tokens[end] === 'on' || (start > i && /^(?:that's|thats|it's|its)$/.test(tokens[end] ?? ''));
  if (joined) end++;
  // "number 7, the, the willows": the street's first word said twice over is said once.
  if (tokens[end] !== undefined && tokens[end] === tokens[end + 1]) end++;
  const words = readWords(tokens, end, marks);
  const street = streetIn(words, closesStreet(tokens, end + words.length, marks));
  if (street === null) return null;
  const bare = streetIn(words, false) === null;
  if (joined && start === i && !STREET_SUFFIXES.has(street.at(-1) ?? '')) return null;
  const streetEnd = end + street.length;
  // "14 oakfield road, sorry, oakfield avenue": the street put right keeps its number.
  const repair = REPAIR_WORDS.has(tokens[streetEnd] ?? '') ? streetEnd + 1 : -1;
  // "14 acacia avenue, sorry, 16": the number put right keeps its street.
  const renumbered = repair > 0 ? numberPutRight(tokens, repair, marks) : null;
  if (renumbered !== null) return { text: `${renumbered.number} ${caseStreet(street)}`, end: renumbered.end };
  if (repair > 0) {
    const from = REPAIR_WORDS.has(tokens[repair] ?? '') ? repair + 1 : repair;
    const again = readWords(tokens, from, marks);
    const better = streetIn(again, marks.postcodeStarts.has(from + again.length));
    if (better !== null && STREET_SUFFIXES.has(better.at(-1) ?? ''))
      return { text: `${number} ${caseStreet(better)}`, end: from + better.length };
  }
  return {
    text: `${givenLater(tokens, streetEnd, number, marks)} ${caseStreet(street)}`,
    end: streetEnd,
    bare,
  };
}

/** "forty five, forty five kings road": a number said twice over is said once, not 4545. */
function saidOnce(words: readonly string[]): number | null {
  const half = words.length / 2;
  if (!Number.isInteger(half) || half === 0) return null;
  if (words.slice(0, half).join(' ') !== words.slice(half).join(' ')) return null;
  const once = scanNumberAt(words.slice(0, half), 0);
  return once !== null && once.end === half && Number.isInteger(once.value) ? once.value : null;
}

/**
 * How a caller makes a spoken letter sure: "a as in apple", "b for bravo", "c for charlie". The
 * index after the word that makes it sure, or `at` when none follows.
 */
function madeSure(tokens: readonly string[], at: number, letter: string): number {
  const skip = tokens[at] === 'for' ? 1 : tokens[at] === 'as' && tokens[at + 1] === 'in' ? 2 : 0;
  const word = tokens[at + skip] ?? '';
  return skip > 0 && word.length >= 3 && word.startsWith(letter) ? at + skip + 1 : at;
}

/**
 * A house letter said apart from its number: "2 b park road", "fourteen a the green", "4 c for
 * charlie mill road"; or said again to make it sure after "2a" ("4c, c for charlie, ...").
 */
function houseLetter(tokens: readonly string[], at: number, number: string): { number: string; end: number } {
  const letter = tokens[at] ?? '';
  if (!/^[a-h]$/.test(letter)) return { number, end: at };
  const sure = madeSure(tokens, at + 1, letter);
  if (/[A-Z]$/.test(number))
    return number.endsWith(letter.toUpperCase()) && sure > at + 1
      ? { number, end: sure }
      : { number, end: at };
  if (sure > at + 1 || tokens[at + 1] === 'the' || isStreetStart(tokens[at + 1] ?? ''))
    return { number: number + letter.toUpperCase(), end: sure };
  return { number, end: at };
}

/**
 * The house's letter given later in the answer: "40 high street, well, 40b really",
 * "it's actually 15c". Only the same number with a letter, outside the postcode.
 */
function givenLater(tokens: readonly string[], from: number, number: string, marks: Marks): string {
  if (!/^\d+$/.test(number)) return number;
  const later = tokens.findIndex(
    (w, k) =>
      k >= from &&
      !marks.inPostcode.has(k) &&
      w.length === number.length + 1 &&
      /^\d+[a-h]$/.test(w) &&
      w.startsWith(number),
  );
  return later < 0 ? number : (tokens[later] ?? number).toUpperCase();
}

/** After "sorry": a house number alone, then the postcode or nothing ("..., sorry, 16, ls6 2ab"). */
function numberPutRight(
  tokens: readonly string[],
  at: number,
  marks: Marks,
): { number: string; end: number } | null {
  const from = REPAIR_WORDS.has(tokens[at] ?? '') ? at + 1 : at;
  const token = tokens[from] ?? '';
  if (!/^\d{1,4}[a-z]?$/.test(token)) return null;
  const next = from + 1;
  return next === tokens.length || marks.postcodeStarts.has(next)
    ? { number: token.toUpperCase(), end: next }
    : null;
}

/**
 * Words after which a street with no street word is known to have ended, as well as the postcode:
 * "29 whalley range, just whalley range, nothing on the end", "92 whalley range postcode ...",
 * "4 the sidings, not sidings road", "6 y bryn, that's y then bryn".
 * Not "it's", nor "in" but before a town that ends the clause: a street runs on into those often
 * enough ("22 the willows its a semi").
 */
const STREET_ENDERS = new Set(['just', 'nothing', 'postcode', 'not', "that's", 'thats']);

function closesStreet(tokens: readonly string[], at: number, marks: Marks): boolean {
  if (marks.postcodeStarts.has(at) || marks.breaks.has(at) || STREET_ENDERS.has(tokens[at] ?? ''))
    return true;
  // "6 woodlands in doncaster, postcode ...": "in" and a town that runs to the clause's end
  // or the postcode; not "22 the willows in a quiet spot".
  if (tokens[at] !== 'in') return false;
  for (let k = at + 1; k <= at + 1 + MAX_LOCALITY_WORDS; k++) {
    const ends = marks.postcodeStarts.has(k) || marks.breaks.has(k) || tokens[k] === 'postcode';
    if (k > at + 1 && ends) return true;
    if (!isPlaceWord(tokens[k] ?? '', false) || STREET_SUFFIXES.has(tokens[k] ?? '')) return false;
  }
  return false;
}

/** Words that take back what was just said: "14 oakfield road, sorry, oakfield avenue". */
const REPAIR_WORDS = new Set(['sorry', 'no', 'actually', 'i', 'mean']);

/** A word a street's name may start with. */
function isStreetStart(word: string): boolean {
  return isPlaceWord(word, true) && !NOT_NAMES.has(word);
}

/**
 * "it's on elm grove, number 30", "acacia avenue, number 14", "acacia avenue, 12, m14 5ab": the
 * street first, then its number ("at" only after "on", where it cannot be a time; a bare number only
 * as a clause of its own).
 */
function readStreetThenNumber(tokens: readonly string[], marks: Marks): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const on = tokens[i] === 'on';
    if (!on && i > 0 && isPlaceWord(tokens[i - 1] ?? '', false)) continue;
    const first = on ? i + 1 : i;
    const words = readWords(tokens, first, marks);
    // "it's on hill top, number 40": asked, a street with no street word ends at the clause.
    const closed = marks.breaks.has(first + words.length) && tokens[first + words.length] === 'number';
    const street = streetIn(words, closed);
    const named = street?.at(-1) ?? '';
    if (street === null || !(closed || STREET_SUFFIXES.has(named) || ONE_WORD_STREET.test(named))) continue;
    const after = first + street.length;
    const at = tokens[after] === 'number' || (on && tokens[after] === 'at') ? after + 1 : after;
    const span = scanNumberAt(tokens, at);
    if (span === null || !Number.isInteger(span.value) || span.value < 1 || span.value > 9999) continue;
    // "acacia avenue, 12, m14 5ab": a bare number only as a clause of its own, or with the postcode
    // or the answer's end straight after it ("oak road 12 m14 5ab"), not "mill road 20 years".
    const ownClause = marks.breaks.has(after) && closesStreet(tokens, span.end, marks);
    const endsAnswer =
      marks.postcodeStarts.has(span.end) || (span.end === tokens.length && marks.breaks.has(span.end));
    if (at === after && !ownClause && !endsAnswer) continue;
    return `${span.value} ${caseStreet(street)}`;
  }
  return null;
}

/** Whose house it was ("my", "dad's"); not "it's", "that's", which go on to say what it is. */
const POSSESSIVES =
  /^(?:my|me|our|his|her|their|your|(?!(?:it|that|there|here|what|where|who|he|she)'s$)[a-z]+'s|dads|mums|mams|nans|das|mas|pas)$/;

/** "rose cottage church lane", "the old rectory": a house name, then its street if said. */
function readHouseName(tokens: readonly string[], i: number, marks: Marks): Street | null {
  // "me dad's old house": whose it was, not its name.
  if (POSSESSIVES.test(tokens[i - 1] ?? '')) return null;
  const words = readWords(tokens, i, marks);
  const at = words.findIndex((w) => HOUSE_NAME_WORDS.has(w));
  // A house name has a word before its "cottage" ("rose cottage", "the old school house"); "dad's
  // old house" is whose it was, not its name.
  const most = words[0] === 'the' ? 3 : 2;
  if (at < 1 || at > most || (at === 1 && words[0] === 'the') || words.some((w) => w.endsWith("'s")))
    return null;
  const said = words.slice(0, at + 1);
  const name = said.map(titleCase).join(' ');
  const from = pastNameSaidAgain(tokens, i + at + 1, said);
  const rest = readWords(tokens, from, marks);
  const street = streetIn(rest, false);
  if (street === null) return { text: name, end: i + at + 1 };
  return { text: `${name}, ${street.map(titleCase).join(' ')}`, end: from + street.length };
}

/** Tokens within which a house's name may be said again before its street. */
const NAME_AGAIN_WITHIN = 8;

/**
 * "ivy cottage, yes, ivy cottage, mill lane": the name
 * said again, and the street after it. Where the street follows the name at once, `at`.
 */
function pastNameSaidAgain(tokens: readonly string[], at: number, name: readonly string[]): number {
  for (let k = at + 1; k <= at + NAME_AGAIN_WITHIN; k++) {
    if (name.every((w, j) => tokens[k + j] === w)) return k + name.length;
  }
  return at;
}

/**
 * After a flat number: "riverside court" (the building is the street), or "the mill 5 canal
 * street" (a building name, then the house number and street).
 */
function readBuilding(tokens: readonly string[], i: number, marks: Marks): Street | null {
  const words = readWords(tokens, i, marks);
  for (let k = 1; k <= Math.min(3, words.length); k++) {
    const after = readNumberedStreet(tokens, i + k, marks);
    if (after !== null) {
      return { text: `${words.slice(0, k).map(titleCase).join(' ')}, ${after.text}`, end: after.end };
    }
  }
  // "apartment 4, the maltings, ls2 7ef": a building with no street word, known by what follows.
  const street = streetIn(
    words,
    closesStreet(tokens, i + words.length, marks) || i + words.length === tokens.length,
  );
  if (street === null) return null;
  const building = { text: street.map(titleCase).join(' '), end: i + street.length };
  // "flat 3, kelvin court, park road": the building's street after it, with its street word.
  const after = readWords(tokens, building.end, marks);
  const road = streetIn(after, false);
  const named = road?.at(-1) ?? '';
  if (road === null || !(STREET_SUFFIXES.has(named) || DIRECTIONS.has(named) || ONE_WORD_STREET.test(named)))
    return building;
  return { text: `${building.text}, ${caseStreet(road)}`, end: building.end + road.length };
}

/**
 * Everyday words that are kept out of names but start street names when a street word follows
 * them: "market place", "well lane", "love lane", "first avenue".
 */
const NAMED_BEFORE_A_STREET_WORD = new Set(
  'market well love first second third fourth short small big far round'.split(' '),
);

function readWords(tokens: readonly string[], i: number, marks: Marks): string[] {
  const words: string[] = [];
  for (let k = i; k < tokens.length && words.length < MAX_STREET_WORDS + 1; k++) {
    if (marks.postcodeStarts.has(k) || (k > i && marks.breaks.has(k))) break;
    const word = tokens[k] ?? '';
    const startsStreet = NAMED_BEFORE_A_STREET_WORD.has(word) && STREET_SUFFIXES.has(tokens[k + 1] ?? '');
    if (!isPlaceWord(word, words.length === 0) && !startsStreet) break;
    words.push(tokens[k] ?? '');
  }
  return words;
}

/**
 * The street within the words after a number: up to its last street word and any direction
 * ("bramhall lane south"), or a one-word street ("kingsway"). Without a street word the words
 * count only when the postcode follows them ("40 acacia m14 5ab").
 */
function streetIn(words: readonly string[], closed: boolean): string[] | null {
  // "heol goffa", "stryd y castell": a Welsh street word comes first, and its name after it.
  if (STREET_PREFIXES.has(words[0] ?? '') && words.length > 1)
    return words.slice(0, Math.min(words.length, 3));
  let last = -1;
  for (let k = 1; k < words.length && k <= MAX_STREET_WORDS; k++) {
    const word = words[k] ?? '';
    if (!STREET_SUFFIXES.has(word)) continue;
    // "31 park avenue, leigh": after the street's own word, a town's begins.
    if (last >= 0 && !STREET_WORDS_IN_TOWNS.has(words[last] ?? '') && STREET_WORDS_IN_TOWNS.has(word)) break;
    last = k;
  }
  if (last < 0) {
    const one = words.findIndex((w) => ONE_WORD_STREET.test(w));
    if (one >= 0 && one < 2) last = one;
  }
  // With no street word, the words before the postcode are the street, and a town after two of
  // them: "26 whalley range blackburn bb1 6ea".
  // (Not an adverb said after a number: "17 honestly".)
  // "pen y bryn", "glan yr afon": a Welsh article joins the name's words, so the street is all three.
  const joined = SMALL_WORDS.has(words[1] ?? '') && words.length > 2 ? 3 : 2;
  const named = words.slice(0, Math.min(words.length, joined));
  if (last < 0) return closed && named.length > 0 && !named.some((w) => /ly$/.test(w)) ? named : null;
  const end = DIRECTIONS.has(words[last + 1] ?? '') ? last + 2 : last + 1;
  return words.slice(0, end);
}

/** Words of the spelling alphabet: a postcode's spelling begun ("sierra, uh, sierra alpha ..."), not a town. */
const NATO = new Set(
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu'.split(
    ' ',
  ),
);

/** Words that place the house by something near it ("above the chippy"), never a town's. */
const NEAR_WORDS = new Set(
  'above below near nearby opposite behind beside next past across round'.split(' '),
);

/** Words a caller adds about what they said ("bolton, obviously"), never part of a town's name. */
const ASIDE_WORDS = new Set('obviously apparently honestly anyway though mind innit either too'.split(' '));

/** "cheadle", "cheadle hulme", "in didsbury": the place after the street, before the postcode. */
function readLocality(tokens: readonly string[], i: number, marks: Marks): string | null {
  const start = tokens[i] === 'in' ? i + 1 : i;
  const words: string[] = [];
  for (let k = start; k < tokens.length && words.length < MAX_LOCALITY_WORDS + 1; k++) {
    const word = tokens[k] ?? '';
    if (marks.postcodeStarts.has(k) || (k > start && marks.breaks.has(k))) break;
    if (!/^[a-z]+$/.test(word) || NOT_NAMES.has(word) || NEAR_WORDS.has(word)) break;
    if (STREET_SUFFIXES.has(word) || NATO.has(word) || ASIDE_WORDS.has(word) || FLAT_WORDS.has(word)) break;
    words.push(word);
  }
  // More than two words is a sentence going on, not a town.
  if (words.length === 0 || words.length > MAX_LOCALITY_WORDS) return null;
  return words.map(titleCase).join(' ');
}
