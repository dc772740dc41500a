import type { Queryable } from '../db/client.js';
import { type CallerInput, startCall } from '../dialog/engine/index.js';
import { notFound } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { normalisePhone } from '../lib/phone.js';
import { turnDuration } from '../metrics/registry.js';
import { loadDraftAgent, loadPublishedAgent } from '../modules/agent/agent.service.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import {
  type CallChannel,
  type CallRow,
  findCall,
  findCallByProviderId,
  insertCall,
  listTurns,
  lockCall,
} from '../modules/calls/calls.repo.js';
import { type Call, toCall } from '../modules/calls/calls.schemas.js';
import { findLeadByPhone } from '../modules/leads/leads.service.js';
import { findWorkspace } from '../modules/workspaces/workspaces.repo.js';
import { runAfterCall } from './after-call.js';
import { loadCallState, readEngineState, storedColumn } from './call-state.js';
import { runWithContext } from './context.js';
import { finishCall } from './finish.js';
import { readTurnWithModel } from './model-turn.js';
import { runTurn, settleTurn } from './run-turn.js';
import type { CallScope, Closing, KeptAnswer, LiveCallDeps, StoredState, TurnOutcome } from './types.js';

export type { CallScope, KeptAnswer, TurnOutcome } from './types.js';

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

