import type { Queryable } from '../db/client.js';
import type { CallState } from '../dialog/engine/index.js';
import { loadAgentVersion } from '../modules/agent/agent.service.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import type { CallRow } from '../modules/calls/calls.repo.js';
import type { StoredState } from './types.js';

/**
 * calls.state: the engine's state, and the configuration the call started with unless that is
 * a published version. A published version never changes, so a call of one keeps only its
 * number (calls.agent_version) and takes the configuration from the process's cache of
 * versions (modules/agent/agent.service.ts): about 3.4 KB less to read, parse, serialise and
 * write on every turn. A test of the draft, or a call before the first publish, keeps its
 * configuration in the state, as every call written before this did.
 */
interface StoredColumn {
  engine: CallState;
  config?: AgentConfig;
}

/**
 * The call service is the only writer of calls.state, so its shape is trusted; a row without
 * it is a fault in our own code, never caller input.
 */
function readColumn(state: unknown): StoredColumn {
  if (typeof state !== 'object' || state === null || !('engine' in state)) {
    throw new Error('the call has no stored state');
  }
  return state as StoredColumn;
}

/** The engine's state alone, when the configuration is not needed. */
export function readEngineState(state: unknown): CallState {
  return readColumn(state).engine;
}

/** The engine's state and the call's configuration. */
export async function loadCallState(
  db: Queryable,
  row: Pick<CallRow, 'workspace_id' | 'agent_version' | 'state'>,
): Promise<StoredState> {
  const { engine, config } = readColumn(row.state);
  if (config !== undefined) return { engine, config };
  if (row.agent_version === null) throw new Error('the call has no stored configuration');
  return { engine, config: await loadAgentVersion(db, row.workspace_id, row.agent_version) };
}

/** What goes in calls.state for a call of `agentVersion` (null: no published version). */
export function storedColumn(agentVersion: number | null, state: StoredState): StoredColumn {
  return agentVersion === null ? state : { engine: state.engine };
}
