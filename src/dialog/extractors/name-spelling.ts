/**
 * Names spelt out letter by letter: "a o i f e", "s-i-o-b-h-a-n", "m a double t", "alpha oscar
 * india foxtrot echo", "d for delta u n n e". The letters are taken literally, so a name the
 * recogniser mangles ("eefa") is stored as the caller spelt it.
 */
import { LETTER_NAMES, PHONETIC_ALPHABET, WEAK_LETTER_WORDS } from './vocabulary.js';

export interface Spelling {
  /** The letters as a title-cased word: "Aoife". */
  word: string;
  start: number;
  /** Exclusive. */
  end: number;
}

/** Words that announce a spelling, after which two letters are enough. */
const SPELL_CUES = new Set(['spelt', 'spelled', 'spelling', 'spell', 'letters']);
/** Without a cue a run needs this many letters, so "i a" in ordinary speech is not a name. */
const MIN_LETTERS = 3;

/** The first spelt-out word in the tokens, or null. */
export function findSpelling(tokens: readonly string[]): Spelling | null {
  return findSpellings(tokens)[0] ?? null;
}

/**
 * Every spelt-out word in the tokens, in order. `words` are the words the recogniser wrote with
 * hyphens ("x-i-n, l-i-u"), which mark where one spelt word ends and the next begins; spoken
 * letters run on without a break ("x i n l i u").
 */
export function findSpellings(tokens: readonly string[], words: readonly string[] = []): Spelling[] {
  const spelt = new Set(words.filter((w) => w.length >= 2 && w.length <= LONGEST_SPELT));
  const found: Piece[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let run = readRun(tokens, i);
    if (run === null) continue;
    // A run of only weak letters ("a", "you see") holds no spelling that starts inside it either;
    // nor does one of only letters said twice over ("double m", "double l, double l"), which is a
    // note on how a word said is written, not a word.
    if (run.strong === 0 || isDoubledOnly(tokens, i, run.end)) {
      i = run.end - 1;
      continue;
    }
    // "shall i spell it for you? n-g-o-z-i": a word before the letters that sounds like one ("you",
    // "see") is the sentence's, when the letters after it are a word written spelt out.
    if (run.ends.length > 1 && isWeakWord(tokens[i] ?? '') && startsWord(run.letters.slice(1), spelt)) {
      const next = readRun(tokens, i + 1);
      if (next !== null) {
        i++;
        run = next;
      }
    }
    const cued = tokens.slice(Math.max(0, i - 3), i).some((t) => SPELL_CUES.has(t));
    run = withoutDoubledNote(run, tokens, i);
    if (run.letters.length >= (cued ? 2 : MIN_LETTERS))
      found.push(...splitAtWords(run, i, spelt).filter((w) => !isDoubledOnly(tokens, w.start, w.end)));
    // "m-c, then a-l-l-i-s-t-e-r": two letters written as one spelt word may start a longer one.
    else if (spelt.has(run.letters))
      found.push({ word: titled(run.letters), start: i, end: run.end, piece: true });
    i = run.end - 1;
  }
  return found.length === 0 ? found : joinToSaidWords(found, tokens);
}

/**
 * Letters each said twice over, and no others: "double m", "double l, double l". Said after a
 * word or its letters ("m-o-h-a-m-m-e-d, double m"), they are a note on how it is written.
 */
function isDoubledOnly(tokens: readonly string[], start: number, end: number): boolean {
  if (end - start < 2 || (end - start) % 2 !== 0) return false;
  for (let i = start; i < end; i += 2) if (tokens[i] !== 'double' && tokens[i] !== 'triple') return false;
  return true;
}

/**
 * "p r a t t, double t": letters said twice over at the end of a spelling that already has them
 * twice over are a note on it, and no more letters of it ("m a double t" has no "tt" before).
 */
function withoutDoubledNote(run: Run, tokens: readonly string[], start: number): Run {
  let end = run.end;
  let letters = run.letters;
  while (end - start > 2 && (tokens[end - 2] === 'double' || tokens[end - 2] === 'triple')) {
    const letter = (tokens[end - 1] ?? '').toUpperCase();
    const times = tokens[end - 2] === 'double' ? 2 : 3;
    const head = letters.slice(0, -times);
    if (!/^[A-Z]$/.test(letter) || !head.includes(letter.repeat(times))) break;
    letters = head;
    end -= 2;
  }
  if (end === run.end) return run;
  return { ...run, letters, end, ends: run.ends.filter((e) => e.token <= end) };
}

/** Letters too few to be a spelling alone, kept only if they join others to make a said word. */
interface Piece extends Spelling {
  piece?: true;
}

/** Pieces of a spelling joined to make a said word, and the words said between two of them. */
const MOST_PIECES = 4;
const MOST_BETWEEN = 3;

