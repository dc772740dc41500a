import type { Queryable } from '../db/client.js';
import { type CallerInput, startCall, type TurnResult, takeTurn } from '../dialog/engine/index.js';
import { notFound } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { loadDraftAgent, loadPublishedAgent } from '../modules/agent/agent.service.js';
import {
  appendTurns,
  type CallChannel,
  type CallRow,
  findCallByProviderId,
  insertCall,
  listTurns,
  type Speaker,
  updateCall,
} from '../modules/calls/calls.repo.js';
import { type Call, toCall } from '../modules/calls/calls.schemas.js';
import { findLeadByPhone } from '../modules/leads/leads.service.js';
import { normalisePhone } from '../modules/leads/phone.js';
import { buildCallContext } from './context.js';
import { applyEffects } from './effects.js';
import { finishCall } from './finish.js';
import { lockCall } from './lock.js';
import type { Closing, SessionDeps, StoredState } from './types.js';

export interface StartInput {
  workspaceId: string;
  channel: CallChannel;
  from: string;
  to: string;
  /** The carrier's id (Twilio CallSid); a repeat of the same id answers the same call. */
  providerCallId?: string;
  /** 'draft': a test of the draft; the call is marked test and changes no records and emits no events. */
  agent: 'published' | 'draft';
}

export interface TurnOutcome {
  call: Call;
  reply: string;
  ended: boolean;
  /** Set on the turn the engine decided to hand the caller to a person. */
  transfer: { to: string; brief: string } | null;
}

const SILENT_SPEAKER: Record<CallerInput['kind'], string | null> = {
  speech: null,
  silence: '(silence)',
  dtmf: null,
  hangup: 'The caller hung up.',
  transfer_failed: null,
};

function describeInput(input: CallerInput): { speaker: Speaker; text: string } | null {
  if (input.kind === 'speech')
    return input.text.trim() ? { speaker: 'caller', text: input.text.trim() } : null;
  if (input.kind === 'dtmf') return { speaker: 'caller', text: `(keypad ${input.digits})` };
  if (input.kind === 'transfer_failed')
    return { speaker: 'system', text: `The transfer was not answered (${input.reason}).` };
  const text = SILENT_SPEAKER[input.kind];
  return text ? { speaker: 'system', text } : null;
}

/** Starts a call: greets the caller with the agent current now, and records which version that is. */
export async function startCallSession(deps: SessionDeps, input: StartInput): Promise<TurnOutcome> {
  const { db, clock } = deps;
  if (input.providerCallId) {
    const existing = await findCallByProviderId(db, input.workspaceId, input.providerCallId);
    if (existing) return replayLastReply(db, existing);
  }
  const now = clock.now();
  const agent =
    input.agent === 'draft'
      ? await loadDraftAgent(db, input.workspaceId)
      : await loadPublishedAgent(db, input.workspaceId);
  const callerNumber = normalisePhone(input.from) ?? '';
  const lead = callerNumber ? await findLeadByPhone(db, input.workspaceId, callerNumber) : null;
  const returningLead = lead ? { id: lead.id, name: lead.name } : null;
  const ctx = await buildCallContext(
    db,
    input.workspaceId,
    agent.config,
    { callerNumber, returningLead },
    now,
  );
  const result = startCall(agent.config, ctx, now);
  const row: CallRow = {
    workspace_id: input.workspaceId,
    id: newId('call', now.getTime()),
    direction: 'inbound',
    channel: input.channel,
    from_number: callerNumber || input.from.slice(0, 40),
    to_number: normalisePhone(input.to) ?? input.to.slice(0, 40),
    status: 'in_progress',
    started_at: now,
    ended_at: null,
    duration_seconds: null,
    summary: null,
    transferred_to: null,
    transfer_result: null,
    end_reason: null,
    lead_id: lead?.id ?? null,
    opportunity_id: null,
    agent_version: input.agent === 'draft' ? null : agent.version,
    test: input.agent === 'draft',
    provider_call_id: input.providerCallId ?? null,
    state: { engine: result.state, config: agent.config } satisfies StoredState,
    updated_at: now,
  };
  try {
    return await db.transaction(async (tx) => {
      await insertCall(tx, row);
      return settleTurn(tx, {}, row, { engine: result.state, config: agent.config }, result, null, now);
    });
  } catch (error) {
    // Two deliveries of the same carrier call raced; the other one created it.
    if (input.providerCallId) {
      const existing = await findCallByProviderId(db, input.workspaceId, input.providerCallId);
      if (existing) return replayLastReply(db, existing);
    }
    throw error;
  }
}

