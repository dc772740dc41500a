/**
 * A small runner for scripted calls: caller inputs in, every turn's reply and effects out, and
 * assertions on the records a call would leave (lead, opportunity, booking, transfer, end). The
 * state goes through JSON between turns, as it does through the calls table.
 */

import { startCall, takeTurn } from '../../../src/dialog/engine/engine.js';
import type {
  CallContext,
  CallerInput,
  CallState,
  Effect,
  EndReason,
  Facts,
  Outcome,
  TurnResult,
} from '../../../src/dialog/engine/types.js';
import type { AgentConfig } from '../../../src/modules/agent/agent-config.js';
import { BST_NOW, testConfig, testContext } from './fixtures.js';

export type Step = string | CallerInput;

export interface Expected {
  /** The last capture_lead, or null for none. */
  lead?: { name: string | null; phone: string; note?: RegExp } | null;
  /** The last score_opportunity, or null for none. */
  opportunity?: {
    outcome?: Outcome;
    score?: number;
    facts?: Partial<Facts>;
    postcode?: string | null;
    address?: string | null;
  } | null;
  /** The booking, with its start as London wall-clock time ("2025-04-04T10:00"), or null. */
  booking?: { kind: 'callback' | 'viewing'; start: string } | null;
  transfer?: { to: string; brief?: RegExp } | null;
  /** The end reason, or null when the call is still going. */
  end?: EndReason | null;
  /** Replies by turn (0 is the greeting) that must match. */
  replies?: Record<number, RegExp>;
  /** Patterns no reply may match (a question that must not be asked). */
  never?: RegExp[];
  /** Effect types emitted on a given turn, in order. */
  turnEffects?: Record<number, Effect['type'][]>;
  state?: (state: CallState) => void;
}

export interface Script {
  name: string;
  steps: Step[];
  config?: (config: AgentConfig) => void;
  ctx?: Partial<CallContext>;
  /** Defaults to Thursday 3 April 2025, 11:00 BST. */
  now?: Date;
  expect: Expected;
}

export interface Run {
  results: TurnResult[];
  replies: string[];
  effects: Effect[];
  state: CallState;
}

function toInput(step: Step): CallerInput {
  return typeof step === 'string' ? { kind: 'speech', text: step } : step;
}

export function runScript(script: Script): Run {
  const now = script.now ?? BST_NOW;
  const config = testConfig(script.config);
  const ctx = testContext(now, script.ctx);
  const results = [startCall(config, ctx, now)];
  for (const step of script.steps) {
    const last = results[results.length - 1];
    if (last === undefined) break;
    const stored = JSON.parse(JSON.stringify(last.state)) as CallState;
    results.push(takeTurn(config, stored, ctx, toInput(step), now));
  }
  const final = results[results.length - 1];
  if (final === undefined) throw new Error('no turns');
  return {
    results,
    replies: results.map((r) => r.reply),
    effects: results.flatMap((r) => r.effects),
    state: final.state,
  };
}

type Of<T extends Effect['type']> = Extract<Effect, { type: T }>;

export function lastEffect<T extends Effect['type']>(effects: readonly Effect[], type: T): Of<T> | null {
  const found = effects.filter((e): e is Of<T> => e.type === type);
  return found[found.length - 1] ?? null;
}
