/**
 * Every extractor's work grows in step with its input, up to the longest turn the agent reads
 * (docs/agent.md, "Long turns"). Work is counted, not timed (test/support/work-meter.ts), so the
 * test says the same on a busy machine as on an idle one: for inputs built to hurt (long runs of
 * digits, letters, repeated frames, spelt letters, negations), twice the text must cost about
 * twice the work, and no character may cost more than a fixed budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTRACTORS, HOSTILE_UNITS, repeatTo } from '../../../test/support/dialog/hostile-input.js';
import { countWork } from '../../../test/support/work-meter.js';
import { MAX_UTTERANCE_CHARS } from '../engine/utterance.js';

const CAP = MAX_UTTERANCE_CHARS;
/** Work that doubling the input may add beyond doubling: n log n passes, quadratic does not. */
const GROWTH_LIMIT = 2.5;
/** Units of work a character of input may cost, at most, in any extractor. */
const WORK_PER_CHAR = 400;

describe('extractor work', () => {
  it('sees work that grows with the square of the input (the meter itself)', () => {
    const quadratic = (t: string) => {
      for (let i = 0; i < t.length; i += 10) t.slice(i).includes('x');
    };
    const half = countWork(() => quadratic(repeatTo('a ', CAP / 2)));
    const full = countWork(() => quadratic(repeatTo('a ', CAP)));
    expect(full / half).toBeGreaterThan(3.5);
  });

  describe.each(Object.entries(EXTRACTORS))('%s', (_name, extract) => {
    it('grows in step with repeated hostile pieces, up to the cap', () => {
      const over: string[] = [];
      for (const unit of HOSTILE_UNITS) {
        const half = countWork(() => extract(repeatTo(unit, CAP / 2)));
        const full = countWork(() => extract(repeatTo(unit, CAP)));
        // A small count can double and more without meaning anything: 200 units of slack.
        if (full > GROWTH_LIMIT * half + 200 || full > WORK_PER_CHAR * CAP)
          over.push(`${JSON.stringify(unit)}: ${half} → ${full}`);
      }
      expect(over).toEqual([]);
    });

    it('stays within its budget on random mixes of hostile pieces', () => {
      const text = fc
        .array(fc.constantFrom(...HOSTILE_UNITS), { minLength: 1, maxLength: 400 })
        .map((units) => units.join('').slice(0, CAP));
      fc.assert(
        fc.property(text, (t) => countWork(() => extract(t)) <= WORK_PER_CHAR * Math.max(t.length, 50)),
        { numRuns: 25, seed: 19 },
      );
    });
  });
});
