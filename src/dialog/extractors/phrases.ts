/**
 * Keyword-family matching shared by the classifiers (property type, condition, occupancy,
 * reason, intent). Rules are regex fragments over normalised text; overlapping matches are
 * resolved in favour of the longest, so "nobody lives there" beats "lives there", and plain
 * negation ("it's not a semi") cancels a match instead of asserting it.
 */
import { boundariesOf, PhraseDispatcher, type RuleMatch } from './phrase-dispatch.js';

export interface PhraseRule<T> {
  value: T;
  pattern: RegExp;
  /** False for phrases that already contain their own negation ("no tenants"). */
  negatable: boolean;
  /** The same phrasings filed by first character, for speed; null to scan `pattern` instead. */
  dispatcher: PhraseDispatcher | null;
}

export interface PhraseMatch<T> {
  value: T;
  index: number;
  length: number;
  text: string;
  negated: boolean;
}

/** Builds a rule from alternatives; each is a regex fragment matched on word boundaries. */
export function phraseRule<T>(value: T, alternatives: readonly string[], negatable = true): PhraseRule<T> {
  return {
    value,
    pattern: new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'g'),
    negatable,
    dispatcher: PhraseDispatcher.of(alternatives),
  };
}

/** Words that negate what follows within a short window ("it isn't really in good nick"). */
const NEGATORS = new Set([
  'not',
  'never',
  "isn't",
  'isnt',
  "doesn't",
  'doesnt',
  "don't",
  'dont',
  "didn't",
  "wasn't",
  "aren't",
  "hasn't",
  "haven't",
  "won't",
  "ain't",
  "weren't",
  // The same with the apostrophe the recogniser dropped: "it aint a wreck", "it wasnt damp".
  'didnt',
  'wasnt',
  'arent',
  'hasnt',
  'havent',
  'aint',
  'werent',
  'without',
  'hardly',
  'nor',
]);

/** A clause break ends the reach of a negation: "not a semi but detached". */
const CLAUSE_BREAKS = new Set([
  'but',
  'though',
  'although',
  'however',
  'and',
  'it',
  "it's",
  'its',
  'actually',
]);

const NEGATION_WINDOW = 4;

/**
 * Words a negation takes as its whole object: "not bad, windows need doing" asserts the windows;
 * "not sure, we're just seeing what it's worth" asserts the seeing.
 */
const NEGATION_OBJECTS = new Set(['bad', 'sure']);

/** Every non-overlapping match of the rules, in order of appearance. */
export function findPhraseMatches<T>(normalised: string, rules: readonly PhraseRule<T>[]): PhraseMatch<T>[] {
  const all: PhraseMatch<T>[] = [];
  const boundaries = boundariesOf(normalised);
  for (const rule of rules) {
    for (const m of ruleMatches(rule, normalised, boundaries)) {
      const { index, text } = m;
      // A match that opens its own clause ("it's rented out") is not reached by an earlier "not".
      const opensClause = CLAUSE_BREAKS.has(text.split(' ')[0] ?? '');
      const negated = rule.negatable && !opensClause && isNegatedAt(normalised, index);
      all.push({ value: rule.value, index, length: text.length, text, negated });
    }
  }
  all.sort((a, b) => b.length - a.length || a.index - b.index);
  // Characters already taken by a longer match: checking a match costs its own length, where
  // comparing it with every kept match would cost the square of their number.
  const taken = new Uint8Array(normalised.length);
  const kept: PhraseMatch<T>[] = [];
  for (const match of all) {
    const end = match.index + match.length;
    if (taken.subarray(match.index, end).includes(1)) continue;
    taken.fill(1, match.index, end);
    kept.push(match);
  }
  return kept.sort((a, b) => a.index - b.index);
}

/** One rule's matches, leftmost first and not overlapping, as its global regex gives them. */
export function ruleMatches<T>(
  rule: PhraseRule<T>,
  normalised: string,
  boundaries: readonly number[] = boundariesOf(normalised),
): RuleMatch[] {
  if (rule.dispatcher !== null) return rule.dispatcher.matches(normalised, boundaries);
  return [...normalised.matchAll(rule.pattern)].map((m) => ({ index: m.index ?? 0, text: m[0] }));
}

/** Only the matches that were not negated. */
export function findAssertedMatches<T>(
  normalised: string,
  rules: readonly PhraseRule<T>[],
): PhraseMatch<T>[] {
  return findPhraseMatches(normalised, rules).filter((m) => !m.negated);
}

/** True when a negating word sits just before `index`, with no clause break in between. */
export function isNegatedAt(normalised: string, index: number): boolean {
  const before = wordsBefore(normalised, index, NEGATION_WINDOW);
  for (let k = 1; k <= before.length; k++) {
    const word = before[k - 1] ?? '';
    if (NEGATORS.has(word)) return true;
    // A bare "no" negates only the word right after it; further back it answers a question, and
    // what follows it is said afresh: "not me, no, i rent it out".
    if (word === 'no') return k === 1;
    if (CLAUSE_BREAKS.has(word) || NEGATION_OBJECTS.has(word)) return false;
  }
  return false;
}

/**
 * Up to `count` words ending before `index`, nearest first. Only the window is read: splitting
 * everything before each match would cost the square of the utterance's length.
 */
function wordsBefore(normalised: string, index: number, count: number): string[] {
  const words: string[] = [];
  let end = index;
  while (words.length < count && end > 0) {
    const space = normalised.lastIndexOf(' ', end - 1);
    const word = normalised.slice(space + 1, end);
    if (word !== '') words.push(word);
    end = space < 0 ? 0 : space;
  }
  return words;
}
