/**
 * A seller is never lost (docs/agent.md, "Speech it cannot understand"): however many answers
 * the agent cannot read, and whichever they are, the enquiry goes on, every question the caller
 * answers is taken, and a seller who gave any fact about the property leaves an opportunity.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOCKS, clockContext, testConfig } from '../../../test/support/dialog/fixtures.js';
import { WARM_SELLER } from '../../../test/support/dialog/sellers.js';
import type { SlotName } from '../slots/index.js';
import { startCall, takeTurn } from './engine.js';
import type { CallContext, CallState, Effect } from './types.js';

/** Answers a recogniser might hand over that no rule can read, and that ask for nothing. */
const UNREADABLE = [
  'purple',
  'banana split',
  "it's a bad line",
  'mmm',
  'the thing is you know',
  'hmm let me think',
  'what was it again',
  'crackle crackle',
  'er',
  'sort of yeah no',
];

const ANSWERS: Record<SlotName, string> = {
  name: WARM_SELLER.name,
  phone: WARM_SELLER.phone,
  address: WARM_SELLER.address,
  property_type: WARM_SELLER.type,
  bedrooms: WARM_SELLER.bedrooms,
  condition: WARM_SELLER.condition,
  occupancy: WARM_SELLER.occupancy,
  price: WARM_SELLER.price,
  timeline: WARM_SELLER.timeline,
  reason: WARM_SELLER.reason,
};

interface Call {
  states: CallState[];
  effects: Effect[];
  factsGiven: number;
}

const config = testConfig((c) => {
  c.transfer = { number: null, on_request: false, when_hot: false };
});
const contexts = new Map<string, CallContext>();

/** Free times are computed once per clock: building them is the slow part of a run. */
function contextAt(clock: (typeof CLOCKS)[number]): CallContext {
  const ctx = contexts.get(clock.name) ?? clockContext(clock);
  contexts.set(clock.name, ctx);
  return ctx;
}

/** A seller who answers each question or mumbles, as `plan` says, turn by turn. */
function playSeller(plan: readonly (number | null)[], clock: (typeof CLOCKS)[number]): Call {
  const ctx = contextAt(clock);
  let result = startCall(config, ctx, clock.now);
  const call: Call = { states: [], effects: [], factsGiven: 0 };
  let text = WARM_SELLER.opening;
  for (let turn = 0; turn < 40 && !result.ended; turn++) {
    result = takeTurn(config, result.state, ctx, { kind: 'speech', text }, clock.now);
    call.states.push(result.state);
    call.effects.push(...result.effects);
    const s = result.state;
    const mumble = plan[turn % plan.length] ?? null;
    if (s.phase === 'confirming') text = 'yes';
    else if (s.phase === 'offering') text = 'the first one';
    else if (s.phase === 'asking' && s.asking !== null && s.asking.slot !== 'message') {
      const slot = s.asking.slot;
      text = mumble === null ? ANSWERS[slot] : (UNREADABLE[mumble % UNREADABLE.length] ?? 'mmm');
      if (mumble === null && !['name', 'phone'].includes(slot)) call.factsGiven++;
    } else text = 'yes';
  }
  return call;
}

describe('a seller is never lost', () => {
  it.each(CLOCKS.filter((c) => c.within).slice(0, 2))('whatever answers cannot be read ($name)', (clock) => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.nat({ max: 50 }), { freq: 2 }), { minLength: 1, maxLength: 30 }),
        (plan) => {
          const call = playSeller(plan, clock);
          for (const state of call.states) expect(state.goal, 'the enquiry was dropped').toBe('qualify');
          if (call.factsGiven > 0)
            expect(
              call.effects.some((e) => e.type === 'score_opportunity'),
              'no opportunity',
            ).toBe(true);
        },
      ),
      { numRuns: 25, seed: 20 },
    );
  });

  it('keeps asking after every answer is unreadable, and still ends the call', () => {
    const [clock] = CLOCKS;
    if (clock === undefined) throw new Error('no clock');
    const call = playSeller([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], clock);
    expect(call.states.every((s) => s.goal === 'qualify')).toBe(true);
    expect(call.states.at(-1)?.skipped.length).toBeGreaterThan(5);
  });
});
