/**
 * The street part of a UK address as the caller said it, kept whole: "Flat 4, 12 Mill Road",
 * "11 Kingsway, Cheadle", "14 Bramhall Lane South, Stockport", "Rose Cottage, Church Lane".
 * The postcode is read apart (postcode.ts); this reads what comes before it.
 */

import { titleCase } from './name.js';
import { NOT_NAMES } from './name-stopwords.js';
import { foldLetters, toTokens } from './normalise.js';
import { scanNumberAt } from './numbers.js';
import { type CodeSpan, findCodeSpans } from './postcode-speech.js';
import {
  BUILDING_WORDS,
  DIRECTIONS,
  FLAT_WORDS,
  HOUSE_NAME_WORDS,
  ONE_WORD_STREET,
  STREET_PREFIXES,
  STREET_SUFFIXES,
  STREET_WORDS_IN_TOWNS,
} from './street-words.js';
import { BED_WORD_SOURCE } from './vocabulary.js';

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

/**
 * Welsh, Cornish and Gaelic articles stay small inside a street's name: "Stryd y Castell", "Heol
 * yr Eglwys", "Chy an Mor", "Sràid a' Chaisteil", "Druim nan Eun".
 */
const SMALL_WORDS = new Set(['y', 'yr', 'na', 'an', 'nan', 'a', 'am']);
/** Of those, the ones that are English words too, read as articles only after a Celtic street word. */
const ENGLISH_TOO = new Set(['a', 'am']);

/**
 * An article inside a name at `k`, between two of its words ("chy an mor", "sraid a chaisteil"),
 * before any street word: English words ("an", "a") never start or end a street's name this way.
 */
function celticArticle(tokens: readonly string[], k: number, words: readonly string[]): boolean {
  const word = tokens[k] ?? '';
  if (!SMALL_WORDS.has(word) || words.length === 0 || !isPlaceWord(tokens[k + 1] ?? '', false)) return false;
  if (ENGLISH_TOO.has(word) && !STREET_PREFIXES.has(words[0] ?? '')) return false;
  return !words.some((w, j) => j > 0 && STREET_SUFFIXES.has(w)) && !STREET_SUFFIXES.has(words[0] ?? '');
}

/** Words joining a Channel Islands street's name to its street word: "Rue de l'Église", "Route du Fort". */
const FRENCH_LINKS = new Set(['de', 'du', 'des', 'la', 'le', 'les']);

/** Welsh and Gaelic words that end a street's name after its street word: "Heol Llanishen Fach", "Stryd Fawr". */
const QUALIFIERS = new Set(
  'fach fawr bach mawr uchaf isaf ucha isa newydd goch coch wen gwyn las glas ddu hir fechan ganol canol mhor mor beag bheag'.split(
    ' ',
  ),
);

function caseStreet(words: readonly string[]): string {
  // "Prince of Wales Road": "of" stays small inside a name, as on the street sign.
  return words.map((w, i) => (i > 0 && (SMALL_WORDS.has(w) || w === 'of') ? w : titleCase(w))).join(' ');
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
  const line = readLine(text, options);
  return line === null ? null : withLettersAsSaid(asWritten(line), text);
}

/**
 * The line as the sign and the envelope write it: a saint said in full is "St" there ("Saint
 * Mary's Road" is "St Mary's Road", "Saint Ives" is "St Ives").
 */
function asWritten(line: string): string {
  return line.replace(/\bSaint (?=[A-Z])/g, 'St ');
}

/**
 * The line with each word spelt with the accents the caller's words had ("Glan y Môr", "Lôn
 * Isaf", "Tŷ'r Ysgol"): the words are read with their accents folded away (normalise.ts), but
 * the street's sign and the envelope keep them.
 */
function withLettersAsSaid(line: string, text: string): string {
  // Plain letters throughout, the usual case: nothing to put back.
  if (!/[^ -~\s]/.test(text)) return line;
  const accented = new Map<string, string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{M}']+/gu) ?? []) {
    const plain = foldLetters(word);
    if (plain !== word) accented.set(plain, word.normalize('NFC'));
  }
  return line.replace(/[A-Za-z']+/g, (word) => {
    const said = accented.get(word.toLowerCase());
    if (said === undefined) return word;
    // The line's capitals stand: "L'Eglise" is "L'Église".
    if (said.length !== word.length) return (said[0] ?? '').toUpperCase() + said.slice(1);
    return Array.from(said, (c, k) => (word[k] === word[k]?.toLowerCase() ? c : c.toUpperCase())).join('');
  });
}

function readLine(text: string, options: AddressOptions): string | null {
  const raw = toTokens(text);
  const { tokens, breaks } = withoutRestarts(
    raw,
    options.asked === true ? clauseStarts(text, raw.length) : new Set(),
  );
  const { postcodes: found, outwards } = findCodeSpans(tokens);
  // "so 27 st mary's road, s o one four ...": a postcode made of ordinary words ("so") is no
  // postcode where the caller gives a clear one as well.
  const clear = found.filter((s) => !s.weak);
  const spans = clear.length > 0 ? clear : found;
  const marks: Marks = {
    postcodeStarts: new Set([
      ...spans.map((s) => s.start),
      ...districtStarts(outwards, options.asked === true),
    ]),
    inPostcode: new Set(spans.flatMap((s) => Array.from({ length: s.end - s.start }, (_, k) => s.start + k))),
    breaks,
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
    (options.asked === true
      ? (readNameThenStreet(tokens, marks) ??
        readCalledName(tokens, marks) ??
        readSpeltName(tokens, marks) ??
        readNumberApart(tokens, marks))
      : null)
  );
}

/**
 * Asked for the address, where a district alone starts ("23 ashgrove peterhead ab42, I can't
 * mind the rest", "1 westways stoneleigh k t nineteen ..."): a street and town end there as they
 * do before a whole postcode. Only districts of plain letters and a digit, as the district reader
 * takes them (postcode.ts).
 */
function districtStarts(outwards: readonly CodeSpan<string>[], asked: boolean): number[] {
  if (!asked) return [];
  return outwards.filter((s) => !s.weak && /\d/.test(s.value)).map((s) => s.start);
}

/** Words that open an aside straight after a house number said alone: "12, would you believe". */
const ASIDE_OPENERS = new Set("that's thats that would you i we it's its which if".split(' '));
/** Words a caller opens with before their house number: "we're 16a", "it's number 8". */
const NUMBER_LEAD_INS = new Set(
  "right so well yes yeah yep aye okay ok oh ah it's its it is that's thats we're were we are".split(' '),
);

/**
 * Asked for the address, the house number and the street said apart, with an aside between:
 * "twelve and a half, would you believe, bridge street", "we're 16a, that's the downstairs one,
 * ..., ormeau road", "... stryd y popty, so put that, number 8". The number must be said as a
 * house's: "number 8", or alone at the answer's start; the street has its street word. The street
 * nearest the number is the one: after a number said first, before "number 8" said last.
 */
function readNumberApart(tokens: readonly string[], marks: Marks): string | null {
  const streets = streetsWithWords(tokens, marks);
  const first = numberSaidFirst(tokens, marks);
  if (first !== null) {
    const after = streets.find((s) => s.start >= first.end);
    if (after !== undefined) return `${first.number} ${caseStreet(after.words)}`;
  }
  for (let k = tokens.length - 1; k >= 0; k--) {
    if (tokens[k] !== 'number' || marks.inPostcode.has(k + 1)) continue;
    const said = houseNumberAt(tokens, k + 1);
    if (said === null) continue;
    const before = streets.filter((s) => s.start + s.words.length <= k).at(-1);
    const street = before ?? streets.find((s) => s.start >= said.end);
    if (street !== undefined) return `${said.number} ${caseStreet(street.words)}`;
  }
  return null;
}

/** A house number at `at`: "16a", "8", "twelve", "twelve and a half". */
function houseNumberAt(tokens: readonly string[], at: number): { number: string; end: number } | null {
  const token = tokens[at] ?? '';
  if (/^\d{1,4}[a-h]?$/.test(token))
    return token.startsWith('0') ? null : { number: token.toUpperCase(), end: at + 1 };
  const span = scanNumberAt(tokens, at);
  if (span === null || !span.fromWords || span.value < 1 || span.value > 9999) return null;
  if (Number.isInteger(span.value)) return { number: String(span.value), end: span.end };
  const halfway = span.value % 1 === 0.5 && tokens[span.end - 1] === 'half';
  return halfway ? { number: `${Math.floor(span.value)}½`, end: span.end } : null;
}

/**
 * The house number alone at the answer's start: followed by a clause's end or an aside ("12,
 * would you believe"), not by what it counts ("twenty years", "three bedrooms").
 */
function numberSaidFirst(tokens: readonly string[], marks: Marks): { number: string; end: number } | null {
  let s = 0;
  while (s < tokens.length && NUMBER_LEAD_INS.has(tokens[s] ?? '')) s++;
  if (tokens[s] === 'number') s++;
  if (marks.inPostcode.has(s)) return null;
  const said = houseNumberAt(tokens, s);
  if (said === null) return null;
  const alone = marks.breaks.has(said.end) || ASIDE_OPENERS.has(tokens[said.end] ?? '');
  return alone ? said : null;
}

/** Every street said with its street word ("bridge street", "stryd y popty"), where it starts. */
function streetsWithWords(tokens: readonly string[], marks: Marks): { start: number; words: string[] }[] {
  const found: { start: number; words: string[] }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const starts = i === 0 || marks.breaks.has(i) || !nameGoesOn(tokens, i - 1);
    if (!starts || tokens[i] === 'the' || marks.inPostcode.has(i)) continue;
    const street = streetIn(readWords(tokens, i, marks), false);
    if (street === null || !(hasStreetWord(street) || STREET_PREFIXES.has(street[0] ?? ''))) continue;
    found.push({ start: i, words: street });
  }
  return found;
}

