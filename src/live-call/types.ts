import type { Database, Queryable } from '../db/client.js';
import type { CallState } from '../dialog/engine/index.js';
import type { Clock } from '../lib/clock.js';
import type { LanguageModel } from '../llm/language-model.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import type { CallChannel } from '../modules/calls/calls.repo.js';
import type { Call } from '../modules/calls/calls.schemas.js';

export interface LiveCallDeps {
  db: Database;
  clock: Clock;
  /** The optional language model; absent or null: the rules work alone. */
  model?: LanguageModel | null;
}

/** What a call keeps between turns: the engine's state and the configuration it started with (call-state.ts). */
export interface StoredState {
  engine: CallState;
  config: AgentConfig;
}

/** How the carrier closed a call, when it knows better than the engine (a failed or busy call). */
export interface Closing {
  status?: 'completed' | 'failed';
  endReason?: string;
}

/** What a channel adapter needs after any step of a call, so it never reads the call back. */
export interface TurnOutcome {
  call: Call;
  reply: string;
  ended: boolean;
  /** Set on the turn the engine decided to hand the caller to a person. */
  transfer: { to: string; brief: string } | null;
  /** The configuration the call started with: its voice, language and speech hints. */
  config: AgentConfig;
  /** The engine's state after this step: what the call has learnt so far. */
  engine: CallState;
  /** The caller's number as stored (E.164 when it could be read), for the caller ID of a hand-over. */
  callerNumber: string;
}

/**
 * The calls a route may act on: a test-call route acts only on calls of channel sim, and answers
 * any other call exactly as a missing one (404 with its own wording).
 */
export interface CallScope {
  channel: CallChannel;
  /** How a 404 names the call ("test call"). */
  what: string;
}

/** A carrier's answer to one request, kept with the turn it answers (takeCallTurnOnce). */
export interface KeptAnswer<T> {
  /** The answer kept for this request, or null when no turn has been taken for it. */
  find(db: Queryable): Promise<T | null>;
  /** Makes the answer to the turn and keeps it, in the turn's transaction. */
  keep(tx: Queryable, outcome: TurnOutcome): Promise<T>;
}
