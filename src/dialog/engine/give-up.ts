/**
 * Moving on instead of asking again. A question not understood twice, or put twice in a row
 * already, is given up on: the caller's words go in the lead's note, the slot is left unknown,
 * and it may be put once more at the end (docs/agent.md, "No loops"). Giving up is about that
 * one question: the enquiry goes on, however many answers could not be read, because a seller
 * whose words the agent cannot read is still a seller (docs/agent.md, "Speech it cannot
 * understand"). Only the caller turns the call into a callback.
 */
import { phrase } from '../catalogue/index.js';
import { advance } from './flow.js';
import { askedTooOften, askKey } from './loops.js';
import type { QuestionSlot } from './questions.js';
import { keepUnconfirmed } from './read-back.js';
import { ask, say, type Turn } from './turn.js';

export function giveUp(t: Turn, slot: QuestionSlot, ...before: string[]): void {
  const s = t.state;
  const said = s.asking?.slot === slot ? (s.asking.said ?? []) : [];
  if (slot === 'message') {
    if (s.message !== null) s.message.note = s.message.note ?? '';
  } else {
    if (!s.skipped.includes(slot)) s.skipped.push(slot);
    if (said.length > 0)
      s.unclear = [...s.unclear.filter((u) => u.slot !== slot), { slot, said: said.join(' / ') }];
  }
  s.asking = null;
  say(t, ...before, phrase('reply.move_on'));
  advance(t);
}

/**
 * Puts the last question again (after "pardon?", silence, or a question of the caller's), unless
 * it has been put twice in a row already: then the agent moves on.
 */
export function reask(t: Turn, ...before: string[]): void {
  const s = t.state;
  if (!askedTooOften(s, askKey(s) ?? '')) {
    ask(t, s.lastAsk, ...before);
    return;
  }
  if (s.phase === 'asking' && s.asking !== null) {
    giveUp(t, s.asking.slot, ...before);
    return;
  }
  if (s.phase === 'confirming' && s.confirming !== null) keepUnconfirmed(s, s.confirming);
  say(t, ...before);
  advance(t);
}
