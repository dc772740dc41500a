import { randomInt } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { newId } from '../../src/lib/ids.js';
import { appendTurns, type CallRow, insertCall, type TurnRow } from '../../src/modules/calls/calls.repo.js';

/** A UK mobile number unlikely to repeat within a test run. */
export function aMobile(): string {
  return `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * Stores a call through the repository the call service uses (tests only): a completed call
 * from a random mobile unless `overrides` say otherwise, with `turns` appended in order.
 */
export async function seedCall(
  db: Database,
  workspaceId: string,
  overrides: Partial<CallRow> = {},
  turns: readonly Omit<TurnRow, 'seq'>[] = [],
): Promise<CallRow> {
  const startedAt = overrides.started_at ?? new Date();
  const row: CallRow = {
    workspace_id: workspaceId,
    id: newId('call', startedAt.getTime()),
    direction: 'inbound',
    channel: 'twilio',
    from_number: aMobile(),
    to_number: '+441612345678',
    status: 'completed',
    started_at: startedAt,
    ended_at: new Date(startedAt.getTime() + 90_000),
    duration_seconds: 90,
    summary: 'Seller of a three-bed semi in M14, probate, wants a quick sale.',
    transferred_to: null,
    transfer_result: null,
    end_reason: 'completed',
    ending: overrides.status === 'in_progress' ? null : 'completed',
    lead_id: null,
    lead_note: null,
    model_summary: null,
    opportunity_id: null,
    agent_version: null,
    test: false,
    provider_call_id: null,
    state: { step: 'closed' },
    content_removed_at: null,
    updated_at: startedAt,
    // A call not recorded, as the columns' defaults are (migration 0026).
    recording_status: null,
    recording_sid: null,
    recording_channels: null,
    recording_duration_seconds: null,
    recording_started_at: null,
    recording_deleted_at: null,
    recording_error: null,
    recording_attempts: 0,
    recording_attempted_at: null,
    recording_purged_at: null,
    ...overrides,
  };
  await db.transaction(async (tx) => {
    await insertCall(tx, row);
    if (turns.length > 0) await appendTurns(tx, workspaceId, row.id, turns);
  });
  return row;
}
