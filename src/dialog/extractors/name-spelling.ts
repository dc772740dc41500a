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
  for (let i = 0; i < tokens.length; i++) {
    const run = readRun(tokens, i);
    if (run === null) continue;
    // A run of only weak letters ("a", "you see") holds no spelling that starts inside it either.
    if (run.strong === 0) {
      i = run.end - 1;
      continue;
    }
    const cued = tokens.slice(Math.max(0, i - 3), i).some((t) => SPELL_CUES.has(t));
    if (run.letters.length >= (cued ? 2 : MIN_LETTERS)) {
      const lower = run.letters.toLowerCase();
      return { word: lower.charAt(0).toUpperCase() + lower.slice(1), start: i, end: run.end };
    }
    i = run.end - 1;
  }
  return null;
}

function readRun(
  tokens: readonly string[],
  start: number,
): { letters: string; end: number; strong: number } | null {
  let letters = '';
  let i = start;
  let strong = 0;
  for (;;) {
    const one = letterAt(tokens, i);
    if (one === null) break;
    letters += one.letters;
    if (one.strong) strong++;
    i = one.end;
  }
  // A run of only "a", "i", "o" and homophones ("you see") is ordinary speech, not a spelling.
  return letters.length === 0 ? null : { letters, end: i, strong };
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
