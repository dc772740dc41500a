import { type Handover, markTransferConnected } from '../../live-call/transfer-connected.js';
import type { LiveCallDeps } from '../../live-call/types.js';
import { lockCall, updateCall } from '../../modules/calls/calls.repo.js';
import { queueHandoverMissedAlert } from '../../notifications/alerts/handover-alert.js';
import type { CallRoute } from './call-route.repo.js';

/**
 * The desk answered (Twilio asks for the whisper only then): the caller is handed over, once.
 * Answers null when there is nothing to hand over to: the call has ended meanwhile (the caller
 * hung up while the desk rang) or has no transfer in progress.
 */
export async function connectTransfer(deps: LiveCallDeps, call: CallRoute): Promise<Handover | null> {
  if (call.ended || call.transferredTo === null) return null;
  return markTransferConnected(deps, call.phone.workspace_id, call.callId);
}

/** Twilio's answers for a desk that took the call; anything else means nobody did. */
const TAKEN = new Set(['connected', 'answered', 'completed', 'in-progress']);

/**
 * Keeps the carrier's answer (no-answer, busy, ...) on the call; an answered transfer stays
 * connected. A hand-over nobody took alerts the desk in the same transaction, once per call.
 */
export async function recordTransferResult(
  deps: LiveCallDeps,
  call: CallRoute,
  result: string,
): Promise<void> {
  const workspaceId = call.phone.workspace_id;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockCall(tx, workspaceId, call.callId);
    if (!row || row.transferred_to === null || row.transfer_result === 'connected') return;
    await updateCall(tx, workspaceId, call.callId, { transfer_result: result, updated_at: now });
    if (!TAKEN.has(result) && !row.test) await queueHandoverMissedAlert(tx, workspaceId, row, result, now);
  });
}
