/**
 * The condition the house is in now, when the caller also tells what it was: "it was a wreck
 * when we bought it but we've done it all up", "we gutted it ten years ago, it's fine now", "the
 * tenants trashed it but we've redone it since". A clause about the past ("was", "used to",
 * "when we bought it", "years ago") is history, and work the caller says was done puts right
 * whatever was said before it. What is left is read as usual; work done with nothing wrong left
 * is a house in good condition (docs/agent.md, "What the agent understands").
 */
import type { Condition } from '../slots/condition.js';
import { normaliseUtterance } from './normalise.js';

/** Where a clause ends: the recogniser's punctuation, or a word that turns the story. */
const CLAUSES = /[,.;:!?]+|\s(?=(?:but|though|although|however|whereas|and now|now it's|now its)\b)/;

/** A clause about how the house was, not how it is. */
const PAST =
  /\b(?:was|were|used to|needed|when (?:we|i|they|he|she|my \w+|the \w+) (?:bought|got|moved|took|inherited)|years? ago|years? back|previous owners?|the last owners?|before we)\b/;

/** Work the caller says was done: it puts right what was said before it. */
const DONE = new RegExp(
  [
    "\\b(?:we|we've|weve|they|they've|i|i've|ive|he|she|owners?)(?: have| had)? (?:all )?(?:done|redone|did|gutted|renovated|refurbished|rewired|sorted|fixed|modernised|replaced|updated|redecorated)\\b",
    '\\bdone (?:it |the (?:place|house) )?(?:all )?up\\b',
    '\\bhad (?:it|the [a-z]+|them|that|everything) (?:all )?(?:done|sorted|fixed|replaced|redone|seen to)\\b',
    '\\b(?:been|since|now) (?:fully |all |completely )?(?:renovated|refurbished|modernised|redone|done up|sorted|rewired)\\b',
    '\\b(?:all )?sorted now\\b',
  ].join('|'),
);

/**
 * The bands said of the house as it is now, or null when the answer tells no history (then the
 * whole answer is read as it stands).
 */
export function conditionNow(
  text: string,
  bandsOf: (normalised: string) => ReadonlySet<Condition>,
): Condition[] | null {
  const clauses = text
    .split(CLAUSES)
    .map((clause) => normaliseUtterance(clause ?? ''))
    .filter((clause) => clause.length > 0);
  const past = clauses.map((clause) => PAST.test(clause));
  const lastDone = clauses.reduce((at, clause, i) => (DONE.test(clause) ? i : at), -1);
  if (lastDone < 0 && !past.includes(true)) return null;
  const now = new Set<Condition>();
  clauses.forEach((clause, i) => {
    if (i <= lastDone || past[i] === true) return;
    for (const band of bandsOf(clause)) now.add(band);
  });
  if (now.size > 0) return [...now];
  // Work done and nothing wrong said since: the house is in good order.
  return lastDone >= 0 ? ['good'] : null;
}
