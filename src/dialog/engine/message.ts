/**
 * Callers who are not selling (estate agents, wrong numbers, sellers chasing an offer): the
 * agent takes a name and a short message and offers a callback, and no opportunity is created.
 */
import { phrase } from '../catalogue/index.js';
import { leavesNoMessage, type NotSellerKind } from '../extractors/index.js';
import { advance } from './next-step.js';
import { line, say, type Turn } from './turn.js';

/** Longer messages are cut: the desk reads the transcript for the rest. */
const MAX_NOTE = 300;

export function startMessage(t: Turn, kind: NotSellerKind): void {
  const s = t.state;
  s.goal = 'message';
  s.message = { kind, note: null };
  say(t, phrase('reply.not_seller', { kind }), line(t, t.config.lines.not_seller));
  // The not-seller line already offers the callback.
  s.introduced.push('callback');
  advance(t);
}

/** The note as said; '' when the caller has no message to leave. */
export function readMessage(text: string): string {
  const trimmed = text.trim();
  if (leavesNoMessage(trimmed)) return '';
  return trimmed.length > MAX_NOTE ? `${trimmed.slice(0, MAX_NOTE - 1)}…` : trimmed;
}
