import { endLiveCall } from '../../live-call/live-call.service.js';
import type { LiveCallDeps } from '../../live-call/types.js';
import type { CallRow } from '../../modules/calls/calls.repo.js';

/** Twilio's final CallStatus values; the others (queued, ringing, in-progress) change nothing. */
export const FINAL_STATUSES = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

export function isFinalStatus(status: string): status is FinalStatus {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * The carrier says the call is over. completed: wrap up what was learnt (lead, opportunity,
 * summary) and close, as for a hang-up. busy, no-answer, failed, canceled: the call never
 * really connected; when the caller said nothing it is closed as failed with the carrier's
 * reason, and when they did speak it is wrapped up like a completed call, because what they
 * said is worth keeping. Either way once: a repeated callback finds the call closed.
 */
export async function closeCarrierCall(deps: LiveCallDeps, row: CallRow, status: FinalStatus): Promise<void> {
  if (row.ended_at !== null) return;
  await endLiveCall(
    deps,
    row.workspace_id,
    row.id,
    status === 'completed' ? {} : { failedIfSilent: status.replace('-', '_') },
  );
}
