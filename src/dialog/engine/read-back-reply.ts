/**
 * The reply to a read-back ("Just to check, is the postcode M 1 4, 5 A B?"): yes trusts the value,
 * no drops it and asks again, a new value replaces it, and a reply that is neither is asked about
 * once more before the value is kept as heard (docs/agent.md, "Step by step").
 */
import { phrase } from '../catalogue/index.js';
import type { IntentFlags } from '../extractors/index.js';
import { type Applied, acknowledge } from './answers.js';
import { askQuestion, giveUp } from './asking.js';
import { closeCall } from './closing.js';
import { acceptReadBack, implicitKeys, keepUnconfirmed, rejectReadBack } from './confirming.js';
import { advance, carryOn, reask, switchToCallback } from './next-step.js';
import { say, type Turn } from './turn.js';
import type { AnswerKey } from './types.js';
import type { Heard } from './understand.js';

export function answerReadBack(
  t: Turn,
  heard: Heard,
  applied: Applied,
  intents: IntentFlags,
  aside: string[],
): void {
  const s = t.state;
  const key = s.confirming;
  if (key === null) {
    advance(t);
    return;
  }
  const others = implicitKeys(s, applied.changed).filter((k) => k !== key);
  const ack = acknowledge(others, s, false);
  s.echoed = others;
  // A new value replaces the one read back, and is read back in its turn by advance().
  if (applied.changed.includes(key)) {
    say(t, ...aside, ack);
    advance(t);
    return;
  }
  if (s.answers[key]?.confirmed === true || heard.yesNo === 'yes') {
    acceptReadBack(s, key);
    say(t, ...aside, phrase('reply.great'), ack);
    advance(t);
    return;
  }
  if (heard.yesNo === 'no') {
    rejectAndReask(t, key, ack);
    return;
  }
  if (others.length > 0) {
    say(t, ...aside, ack);
    advance(t);
    return;
  }
  if (intents.wantsToEnd) {
    closeCall(t);
    return;
  }
  if (intents.wantsCallback) {
    keepUnconfirmed(s, key);
    switchToCallback(t, phrase('reply.of_course'));
    return;
  }
  if (aside.length > 0 || intents.repeat) {
    reask(t, ...(aside.length > 0 ? aside : [phrase('reply.of_course')]));
    return;
  }
  s.counters.confirmTries++;
  if (s.counters.confirmTries > Math.min(t.config.reprompts.max_unclear, 1)) {
    keepUnconfirmed(s, key);
    advance(t);
    return;
  }
  reask(t, phrase('reply.yes_or_no'));
}

/** "No" to a read-back drops the value and asks again, once; a second miss moves on. */
function rejectAndReask(t: Turn, key: AnswerKey, ack: string): void {
  const s = t.state;
  const slot = rejectReadBack(s, key);
  say(t, ack);
  const asking = s.asking?.slot === slot ? s.asking : null;
  if (asking !== null) asking.tries++;
  if (asking !== null && asking.tries > Math.min(t.config.reprompts.max_unclear, 1)) {
    carryOn(t, giveUp(t, slot, phrase('reply.sorry')));
    return;
  }
  carryOn(t, askQuestion(t, slot, 'reprompt', phrase('reply.sorry')));
}
