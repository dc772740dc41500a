/**
 * Whatever callers say, in whatever order and at whatever time of the week, the engine keeps its
 * promises: it never throws, ends at most once, books at most one real free time, transfers
 * only inside hours, keeps its state plain JSON, never gives the same reply three times running,
 * never puts the same question more than twice running, never asks again what the caller
 * declined, and every call ends within the turn cap (docs/agent.md, "No loops").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOCKS, clockContext, testConfig } from '../../../test/support/dialog/fixtures.js';
import { utteranceArb } from '../../../test/support/dialog/utterances.js';
import { startCall, takeTurn } from './engine.js';
import { MAX_TURNS } from './loops.js';
import type { CallContext, CallerInput, CallState, Effect } from './types.js';

const speech = utteranceArb.map((text): CallerInput => ({ kind: 'speech', text }));

/** Anything a call can bring, hang-ups included. */
const ANY_INPUT: fc.Arbitrary<CallerInput> = fc.oneof(
  { weight: 12, arbitrary: speech },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'silence' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1', '07911123456').map((digits): CallerInput => ({ kind: 'dtmf', digits })),
  },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'transfer_failed', reason: 'no-answer' }) },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'hangup' }) },
);

/** A caller who never hangs up and is never put through: the agent alone must end the call. */
const STAYING_INPUT: fc.Arbitrary<CallerInput> = fc.oneof(
  { weight: 12, arbitrary: speech },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'silence' }) },
);

/** What the agent is waiting on, read from the state independently of the engine's own bookkeeping. */
function waitingOn(state: CallState): string | null {
  if (state.phase === 'asking' && state.asking !== null) {
    const street = state.asking.slot === 'address' && state.answers.postcode !== null;
    return `ask:${state.asking.slot}${street ? ':street' : ''}`;
  }
  if (state.phase === 'confirming') return `confirm:${state.confirming}`;
  return null;
}

interface Played {
  replies: string[];
  states: CallState[];
  effects: Effect[];
  ended: boolean;
}

const contexts = new Map<string, CallContext>();

/** Free times are computed once per clock: building them is the slow part of a run. */
function contextAt(clock: (typeof CLOCKS)[number]): CallContext {
  const known = contexts.get(clock.name);
  if (known !== undefined) return known;
  const ctx = clockContext(clock);
  contexts.set(clock.name, ctx);
  return ctx;
}

function play(clock: (typeof CLOCKS)[number], inputs: readonly CallerInput[], transfer: boolean): Played {
  const config = testConfig((c) => {
    if (!transfer) c.transfer = { number: null, on_request: false, when_hot: false };
  });
  const ctx = contextAt(clock);
  let result = startCall(config, ctx, clock.now);
  const played: Played = {
    replies: [result.reply],
    states: [result.state],
    effects: [...result.effects],
    ended: false,
  };
  for (const input of inputs) {
    if (result.ended) break;
    result = takeTurn(config, JSON.parse(JSON.stringify(result.state)) as CallState, ctx, input, clock.now);
    played.replies.push(result.reply);
    played.states.push(result.state);
    played.effects.push(...result.effects);
  }
  played.ended = result.ended;
  return played;
}

function checkNoLoops(p: Played): void {
  const said = p.replies.filter((r) => r !== '');
  for (let i = 2; i < said.length; i++) {
    const three = [said[i - 2], said[i - 1], said[i]];
    expect(new Set(three).size, `same reply three times: ${said[i]}`).toBeGreaterThan(1);
  }
  let run = 0;
  let last: string | null = null;
  for (const state of p.states) {
    const key = waitingOn(state);
    run = key !== null && key === last ? run + 1 : 1;
    last = key;
    if (key !== null) expect(run, `${key} asked ${run} times in a row`).toBeLessThanOrEqual(2);
  }
  let refused: readonly string[] = [];
  for (const state of p.states) {
    const asked = state.phase === 'asking' ? state.asking?.slot : undefined;
    // A question declined and later answered after all is no longer declined.
    const now: readonly string[] = state.refused;
    const still = refused.filter((slot) => now.includes(slot));
    if (asked !== undefined)
      expect(still.includes(asked), `${asked} asked after it was declined`).toBe(false);
    refused = state.refused;
  }
}

describe.each(CLOCKS)('engine invariants at $name', (clock) => {
  it('hold for any sequence of inputs', () => {
    const ctx = contextAt(clock);
    fc.assert(
      fc.property(fc.array(ANY_INPUT, { maxLength: 25 }), fc.boolean(), (inputs, transfer) => {
        const p = play(clock, inputs, transfer);
        for (const reply of p.replies) {
          expect(typeof reply).toBe('string');
          expect(reply).not.toMatch(/\{(?:name|business|agent)\}|undefined|null|NaN/);
        }
        expect(p.effects.filter((e) => e.type === 'end').length).toBeLessThanOrEqual(1);
        const books = p.effects.filter((e) => e.type === 'book');
        expect(books.length).toBeLessThanOrEqual(1);
        for (const book of books)
          expect(ctx.freeTimes[book.kind]).toContainEqual({ start: book.start, end: book.end });
        if (!clock.within) expect(p.effects.some((e) => e.type === 'transfer')).toBe(false);
        for (const e of p.effects) if (e.type === 'capture_lead') expect(e.phone).toMatch(/^\+\d+$/);
        for (const e of p.effects)
          if (e.type === 'score_opportunity') expect(e.score).toBeGreaterThanOrEqual(0);
        checkNoLoops(p);
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it('never loops, and ends every call within the turn cap', () => {
    fc.assert(
      fc.property(fc.array(STAYING_INPUT, { minLength: MAX_TURNS, maxLength: MAX_TURNS + 5 }), (inputs) => {
        const p = play(clock, inputs, false);
        checkNoLoops(p);
        expect(p.ended, 'the call ended').toBe(true);
        expect(p.states.length - 1, 'caller turns').toBeLessThanOrEqual(MAX_TURNS);
      }),
      { numRuns: 30, seed: 11 },
    );
  });
});
