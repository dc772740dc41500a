import type { Database } from '../db/client.js';
import type { CallState } from '../dialog/engine/index.js';
import type { Clock } from '../lib/clock.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';

export interface SessionDeps {
  db: Database;
  clock: Clock;
}

/** What a call keeps between turns: the engine's state and the configuration it started with. */
export interface StoredState {
  engine: CallState;
  config: AgentConfig;
}

/** How the carrier closed a call, when it knows better than the engine (a failed or busy call). */
export interface Closing {
  status?: 'completed' | 'failed';
  endReason?: string;
}
