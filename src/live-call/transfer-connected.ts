import { transferBrief } from '../dialog/engine/records.js';
import { recordEvent } from '../events/outbox.js';
import { ApiError, notFound } from '../http/errors.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import { appendTurns, lockCall, updateCall } from '../modules/calls/calls.repo.js';
import { type Call, toCall } from '../modules/calls/calls.schemas.js';
import { loadCallState } from './call-state.js';
import type { LiveCallDeps, StoredState } from './types.js';

export interface Handover {
  call: Call;
  /** The configuration the call started with, for the whisper's voice. */
  config: AgentConfig;
  /** What the desk member hears before the caller is put through: who, where, how they scored. */
  whisper: string;
}

function whisperOf({ engine, config }: StoredState): string {
  const brief = transferBrief(engine, engine.transfer?.why ?? 'request');
  return `A caller from ${config.business_name}'s virtual assistant. ${brief}. Connecting you now.`;
}

/** The person answered: the caller is handed over (call.transferred, once). */
export async function markTransferConnected(
  deps: LiveCallDeps,
  workspaceId: string,
  callId: string,
): Promise<Handover> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockCall(tx, workspaceId, callId);
    if (!row) throw notFound('call', callId);
    if (row.transferred_to === null) throw new ApiError('conflict', 'This call has no transfer in progress.');
    const stored = await loadCallState(tx, row);
    const handover = (call: Call) => ({ call, config: stored.config, whisper: whisperOf(stored) });
    if (row.transfer_result === 'connected') return handover(toCall(row));
    const updated = await updateCall(tx, workspaceId, callId, {
      transfer_result: 'connected',
      status: 'transferred',
      updated_at: now,
    });
    if (!updated) throw notFound('call', callId);
    await appendTurns(tx, workspaceId, callId, [
      { speaker: 'system', text: `Connected to ${row.transferred_to}.`, at: now },
    ]);
    if (!updated.test) await recordEvent(tx, workspaceId, 'call.transferred', toCall(updated), now);
    return handover(toCall(updated));
  });
}
