import type { Queryable } from '../db/client.js';
import { textsOf } from '../dialog/config/texts.js';
import { type CallerInput, capInput, type TurnResult, takeTurn } from '../dialog/engine/index.js';
import { writeCallTurn } from '../modules/calls/call-turn-write.repo.js';
import type { CallPatch, CallRow, Speaker } from '../modules/calls/calls.repo.js';
import { toCall } from '../modules/calls/calls.schemas.js';
import { loadCallState, storedColumn } from './call-state.js';
import { runWithContext } from './context.js';
import { applyEffects, crossChecks, factSources } from './effects.js';
import { finishCall } from './finish.js';
import type { Closing, StoredState, TurnOutcome } from './types.js';

const SILENT_SPEAKER: Record<CallerInput['kind'], string | null> = {
  speech: null,
  silence: '(silence)',
  dtmf: null,
  hangup: 'The caller hung up.',
  transfer_failed: null,
};

/** The transcript's line for a turn: what the agent read, marked where a long turn was cut. */
function describeInput(given: CallerInput): { speaker: Speaker; text: string } | null {
  const input = capInput(given);
  if (input.kind === 'speech') {
    const text = input.text.trim();
    if (!text) return null;
    return { speaker: 'caller', text: input === given ? text : `${text} …` };
  }
  if (input.kind === 'dtmf') return { speaker: 'caller', text: `(keypad ${input.digits})` };
  if (input.kind === 'transfer_failed')
    return { speaker: 'system', text: `The transfer was not answered (${input.reason}).` };
  const text = SILENT_SPEAKER[input.kind];
  return text ? { speaker: 'system', text } : null;
}

export interface SettledTurn extends TurnOutcome {
  row: CallRow;
}

/** One caller turn on a call row the transaction has locked: the engine runs, and the turn is written. */
export async function runTurn(
  tx: Queryable,
  row: CallRow,
  input: CallerInput,
  closing: Closing,
  now: Date,
): Promise<SettledTurn> {
  const stored = await loadCallState(tx, row);
  const result = await runWithContext(
    tx,
    row.workspace_id,
    stored.config,
    {
      callerNumber: stored.engine.callerNumber,
      returningLead: null,
      calledNumber: row.to_number,
      test: row.test || row.channel === 'sim',
    },
    now,
    (ctx) => takeTurn(stored.config, stored.engine, ctx, input, now),
  );
  return settleTurn(
    tx,
    closing,
    row,
    { engine: result.state, config: stored.config },
    result,
    describeInput(input),
    now,
  );
}

const TIME_LOST =
  "I'm sorry, that time has just been taken by someone else; one of the team will call you to arrange another.";

/**
 * Writes the turn: the transcript lines, the engine's effects on the records, the new state,
 * and, when the engine ended the call, the summary and call.completed.
 */
export async function settleTurn(
  tx: Queryable,
  closing: Closing,
  row: CallRow,
  state: StoredState,
  result: TurnResult,
  heard: { speaker: Speaker; text: string } | null,
  now: Date,
): Promise<SettledTurn> {
  const applied = row.test
    ? {
        leadId: row.lead_id,
        leadNote: row.lead_note,
        opportunityId: row.opportunity_id,
        transfer: transferOf(result),
        notes: [],
        timeLost: false,
      }
    : await applyEffects(tx, row, result.effects, now, factSources(result.state), crossChecks(result.state));
  // A booking that was lost is not confirmed by text either: the promise goes with it.
  const reply = applied.timeLost
    ? `${result.reply
        .replace(textsOf(state.config).spoken_promise, '')
        .replace(/\s{2,}/g, ' ')
        .trim()} ${TIME_LOST}`.trim()
    : result.reply;
  const lines = [
    ...(heard ? [{ ...heard, at: now }] : []),
    ...applied.notes.map((text) => ({ speaker: 'system' as const, text, at: now })),
    ...(reply ? [{ speaker: 'agent' as const, text: reply, at: now }] : []),
    ...(applied.transfer
      ? [{ speaker: 'system' as const, text: `Transferring to ${applied.transfer.to}.`, at: now }]
      : []),
  ];
  const patch: CallPatch = {
    state: storedColumn(row.agent_version, state),
    lead_id: applied.leadId,
    // In the same statement as the capture's turn, so the call's paragraph and the note agree.
    ...(applied.leadNote === row.lead_note ? {} : { lead_note: applied.leadNote }),
    opportunity_id: applied.opportunityId,
    ...(applied.transfer ? { transferred_to: applied.transfer.to } : {}),
    updated_at: now,
  };
  // A test of the draft emits nothing, live or by webhook.
  await writeCallTurn(tx, row.workspace_id, row.id, lines, patch, !row.test);
  let updated: CallRow = { ...row, ...patch };
  // A hand-over ends the agent's part, not the call: it closes when the carrier (or the test
  // caller) hangs up, after call.transferred, or comes back to the agent if nobody answers.
  if (result.ended && !applied.transfer) {
    let endReason: string = result.state.endReason ?? 'completed';
    // The engine was handing over, but nobody had answered when the caller hung up.
    if (endReason === 'transferred' && updated.transfer_result !== 'connected') endReason = 'caller_hung_up';
    updated = await finishCall(tx, updated, { endReason, ...closing }, now, state);
  }
  return {
    row: updated,
    call: toCall(updated),
    reply,
    ended: result.ended,
    transfer: applied.transfer,
    config: state.config,
    engine: state.engine,
    callerNumber: updated.from_number,
  };
}

function transferOf(result: TurnResult): { to: string; brief: string } | null {
  const effect = result.effects.find((e) => e.type === 'transfer');
  return effect?.type === 'transfer' ? { to: effect.to, brief: effect.brief } : null;
}
