/**
 * How much of one turn the agent reads. A caller who talks without a pause for a whole minute
 * says about 900 characters; past that, text is a recogniser's runaway, a pasted document or an
 * attack, and reading it would hold the event loop for every other call (docs/agent.md, "Long
 * turns"). Every channel goes through the engine, so the cap is applied here, once.
 */
import type { CallerInput } from './types.js';

/** Characters of one spoken turn the agent reads; the rest is dropped. */
export const MAX_UTTERANCE_CHARS = 1000;

/** Keypad digits of one turn the agent reads: no menu needs more. */
export const MAX_KEYPAD_DIGITS = 32;

/** Where a cut may move back to, to end on a whole word rather than half of one. */
const WORD_SLACK = 40;

export interface CappedText {
  text: string;
  /** True when text past the cap was dropped. */
  cut: boolean;
}

/** The first MAX_UTTERANCE_CHARS characters of `text`, ending on a whole word where one is near. */
export function capUtterance(text: string): CappedText {
  if (text.length <= MAX_UTTERANCE_CHARS) return { text, cut: false };
  let end = MAX_UTTERANCE_CHARS;
  // Never split a surrogate pair: half an emoji is not text.
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  const space = text.lastIndexOf(' ', end);
  if (space > end - WORD_SLACK) end = space;
  return { text: text.slice(0, end).trimEnd(), cut: true };
}

/** The input as the agent reads it: speech and keypad digits within their caps. */
export function capInput(input: CallerInput): CallerInput {
  if (input.kind === 'speech') {
    const { text, cut } = capUtterance(input.text);
    return cut ? { ...input, text } : input;
  }
  if (input.kind === 'dtmf' && input.digits.length > MAX_KEYPAD_DIGITS)
    return { ...input, digits: input.digits.slice(0, MAX_KEYPAD_DIGITS) };
  return input;
}