/**
 * A caller who spells a long word says it in pieces ("w i c k, r a m a, s i n g h e") or starts
 * with a word that sounds like a letter ("shall i, o l u ...", "i spell you: w o j c i k"). The
 * word itself was said too, so the pieces that make it, or the letters after the first, are
 * taken as one spelling of it; letters that spell no word said are left as they were read.
 */
function joinToSaidWords(found: readonly Piece[], tokens: readonly string[]): Spelling[] {
  const said = new Set(tokens.filter((t) => t.length > 1 && !WEAK_LETTER_WORDS.has(t)));
  // "o'brien, o apostrophe b r i i e n": a word said may be written without its apostrophe.
  const bare = new Set([...said].map((w) => w.replace(/'/g, '')));
  const out: Spelling[] = [];
  for (let i = 0; i < found.length; i++) {
    const joined = joinedFrom(found, i, said, tokens);
    if (joined === null) {
      const alone = found[i] as Piece;
      if (alone.piece !== true && !isWordAfterLetters(alone, tokens))
        out.push(asWordSaid(alone, tokens, said, bare));
      continue;
    }
    out.push(joined.spelling);
    i = joined.last;
  }
  return out;
}

/**
 * Letters that miss a word said by one slip are that word: "kiera, k i i e r a", where the
 * recogniser heard a letter twice, or "seonaid, s e o n a i d you say it shona", where the
 * sentence's "you" runs on from the last letter. Letters that spell a word said, or miss every
 * one by more, are kept as spelt.
 */
function asWordSaid(
  spelling: Spelling,
  tokens: readonly string[],
  said: ReadonlySet<string>,
  bare: ReadonlySet<string>,
): Spelling {
  const letters = spelling.word.toLowerCase();
  // A run longer than any name is no slip of one ("b b b b ..."), and is not searched.
  if (said.has(letters) || letters.length > LONGEST_SPELT) return spelling;
  const last = tokens[spelling.end - 1] ?? '';
  const sounded = LETTER_NAMES.get(last)?.toLowerCase() ?? '';
  const cut = letters.slice(0, letters.length - sounded.length);
  if (isWeakWord(last) && sounded !== '' && cut.length > 2 && said.has(cut))
    return { word: titled(cut), start: spelling.start, end: spelling.end - 1 };
  for (let i = 1; i < letters.length; i++) {
    if (letters[i] !== letters[i - 1]) continue;
    const once = letters.slice(0, i) + letters.slice(i + 1);
    if (said.has(once) || bare.has(once.replace(/'/g, ''))) return { ...spelling, word: titled(once) };
  }
  return spelling;
}

/**
 * "e-i-l-i-d-h, you say it ay-lee", "n-i-a-m-h, you see": left over after the letters of a
 * written spelling, words that only sound like letters ("you", "see") are the next sentence's.
 */
function isWordAfterLetters(spelling: Spelling, tokens: readonly string[]): boolean {
  if (spelling.end - spelling.start > 2) return false;
  return tokens.slice(spelling.start, spelling.end).every(isWeakWord);
}

function joinedFrom(
  found: readonly Piece[],
  from: number,
  said: ReadonlySet<string>,
  tokens: readonly string[],
): { spelling: Spelling; last: number } | null {
  const first = found[from] as Spelling;
  // The sentence's "i" or "you" before the letters: "shall i, o l u w a s e u n".
  const weak = WEAK_LETTER_WORDS.has(tokens[first.start] ?? '');
  let letters = '';
  let best: { spelling: Spelling; last: number } | null = null;
  for (let j = from; j < Math.min(found.length, from + MOST_PIECES); j++) {
    const piece = found[j] as Spelling;
    if (j > from && piece.start - (found[j - 1] as Spelling).end > MOST_BETWEEN) break;
    letters += piece.word.toLowerCase();
    // Three letters at least: "i a n, an easy one" does not spell "an".
    const word = [letters, weak ? letters.slice(1) : ''].find((w) => w.length > 2 && said.has(w));
    if (word === undefined || (j === from && word === letters)) continue;
    const start = word === letters ? first.start : first.start + 1;
    best = { spelling: { word: titled(word), start, end: piece.end }, last: j };
  }
  return best;
}

/** No name is spelt with more letters than this as one word. */
const LONGEST_SPELT = 20;

/** A spoken word that is also a letter ("you", "see"), not the letter written alone. */
function isWeakWord(token: string): boolean {
  return token.length > 1 && WEAK_LETTER_WORDS.has(token);
}

function startsWord(letters: string, spelt: ReadonlySet<string>): boolean {
  for (let n = 2; n <= Math.min(letters.length, LONGEST_SPELT); n++)
    if (spelt.has(letters.slice(0, n))) return true;
  return false;
}

/** The run cut where the hyphened words say one spelt word ends; the rest, if any, as one word. */
function splitAtWords(run: Run, start: number, spelt: ReadonlySet<string>): Spelling[] {
  if (spelt.size === 0) return [{ word: titled(run.letters), start, end: run.end }];
  // The token after each letter-word, by the count of letters up to there.
  const tokenAfter = new Map(run.ends.map((e) => [e.letters, e.token]));
  const out: Spelling[] = [];
  let from = 0;
  let fromToken = start;
  while (from < run.letters.length) {
    let upTo = run.letters.length;
    for (let n = Math.min(LONGEST_SPELT, run.letters.length - from); n >= 2; n--) {
      if (tokenAfter.has(from + n) && spelt.has(run.letters.slice(from, from + n))) {
        upTo = from + n;
        break;
      }
    }
    const end = tokenAfter.get(upTo) ?? run.end;
    out.push({ word: titled(run.letters.slice(from, upTo)), start: fromToken, end });
    from = upTo;
    fromToken = end;
  }
  return out;
}

function titled(letters: string): string {
  const lower = letters.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

interface Run {
  letters: string;
  end: number;
  strong: number;
  /** After each letter-word, how many letters so far and the token after it. */
  ends: { letters: number; token: number }[];
}

function readRun(tokens: readonly string[], start: number): Run | null {
  let letters = '';
  let i = start;
  let strong = 0;
  const ends: Run['ends'] = [];
  for (;;) {
    // "o apostrophe n e i l l", "d apostrophe a r c y": the apostrophe said between two letters.
    const apostrophe = letters.length > 0 && tokens[i] === 'apostrophe' && letterAt(tokens, i + 1) !== null;
    if (apostrophe) {
      letters += "'";
      i++;
    }
    const one = letterAt(tokens, i);
    if (one === null) break;
    letters += one.letters;
    if (one.strong) strong++;
    i = one.end;
    ends.push({ letters: letters.length, token: i });
  }
  // A run of only "a", "i", "o" and homophones ("you see") is ordinary speech, not a spelling.
  return letters.length === 0 ? null : { letters, end: i, strong, ends };
}

interface Letter {
  letters: string;
  end: number;
  /** False for words that are also ordinary English ("a", "you", "see"). */
  strong: boolean;
}

function letterAt(tokens: readonly string[], i: number): Letter | null {
  const token = tokens[i] ?? '';
  if (token === 'double' || token === 'triple') {
    // One look ahead, never a chain: "double double ..." must not re-read the rest each time.
    if (tokens[i + 1] === 'double' || tokens[i + 1] === 'triple') return null;
    const next = letterAt(tokens, i + 1);
    if (next === null || next.letters.length !== 1) return null;
    return { letters: next.letters.repeat(token === 'double' ? 2 : 3), end: next.end, strong: true };
  }
  // "m a c capital l e o d", "b i n small b": how the letter is written, then the letter.
  if (token === 'capital' || token === 'small') {
    const next = /^[a-z]$/.test(tokens[i + 1] ?? '') ? (tokens[i + 1] ?? '') : '';
    return next === '' ? null : { letters: next.toUpperCase(), end: i + 2, strong: true };
  }
  let letter: string | undefined;
  let strong = true;
  if (/^[a-z]$/.test(token)) {
    letter = token.toUpperCase();
    strong = token !== 'a' && token !== 'i' && token !== 'o';
  } else if (PHONETIC_ALPHABET.has(token) && isPhoneticRun(tokens, i)) {
    letter = PHONETIC_ALPHABET.get(token);
  } else if (LETTER_NAMES.has(token)) {
    letter = LETTER_NAMES.get(token);
    strong = !WEAK_LETTER_WORDS.has(token);
  }
  if (letter === undefined) return null;
  let end = i + 1;
  // "d for delta", "b as in bravo": the example word repeats the letter.
  if (/^(?:for|as)$/.test(tokens[end] ?? '')) {
    const at = tokens[end] === 'as' && tokens[end + 1] === 'in' ? end + 2 : end + 1;
    const example = tokens[at] ?? '';
    if (example.charAt(0).toUpperCase() === letter && example.length > 1) end = at + 1;
  }
  return { letters: letter, end, strong };
}

/** NATO words count as letters only beside another letter: "charlie" alone is a name. */
function isPhoneticRun(tokens: readonly string[], i: number): boolean {
  const beside = [tokens[i - 1] ?? '', tokens[i + 1] ?? ''];
  return beside.some((t) => PHONETIC_ALPHABET.has(t) || /^[a-z]$/.test(t) || t === 'double');
}
