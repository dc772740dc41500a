import type { CallState } from '../dialog/engine/index.js';
import type { CallEnding } from '../modules/calls/calls.repo.js';

const HUNG_UP = new Set(['caller_hung_up', 'connection_lost']);
const SILENT = new Set(['silence', 'silent_too_long']);

/**
 * How a call ended, in the desk's words, from what the call closed with. What the desk acts on
 * comes first: a hand-over or a booking stands whatever cut the call short afterwards, and a
 * message left stands before a hang-up that followed it.
 */
export function callEnding(call: {
  status: 'completed' | 'failed' | 'transferred';
  endReason: string;
  booked: boolean;
  message: CallState['message'];
}): CallEnding {
  if (call.status === 'failed') return 'failed';
  if (call.status === 'transferred' || call.endReason === 'transferred') return 'transferred';
  if (call.booked) return 'booked';
  if ((call.message?.note ?? '') !== '') return 'message';
  if (HUNG_UP.has(call.endReason)) return 'hung_up';
  if (SILENT.has(call.endReason)) return 'silence';
  if (call.message !== null || call.endReason === 'not_seller') return 'not_seller';
  // Out of hours the agent takes the caller's details for the team to ring back.
  if (call.endReason === 'out_of_hours') return 'message';
  return 'completed';
}
