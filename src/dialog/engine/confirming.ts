/**
 * Confirming: explicit read-backs. Postcodes (spelt out), numbers the caller gave, and doubtful
 * values are confirmed with a yes/no question before they are trusted. "No" drops the value and
 * asks again; a new value in the same breath ("no, it's M15 6CD") replaces it and is read back in
 * turn. A value read back twice running is kept as heard, and next-step.ts picks what follows.
 */
import { phrase } from '../catalogue/index.js';
import { formatPostcodeForSpeech } from '../extractors/index.js';
import { sayPrice } from './answers.js';
import { CROSS_CHECKED, checkQuestion } from './cross-check.js';
import { askedTooOften } from './loops.js';
import { speakPhone } from './speak.js';
import { slotOfAnswer } from './state.js';
import { ask, type Step, say, type Turn } from './turn.js';
import type { AnswerKey, CallState } from './types.js';

/** Facts the rules and the model read differently are read back too, after these. */
const READ_BACK_ORDER: readonly AnswerKey[] = [
  'name',
  'postcode',
  'price',
  'phone',
  ...CROSS_CHECKED.filter((key) => key !== 'price'),
];

/** The next answer waiting to be read back, if any. */
export function nextReadBack(state: CallState): AnswerKey | null {
  for (const key of READ_BACK_ORDER) {
    const answer = state.answers[key];
    if (answer?.readBack && !answer.confirmed) return key;
  }
  return null;
}

function readBackQuestion(state: CallState, key: AnswerKey): string {
  const a = state.answers;
  switch (key) {
    case 'postcode':
      return a.postcode === null
        ? ''
        : phrase('read_back.postcode', { postcode: formatPostcodeForSpeech(a.postcode.value) });
    case 'phone':
      return a.phone === null ? '' : phrase('read_back.phone', { number: speakPhone(a.phone.value) });
    case 'price':
      return a.price === null ? '' : phrase('read_back.price', { price: sayPrice(a.price) });
    case 'name':
      return a.name === null ? '' : phrase('read_back.name', { name: a.name.value });
    default:
      return checkQuestion(a, key) ?? phrase('read_back.fallback');
  }
}

export function askReadBack(t: Turn, key: AnswerKey, ...before: string[]): Step {
  const s = t.state;
  // Read back twice running already: the value is kept as heard and the call moves on.
  if (s.phase === 'confirming' && s.confirming === key && askedTooOften(s, `confirm:${key}`)) {
    keepUnconfirmed(s, key);
    say(t, ...before);
    return 'move-on';
  }
  if (s.confirming !== key) s.counters.confirmTries = 0;
  s.phase = 'confirming';
  s.confirming = key;
  ask(t, readBackQuestion(s, key), ...before);
  return 'asked';
}

/** Of the answers just changed, those said back in passing rather than read back with a question. */
export function implicitKeys(state: CallState, changed: readonly AnswerKey[]): AnswerKey[] {
  return changed.filter((key) => state.answers[key]?.readBack !== true);
}

/** Yes: the value is trusted. */
export function acceptReadBack(state: CallState, key: AnswerKey): void {
  const answer = state.answers[key];
  if (answer === null) return;
  answer.confirmed = true;
  answer.readBack = false;
}

/** After too many unclear replies the value is kept as heard, unconfirmed, so the call moves on. */
export function keepUnconfirmed(state: CallState, key: AnswerKey): void {
  const answer = state.answers[key];
  if (answer !== null) answer.readBack = false;
}

/** No: the value is dropped; the question it answered is asked again. */
export function rejectReadBack(state: CallState, key: AnswerKey): ReturnType<typeof slotOfAnswer> {
  state.answers[key] = null;
  // The district came from the same misheard postcode.
  if (key === 'postcode') state.answers.district = null;
  return slotOfAnswer(key);
}