/** Longest run of words a caller says over again when they start a name afresh. */
const MAX_RESTART = 3;

/**
 * A run a caller may have said twice over by starting afresh: words of a name, never letters,
 * numbers or the spelling alphabet, which a postcode repeats in earnest ("l l", "two two").
 */
function restartable(run: readonly string[]): boolean {
  // A street or house word ends a name: "farm drumcrow" spans two names, and "kiln farm, kiln
  // farm lane" is a house named as its lane is, no one restarted.
  const endsName = run.some((w) => STREET_SUFFIXES.has(w) || HOUSE_NAME_WORDS.has(w));
  return !endsName && run.every((w) => /^[a-z][a-z']+$/.test(w) && !DIGIT_WORDS.has(w) && !NATO.has(w));
}

/**
 * The words with each name said twice over said once, as the caller meant it: "lansbury, erm,
 * lansbury house", "the old, the old chapel", "yew tree, yew tree walk". The first saying is the
 * one dropped; clause starts move with the words (a run is never joined across a clause's start).
 */
function withoutRestarts(
  tokens: readonly string[],
  breaks: ReadonlySet<number>,
): { tokens: string[]; breaks: Set<number> } {
  const kept: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < tokens.length; ) {
    const n = restartLength(tokens, i, breaks);
    if (n > 0) {
      for (let k = 0; k < n; k++) at.push(kept.length);
      i += n;
      continue;
    }
    at.push(kept.length);
    kept.push(tokens[i] ?? '');
    i++;
  }
  at.push(kept.length);
  return { tokens: kept, breaks: new Set([...breaks].map((b) => at[b] ?? kept.length)) };
}

/** How many words at `i` are said again straight after, as a restart; 0 when none are. */
function restartLength(tokens: readonly string[], i: number, breaks: ReadonlySet<number>): number {
  for (let n = MAX_RESTART; n >= 1; n--) {
    const run = tokens.slice(i, i + n);
    const crossesClause = Array.from({ length: 2 * n - 1 }, (_, k) => i + 1 + k).some((k) => breaks.has(k));
    if (run.length < n || crossesClause || !restartable(run)) continue;
    if (run.every((w, k) => tokens[i + n + k] === w)) return n;
  }
  return 0;
}

/**
 * Asked for the address, a house name with no house word in it, then its street: "the laurels,
 * northgate", "ty gwyn soho road birmingham", "glen view parkfield oldham". The name is one to
 * three words at the start of the answer, within its first clause; the street after it has a
 * street word ("mill lane, hebden bridge" is a street and a town, no house name).
 */
function readNameThenStreet(tokens: readonly string[], marks: Marks): string | null {
  let s = 0;
  // "little orchard", "high trees": a word common in house names starts one.
  const opens = (w: string): boolean => w === 'the' || PLACE_WORDS.has(w);
  while (s < tokens.length && !opens(tokens[s] ?? '') && NOT_NAMES.has(tokens[s] ?? '')) s++;
  for (let j = Math.min(s + 3, tokens.length - 1); j > s; j--) {
    const name = tokens.slice(s, j);
    const within = name.every((w, k) => isPlaceWord(w, k === 0) && (k === 0 || !marks.breaks.has(s + k)));
    if (!within || name.join(' ') === 'the') continue;
    // "my mammy's old place": whose it was, not its name.
    // "the old forge" keeps its "old", a word common in house names.
    const plain = (w: string): boolean => NOT_NAMES.has(w) && w !== 'the' && !PLACE_WORDS.has(w);
    if (name.some((w) => plain(w) || POSSESSIVES.test(w) || w.endsWith("'s") || NAMING_WORDS.has(w)))
      continue;
    // "the laurels whalley range blackburn bb1 6ea", "glen view sandhills ...": a name plainly a
    // house's, two words, may stand before a street with no street word that the postcode closes.
    const plainly = name.length === 2 && (name[0] === 'the' || endsLikeAHouse(name));
    const line = nameAndStreet(tokens, name, j, marks, plainly);
    if (line !== null) return line;
  }
  return null;
}

/** The house's name, then the street that starts at `at` (past any aside), and the town after it. */
function nameAndStreet(
  tokens: readonly string[],
  name: readonly string[],
  at: number,
  marks: Marks,
  bare = false,
): string | null {
  const from = pastNameAside(tokens, at);
  const words = readWords(tokens, from, marks);
  // The postcode straight after closes it: "... whalley range blackburn bb1 6ea".
  const closed = bare && marks.postcodeStarts.has(from + words.length);
  const street = streetIn(words, closed);
  if (street === null) return null;
  const locality = readLocality(tokens, from + street.length, marks);
  return [caseStreet(name), caseStreet(street), locality].filter((p) => p !== null).join(', ');
}

/** Words that lead from a house's name to its street: "the laurels, and it's on mill lane". */
const TO_THE_STREET = new Set(['and', "it's", 'its', 'on', "that's", 'thats']);
/** Words of a name spelt out: its letters, and the words between them ("b r y n, then a w e l"). */
const SPELLING_WORDS = new Set(['then', 'and', 'space', 'double', 'capital']);

/**
 * Past what a caller says between a house's name and its street: the name spelt out ("bryn awel,
 * that's b r y n then a w e l, on heol y parc") and the words leading on ("and it's on").
 */
function pastNameAside(tokens: readonly string[], at: number): number {
  let k = at;
  if (
    /^(?:that's|thats|spelt|spelled|spelling)$/.test(tokens[k] ?? '') &&
    /^[a-z]$/.test(tokens[k + 1] ?? '')
  ) {
    k++;
    while (/^[a-z]$/.test(tokens[k] ?? '') || SPELLING_WORDS.has(tokens[k] ?? '')) k++;
  }
  // "hollybush, no number, on pewley hill": the caller says the house has only its name.
  const none = /^(?:there's|theres)$/.test(tokens[k] ?? '') ? k + 1 : k;
  if (tokens[none] === 'no' && tokens[none + 1] === 'number') k = none + 2;
  const lead = k;
  while (k < lead + 3 && TO_THE_STREET.has(tokens[k] ?? '')) k++;
  return k;
}

/** Tokens a caller may gloss a spelt name in before its street. */
const MAX_GLOSS = 6;

/** Letters a caller spells a word out in, read from `at`: "c h y", "double f o r d d". */
function spelling(tokens: readonly string[], at: number): { letters: string; end: number } {
  let k = /^(?:that's|thats|spelt|spelled|spelling)$/.test(tokens[at] ?? '') ? at + 1 : at;
  let letters = '';
  for (; k < tokens.length; k++) {
    const t = tokens[k] ?? '';
    if (t === 'double' && /^[a-z]$/.test(tokens[k + 1] ?? '')) {
      letters += tokens[k + 1];
      continue;
    }
    if (/^[a-z]$/.test(t)) letters += t;
    else if (!SPELLING_WORDS.has(t)) break;
  }
  return letters.length >= 3 ? { letters, end: k } : { letters: '', end: at };
}

/**
 * Asked for the address, a house known by its name alone or with its street, which the caller
 * spells out or says is the house's name: "taigh na mara, t a i g h ...", "glan yr afon, g l a n
 * ..., on heol y felin", "low fold, troutbeck, that's the house name", "cnoc an fhraoich, that's
 * the house, c n o c ...".
 */
function readSpeltName(tokens: readonly string[], marks: Marks): string | null {
  let start = 0;
  while (start < tokens.length && OPENERS.has(tokens[start] ?? '')) start++;
  for (let e = 1; e < tokens.length; e++) {
    // Inside a run of letters is no name's end: each run is read once, from its start.
    if (/^[a-z]$/.test(tokens[e - 1] ?? '') || SPELLING_WORDS.has(tokens[e - 1] ?? '')) continue;
    const label = houseLabelEnd(tokens, e);
    const spelt = spelling(tokens, label ?? e);
    if (spelt.letters === '' && label === null) continue;
    for (let n = Math.min(3, e); n >= 1; n--) {
      const name = tokens.slice(e - n, e);
      // "23 audley range, r a n g e": a numbered street spelt out, read as one elsewhere.
      if (/^\d/.test(tokens[e - n - 1] ?? '')) continue;
      const joined = name.join('');
      // The letters spell the name out, or its first word; said plainly, only at the answer's start.
      const matches =
        spelt.letters !== '' &&
        spelt.letters.startsWith(name[0] ?? '') &&
        joined.startsWith(spelt.letters.slice(0, joined.length));
      if (!matches && !(label !== null && e - n === start)) continue;
      const clause = name.findIndex((_, k) => k > 0 && marks.breaks.has(e - n + k));
      const own = clause < 0 ? name : name.slice(0, clause);
      const fits = own.every(
        (w, k) =>
          (isPlaceWord(w, k === 0) || (k > 0 && SMALL_WORDS.has(w))) &&
          !NAMING_WORDS.has(w) &&
          !w.endsWith("'s"),
      );
      if (!fits || own[0] === 'the' || HOME_WORDS.has(own.at(-1) ?? '')) continue;
      const after = spelt.letters === '' ? (label ?? e) : spelt.end;
      // "c h y, that's cornish for house, cliff road": a gloss of the name, then its street.
      const glossed = Array.from({ length: MAX_GLOSS }, (_, k) => after + 1 + k).find(
        (k) => marks.breaks.has(k) && nameAndStreet(tokens, own, k, marks) !== null,
      );
      return nameAndStreet(tokens, own, glossed ?? after, marks) ?? caseStreet(own);
    }
  }
  return null;
}

/** Words that say what a house is called, never part of its name: "known as", "called". */
const NAMING_WORDS = new Set(['called', 'named', 'known', 'as']);

/** Past "called", "named" or "known as" at `i`: where the name said after them starts. */
function namingEnd(tokens: readonly string[], i: number): number | null {
  // "we called it ard na mara": what the caller named it.
  if (tokens[i] === 'called' || tokens[i] === 'named') return tokens[i + 1] === 'it' ? i + 2 : i + 1;
  return tokens[i] === 'known' && tokens[i + 1] === 'as' ? i + 2 : null;
}

/**
 * Asked for the address, a house's name given as what it is called ("it's called fernlea",
 * "the house is known as the laurels"), and its street: straight after the name, or after the
 * name said again later ("..., so fernlea, station road").
 */
function readCalledName(tokens: readonly string[], marks: Marks): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const s = namingEnd(tokens, i);
    if (s === null) continue;
    const name: string[] = [];
    for (let k = s; k < s + 3 && k < tokens.length; k++) {
      const w = tokens[k] ?? '';
      if (marks.postcodeStarts.has(k) || (k > s && marks.breaks.has(k))) break;
      if (!isPlaceWord(w, k === s) || (NOT_NAMES.has(w) && w !== 'the' && !PLACE_WORDS.has(w))) break;
      name.push(w);
    }
    if (name.length === 0 || name.join(' ') === 'the') continue;
    for (let k = s + name.length; k <= tokens.length; k++) {
      const again = k === s + name.length ? 0 : name.every((w, j) => tokens[k + j] === w) ? name.length : -1;
      if (again < 0) continue;
      const line = nameAndStreet(tokens, name, k + again, marks);
      if (line !== null) return line;
    }
    // "we called it ard na mara, it means ..., shore road": the street after an aside about the
    // name, said with its street word.
    const street = streetsWithWords(tokens, marks).find((t) => t.start >= s + name.length);
    if (street !== undefined) return nameAndStreet(tokens, name, street.start, marks);
    // The first name the caller gives is the one: the rest of the answer has been read for it.
    return null;
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
const TAKE_BACK = new Set(['no', 'nah', 'naw', 'sorry', 'wait', 'actually', 'lie']);

function readAddressAt(tokens: readonly string[], marks: Marks, named: boolean, from: number): Line | null {
  for (let i = from; i < tokens.length; i++) {
    const flat = readFlat(tokens, i);
    // "flat c, that's the top floor, 40 church street": the floor said between the flat and street.
    // "flat 1004, ten oh four, 9 mill road": the flat's number read back before the house's.
    const at = flat === null ? i : pastFloorAside(tokens, pastFlatReadBack(tokens, flat));
    // A flat's number, then its building or street, counts as numbered.
    const read =
      flat !== null
        ? readAfterFlat(tokens, at, marks, flat.apart === true)
        : named
          ? readHouseName(tokens, at, marks)
          : readNumberedStreet(tokens, at, marks);
    if (read === null) continue;
    const street = named ? read : withRowsStreet(tokens, read, marks);
    if (!named) {
      const cue = tokens.findIndex((w, k) => k >= street.end && TAKE_BACK.has(w));
      // "the post goes to the road, 84 tempo road": "the road" is any road; a named one said
      // after it stands (the recogniser writes "to" as "two").
      const from = cue >= 0 ? cue + 1 : GENERIC_STREET.test(street.text) ? street.end : -1;
      const later = from < 0 ? null : readAddressAt(tokens, marks, named, from);
      if (later !== null) return later;
      // "it was 25 victoria terrace ... it's 32 now, 32 victoria terrace": the line the house
      // had before it was renumbered or renamed, then the one it has now.
      const now = formerly(tokens, i) ? readAddressAt(tokens, marks, named, street.end) : null;
      if (now !== null && renumberedOrRenamed(street.text, now.text)) return now;
    }
    const locality = readLocality(tokens, street.end, marks);
    const unit = flat?.text ?? (named ? null : flatAfter(tokens, street.end, marks));
    // "primrose cottage, 7 station road": a house's name said before its number; "the granary,
    // manor farm": a house's name before the farm or estate it stands in.
    const name = flat === null ? nameBefore(tokens, i, marks) : null;
    const text = [unit, name, street.text, locality].filter((p) => p !== undefined && p !== null).join(', ');
    return { text, end: street.end, bare: flat === null && street.bare === true };
  }
  return null;
}

/**
 * A numbered house in a row or block known by its own name, then the street it stands on: "2
 * coastguard cottages, cliff road", "4 victoria buildings, mill street", "6 railway villas, that's
 * on station road". The row's name ends in a house or building word.
 */
function withRowsStreet(tokens: readonly string[], line: Street, marks: Marks): Street {
  if (!isRowWord((line.text.split(' ').at(-1) ?? '').toLowerCase())) return line;
  const from = pastLeadIns(tokens, line.end);
  const road = streetIn(readWords(tokens, from, marks), false);
  if (road === null || !hasStreetWord(road)) return line;
  return { text: `${line.text}, ${caseStreet(road)}`, end: from + road.length };
}

/** A word ending the name of a row or block of houses: "cottages", "villas", "houses", "buildings". */
function isRowWord(word: string): boolean {
  return (
    HOUSE_NAME_WORDS.has(word) || HOUSE_NAME_WORDS.has(word.replace(/s$/, '')) || BUILDING_WORDS.has(word)
  );
}

/** Words that put a street line in the past: "it was 25 ...", "formerly 4 ...". */
const FORMERLY = new Set(['was', 'formerly', 'originally', 'previously', 'once']);

/** The line starting at `i` is said as the house's old one: "it was number 25", "it used to be 14". */
function formerly(tokens: readonly string[], i: number): boolean {
  let b = tokens[i - 1] === 'number' ? i - 1 : i;
  if (tokens[b - 1] === 'at') b--;
  const usedToBe = tokens[b - 1] === 'be' && tokens[b - 2] === 'to' && tokens[b - 3] === 'used';
  return usedToBe || FORMERLY.has(tokens[b - 1] ?? '');
}

/** Two street lines of one house, before and after: the same street renumbered, or the same number on a renamed street. */
function renumberedOrRenamed(before: string, after: string): boolean {
  const [number, ...street] = before.split(' ');
  const [numberNow, ...streetNow] = after.split(',')[0]?.split(' ') ?? [];
  const same = street.join(' ') === streetNow.join(' ');
  return same ? number !== numberNow : number === numberNow;
}

/** Tokens of an aside a caller may put between a flat and its house's number: "the top one". */
const MAX_FLAT_ASIDE = 5;

/**
 * What follows a flat: the house's number and street ("flat 2, 9 mill road"), its building
 * ("flat 3, kelvin court", "the flat's number 8, in kingfisher house"), or the number and street
 * past an aside about the flat or the building ("flat c, the top one, 77 ...", "number 2, and the
 * building's 140 high street"). An aside has no number and no street or house word in it, so a
 * building's name is never passed over as one. A flat said apart from its number (`apart`) counts
 * only with a house number and street after it.
 */
function readAfterFlat(tokens: readonly string[], at: number, marks: Marks, apart: boolean): Street | null {
  // "flat 14, in number 3, clarendon square", "flat 6 inside 22 the crescent": the flat is in the
  // house said next.
  const from = WITHIN_THE_HOUSE.has(tokens[at] ?? '') ? at + 1 : at;
  const numbered = readNumberedStreet(tokens, from, marks);
  if (numbered !== null) return numbered;
  const building = readBuilding(tokens, from, marks);
  if (building !== null && (!apart || /\d/.test(building.text))) return building;
  for (let k = at; k < at + MAX_FLAT_ASIDE && k < tokens.length; k++) {
    const w = tokens[k] ?? '';
    // Nor a count: "ground floor flat, one bed, 18 alma terrace" says how big the flat is.
    const aside =
      /^[a-z']+$/.test(w) &&
      !BED_WORD.test(w) &&
      !BED_WORD.test(tokens[k + 1] ?? '') &&
      !STREET_SUFFIXES.has(w) &&
      !HOUSE_NAME_WORDS.has(w) &&
      !TAKE_BACK.has(w) &&
      !marks.postcodeStarts.has(k);
    if (!aside) return null;
    const after = readNumberedStreet(tokens, k + 1, marks);
    if (after !== null) return after;
  }
  return null;
}

/** Words placing a flat in its house or building: "flat 3 in number 12", "flat 2 at 9 mill road". */
const WITHIN_THE_HOUSE = new Set(['in', 'at', 'of', 'inside', 'within']);

/** A street line that names no street: "2 the road", "4 the street". */
const GENERIC_STREET = /^\S+ The (?:Road|Street|Lane|Way)$/;

/** Past the flat's number read back in pieces, when the house's own number follows it. */
function pastFlatReadBack(tokens: readonly string[], flat: { text: string; end: number }): number {
  const digits = /(\d+)$/.exec(flat.text)?.[1];
  if (digits === undefined) return flat.end;
  const past = pastReadBack(tokens, flat.end, digits);
  return past > flat.end && startsHouseNumber(tokens, past) ? past : flat.end;
}

/** Words of an aside that gives the flat's floor: "that's the first floor", "so, second floor". */
const FLOOR_ASIDE = new Set(
  "so that's thats that is it's its on the ground first second third fourth fifth top basement lower upper".split(
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

/**
 * Tokens between a street line and a flat said after it: "12 oak road, leeds, it's flat 3",
 * "30 mosley street, it's a flat really, flat 14".
 */
const MAX_FLAT_GAP = 5;
/**
 * Words that may come between a street line and its flat, besides the town: the caller saying
 * the house is a flat before saying which ("it's actually a flat, flat 14", "well, technically
 * it's flat 3").
 */
const FLAT_LEAD_INS = new Set([
  ...FLAT_WORDS,
  ..."it's its that's thats it is the a actually really well so but technically in fact".split(' '),
]);
/** What a number after a flat's word may measure instead: "a flat 2 miles away", "flat 5 minutes' walk". */
const MEASURES = new Set(
  "mile miles minute minutes minutes' mins min hour hours year years month months week weeks floor floors storey storeys".split(
    ' ',
  ),
);

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
    if (flat !== null && !MEASURES.has(tokens[flat.end] ?? '')) return flat.text;
    const floorAndDoor = readFloorAndDoor(tokens, k) ?? glasgowPosition(tokens, k);
    if (floorAndDoor !== null && !marks.inPostcode.has(floorAndDoor.end - 1))
      return `Flat ${floorAndDoor.text}`;
  }
  return null;
}

/**
 * A Glasgow flat's position ("2/1", "two stroke one"), which says floor and door as the buzzer
 * does, wherever it is said after the street: "58 hyndland road, the flat's two up, so 2/1".
 */
function glasgowPosition(tokens: readonly string[], k: number): { text: string; end: number } | null {
  const token = tokens[k] ?? '';
  if (token[1] === '/' || token[2] === '/') return POSITION.test(token) ? { text: token, end: k + 1 } : null;
  return POSITION_WORDS.has(tokens[k + 1] ?? '') ? readPositionInWords(tokens, k) : null;
}

const POSITION_WORDS = new Set(['stroke', 'slash', 'oblique']);

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

/**
 * The recogniser's spelling of a digit's sound, trusted only where a digit must be: around
 * "stroke" ("three stroke won") and after "number" ("number ate heol goffa").
 */
const DIGIT_SOUNDS = new Map(Object.entries({ won: '1', to: '2', too: '2', for: '4', ate: '8' }));

/** Of those, the ones no street line has as a word of its own: "to" and "for" are everyday words. */
const ONLY_DIGIT_SOUNDS = new Set(['won', 'ate']);

/**
 * Asked for the address, "it's ate holly bank", "won mill lane": a digit's sound that is no
 * preposition, before a street with its own street word, is the house number.
 */
function soundsOnlyADigit(tokens: readonly string[], at: number, marks: Marks): boolean {
  if (!marks.asked || !ONLY_DIGIT_SOUNDS.has(tokens[at] ?? '') || tokens[at + 1] === 'the') return false;
  const street = streetIn(readWords(tokens, at + 1, marks), false);
  return street !== null && hasStreetWord(street);
}

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
  const floor = digitOf(tokens[i] ?? '') ?? DIGIT_SOUNDS.get(tokens[i] ?? '') ?? null;
  const door = digitOf(tokens[i + 2] ?? '') ?? DIGIT_SOUNDS.get(tokens[i + 2] ?? '') ?? null;
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
  // "it's called brookfield, 4 mill lane", "the house is named ...": the caller says it is the
  // house's name.
  const naming = tokens.findLastIndex((_, k) => k < i && k >= i - 5 && namingEnd(tokens, k) !== null);
  const called = naming < 0 ? null : namingEnd(tokens, naming);
  if (called !== null && called < i) s = called;
  // "trelawney, that's the bungalow, 4 chapel hill": the caller says the words are its name.
  const label = tokens.findIndex((_, k) => k >= s && k < i && houseLabelEnd(tokens, k) === i);
  const name = tokens.slice(s, label < 0 ? i : label);
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
  // With no house word, only "the ..." is a name ("the laurels, 7 station road"), or one that
  // ends as house names do ("glenview", "holly bank"): a bare word before the number is as often
  // the town said first ("leeds, 12 oak road").
  const article = name[0] === 'the' && name.length >= 2;
  const said = called !== null || label >= 0;
  if (house < 0 && (!marks.asked || !(article || said || endsLikeAHouse(name)))) return null;
  // "the gaff? 11 picton road", "the old place, 4 mill lane": the caller's word for their home.
  if (HOME_WORDS.has(name.at(-1) ?? '')) return null;
  return caseStreet(name);
}

/**
 * Where the caller's words saying that what went before is the house's name end: "that's the
 * house", "that's the house name", "that's the name of the house", "that's the bungalow".
 */
function houseLabelEnd(tokens: readonly string[], at: number): number | null {
  // "that's, that's the bungalow": the opening said twice over.
  let k = tokens[at] === tokens[at + 1] ? at + 1 : at;
  if (tokens[k] === 'that' && tokens[k + 1] === 'is') k++;
  else if (!/^(?:that's|thats|that|it's|its)$/.test(tokens[k] ?? '')) return null;
  k++;
  // "it's just a name", "that's only the house name".
  if (tokens[k] === 'just' || tokens[k] === 'only') k++;
  // "it's a house name", "that's a name": with "a", only the name said after it.
  const a = tokens[k] === 'a';
  if (tokens[k] !== 'the' && tokens[k] !== 'its' && !a) return null;
  k++;
  if (a && tokens[k] !== 'name' && tokens[k + 1] !== 'name') return null;
  if (tokens[k] === 'name') {
    const ofTheHouse =
      tokens[k + 1] === 'of' && tokens[k + 2] === 'the' && HOUSE_NAME_WORDS.has(tokens[k + 3] ?? '');
    return ofTheHouse ? k + 4 : k + 1;
  }
  if (!HOUSE_NAME_WORDS.has(tokens[k] ?? '') && tokens[k] !== "house's") return null;
  return tokens[k + 1] === 'name' ? k + 2 : k + 1;
}

/**
 * How house names end, and town names seldom do: a view, a bank, a lea, a croft ("glenview",
 * "fernlea", "holly bank", "hillcrest"). Not "side", "haven" or "hurst", which end towns as often.
 */
const HOUSE_NAME_END = /^[a-z]{2,}(?:view|lea|crest|dene|holme|garth|bank|croft|brae|nook)$/;
const HOUSE_NAME_LAST_WORDS = new Set('view lea crest dene holme garth bank croft brae nook'.split(' '));

/** A name with no house word that ends as house names do: "glenview", "holly bank", "glen view". */
function endsLikeAHouse(name: readonly string[]): boolean {
  const last = name.at(-1) ?? '';
  if (name.length === 1) return HOUSE_NAME_END.test(last);
  return name.length === 2 && HOUSE_NAME_LAST_WORDS.has(last) && !DIRECTIONS.has(name[0] ?? '');
}

/** Everyday words for one's home, said before the address, never its name: "the gaff", "the property". */
const HOME_WORDS = new Set('gaff place property address home pad digs one'.split(' '));

/** A flat's position in a Scottish tenement, as normalise.ts writes "3 stroke 1": "3/1". */
const POSITION = /^\d{1,2}\/\d{1,2}$/;

/**
 * Words that place a flat in its house without a number: "basement flat", "garden flat", "top
 * flat", "back flat" (the house's own floors and sides, as the flats in a converted house are known).
 */
const FLAT_PLACES = new Set(
  'basement garden upper lower upstairs downstairs attic top bottom middle front back rear'.split(' '),
);
/** Floors said before "floor": "top floor flat", "ground floor flat". */
const FLOORS = new Set('ground first second third fourth fifth top'.split(' '));

/**
 * A flat known by where it is in the house, then the house's number: "basement flat, 16
 * tressillian road", "the top floor flat, 9 great pulteney street". Not "a flat on the second floor".
 */
function flatByFloor(tokens: readonly string[], i: number): { text: string; end: number } | null {
  const word = tokens[i] ?? '';
  const words = FLOORS.has(word) && tokens[i + 1] === 'floor' ? 2 : FLAT_PLACES.has(word) ? 1 : 0;
  const flat = tokens[i + words] ?? '';
  // "front flat, number 7 the crescent": the house's number may be said as one.
  const at = tokens[i + words + 1] === 'number' ? i + words + 2 : i + words + 1;
  if (words === 0 || !FLAT_WORDS.has(flat) || !startsHouseNumber(tokens, at)) return null;
  // "top flat nine, 12 cromwell road": the number after the flat's word is its own, the house's next.
  const own = scanNumberAt(tokens, at);
  if (own !== null && startsHouseNumber(tokens, own.end)) return null;
  const label = [...tokens.slice(i, i + words), flat].map(titleCase).join(' ');
  return { text: label, end: i + words + 1 };
}

/** A house number at `at`, in digits or words: "8", "forty", "twenty two". */
function startsHouseNumber(tokens: readonly string[], at: number): boolean {
  if (/^\d{1,4}[a-z]?$/.test(tokens[at] ?? '')) return true;
  const span = scanNumberAt(tokens, at);
  return span?.fromWords === true && Number.isInteger(span.value) && span.value >= 1;
}

/** "flat 4", "apartment 3b", "flat four", "unit 2 b": the number or number and letter after. */
function readFlat(
  tokens: readonly string[],
  i: number,
): { text: string; end: number; apart?: boolean } | null {
  const word = tokens[i] ?? '';
  // "2/1 8 great western road", "three stroke one, forty dumbarton road", "1/2, first floor, 25
  // paisley road": a Scottish flat's position said before its house number, without "flat".
  const bare = POSITION.test(word) ? { text: word, end: i + 1 } : readPositionInWords(tokens, i);
  if (bare !== null && startsHouseNumber(tokens, pastFloorAside(tokens, bare.end)))
    return { text: `Flat ${bare.text}`, end: bare.end };
  // "3f2, 14 warrender park road": an Edinburgh flat's floor and door before the house number,
  // kept as written on the envelope.
  const floorAndDoor = readFloorAndDoor(tokens, i);
  if (floorAndDoor !== null && startsHouseNumber(tokens, floorAndDoor.end)) return floorAndDoor;
  const byFloor = flatByFloor(tokens, i);
  if (byFloor !== null) return byFloor;
  const said = flatWordAt(tokens, i);
  if (said === null) return null;
  const label = said.word === 'apt' ? 'Apartment' : titleCase(said.word);
  const flat = flatNumberAt(tokens, said.number, label);
  // "a flat, 1 bed, 18 alma terrace": the number counts its bedrooms.
  if (flat === null || BED_WORD.test(tokens[flat.end] ?? '')) return null;
  return { ...flat, apart: said.apart };
}

/** What a number after a flat may count instead of numbering it. */
const BED_WORD = new RegExp(`^${BED_WORD_SOURCE}$`);

/** The flat's number or letter said at `n`, after its word: "4", "3b", "four b", "c", "2/1". */
function flatNumberAt(
  tokens: readonly string[],
  n: number,
  label: string,
): { text: string; end: number } | null {
  const token = tokens[n] ?? '';
  if (POSITION.test(token)) return { text: `${label} ${token}`, end: n + 1 };
  const position = readFloorAndDoor(tokens, n) ?? readPositionInWords(tokens, n);
  if (position !== null) return { text: `${label} ${position.text}`, end: position.end };
  if (/^\d{1,4}[a-z]?$/.test(token)) {
    const letter =
      /^[a-h]$/.test(tokens[n + 1] ?? '') && /^\d/.test(tokens[n + 2] ?? '') ? tokens[n + 1] : '';
    return {
      text: `${label} ${token.toUpperCase()}${(letter ?? '').toUpperCase()}`,
      end: n + (letter ? 2 : 1),
    };
  }
  // In words, one number only: "flat four twelve mill road" is flat 4 at number 12.
  const span = scanNumberAt(tokens.slice(n, n + 2), 0);
  const single = scanNumberAt([token], 0);
  const use =
    span !== null && span.end === 2 && span.value < 100 && !/^\d/.test(tokens[n + 1] ?? '') ? span : single;
  // "flat b", "flat c, 4 park road": a flat known by its letter ("a" only before a number, where it
  // cannot be the article).
  if (use === null && /^[a-h]$/.test(token) && (token !== 'a' || /^\d/.test(tokens[n + 1] ?? '')))
    return { text: `${label} ${token.toUpperCase()}`, end: n + 1 };
  if (use === null || !Number.isInteger(use.value)) return null;
  // "flat four b, nine king street": a letter after the number, before the house's own number.
  const at = n + use.end;
  const letter =
    /^[a-h]$/.test(tokens[at] ?? '') && scanNumberAt(tokens, at + 1) !== null ? tokens[at] : undefined;
  if (letter !== undefined) return { text: `${label} ${use.value}${letter.toUpperCase()}`, end: at + 1 };
  return { text: `${label} ${use.value}`, end: at };
}

/** A word without the Northern "t'" before it or the "'s" after it: "t'flat", "flat's" → "flat". */
function withoutClitics(token: string): string {
  const n = token.length;
  // Shorter is no flat's word with a clitic ("tflat", "flats"); longer is no flat's word at all.
  if (n < 5 || n > 12) return token;
  const start = token[0] !== 't' ? 0 : token[1] === "'" ? 2 : 1;
  const cut = token[n - 1] !== 's' ? 0 : token[n - 2] === "'" ? 2 : 1;
  return start === 0 && cut === 0 ? token : token.slice(start, n - cut);
}

/** Past "number" at `k`, said once or over again ("number, er, number 2"). */
function pastNumberWord(tokens: readonly string[], k: number): number {
  let n = k;
  while (tokens[n] === 'number') n++;
  return n;
}

/** Words that may say what the flat is like between its word and "number": "the flat above the chippy, number 2". */
const MAX_FLAT_DESCRIPTION = 4;

/**
 * A flat's word as said, and where its number starts: "flat 4"; "flat number four", "the flat's
 * number 8" ("flat's" is "flat is"), "t'flat, number five" (the Northern "the"); or "the flat above
 * the launderette, number 2", its place said before "number" (apart: a house's number and street
 * must follow for it to count, as "a flat near the park" numbers nothing).
 */
function flatWordAt(
  tokens: readonly string[],
  i: number,
): { word: string; number: number; apart: boolean } | null {
  const token = tokens[i] ?? '';
  const word = FLAT_WORDS.has(token) ? token : withoutClitics(token);
  if (!FLAT_WORDS.has(word)) return null;
  const plain = word === token;
  if (tokens[i + 1] === 'number') return { word, number: pastNumberWord(tokens, i + 1), apart: false };
  if (!plain) return null;
  // "flat fourteen, in number three": a number in words straight after is the flat's own.
  if (startsHouseNumber(tokens, i + 1)) return { word, number: i + 1, apart: false };
  for (let k = i + 1; k <= i + MAX_FLAT_DESCRIPTION && k < tokens.length; k++) {
    const w = tokens[k] ?? '';
    if (w === 'number' && k > i + 1) return { word, number: pastNumberWord(tokens, k), apart: true };
    if (!/^[a-z']+$/.test(w) || STREET_SUFFIXES.has(w) || TAKE_BACK.has(w)) break;
  }
  return { word, number: i + 1, apart: false };
}

/** "12 mill road", "11 kingsway", "5 the green", "twelve acacia avenue m14 5ab". */
function readNumberedStreet(said: readonly string[], i: number, marks: Marks): Street | null {
  let start = i;
  if (said[start] === 'number' || said[start] === 'no') start++;
  const tokens = withDigitSounds(said, start);
  // "elm grove, number 30, wakefield": the street came first; what follows the number is the town.
  if (tokens[start - 1] === 'number' && STREET_SUFFIXES.has(tokens[start - 2] ?? '')) return null;
  if (marks.inPostcode.has(start)) return null;
  // "nineteen sixty": the tail of a year said in words is no house number.
  const longer = start > 0 ? scanNumberAt(tokens, start - 1) : null;
  if (longer?.fromWords === true && longer.end > start && longer.value >= 1000) return null;
  const token = tokens[start] ?? '';
  let number: string | null = null;
  let end = start;
  const byDigit = digitByDigit(tokens, start);
  if (/^\d$/.test(token) && byDigit !== null) {
    // "1 oh 1 heathfield road": a number read off the door, some digits written as digits.
    number = byDigit;
    end = start + byDigit.length;
  } else if (/^\d{1,4}[a-z]?$/.test(token)) {
    number = token.toUpperCase();
    // "12, one two, mill road": the number read back in pieces.
    end = /^\d+$/.test(token) ? pastReadBack(tokens, start + 1, token) : start + 1;
  } else if ((start > i && DIGIT_SOUNDS.has(token)) || soundsOnlyADigit(tokens, start, marks)) {
    // "number ate heol goffa": after "number", the recogniser's spelling of a digit's sound.
    number = DIGIT_SOUNDS.get(token) ?? '';
    end = start + 1;
  } else if (digitByDigit(tokens, start) !== null) {
    // "two one two kingsway": a house number said one digit at a time.
    number = digitByDigit(tokens, start) ?? '';
    end = start + number.length;
  } else {
    const span = scanNumberAt(tokens, start);
    // "seven and a half market street": a house squeezed in between two others.
    const halfway = span !== null && span.value % 1 === 0.5 && tokens[span.end - 1] === 'half';
    if (span === null || !span.fromWords || !(Number.isInteger(span.value) || halfway)) return null;
    const readBack = halfway ? null : readBackNumber(tokens, start, span.end);
    number = halfway
      ? `${Math.floor(span.value)}½`
      : String(readBack?.value ?? saidOnce(tokens.slice(start, span.end)) ?? span.value);
    end = readBack?.end ?? span.end;
  }
  // "7 and a half market street", said with the number in digits.
  const half = tokens[end] === 'and' && tokens[end + 1] === 'a' && tokens[end + 2] === 'half';
  if (half && /^\d+$/.test(number)) {
    number = `${number}½`;
    end += 3;
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
  const closed = closesStreet(tokens, end + words.length, marks) || calledSoLater(tokens, end, words);
  let street = streetIn(words, closed);
  if (street === null) return null;
  const bare = streetIn(words, false) === null;
  // "till nineteen sixty-something": a year, not a house, where no street word follows.
  if (bare && n >= 1000) return null;
  if (joined && start === i && !STREET_SUFFIXES.has(street.at(-1) ?? '')) return null;
  let streetEnd = end + street.length;
  // "3 high street, I mean high street north": the street said again, more fully.
  const fuller = street.every((w, k) => tokens[streetEnd + k] === w)
    ? readWords(tokens, streetEnd, marks)
    : [];
  const fullerStreet = streetIn(fuller, false);
  if (fullerStreet !== null && fullerStreet.length > street.length && hasStreetWord(fullerStreet)) {
    street = fullerStreet;
    streetEnd += fullerStreet.length;
  }
  // "14 oakfield road, sorry, oakfield avenue": the street put right keeps its number.
  const repair = REPAIR_WORDS.has(tokens[streetEnd] ?? '') ? streetEnd + 1 : -1;
  // "14 acacia avenue, sorry, 16": the number put right keeps its street.
  const renumbered = repair > 0 ? numberPutRight(tokens, repair, marks) : null;
  if (renumbered !== null) return { text: `${renumbered.number} ${caseStreet(street)}`, end: renumbered.end };
  if (repair > 0) {
    const from = REPAIR_WORDS.has(tokens[repair] ?? '') ? repair + 1 : repair;
    // "no man, tynemouth place", "sorry pet, ...": the word the caller calls the agent by is no
    // street's; read past it first, and with it only when nothing stands without it.
    const past = TERMS_OF_ADDRESS.has(tokens[from] ?? '') ? from + 1 : from;
    const better =
      streetPutRight(tokens, past, marks) ?? (past > from ? streetPutRight(tokens, from, marks) : null);
    // "37 highfield rise? no, highfield rise is my mum's": the same street said again puts nothing right.
    const same = better !== null && better.words.join(' ') === street.join(' ');
    if (better !== null && !same) return { text: `${number} ${caseStreet(better.words)}`, end: better.end };
  }
  return {
    text: `${givenLater(tokens, streetEnd, number, marks)} ${caseStreet(street)}`,
    end: streetEnd,
    // "number 9, the willows": a name with "the" before it is a street's, never a town's.
    bare: bare && street[0] !== 'the',
  };
}

/** What callers call the one they talk to, said after "no" or "sorry": "no man", "sorry love". */
const TERMS_OF_ADDRESS = new Set(
  'man mate pal love luv pet hen hinny duck chuck flower petal darling darlin dear son lad lass marra bud buddy fella chief boss bab babe hun sweetheart kidda'.split(
    ' ',
  ),
);

/** The street put right from `at`, with its street word: "oakfield avenue", "moston lane east". */
function streetPutRight(
  tokens: readonly string[],
  at: number,
  marks: Marks,
): { words: string[]; end: number } | null {
  // "sorry, moston, moston lane east": the first word of the street put right, said twice over.
  const from = tokens[at] !== undefined && tokens[at] === tokens[at + 1] ? at + 1 : at;
  const again = readWords(tokens, from, marks);
  const better = streetIn(again, marks.postcodeStarts.has(from + again.length));
  // With its street word, and any direction after it.
  if (better === null || streetIn(again, false) === null || !hasStreetWord(better)) return null;
  return { words: better, end: from + better.length };
}

/** A street line with its own street word ("oak road", "bramhall lane south"), not a bare name. */
function hasStreetWord(street: readonly string[]): boolean {
  const last = DIRECTIONS.has(street.at(-1) ?? '') ? street.at(-2) : street.at(-1);
  return STREET_SUFFIXES.has(last ?? '');
}

/** The digit words the recogniser's spellings of a digit's sound stand for: "too" is "two". */
const SOUND_WORDS = new Map(Object.entries({ won: 'one', to: 'two', too: 'two', for: 'four', ate: 'eight' }));

/**
 * The tokens with the recogniser's spelling of a digit's sound put right where a house number
 * must be read at `at`: before "hundred" ("too hundred and seven") and within a number read one
 * digit at a time with a nought in it ("1 oh won").
 */
function withDigitSounds(tokens: readonly string[], at: number): readonly string[] {
  const first = SOUND_WORDS.get(tokens[at] ?? '');
  if (first !== undefined && tokens[at + 1] === 'hundred') return tokens.with(at, first);
  const run = tokens.slice(at, at + 3);
  if (!run.some((w) => NOUGHTS.has(w))) return tokens;
  const out = [...tokens];
  for (let k = at + 1; k < at + 3; k++) out[k] = SOUND_WORDS.get(out[k] ?? '') ?? out[k] ?? '';
  return out;
}

const NOUGHTS = new Set(['oh', 'nought', 'zero']);

/**
 * Two or three digits said one at a time, as callers read a number off a door: "two one two",
 * "one oh four", and as the recogniser may write them, "1 oh 1". The first is never nought; a
 * digit written as one counts only in a run with a nought said, which a number in digits never has.
 */
function digitByDigit(tokens: readonly string[], at: number): string | null {
  let digits = '';
  let nought = false;
  let written = false;
  for (let k = at; k < at + 3; k++) {
    const token = tokens[k] ?? '';
    const digit = /^\d$/.test(token) ? token : DIGIT_WORDS.get(token);
    if (digit === undefined || (k === at && digit === '0')) break;
    nought ||= NOUGHTS.has(token);
    written ||= digit === token;
    digits += digit;
  }
  return digits.length >= 2 && (nought || !written) ? digits : null;
}

/** Tokens a number read back in pieces may take: "one, oh, oh, four". */
const MAX_RESTATED = 6;

/** One piece of a number read back: a digit ("oh", "nine", "4") or a pair ("ten", "twenty four"). */
function restatedPiece(tokens: readonly string[], at: number): { digits: string; end: number } | null {
  const token = tokens[at] ?? '';
  if (/^\d{1,4}$/.test(token)) return { digits: token, end: at + 1 };
  const digit = DIGIT_WORDS.get(token);
  if (digit !== undefined) return { digits: digit, end: at + 1 };
  const pair = scanNumberAt(tokens.slice(at, at + 2), 0);
  if (pair === null || !pair.fromWords || !Number.isInteger(pair.value) || pair.value < 10 || pair.value > 99)
    return null;
  return { digits: String(pair.value), end: at + pair.end };
}

/**
 * Where a number read back straight after it was said ends: "ninety, nine oh", "flat 1004, ten oh
 * four", "twelve, one two". Callers say a number over in pieces to make it sure; the pieces must
 * spell the same digits. `at` itself when no read-back follows.
 */
function pastReadBack(tokens: readonly string[], at: number, digits: string): number {
  let said = '';
  for (let k = at; k < at + MAX_RESTATED; ) {
    const piece = restatedPiece(tokens, k);
    if (piece === null) return at;
    said += piece.digits;
    k = piece.end;
    if (said === digits) return said.length > 1 || k > at + 1 ? k : at;
    if (!digits.startsWith(said)) return at;
  }
  return at;
}

/**
 * A house number said in words, then read back in pieces: "ninety, nine oh" is 90, though
 * "ninety nine" alone would read as 99. The shorter reading stands only when the read-back
 * follows it.
 */
function readBackNumber(
  tokens: readonly string[],
  start: number,
  end: number,
): { value: number; end: number } | null {
  for (let e = end; e > start; e--) {
    const span = scanNumberAt(tokens.slice(start, e), 0);
    if (span === null || span.end !== e - start || !Number.isInteger(span.value)) continue;
    const past = pastReadBack(tokens, e, String(span.value));
    if (past > e) return { value: span.value, end: past };
  }
  return null;
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
function madeSure(tokens: readonly string[], from: number, letter: string): number {
  // "14 a, a for apple": the letter said again before the word that makes it sure.
  const again = tokens[from] === letter && /^(?:for|as)$/.test(tokens[from + 1] ?? '');
  const at = again ? from + 1 : from;
  const skip = tokens[at] === 'for' ? 1 : tokens[at] === 'as' && tokens[at + 1] === 'in' ? 2 : 0;
  const word = tokens[at + skip] ?? '';
  return skip > 0 && word.length >= 3 && word.startsWith(letter) ? at + skip + 1 : from;
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
  // "88 a market place", "2 b love lane": a street whose name starts with an everyday word.
  const street = isStreetStart(tokens[at + 1] ?? '') || insideStreetName(tokens, at + 1, true);
  if (sure > at + 1 || tokens[at + 1] === 'the' || street)
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
  if (later < 0) return number;
  // "the door still says 12a, but it's just 12 now": the number said plain after the letter stands.
  // "just twelve": the number may be said in words.
  const plainAgain = tokens.some((_, k) => {
    const said = k > later && PLAIN_WORDS.has(tokens[k - 1] ?? '') ? scanNumberAt(tokens, k) : null;
    if (said === null || String(said.value) !== number) return false;
    const next = said.end;
    return next === tokens.length || marks.postcodeStarts.has(next) || NOT_NAMES.has(tokens[next] ?? '');
  });
  return plainAgain ? number : (tokens[later] ?? number).toUpperCase();
}

/** Words that say a house number has no letter: "just 12", "plain 12", "only 12". */
const PLAIN_WORDS = new Set(['just', 'only', 'plain', 'simply']);

/**
 * After "sorry": a house number alone, then the postcode, nothing, or the end of its clause or an
 * aside ("..., sorry, 16, ls6 2ab", "1280 ... naw, wait, 1282, that's the wrong close").
 */
function numberPutRight(
  tokens: readonly string[],
  at: number,
  marks: Marks,
): { number: string; end: number } | null {
  const from = REPAIR_WORDS.has(tokens[at] ?? '') ? at + 1 : at;
  const token = tokens[from] ?? '';
  if (!/^\d{1,4}[a-z]?$/.test(token)) return null;
  const next = from + 1;
  const alone = marks.breaks.has(next) || ASIDE_OPENERS.has(tokens[next] ?? '');
  return next === tokens.length || marks.postcodeStarts.has(next) || alone
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

/** Words of a caller offering to spell what they said: "do you want me to spell it", "shall I spell that". */
const SPELL_OFFER = new Set(
  "do you want me to shall i i'll ill should will can let it that it's its that's thats for better best i'd id need".split(
    ' ',
  ),
);
/** Longest offer to spell read: "do you want me to spell it". */
const MAX_SPELL_OFFER = 7;

/** At `at`, the caller offers to spell the words before, or says they will: the street has ended. */
function offersToSpell(tokens: readonly string[], at: number): boolean {
  for (let k = at; k < at + MAX_SPELL_OFFER && k < tokens.length; k++) {
    const word = tokens[k] ?? '';
    if (/^(?:spell|spelt|spelled|spelling)$/.test(word)) return true;
    if (!SPELL_OFFER.has(word)) return false;
  }
  return false;
}

/** A caller's words about themselves, which start a clause of their own after a town. */
const CALLER_GOES_ON = new Set("i i've ive i'm im i'd id we we've weve we're my our".split(' '));

function closesStreet(tokens: readonly string[], at: number, marks: Marks): boolean {
  if (marks.postcodeStarts.has(at) || marks.breaks.has(at) || STREET_ENDERS.has(tokens[at] ?? ''))
    return true;
  // "23 audley range r a n g e": the caller spells the street's last word out after it.
  if ([0, 1, 2].every((k) => /^[a-z]$/.test(tokens[at + k] ?? ''))) return true;
  if (offersToSpell(tokens, at)) return true;
  // "6 woodlands in doncaster, postcode ...": "in" and a town that runs to the clause's end,
  // the postcode, or the caller going on about themselves ("... in aberaeron i've never known");
  // not "22 the willows in a quiet spot".
  if (tokens[at] !== 'in') return false;
  for (let k = at + 1; k <= at + 1 + MAX_LOCALITY_WORDS; k++) {
    const ends =
      marks.postcodeStarts.has(k) ||
      marks.breaks.has(k) ||
      tokens[k] === 'postcode' ||
      CALLER_GOES_ON.has(tokens[k] ?? '');
    if (k > at + 1 && ends) return true;
    if (!isPlaceWord(tokens[k] ?? '', false) || STREET_SUFFIXES.has(tokens[k] ?? '')) return false;
  }
  return false;
}

/** Words saying a street is known by its name alone: "it's just called windermere". */
const ALONE_WORDS = new Set(['called', 'just', 'simply', 'only']);

/**
 * The words from `at`, a street with no street word, said again later as its whole name: "number
 * 19 windermere, it's a road but it's just called windermere", "4 moorside, it's called moorside,
 * no road on the end".
 */
function calledSoLater(tokens: readonly string[], at: number, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  for (let k = at + words.length; k < tokens.length; k++) {
    if (!ALONE_WORDS.has(tokens[k] ?? '')) continue;
    const again = words.every((w, j) => tokens[k + 1 + j] === w);
    if (again && !STREET_SUFFIXES.has(tokens[k + 1 + words.length] ?? '')) return true;
  }
  return false;
}

/** Words that take back what was just said: "14 oakfield road, sorry, oakfield avenue". */
const REPAIR_WORDS = new Set(['sorry', 'no', 'nah', 'naw', 'wait', 'actually', 'i', 'mean']);

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
  let opening = 0;
  while (opening < tokens.length && OPENERS.has(tokens[opening] ?? '')) opening++;
  for (let i = 0; i < tokens.length; i++) {
    const on = tokens[i] === 'on';
    // "cheltenham. old bath road. number 66": a street may start its own clause after the town.
    if (!on && i > 0 && nameGoesOn(tokens, i - 1) && !marks.breaks.has(i)) continue;
    // "st ives, not cambridgeshire. number 3, ...": a place the caller says it is not.
    if (tokens[i - 1] === 'not') continue;
    const first = on ? i + 1 : i;
    const words = readWords(tokens, first, marks);
    // "it's on hill top, number 40": asked, a street with no street word ends at the clause, or,
    // when its two words or more open the answer, at "number" ("cae glas number nine abergele";
    // one word is as often the town said first: "leeds, number 9, the willows").
    const opens = marks.asked && first === opening && words.length >= 2;
    const ends = marks.breaks.has(first + words.length) || opens;
    const closed = ends && tokens[first + words.length] === 'number';
    const street = streetIn(words, closed);
    const named = street?.at(-1) ?? '';
    // "heol llanishen fach, 19": a Welsh street word comes first.
    const welsh = STREET_PREFIXES.has(street?.[0] ?? '');
    if (street === null || !(closed || welsh || STREET_SUFFIXES.has(named) || ONE_WORD_STREET.test(named)))
      continue;
    const after = first + street.length;
    const naming = numberNamedAt(tokens, after, marks);
    const at = naming ?? (on && tokens[after] === 'at' ? after + 1 : after);
    // "the number's two one two": named as the number, it may be read off the door a digit at a time.
    const byDigit = naming === null ? null : digitByDigit(tokens, at);
    const span =
      byDigit === null ? scanNumberAt(tokens, at) : { value: Number(byDigit), end: at + byDigit.length };
    if (span === null || !Number.isInteger(span.value) || span.value < 1 || span.value > 9999) continue;
    // "mill road, and the number's 0161 ...": a phone number; no house number starts with nought.
    if (/^0/.test(tokens[at] ?? '')) continue;
    // "acacia avenue, 12, m14 5ab": a bare number only as a clause of its own, or with the postcode
    // or the answer's end straight after it ("oak road 12 m14 5ab"), not "mill road 20 years".
    const ownClause = marks.breaks.has(after) && closesStreet(tokens, span.end, marks);
    const endsAnswer =
      marks.postcodeStarts.has(span.end) || (span.end === tokens.length && marks.breaks.has(span.end));
    if (at === after && !ownClause && !endsAnswer && !townThenCode(tokens, span.end, marks)) continue;
    return `${span.value} ${caseStreet(street)}`;
  }
  return null;
}

/** Words that may open the naming of the house's number: "and the number's 4", "it's number 4". */
const TO_THE_NUMBER = new Set(['and', 'the', "it's", 'its', 'house', 'door']);

/**
 * Past words naming the house's number after its street, and the town that may come between:
 * "number", "the number's", "and the house number is", "in bath, the number's". Null when the
 * words there do not name it.
 */
function numberNamedAt(tokens: readonly string[], after: number, marks: Marks): number | null {
  const named = (at: number): number | null => {
    let k = at;
    while (k < at + 3 && TO_THE_NUMBER.has(tokens[k] ?? '')) k++;
    const word = tokens[k] ?? '';
    if (word === "number's" || word === 'numbers') return k + 1;
    if (word !== 'number') return null;
    return tokens[k + 1] === 'is' ? k + 2 : k + 1;
  };
  const straight = named(after);
  if (straight !== null) return straight;
  const town = readLocality(tokens, after, marks);
  if (town === null) return null;
  return named((tokens[after] === 'in' ? after + 1 : after) + town.split(' ').length);
}

/** Words leading from a house number to its town: "..., 27, it's in smethwick". */
const TO_THE_TOWN = new Set(["it's", 'its', "that's", 'thats', 'in']);

/**
 * After a number said bare after its street, its town and then the postcode: "castle brae 44
 * dunfermline ky11 8pq", "wellington road 27 it's in smethwick b67 7je". The postcode closes
 * the line, so the number is the house's, not a count ("mill road 20 years").
 */
function townThenCode(tokens: readonly string[], at: number, marks: Marks): boolean {
  let k = at;
  while (k < at + 2 && TO_THE_TOWN.has(tokens[k] ?? '')) k++;
  const town = readLocality(tokens, k, marks);
  // "the house on the end, 1 westways, stoneleigh, kt19": a street after the number is its own.
  const first = town?.split(' ')[0]?.toLowerCase() ?? '';
  if (town === null || builtOnStreetWord(first) || ONE_WORD_STREET.test(first)) return false;
  const end = (tokens[k] === 'in' ? k + 1 : k) + town.split(' ').length;
  return marks.postcodeStarts.has(end);
}

/** Whose house it was ("my", "dad's"); not "it's", "that's", which go on to say what it is. */
const POSSESSIVES =
  /^(?:my|me|our|his|her|their|your|(?!(?:it|that|there|here|what|where|who|he|she)'s$)[a-z]+'s|dads|mums|mams|nans|das|mas|pas)$/;

/** "rose cottage church lane", "the old rectory": a house name, then its street if said. */
function readHouseName(tokens: readonly string[], i: number, marks: Marks): Street | null {
  // "me dad's old house": whose it was, not its name.
  if (POSSESSIVES.test(tokens[i - 1] ?? '')) return null;
  const words = readWords(tokens, i, marks);
  let at = words.findIndex((w) => HOUSE_NAME_WORDS.has(w));
  // "mill house", "manor farm cottages": house words one after another end the name together,
  // but not one that starts the street ("mill house mill lane").
  while (
    at >= 0 &&
    HOUSE_NAME_WORDS.has(words[at + 1] ?? '') &&
    !STREET_SUFFIXES.has(tokens[i + at + 2] ?? '')
  )
    at++;
  // A house name has a word before its "cottage" ("rose cottage", "the old school house"); "dad's
  // old house" is whose it was, not its name.
  // "tan y graig farm": a Welsh article inside the name counts as one more word.
  const most = words[0] === 'the' || SMALL_WORDS.has(words[1] ?? '') ? 3 : 2;
  if (at < 1 || at > most || (at === 1 && words[0] === 'the') || words.some((w) => w.endsWith("'s")))
    return null;
  // "... n o g mill lane": letters spelt out are no house's name.
  if (words.slice(0, at).some((w) => w.length === 1 && !SMALL_WORDS.has(w))) return null;
  // "the laurels mill hill", "the granary manor road": a house word with a street word after it
  // opens the street, after a name of the house's own.
  const opensStreet = STREET_SUFFIXES.has(words[at + 1] ?? '') && !HOUSE_NAME_WORDS.has(words[at + 1] ?? '');
  const before = opensStreet ? nameBeforeHouseWordStreet(i, at, words, marks) : undefined;
  if (before !== undefined) return before;
  const said = words.slice(0, at + 1);
  const name = caseStreet(said);
  const from = pastNameSaidAgain(tokens, i + at + 1, said);
  const rest = readWords(tokens, from, marks);
  const street = streetIn(rest, false);
  if (street === null) return { text: name, end: i + at + 1 };
  return { text: `${name}, ${street.map(titleCase).join(' ')}`, end: from + street.length };
}

/**
 * A house's name with no house word, then a street that starts with one ("mill hill", "manor
 * road"), when the name is plainly a house's ("the laurels", "glenview"): asked for the address,
 * the name and the street; unasked, nothing, as it may as well be one street ("brook farm lane").
 * Undefined where the words before are only everyday words ("the old mill lane") or, asked, not
 * plainly a name ("brook farm lane"): the house word then stays in the name, as it always has.
 */
function nameBeforeHouseWordStreet(
  i: number,
  at: number,
  words: readonly string[],
  marks: Marks,
): Street | null | undefined {
  const name = words.slice(0, at);
  const own = name.filter((w) => w !== 'the' && !PLACE_WORDS.has(w));
  const plainly = (name[0] === 'the' && own.length > 0) || endsLikeAHouse(name);
  const road = streetIn(words.slice(at), false);
  if (own.length === 0 || road === null) return undefined;
  if (!marks.asked) return null;
  return plainly
    ? { text: `${caseStreet(name)}, ${caseStreet(road)}`, end: i + at + road.length }
    : undefined;
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
  // "apartment 12, quayside lofts": a block's name runs to its building word.
  const block = words.findIndex((w, k) => k > 0 && BUILDING_WORDS.has(w));
  const street =
    block > 0
      ? words.slice(0, block + 1)
      : streetIn(words, closesStreet(tokens, i + words.length, marks) || i + words.length === tokens.length);
  if (street === null) return null;
  const building = { text: street.map(titleCase).join(' '), end: i + street.length };
  // "flat 3, kelvin court, park road": the building's street after it, with its street word;
  // "bramley court, that's 22 whitehall road", "moor court, that's on moor lane": led on to.
  const from = pastLeadIns(tokens, building.end);
  const numbered = from > building.end ? readNumberedStreet(tokens, from, marks) : null;
  if (numbered !== null) return { text: `${building.text}, ${numbered.text}`, end: numbered.end };
  const after = readWords(tokens, from, marks);
  const road = streetIn(after, false);
  const named = road?.at(-1) ?? '';
  if (road === null || !(STREET_SUFFIXES.has(named) || DIRECTIONS.has(named) || ONE_WORD_STREET.test(named)))
    return building;
  return { text: `${building.text}, ${caseStreet(road)}`, end: from + road.length };
}

/** Words leading from a building to its street: "that's on", "and it's on", "that is". */
const TO_ITS_STREET = new Set([...TO_THE_STREET, 'that', 'it', 'is']);

/** Past the words leading from one part of an address to the next. */
function pastLeadIns(tokens: readonly string[], at: number): number {
  let k = at;
  while (k < at + 4 && TO_ITS_STREET.has(tokens[k] ?? '')) k++;
  return k;
}

/**
 * Everyday words that are kept out of names but start street names when a street word follows
 * them: "market place", "well lane", "love lane", "first avenue".
 */
const NAMED_BEFORE_A_STREET_WORD = new Set(
  'market well love first second third fourth short small big far round'.split(' '),
);

/**
 * Everyday words that sit inside a street's name when its street word follows within a few
 * words: a title ("sir henry parkes road") and "of" ("prince of wales road", "duke of york street").
 */
const WITHIN_A_STREET_NAME = new Set(['sir', 'of']);
/** Words within which the street word must follow such a word. */
const STREET_WORD_WITHIN = 3;

function insideStreetName(tokens: readonly string[], k: number, first: boolean): boolean {
  const word = tokens[k] ?? '';
  if (NAMED_BEFORE_A_STREET_WORD.has(word)) return STREET_SUFFIXES.has(tokens[k + 1] ?? '');
  // "88 seven sisters road", "4 nine elms lane": after a house number in digits, a number word
  // starts the street's name when a name and a street word follow it.
  // The recogniser may write the number word as a digit: "88 7 sisters road".
  const numberWord = DIGIT_WORDS.has(word) || /^[1-9]$/.test(word);
  if (first && numberWord && /^\d+[a-z]?$/.test(tokens[k - 1] ?? ''))
    return isPlaceWord(tokens[k + 1] ?? '', false) && STREET_SUFFIXES.has(tokens[k + 2] ?? '');
  if (!WITHIN_A_STREET_NAME.has(word) || (first && word === 'of')) return false;
  for (let j = k + 1; j <= k + STREET_WORD_WITHIN; j++) {
    const next = tokens[j] ?? '';
    if (j > k + 1 && STREET_SUFFIXES.has(next)) return true;
    if (!isPlaceWord(next, false)) return false;
  }
  return false;
}

/**
 * A letter of a word spelt out ("p e n y l a n penylan road"): one of two or more letters said one
 * after another. It is no word of a street's name, which starts after it.
 */
function speltLetter(tokens: readonly string[], k: number): boolean {
  const letter = (j: number): boolean => /^[a-z]$/.test(tokens[j] ?? '');
  return letter(k) && (letter(k - 1) || letter(k + 1));
}

/** The word at `k` may be part of a name that goes on after it, not a spelt letter. */
function nameGoesOn(tokens: readonly string[], k: number): boolean {
  return isPlaceWord(tokens[k] ?? '', false) && !speltLetter(tokens, k);
}

function readWords(tokens: readonly string[], i: number, marks: Marks): string[] {
  const words: string[] = [];
  for (let k = i; k < tokens.length && words.length < MAX_STREET_WORDS + 1; k++) {
    if (marks.postcodeStarts.has(k) || (k > i && marks.breaks.has(k))) break;
    const word = tokens[k] ?? '';
    if (words.length === 0 && speltLetter(tokens, k)) break;
    const startsStreet = insideStreetName(tokens, k, words.length === 0) || celticArticle(tokens, k, words);
    if (!isPlaceWord(word, words.length === 0) && !startsStreet) break;
    // "fourteen, wait, ...", "twelve, sorry": the caller taking the number back, never a street.
    if (TAKE_BACK.has(word)) break;
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
  // Not a word of the spelling alphabet after the name: "5 heol goffa, sierra alpha ..." spells the postcode.
  // "lon cefn pwllheli": a third word is the name's only after an article or as its qualifier
  // ("heol y nant", "heol llanishen fach"); otherwise it starts the town.
  if (STREET_PREFIXES.has(words[0] ?? '') && words.length > 1) {
    const third = words[2] ?? '';
    const linked = SMALL_WORDS.has(words[1] ?? '') || FRENCH_LINKS.has(words[1] ?? '');
    const named = linked || QUALIFIERS.has(third);
    return words.slice(0, named && !NATO.has(third) ? 3 : 2);
  }
  let last = -1;
  for (let k = 1; k < words.length && k <= MAX_STREET_WORDS; k++) {
    const word = words[k] ?? '';
    if (!STREET_SUFFIXES.has(word)) continue;
    // "31 park avenue, leigh": after the street's own word, a town's begins.
    if (last >= 0 && !STREET_WORDS_IN_TOWNS.has(words[last] ?? '') && STREET_WORDS_IN_TOWNS.has(word)) break;
    // "church street, st just", "high street st ives": after a street word, "st" is a town's saint.
    if (last >= 0 && word === 'st' && last === k - 1) break;
    last = k;
  }
  if (last < 0) {
    const one = words.findIndex((w) => ONE_WORD_STREET.test(w));
    // "6 railway villas": a row of houses named after a one-word street runs to its row word
    // (plural, or a block's: "12 kingsway house needs work" is the house at 12 Kingsway).
    const next = words[one + 1] ?? '';
    const row = isRowWord(next) && (next.endsWith('s') || BUILDING_WORDS.has(next));
    if (one >= 0 && one < 2) last = row ? one + 1 : one;
  }
  // With no street word, the words before the postcode are the street, and a town after two of
  // them: "26 whalley range blackburn bb1 6ea".
  // (Not an adverb said after a number: "17 honestly".)
  if (last < 0) return closed ? closedName(words) : null;
  const end = DIRECTIONS.has(words[last + 1] ?? '') ? last + 2 : last + 1;
  return words.slice(0, end);
}

const LONGEST_STREET_WORD = 11;

/** The street's name with no street word, where something after it has closed it. */
function closedName(words: readonly string[]): string[] | null {
  // "pen y bryn", "glan yr afon": a Welsh article joins the name's words, so the street is all three.
  // "ashgrove peterhead", "westways stoneleigh": a name built on a street word is the street alone.
  const joined = builtOnStreetWord(words[0] ?? '')
    ? 1
    : SMALL_WORDS.has(words[1] ?? '') && words.length > 2
      ? 3
      : 2;
  const named = words.slice(0, Math.min(words.length, joined));
  // Nor "sixty-something", "forty-odd": a rough age or year, not a street.
  return named.length > 0 && !named.some((w) => /ly$|thing$|^odd$|^ish$/.test(w)) ? named : null;
}

/**
 * A one-word street name built on a street word, said as one: "ashgrove", "westways",
 * "parkside", "hillcrest". The street word is one of four letters or more, after three or more
 * of the name's own.
 */
function builtOnStreetWord(word: string): boolean {
  // No street word is longer than "embankments": only the word's last letters are looked at.
  for (let k = Math.max(3, word.length - LONGEST_STREET_WORD); k <= word.length - 4; k++) {
    const tail = word.slice(k);
    if (STREET_SUFFIXES.has(tail) || (tail.endsWith('s') && STREET_SUFFIXES.has(tail.slice(0, -1))))
      return true;
  }
  return false;
}

/** Words of the spelling alphabet: a postcode's spelling begun ("sierra, uh, sierra alpha ..."), not a town. */
const NATO = new Set(
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu'.split(
    ' ',
  ),
);

/** Words that place the house by something near it ("above the chippy"), never a town's. */
const NEAR_WORDS = new Set(
  'above below near nearby opposite behind beside next past across round outside'.split(' '),
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
    // Nor a letter: "29 whalley range, w h a l l e y" is the street spelt out.
    if (!/^[a-z]{2,}$/.test(word) || NOT_NAMES.has(word) || NEAR_WORDS.has(word)) break;
    // "norris green", "heaton park": a district's name may end in a street word, never start with one.
    const street = STREET_SUFFIXES.has(word) && !(words.length > 0 && STREET_WORDS_IN_TOWNS.has(word));
    // "byker... nah, hang on": the caller taking back what they said, never a town's name.
    if (street || NATO.has(word) || ASIDE_WORDS.has(word) || FLAT_WORDS.has(word) || TAKE_BACK.has(word))
      break;
    words.push(word);
  }
  // "aigburth la.., l17 8us": a word broken off short at the end is the caller starting over.
  if (words.length > 1 && (words.at(-1)?.length ?? 0) < 3) words.pop();
  // More than two words is a sentence going on, not a town.
  if (words.length === 0 || words.length > MAX_LOCALITY_WORDS) return null;
  // "tucked in behind the pub", "stirchley, right on the bus route": words that go on to place
  // something, in the same breath, are what the caller says of the house, not its town.
  const next = start + words.length;
  const placed =
    !marks.breaks.has(next) && !marks.postcodeStarts.has(next) && PLACING.has(tokens[next] ?? '');
  return placed ? null : words.map(titleCase).join(' ');
}

/** Words that place a thing, said straight after a word that is then no town's. */
const PLACING = new Set(['in', 'on', 'at', 'by', ...NEAR_WORDS]);
