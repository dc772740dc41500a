/**
 * Asks the language model about a turn before the turn is taken (docs/agent.md, "The language
 * model"). Outside the turn's transaction, so no row lock or connection waits on the provider:
 * the rules take the turn as a preview, and only when they did not take the answer (or left fact
 * words unread) is the model asked, within the turn's budget. The reading goes into the real
 * turn as data; the engine alone decides what it changes.
 */
import type { Queryable } from '../db/client.js';
import { type CallerInput, capUtterance, type ModelReading, takeTurn } from '../dialog/engine/index.js';
import type { LanguageModel } from '../llm/language-model.js';
import { worthReading } from '../llm/triggers.js';
import { type CallChannel, findCall, listTurns } from '../modules/calls/calls.repo.js';
import { loadCallState } from './call-state.js';
import { runWithContext } from './context.js';

export interface TurnReading {
  /** The engine's turn count the reading was made for: a turn taken meanwhile makes it stale. */
  turns: number;
  reading: ModelReading;
}

export async function readTurnWithModel(
  model: LanguageModel,
  db: Queryable,
  workspaceId: string,
  callId: string,
  said: Extract<CallerInput, { kind: 'speech' }>,
  now: Date,
  channel?: CallChannel,
): Promise<TurnReading | null> {
  // The model reads what the engine reads, and no more (docs/agent.md, "Long turns").
  const input = { ...said, text: capUtterance(said.text).text };
  const row = await findCall(db, workspaceId, callId);
  // A call out of the route's scope is answered 404 by the turn itself; the model is not asked.
  if (!row || row.ended_at !== null || (channel !== undefined && row.channel !== channel)) return null;
  const stored = await loadCallState(db, row);
  if (!model.enabledFor(stored.config)) return null;
  const preview = await runWithContext(
    db,
    workspaceId,
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
  if (!worthReading(stored.engine, preview, input.text)) return null;
  const tail = await listTurns(db, workspaceId, callId);
  const reading = await model.readTurn(
    { workspaceId, callId, agent: stored.config },
    stored.engine,
    tail,
    input.text,
  );
  return reading === null ? null : { turns: stored.engine.counters.turns, reading };
}
