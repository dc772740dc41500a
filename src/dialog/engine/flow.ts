/**
 * What the agent does next: read back anything doubtful, ask the next question the goal needs,
 * and once nothing is left, act on the enquiry (transfer a hot one, offer a viewing to hot and
 * warm ones, a callback otherwise or out of hours).
 */
import { phrase } from '../catalogue/index.js';
import { giveUp } from './give-up.js';
import { WRAP_UP_TURNS } from './loops.js';
import { offerCallbackLine, startOffer } from './offering.js';
import { askQuestion, isAnswered, isRevisit, nextQuestion } from './questions.js';
import { askReadBack, nextReadBack } from './read-back.js';
import { scoreNow } from './records.js';
import { hotTarget, transferCall } from './transfer.js';
import { say, type Turn } from './turn.js';

export function advance(t: Turn): void {
  const s = t.state;
  const readBack = nextReadBack(s);
  if (readBack !== null) {
    askReadBack(t, readBack);
    return;
  }
  // A long call stops asking and moves to its close (docs/agent.md, "No loops").
  const question = s.counters.turns >= WRAP_UP_TURNS ? null : nextQuestion(t.config, s);
  if (question !== null) {
    askQuestion(t, question, 'prompt', ...(isRevisit(s, question) ? [phrase('question.revisit')] : []));
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

/** The caller wants a callback instead of answering questions: only a name and number are still needed. */
export function switchToCallback(t: Turn, ...before: string[]): void {
  const s = t.state;
  if (s.goal === 'qualify') s.goal = 'callback';
  say(t, ...before);
  offerCallbackLine(t);
  advance(t);
}

/**
 * An answer not understood: re-ask differently once (at most `max_unclear` times), then move on
 * to the next question, keeping the caller's words for the desk.
 */
export function handleUnclear(t: Turn, said: string): void {
  const s = t.state;
  const asking = s.asking;
  if (asking === null) {
    advance(t);
    return;
  }
  // Asked once only (the street after a postcode): no answer is an answer.
  if (isAnswered(s, asking.slot)) {
    say(t, phrase('reply.no_problem'));
    advance(t);
    return;
  }
  asking.tries++;
  if (said.trim() !== '') asking.said = [...(asking.said ?? []), said.trim()];
  if (asking.tries <= Math.min(t.config.reprompts.max_unclear, 1)) {
    askQuestion(t, asking.slot, 'reprompt');
    return;
  }
  giveUp(t, asking.slot);
}
