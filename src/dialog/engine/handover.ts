/**
 * Requests for a person, and transfers that fail. When the agent cannot put the caller through
 * (out of hours, no number, not configured, or nobody answered) it says why and books a callback.
 */
import { phrase } from '../catalogue/index.js';
import { switchToCallback } from './next-step.js';
import { offerAgain } from './offering.js';
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
    ? phrase('transfer.office_closed')
    : s.transfer !== null
      ? phrase('transfer.still_busy')
      : phrase('transfer.unavailable');
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
  switchToCallback(t, phrase('transfer.failed'));
}
