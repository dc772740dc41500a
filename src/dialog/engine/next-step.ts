/**
 * What the agent does next: read back anything doubtful, ask the next question the goal needs,
 * and once nothing is left, act on the enquiry (transfer a hot one, offer a viewing to hot and
 * warm ones, a callback otherwise or out of hours).
 *
 * This is the one file that picks the next step. The phases (asking.ts, confirming.ts,
 * offering.ts, closing.ts) answer what they did and never call back up here, so the engine's
 * files import each other in one direction only (docs/architecture.md, "Layers").
 */
import { phrase } from '../catalogue/index.js';
import { askQuestion, giveUp, isRevisit, nextQuestion, propertyQuestionsLeft } from './asking.js';
import { askReadBack, keepUnconfirmed, nextReadBack } from './confirming.js';
import { askedTooOften, askKey, WRAP_UP_TURNS } from './loops.js';
import { offerCallbackLine, startOffer } from './offering.js';
import { scoreNow } from './records.js';
import { hotTarget, transferCall } from './transfer.js';
import { ask, type Step, say, type Turn } from './turn.js';

export function advance(t: Turn): void {
  const s = t.state;
  const readBack = nextReadBack(s);
  if (readBack !== null) {
    carryOn(t, askReadBack(t, readBack));
    return;
  }
  // A long call stops asking and moves to its close (docs/agent.md, "No loops").
  const question = s.counters.turns >= WRAP_UP_TURNS ? null : nextQuestion(t.config, s);
  if (question !== null) {
    const revisit = isRevisit(s, question) ? [phrase('question.revisit')] : [];
    carryOn(t, askQuestion(t, question, 'prompt', ...revisit));
    return;
  }
  conclude(t);
}

/** After a phase's step: a question put waits for the caller's answer, anything else moves on. */
export function carryOn(t: Turn, step: Step): void {
  if (step === 'move-on') advance(t);
}

function conclude(t: Turn): void {
  const s = t.state;
  if (s.goal !== 'qualify') {
    startOffer(t, 'callback');
    return;
  }
  const { outcome } = scoreNow(t);
  if (s.callbackAsked === true) {
    startOffer(t, 'callback');
    return;
  }
  say(t, phrase('call.everything'));
  const to = hotTarget(t, outcome);
  if (to !== null) {
    transferCall(t, to, 'hot');
    return;
  }
  // Out of hours nobody can arrange a viewing today: a callback lets the team decide.
  const viewing = t.ctx.withinBusinessHours && (outcome === 'hot' || outcome === 'warm');
  startOffer(t, viewing ? 'viewing' : 'callback');
}

/**
 * The caller wants a callback instead of answering questions: only a name and number are still
 * needed. Asked once the property's questions are all done (at the phone question, say), the
 * enquiry is whole and stays one: it ends with the callback rather than a transfer or a viewing.
 */
export function switchToCallback(t: Turn, ...before: string[]): void {
  const s = t.state;
  if (s.goal === 'qualify') {
    if (propertyQuestionsLeft(t.config, s)) s.goal = 'callback';
    else s.callbackAsked = true;
  }
  say(t, ...before);
  offerCallbackLine(t);
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
    carryOn(t, giveUp(t, s.asking.slot, ...before));
    return;
  }
  if (s.phase === 'confirming' && s.confirming !== null) keepUnconfirmed(s, s.confirming);
  say(t, ...before);
  advance(t);
}
