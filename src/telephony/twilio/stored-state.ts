import type { CallState } from '../../dialog/engine/index.js';
import { transferBrief } from '../../dialog/engine/records.js';
import type { AgentConfig } from '../../modules/agent/agent-config.js';

/** The shape the call service stores in calls.state: the engine's state and the call's configuration. */
interface StoredCallState {
  engine: CallState;
  config: AgentConfig;
}

// The call service writes this column and nothing else does, so its shape is trusted here.
function readState(state: unknown): StoredCallState {
  return state as StoredCallState;
}

/** The configuration the call started with: a publish mid-call does not change its voice. */
export function callConfig(state: unknown): AgentConfig {
  return readState(state).config;
}

/** What the desk member hears before the caller is put through: who, where, how they scored. */
export function whisperText(state: unknown): string {
  const { engine, config } = readState(state);
  const brief = transferBrief(engine, engine.transfer?.why ?? 'request');
  return `A caller from ${config.business_name}'s virtual assistant. ${brief}. Connecting you now.`;
}
