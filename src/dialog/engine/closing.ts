/** Closing the call: the closing line, the records kept from what was learnt, and the end effect. */
import { syncRecords } from './records.js';
import { line, say, type Turn } from './turn.js';
import type { CallState, EndReason } from './types.js';

/** Why a call that ran its course ended: a message, a call out of hours, or a completed enquiry. */
function normalEndReason(state: CallState): EndReason {
  if (state.message !== null) return 'not_seller';
  if (state.startedOutOfHours) return 'out_of_hours';
  return 'completed';
}

/** Says the closing line and ends the call. */
export function closeCall(t: Turn, reason: EndReason = normalEndReason(t.state)): void {
  say(t, line(t, t.config.lines.closing));
  endCall(t, reason);
}

/** Ends the call without a word (the caller hung up, or was put through). */
export function endCall(t: Turn, reason: EndReason): void {
  const s = t.state;
  syncRecords(t, { final: true });
  t.actions.push({ type: 'end', reason });
  s.phase = 'ended';
  s.endReason = reason;
  s.asking = null;
  s.confirming = null;
  s.offer = null;
}
