/**
 * A small runner for scripted calls: caller inputs in, every turn's reply and effects out, and
 * assertions on the records a call would leave (lead, opportunity, booking, transfer, end). The
 * state goes through JSON between turns, as it does through the calls table.
 */
import { expect } from 'vitest';
import type { AgentConfig } from '../../../modules/agent/agent-config.js';
import { startCall, takeTurn } from '../engine.js';
import type {
  CallContext,
  CallerInput,
  CallState,
  Effect,
  EndReason,
  Facts,
  Outcome,
  TurnResult,
} from '../types.js';
import { BST_NOW, londonText, testConfig, testContext } from './fixtures.js';

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

/** Fails with the whole conversation printed, so a broken script is easy to read. */
export function checkScript(script: Script): Run {
  const run = runScript(script);
  const said = run.results
    .map((r, i) => `${i === 0 ? '' : `  caller: ${describeStep(script.steps[i - 1])}\n`}  agent:  ${r.reply}`)
    .join('\n');
  const e = script.expect;
  const at = `\n${said}\n`;
  if (e.lead !== undefined) checkLead(run, e.lead, at);
  if (e.opportunity !== undefined) checkOpportunity(run, e.opportunity, at);
  if (e.booking !== undefined) {
    const book = lastEffect(run.effects, 'book');
    const seen = book === null ? null : { kind: book.kind, start: londonText(book.start) };
    expect(seen, `booking${at}`).toEqual(e.booking);
    expect(
      run.effects.filter((x) => x.type === 'book').length,
      `one booking at most${at}`,
    ).toBeLessThanOrEqual(1);
  }
  if (e.transfer !== undefined) {
    const transfer = lastEffect(run.effects, 'transfer');
    expect(transfer?.to ?? null, `transfer${at}`).toBe(e.transfer?.to ?? null);
    if (e.transfer?.brief !== undefined) expect(transfer?.brief, `brief${at}`).toMatch(e.transfer.brief);
  }
  if (e.end !== undefined) expect(lastEffect(run.effects, 'end')?.reason ?? null, `end${at}`).toBe(e.end);
  for (const [turn, pattern] of Object.entries(e.replies ?? {})) {
    expect(run.replies[Number(turn)], `reply ${turn}${at}`).toMatch(pattern);
  }
  for (const pattern of e.never ?? []) {
    for (const reply of run.replies) expect(reply, `never ${pattern}${at}`).not.toMatch(pattern);
  }
  for (const [turn, types] of Object.entries(e.turnEffects ?? {})) {
    expect(
      run.results[Number(turn)]?.effects.map((x) => x.type),
      `effects of turn ${turn}${at}`,
    ).toEqual(types);
  }
  e.state?.(run.state);
  return run;
}

function checkLead(run: Run, expected: Expected['lead'], at: string): void {
  const lead = lastEffect(run.effects, 'capture_lead');
  if (expected === null || expected === undefined) {
    expect(lead, `lead${at}`).toBeNull();
    return;
  }
  expect({ name: lead?.name, phone: lead?.phone }, `lead${at}`).toEqual({
    name: expected.name,
    phone: expected.phone,
  });
  if (expected.note !== undefined) expect(lead?.note ?? '', `lead note${at}`).toMatch(expected.note);
}

function checkOpportunity(run: Run, expected: Expected['opportunity'], at: string): void {
  const opp = lastEffect(run.effects, 'score_opportunity');
  if (expected === null || expected === undefined) {
    expect(opp, `opportunity${at}`).toBeNull();
    return;
  }
  expect(opp, `opportunity${at}`).not.toBeNull();
  if (expected.outcome !== undefined) expect(opp?.outcome, `outcome${at}`).toBe(expected.outcome);
  if (expected.score !== undefined) expect(opp?.score, `score${at}`).toBe(expected.score);
  if (expected.facts !== undefined) expect(opp?.facts, `facts${at}`).toMatchObject(expected.facts);
  if (expected.postcode !== undefined) expect(opp?.postcode, `postcode${at}`).toBe(expected.postcode);
  if (expected.address !== undefined) expect(opp?.address, `address${at}`).toBe(expected.address);
}

function describeStep(step: Step | undefined): string {
  if (step === undefined) return '';
  if (typeof step === 'string') return step;
  return `<${step.kind}${step.kind === 'dtmf' ? ` ${step.digits}` : ''}${step.kind === 'transfer_failed' ? ` ${step.reason}` : ''}>`;
}

/** Answers to the default questions, in their order, for a seller; any can be replaced. */
export interface SellerAnswers {
  opening: string;
  name: string;
  address: string;
  type: string;
  bedrooms: string;
  condition: string;
  occupancy: string;
  price: string;
  timeline: string;
  reason: string;
  phone: string;
}

/** A hot seller in Manchester: every answer in the buy box. */
export const HOT_SELLER: SellerAnswers = {
  opening: "Hi, I'm looking to sell my house",
  name: 'Sarah Jones',
  address: '12 Acacia Avenue, M14 5AB',
  type: "it's a semi",
  bedrooms: 'three',
  condition: 'it needs a bit of work',
  occupancy: "it's empty",
  price: '200k',
  timeline: 'as soon as possible',
  reason: 'my mum passed away',
  phone: 'yes',
};

/** A warm seller: a little over the ceiling, in good order, downsizing with no rush (score 66). */
export const WARM_SELLER: SellerAnswers = {
  ...HOT_SELLER,
  condition: 'good condition',
  occupancy: 'we live there',
  price: '320k',
  timeline: 'no rush',
  reason: "we're downsizing",
};

/** A cold seller: eight bedrooms, well over the ceiling, no hurry (score 46). */
export const COLD_SELLER: SellerAnswers = {
  ...WARM_SELLER,
  address: '3 Hill Rise, SK4 2AA',
  type: 'detached',
  bedrooms: 'eight',
  price: '400k',
};

/** The steps that answer every default question; the postcode read-back is answered "yes". */
export function sellerSteps(answers: SellerAnswers): string[] {
  const a = answers;
  return [
    a.opening,
    a.name,
    a.address,
    'yes',
    a.type,
    a.bedrooms,
    a.condition,
    a.occupancy,
    a.price,
    a.timeline,
    a.reason,
    a.phone,
  ];
}
