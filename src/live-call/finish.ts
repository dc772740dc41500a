import type { Queryable } from '../db/client.js';
import { summariseCall } from '../dialog/summary/summarise.js';
import { recordEvent } from '../events/outbox.js';
import { notFound } from '../http/errors.js';
import { type CallRow, callBooked, listTurns, updateCall } from '../modules/calls/calls.repo.js';
import { toCall } from '../modules/calls/calls.schemas.js';
import { followUpAfterCall } from '../modules/opportunities/pipeline.service.js';
import { loadCallState } from './call-state.js';
import { callEnding } from './ending.js';
import type { StoredState } from './types.js';

/**
 * Closes a call once: status, end time, duration, the summary, how it ended, and call.completed. A call that
 * is already closed is left alone, so a repeated carrier callback changes nothing.
 */
export async function finishCall(
  tx: Queryable,
  row: CallRow,
  how: { endReason: string; status?: 'completed' | 'failed' | 'transferred' },
  now: Date,
  known?: StoredState,
): Promise<CallRow> {
  if (row.ended_at !== null) return row;
  const stored = known ?? (await loadCallState(tx, row));
  const turns = await listTurns(tx, row.workspace_id, row.id);
  const summary = summariseCall(stored.engine, turns, { timeZone: stored.config.hours.time_zone });
  const status = how.status ?? (row.transfer_result === 'connected' ? 'transferred' : 'completed');
  const ending = callEnding({
    status,
    endReason: how.endReason,
    booked: await callBooked(tx, row.workspace_id, row.id),
    message: stored.engine.message,
  });
  const updated = await updateCall(tx, row.workspace_id, row.id, {
    status,
    ended_at: now,
    duration_seconds: Math.max(0, Math.round((now.getTime() - row.started_at.getTime()) / 1000)),
    summary,
    end_reason: how.endReason,
    ending,
    updated_at: now,
  });
  if (!updated) throw notFound('call', row.id);
  if (!updated.test) await recordEvent(tx, updated.workspace_id, 'call.completed', toCall(updated), now);
  await followUpAfterCall(tx, updated, now);
  return updated;
}