/** One turn of a call in progress. Turns of one call are serialised by a row lock. */
export async function takeCallTurn(
  deps: SessionDeps,
  workspaceId: string,
  callId: string,
  input: CallerInput,
  closing: Closing = {},
): Promise<TurnOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockCall(tx, workspaceId, callId);
    if (!row) throw notFound('call', callId);
    if (row.ended_at !== null) return { call: toCall(row), reply: '', ended: true, transfer: null };
    const stored = row.state as StoredState;
    const ctx = await buildCallContext(
      tx,
      workspaceId,
      stored.config,
      { callerNumber: stored.engine.callerNumber, returningLead: null },
      now,
    );
    const result = takeTurn(stored.config, stored.engine, ctx, input, now);
    return settleTurn(
      tx,
      closing,
      row,
      { engine: result.state, config: stored.config },
      result,
      describeInput(input),
      now,
    );
  });
}

/**
 * Writes the turn: the transcript lines, the engine's effects on the records, the new state,
 * and, when the engine ended the call, the summary and call.completed.
 */
async function settleTurn(
  tx: Queryable,
  closing: Closing,
  row: CallRow,
  state: StoredState,
  result: TurnResult,
  heard: { speaker: Speaker; text: string } | null,
  now: Date,
): Promise<TurnOutcome> {
  const applied = row.test
    ? { leadId: row.lead_id, opportunityId: row.opportunity_id, transfer: transferOf(result), notes: [] }
    : await applyEffects(tx, row, result.effects, now);
  let reply = result.reply;
  if (applied.notes.some((n) => n.includes('was taken'))) {
    reply =
      `${reply} I'm sorry, that time has just been taken by someone else; one of the team will call you to arrange another.`.trim();
  }
  const lines = [
    ...(heard ? [{ ...heard, at: now }] : []),
    ...applied.notes.map((text) => ({ speaker: 'system' as const, text, at: now })),
    ...(reply ? [{ speaker: 'agent' as const, text: reply, at: now }] : []),
    ...(applied.transfer
      ? [{ speaker: 'system' as const, text: `Transferring to ${applied.transfer.to}.`, at: now }]
      : []),
  ];
  if (lines.length > 0) await appendTurns(tx, row.workspace_id, row.id, lines);
  let updated = await updateCall(tx, row.workspace_id, row.id, {
    state,
    lead_id: applied.leadId,
    opportunity_id: applied.opportunityId,
    ...(applied.transfer ? { transferred_to: applied.transfer.to } : {}),
    updated_at: now,
  });
  if (!updated) throw notFound('call', row.id);
  // A hand-over ends the agent's part, not the call: it closes when the carrier (or the test
  // caller) hangs up, after call.transferred, or comes back to the agent if nobody answers.
  if (result.ended && !applied.transfer) {
    let endReason: string = result.state.endReason ?? 'completed';
    // The engine was handing over, but nobody had answered when the caller hung up.
    if (endReason === 'transferred' && updated.transfer_result !== 'connected') endReason = 'caller_hung_up';
    updated = await finishCall(tx, updated, { endReason, ...closing }, now);
  }
  return { call: toCall(updated), reply, ended: result.ended, transfer: applied.transfer };
}

function transferOf(result: TurnResult): { to: string; brief: string } | null {
  const effect = result.effects.find((e) => e.type === 'transfer');
  return effect?.type === 'transfer' ? { to: effect.to, brief: effect.brief } : null;
}

/** The carrier says the call is over (or a test call is hung up): wrap up what was learnt, once. */
export async function endCallSession(
  deps: SessionDeps,
  workspaceId: string,
  callId: string,
  how: Closing = {},
): Promise<Call> {
  const row = await deps.db.query<{ ended_at: Date | null; transfer_result: string | null }>(
    'SELECT ended_at, transfer_result FROM calls WHERE workspace_id = $1 AND id = $2',
    [workspaceId, callId],
  );
  if (!row[0]) throw notFound('call', callId);
  const handedOver = row[0].transfer_result === 'connected';
  if (row[0].ended_at === null && !handedOver) {
    // The engine wraps up (partial lead, opportunity) as for a hang-up mid-call.
    await takeCallTurn(deps, workspaceId, callId, { kind: 'hangup' }, how);
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await lockCall(tx, workspaceId, callId);
    if (!locked) throw notFound('call', callId);
    const finished = await finishCall(
      tx,
      locked,
      {
        endReason: how.endReason ?? (handedOver ? 'transferred' : 'caller_hung_up'),
        ...(how.status ? { status: how.status } : {}),
      },
      now,
    );
    return toCall(finished);
  });
}

async function replayLastReply(db: Queryable, row: CallRow): Promise<TurnOutcome> {
  const turns = await listTurns(db, row.workspace_id, row.id);
  const last = [...turns].reverse().find((t) => t.speaker === 'agent');
  return { call: toCall(row), reply: last?.text ?? '', ended: row.ended_at !== null, transfer: null };
}