/** Starts a call: greets the caller with the agent current now, and records which version that is. */
export async function startLiveCall(deps: LiveCallDeps, input: StartInput): Promise<TurnOutcome> {
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
  const test = input.agent === 'draft';
  // Read as the call starts: a change of the switch applies to the calls that start after it.
  // Only a carrier's call has audio to record; a test of the draft never records.
  const recording =
    input.channel === 'twilio' &&
    !test &&
    ((await findWorkspace(db, input.workspaceId))?.call_recording ?? false);
  const callerNumber = normalisePhone(input.from) ?? '';
  const lead = callerNumber ? await findLeadByPhone(db, input.workspaceId, callerNumber) : null;
  const returningLead = lead ? { id: lead.id, name: lead.name } : null;
  const result = await runWithContext(
    db,
    input.workspaceId,
    agent.config,
    {
      callerNumber,
      returningLead,
      calledNumber: normalisePhone(input.to),
      test: input.agent === 'draft' || input.channel === 'sim',
      recording,
    },
    now,
    (ctx) => startCall(agent.config, ctx, now),
  );
  const state: StoredState = { engine: result.state, config: agent.config };
  const agentVersion = input.agent === 'draft' ? null : agent.version;
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
    model_summary: null,
    transferred_to: null,
    transfer_result: null,
    end_reason: null,
    ending: null,
    lead_id: lead?.id ?? null,
    lead_note: null,
    opportunity_id: null,
    agent_version: agentVersion,
    test,
    provider_call_id: input.providerCallId ?? null,
    state: storedColumn(agentVersion, state),
    updated_at: now,
    // Asked of Twilio once the call is answered (src/telephony/recordings/recorder.ts).
    recording_status: recording ? 'requested' : null,
  };
  try {
    return await db.transaction(async (tx) => {
      await insertCall(tx, row);
      return withoutRow(await settleTurn(tx, {}, row, state, result, null, now));
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
export function takeCallTurn(
  deps: LiveCallDeps,
  workspaceId: string,
  callId: string,
  input: CallerInput,
  scope?: CallScope,
): Promise<TurnOutcome> {
  return runCallTurn(deps, workspaceId, callId, input, scope, { keep: async (_tx, outcome) => outcome });
}

/**
 * One turn of a call for a carrier's request that may be re-sent: the answer is kept in the
 * turn's own transaction, so the turn commits with its answer or not at all, and a request
 * answered already gets its kept answer instead of a second turn. The call's row lock orders a
 * re-sent request behind the first; if the first's process dies, its connection's lock goes
 * with it and the re-sent one acts (docs/telephony.md, "Retries and concurrency").
 */
export function takeCallTurnOnce<T>(
  deps: LiveCallDeps,
  workspaceId: string,
  callId: string,
  input: CallerInput,
  answer: KeptAnswer<T>,
): Promise<T> {
  return runCallTurn(deps, workspaceId, callId, input, undefined, answer);
}

async function runCallTurn<T>(
  deps: LiveCallDeps,
  workspaceId: string,
  callId: string,
  input: CallerInput,
  scope: CallScope | undefined,
  answer: Pick<KeptAnswer<T>, 'keep'> & Partial<Pick<KeptAnswer<T>, 'find'>>,
): Promise<T> {
  const now = deps.clock.now();
  const timer = turnDuration.startTimer();
  try {
    const model = deps.model ?? null;
    const asks = model !== null && input.kind === 'speech';
    // A request answered already is not worth a model request.
    const early = asks && answer.find ? await answer.find(deps.db) : null;
    if (early !== null) return early;
    const read = asks
      ? await readTurnWithModel(model, deps.db, workspaceId, callId, input, now, scope?.channel)
      : null;
    let finished = false;
    const result = await deps.db.transaction(async (tx) => {
      const row = inScope(await lockCall(tx, workspaceId, callId), callId, scope);
      const kept = answer.find ? await answer.find(tx) : null;
      if (kept !== null) return kept;
      if (row.ended_at !== null)
        return answer.keep(tx, { ...(await outcomeOf(tx, row)), reply: '', ended: true });
      // A reading made for another turn (one taken meanwhile) is dropped.
      const fresh = read !== null && readEngineState(row.state).counters.turns === read.turns;
      const heard = fresh && input.kind === 'speech' ? { ...input, reading: read.reading } : input;
      const settled = await runTurn(tx, row, heard, {}, now);
      finished = settled.row.ended_at !== null;
      return answer.keep(tx, withoutRow(settled));
    });
    if (finished) afterCall(deps, workspaceId, callId);
    return result;
  } finally {
    timer();
  }
}

/** Once a call has closed: the model's summary and audit, in the background, when it is on. */
function afterCall(deps: LiveCallDeps, workspaceId: string, callId: string): void {
  const model = deps.model ?? null;
  if (model === null) return;
  const run = () => model.schedule(() => runAfterCall(model, workspaceId, callId));
  // The work reads the closed call: a request's held transaction commits only as it answers.
  if (deps.db.afterCommit) deps.db.afterCommit(run);
  else run();
}

/** How a carrier or a test caller ended a call. */
export interface Ending extends Closing {
  /** The carrier's reason (busy, no_answer, ...) for a call that never really connected: recorded as failed when the caller never spoke. */
  failedIfSilent?: string;
}

/**
 * The carrier says the call is over (or a test call is hung up): wrap up what was learnt
 * (partial lead, opportunity, summary) and close, once, in one transaction. A call a person
 * already took ends as transferred; a repeated callback finds the call closed and changes nothing.
 */
export async function endLiveCall(
  deps: LiveCallDeps,
  workspaceId: string,
  callId: string,
  how: Ending = {},
  scope?: CallScope,
): Promise<Call> {
  const now = deps.clock.now();
  let finished = false;
  const call = await deps.db.transaction(async (tx) => {
    let row = inScope(await lockCall(tx, workspaceId, callId), callId, scope);
    if (row.ended_at !== null) return toCall(row);
    finished = true;
    if (how.failedIfSilent !== undefined && !(await callerSpoke(tx, row))) {
      return toCall(await finishCall(tx, row, { status: 'failed', endReason: how.failedIfSilent }, now));
    }
    const closing: Closing = {
      ...(how.status ? { status: how.status } : {}),
      ...(how.endReason ? { endReason: how.endReason } : {}),
    };
    const handedOver = row.transfer_result === 'connected';
    // The engine wraps up as for a hang-up mid-call, unless a person already has the caller.
    if (!handedOver) row = (await runTurn(tx, row, { kind: 'hangup' }, closing, now)).row;
    const endReason = how.endReason ?? (handedOver ? 'transferred' : 'caller_hung_up');
    return toCall(await finishCall(tx, row, { ...closing, endReason }, now));
  });
  if (finished) afterCall(deps, workspaceId, callId);
  return call;
}

/** What a carrier needs to speak a call's last words after the agent's part ended: its voice and last line. */
export async function readCallLine(
  db: Queryable,
  workspaceId: string,
  callId: string,
): Promise<{ config: AgentConfig; lastAgentLine: string } | null> {
  const row = await findCall(db, workspaceId, callId);
  if (!row) return null;
  const turns = await listTurns(db, workspaceId, callId);
  return {
    config: (await loadCallState(db, row)).config,
    lastAgentLine: turns.findLast((t) => t.speaker === 'agent')?.text ?? '',
  };
}

async function callerSpoke(tx: Queryable, row: CallRow): Promise<boolean> {
  const turns = await listTurns(tx, row.workspace_id, row.id);
  return turns.some((t) => t.speaker === 'caller');
}

/** The locked call, or 404 when there is none, or none the route may act on. */
function inScope(row: CallRow | null, callId: string, scope: CallScope | undefined): CallRow {
  if (!row || (scope !== undefined && row.channel !== scope.channel))
    throw notFound(scope?.what ?? 'call', callId);
  return row;
}

function withoutRow({ row: _row, ...outcome }: TurnOutcome & { row: CallRow }): TurnOutcome {
  return outcome;
}

async function outcomeOf(db: Queryable, row: CallRow): Promise<Omit<TurnOutcome, 'reply' | 'ended'>> {
  const stored = await loadCallState(db, row);
  return {
    call: toCall(row),
    transfer: null,
    config: stored.config,
    engine: stored.engine,
    callerNumber: row.from_number,
  };
}

async function replayLastReply(db: Queryable, row: CallRow): Promise<TurnOutcome> {
  const turns = await listTurns(db, row.workspace_id, row.id);
  const reply = turns.findLast((t) => t.speaker === 'agent')?.text ?? '';
  return { ...(await outcomeOf(db, row)), reply, ended: row.ended_at !== null };
}
