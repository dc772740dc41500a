import type { Queryable } from '../db/client.js';
import { summariseCall } from '../dialog/summary/summarise.js';
import { recordEvent } from '../events/outbox.js';
import { ApiError, notFound } from '../http/errors.js';
import { appendTurns, type CallRow, listTurns, updateCall } from '../modules/calls/calls.repo.js';
import { type Call, toCall } from '../modules/calls/calls.schemas.js';
import { lockCall } from './lock.js';
import type { SessionDeps, StoredState } from './types.js';

/**
 * Closes a call once: status, end time, duration, the summary, and call.completed. A call that
 * is already closed is left alone, so a repeated carrier callback changes nothing.
 */
export async function finishCall(
  tx: Queryable,
  row: CallRow,
  how: { endReason: string; status?: 'completed' | 'failed' | 'transferred' },
  now: Date,
): Promise<CallRow> {
  if (row.ended_at !== null) return row;
  const stored = row.state as StoredState;
  const turns = await listTurns(tx, row.workspace_id, row.id);
  const summary = summariseCall(stored.engine, turns, { timeZone: stored.config.hours.time_zone });
  const status = how.status ?? (row.transfer_result === 'connected' ? 'transferred' : 'completed');
  const updated = await updateCall(tx, row.workspace_id, row.id, {
    status,
    ended_at: now,
    duration_seconds: Math.max(0, Math.round((now.getTime() - row.started_at.getTime()) / 1000)),
    summary,
    end_reason: how.endReason,
    updated_at: now,
  });
  if (!updated) throw notFound('call', row.id);
  if (!updated.test) await recordEvent(tx, updated.workspace_id, 'call.completed', toCall(updated), now);
  return updated;
}

/** The person answered: the caller is handed over (call.transferred, once). */
export async function markTransferConnected(
  deps: SessionDeps,
  workspaceId: string,
  callId: string,
): Promise<Call> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockCall(tx, workspaceId, callId);
    if (!row) throw notFound('call', callId);
    if (row.transferred_to === null) throw new ApiError('conflict', 'This call has no transfer in progress.');
    if (row.transfer_result === 'connected') return toCall(row);
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
    return toCall(updated);
  });
}
