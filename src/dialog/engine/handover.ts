/**
 * Requests for a person, and transfers that fail. When the agent cannot put the caller through
 * (out of hours, no number, not configured, or nobody answered) it says why and books a callback.
 */
import { switchToCallback } from './flow.js';
import { offerAgain } from './offers.js';
import { requestTarget, transferCall } from './transfer.js';
import type { Turn } from './turn.js';

export function requestHuman(t: Turn): void {
  const s = t.state;
  const to = requestTarget(t);
  if (to !== null) {
    transferCall(t, to, 'request');
    return;
  }
  const why = !t.ctx.withinBusinessHours
    ? "Our office is closed just now, so I can't put you through to someone."
    : s.transfer !== null
      ? "I'm sorry, the team still aren't free to take your call."
      : "I'm sorry, I can't put you through to someone just now.";
  // Asking again and again for a person while a callback is offered counts as a try, so it ends.
  if (s.phase === 'offering' && s.offer?.kind === 'callback') {
    offerAgain(t, why);
    return;
  }
  switchToCallback(t, why);
}

export function transferFailed(t: Turn, reason: 'no-answer' | 'busy' | 'failed'): void {
  const s = t.state;
  if (s.transfer !== null) s.transfer.failed = reason;
  s.phase = 'asking';
  switchToCallback(t, "I'm sorry, nobody was able to take your call just now.");
}
