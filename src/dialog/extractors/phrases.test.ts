import { describe, expect, it } from 'vitest';
import { isNegatedAt } from './phrases.js';

/** Whether `word` is negated where it stands in `said`. */
function negated(said: string, word: string): boolean {
  return isNegatedAt(said, said.indexOf(word));
}

describe('isNegatedAt: a negation written without its apostrophe', () => {
  it.each([
    ['it aint a wreck', 'wreck'],
    ['the roof wasnt leaking', 'leaking'],
    ['we havent got tenants', 'tenants'],
    ['there werent any problems', 'problems'],
    ['it hasnt got damp', 'damp'],
    ['they didnt want it', 'want'],
  ])('%j negates %j', (said, word) => {
    expect(negated(said, word)).toBe(true);
  });

  it.each([
    ['it aint bad but it is damp', 'damp'],
    ['the house is damp', 'damp'],
  ])('%j leaves %j asserted', (said, word) => {
    expect(negated(said, word)).toBe(false);
  });
});
