/**
 * Runs a case through the engine's pure API: a call is advanced with a typical seller's answers
 * until the case's question is the one being put, the case's words are taken as the next turn,
 * and what the engine then holds is compared with what the caller meant.
 */
import { nextQuestion } from '../../../src/dialog/engine/asking.js';
import { startCall, takeTurn } from '../../../src/dialog/engine/engine.js';
import type { CallContext, CallState } from '../../../src/dialog/engine/types.js';
import { readTimelineWeeks } from '../../../src/dialog/scoring/timeline-weeks.js';
import type { AgentConfig } from '../../../src/modules/agent/agent-config.js';
import { BST_NOW, testConfig, testContext } from '../dialog/fixtures.js';
import { HOT_SELLER, sellerSteps } from '../dialog/sellers.js';
import { parseNumberWords } from './numbers.js';
import type { Asked, Case, ExpectedFact, FactKey, ForbiddenFact } from './types.js';

export type Outcome = 'right' | 'wrong' | 'missed';

export interface CaseResult {
  outcome: Outcome;
  /** Per expected fact, in the case's order. */
  facts: { key: FactKey; outcome: Outcome }[];
  /** Distractors the turn took as facts. */
  falseFacts: ForbiddenFact[];
  /** The turn ended the qualification of a caller who is a seller. */
  lost: boolean;
  /** What the engine holds after the turn for each expected key, for reading failures. */
  took: Partial<Record<FactKey, unknown>>;
}

export interface Runner {
  config: AgentConfig;
  ctx: CallContext;
  /** The call just as each question is put, before the caller answers it. */
  states: ReadonlyMap<Asked, CallState>;
}

/** The calls at every question, advanced once with the hot seller's answers and then copied per case. */
export function prepareRunner(asked: Iterable<Asked>): Runner {
  const config = testConfig();
  const ctx = testContext(BST_NOW);
  const states = new Map<Asked, CallState>();
  const wanted = new Set(asked);
  let result = startCall(config, ctx, BST_NOW);
  states.set('opening', result.state);
  for (const step of sellerSteps(HOT_SELLER)) {
    result = takeTurn(config, result.state, ctx, { kind: 'speech', text: step }, BST_NOW);
    const slot = result.state.asking?.slot;
    if (result.state.phase === 'asking' && slot !== undefined && slot !== 'message' && !states.has(slot))
      states.set(slot, result.state);
  }
  for (const a of wanted) if (!states.has(a)) throw new Error(`the test seller's call never asks ${a}`);
  return { config, ctx, states };
}

/**
 * Case, spacing, punctuation and number words do not matter in a name or a street line, nor
 * "Saint" written out or as "St" ("St Mary's Road" is the street the caller said as "saint").
 */
export function normaliseWords(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ');
  return words.map((w) => (w === 'saint' ? 'st' : String(parseNumberWords([w]) ?? w))).join(' ');
}

function valueMatches(key: FactKey, taken: unknown, wanted: unknown): boolean {
  if (taken === null || taken === undefined) return false;
  switch (key) {
    case 'name':
    case 'address':
      return typeof taken === 'string' && normaliseWords(taken) === normaliseWords(String(wanted));
    case 'postcode':
    case 'district':
      return typeof taken === 'string' && taken.replace(/\s/g, '') === String(wanted).replace(/\s/g, '');
    case 'timeline': {
      if (typeof taken !== 'string' || typeof wanted !== 'object' || wanted === null) return false;
      const weeks = readTimelineWeeks(taken);
      const bucket = wanted as { kind: string; min?: number; max?: number };
      if (bucket.kind === 'asap') return weeks === 0;
      if (bucket.kind === 'flexible') return weeks === 'flexible';
      return typeof weeks === 'number' && weeks >= (bucket.min ?? 0) && weeks <= (bucket.max ?? 0);
    }
    default:
      return taken === wanted;
  }
}

function judgeFact(fact: ExpectedFact, before: CallState, after: CallState): Outcome {
  const taken = after.answers[fact.key]?.value ?? null;
  const earlier = before.answers[fact.key]?.value ?? null;
  if (taken === null || JSON.stringify(taken) === JSON.stringify(earlier)) return 'missed';
  const wanted: readonly unknown[] = [fact.value, ...(fact.also ?? [])];
  return wanted.some((w) => valueMatches(fact.key, taken, w)) ? 'right' : 'wrong';
}

function tookFalseFact(f: ForbiddenFact, before: CallState, after: CallState): boolean {
  const taken = after.answers[f.key]?.value ?? null;
  const earlier = before.answers[f.key]?.value ?? null;
  if (JSON.stringify(taken) === JSON.stringify(earlier)) return false;
  return f.value === undefined || valueMatches(f.key, taken, f.value);
}

/**
 * The qualification is over before its questions were answered: a message or a callback instead,
 * the call ended with questions still open, or a person asked for. A seller who says goodbye with
 * the last answer ("07700 900123, bye then") leaves everything taken, and is not lost.
 */
export function isLost(config: AgentConfig, after: CallState): boolean {
  return (
    after.goal !== 'qualify' ||
    (after.phase === 'ended' && nextQuestion(config, after) !== null) ||
    (after.phase === 'transferring' && after.transfer?.why === 'request')
  );
}

export function runCase(runner: Runner, c: Case): CaseResult {
  const before = runner.states.get(c.asked);
  if (before === undefined) throw new Error(`no call prepared at ${c.asked}`);
  const { state: after } = takeTurn(
    runner.config,
    structuredClone(before),
    runner.ctx,
    { kind: 'speech', text: c.text },
    BST_NOW,
  );
  const facts = c.expected.map((fact) => ({ key: fact.key, outcome: judgeFact(fact, before, after) }));
  const outcome: Outcome = facts.some((f) => f.outcome === 'wrong')
    ? 'wrong'
    : facts.some((f) => f.outcome === 'missed')
      ? 'missed'
      : 'right';
  const took: Partial<Record<FactKey, unknown>> = {};
  for (const fact of c.expected) took[fact.key] = after.answers[fact.key]?.value ?? null;
  return {
    outcome,
    facts,
    falseFacts: c.mustNotTake.filter((f) => tookFalseFact(f, before, after)),
    lost: isLost(runner.config, after),
    took,
  };
}
