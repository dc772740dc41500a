/**
 * One turn being built. The engine's modules write into it (words to say, effects, the next
 * state); `finishTurn` turns it into the result. The input state is cloned first, so a turn never
 * changes what it was given and a replay gives the same answer.
 */
import type { AgentConfig } from '../config/agent-config.js';
import { noteTurn } from './loops.js';
import { upgradeState } from './state.js';
import type { CallContext, CallState, Effect, ModelReading, TurnResult } from './types.js';
import { fillLine, firstName, joinSpeech } from './wording.js';

export interface Turn {
  readonly config: AgentConfig;
  readonly ctx: CallContext;
  readonly now: Date;
  state: CallState;
  readonly parts: string[];
  /** capture_lead and score_opportunity: applied before the actions that depend on them. */
  readonly records: Effect[];
  /** book, transfer and end. */
  readonly actions: Effect[];
  /** The language model's reading of this turn's words, when the call service asked for one. */
  reading?: ModelReading;
}

/**
 * What a phase did: put a question to the caller, or finish with nothing to ask, so the call
 * moves on. A phase never picks what comes next; next-step.ts does, on 'move-on'.
 */
export type Step = 'asked' | 'move-on';

export function beginTurn(config: AgentConfig, state: CallState, ctx: CallContext, now: Date): Turn {
  const copy = upgradeState(structuredClone(state));
  return { config, ctx, now, state: copy, parts: [], records: [], actions: [] };
}

export function say(t: Turn, ...parts: string[]): void {
  t.parts.push(...parts);
}

/** Says a question and remembers it, so "pardon?" and silence can repeat it. */
export function ask(t: Turn, question: string, ...before: string[]): void {
  t.parts.push(...before, question);
  t.state.lastAsk = question;
}

/** A configured line with {business}, {agent} and, once known, the caller's {name} filled in. */
export function line(t: Turn, template: string): string {
  const name = t.state.answers.name?.value ?? null;
  return fillLine(t.config, template, { name: name === null ? null : firstName(name) });
}

export function finishTurn(t: Turn): TurnResult {
  const reply = joinSpeech(t.parts);
  noteTurn(t.state, reply);
  return {
    reply,
    state: t.state,
    effects: [...t.records, ...t.actions],
    ended: t.state.phase === 'ended',
  };
}
