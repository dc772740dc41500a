/**
 * What the agent does next: read back anything doubtful, ask the next question the goal needs,
 * and once nothing is left, act on the enquiry (transfer a hot one, offer a viewing to hot and
 * warm ones, a callback otherwise or out of hours).
 */
import { offerCallbackLine, startOffer } from './offers.js';
import { askQuestion, isAnswered, nextQuestion } from './questions.js';
import { askReadBack, nextReadBack } from './read-back.js';
import { scoreNow } from './records.js';
import { knowsAnyFact } from './state.js';
import { hotTarget, transferCall } from './transfer.js';
import { say, type Turn } from './turn.js';

export function advance(t: Turn): void {
  const s = t.state;
  const readBack = nextReadBack(s);
  if (readBack !== null) {
    askReadBack(t, readBack);
    return;
  }
  const question = nextQuestion(t.config, s);
  if (question !== null) {
    askQuestion(t, question, 'prompt');
    return;
  }
  conclude(t);
}

function conclude(t: Turn): void {
  const s = t.state;
  if (s.goal !== 'qualify') {
    startOffer(t, 'callback');
    return;
  }
  const { outcome } = scoreNow(t);
  say(t, "Thank you, that's everything I need for now.");
  const to = hotTarget(t, outcome);
  if (to !== null) {
    transferCall(t, to, 'hot');
    return;
  }
  // Out of hours nobody can arrange a viewing today: a callback lets the team decide.
  const viewing = t.ctx.withinBusinessHours && (outcome === 'hot' || outcome === 'warm');
  startOffer(t, viewing ? 'viewing' : 'callback');
}

/** The caller wants a callback instead of answering questions: only a name and number are still needed. */
export function switchToCallback(t: Turn, ...before: string[]): void {
  const s = t.state;
  if (s.goal === 'qualify') s.goal = 'callback';
  say(t, ...before);
  offerCallbackLine(t);
  advance(t);
}

/**
 * An answer not understood: re-ask differently up to `max_unclear` times, then move on. When
 * nothing at all has been understood, or two questions in a row failed, a callback is offered
 * instead of more questions.
 */
export function handleUnclear(t: Turn): void {
  const s = t.state;
  const asking = s.asking;
  if (asking === null) {
    advance(t);
    return;
  }
  // Asked once only (the street after a postcode): no answer is an answer.
  if (isAnswered(s, asking.slot)) {
    say(t, 'No problem.');
    advance(t);
    return;
  }
  asking.tries++;
  if (asking.tries <= t.config.reprompts.max_unclear) {
    askQuestion(t, asking.slot, 'reprompt');
    return;
  }
  if (asking.slot === 'message') {
    if (s.message !== null) s.message.note = '';
  } else s.skipped.push(asking.slot);
  s.counters.skippedInRow++;
  s.asking = null;
  const understoodNothing = !knowsAnyFact(s) && s.answers.name === null;
  if (s.goal === 'qualify' && (understoodNothing || s.counters.skippedInRow >= 2)) {
    switchToCallback(t, "I'm sorry, I'm having trouble understanding.");
    return;
  }
  say(t, "No problem, let's move on.");
  advance(t);
}
