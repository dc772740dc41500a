/**
 * Whatever callers say, in whatever order, the engine keeps its promises: it never throws, ends
 * at most once, books at most one real free slot, transfers only inside hours, and its state is
 * plain JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { startCall, takeTurn } from './engine.js';
import type { CallerInput, CallState, Effect } from './types.js';

const SAID = [
  'I want to sell my house',
  'Sarah Jones',
  'M14 5AB',
  'em fourteen five ay bee',
  'yes',
  'no',
  "it's a three bed semi",
  'needs a bit of work',
  "it's empty",
  '250k',
  'as soon as possible',
  'my mum passed away',
  'the first one',
  'the second',
  'Friday at 10',
  'tomorrow afternoon',
  'can I speak to someone',
  "I'm calling from Smith estates",
  'wrong number',
  'can you call me back',
  'pardon?',
  'bye',
  'purple',
  '',
  '07911 123456',
];

const INPUT: fc.Arbitrary<CallerInput> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SAID).map((text): CallerInput => ({ kind: 'speech', text })) },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'silence' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1', '07911123456').map((digits): CallerInput => ({ kind: 'dtmf', digits })),
  },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'transfer_failed', reason: 'no-answer' }) },
  { weight: 1, arbitrary: fc.constant<CallerInput>({ kind: 'hangup' }) },
);

describe('engine invariants', () => {
  it.each([true, false])('hold for any sequence of inputs (within hours: %s)', (within) => {
    const config = testConfig();
    const ctx = testContext(BST_NOW, { withinBusinessHours: within });
    fc.assert(
      fc.property(fc.array(INPUT, { maxLength: 25 }), (inputs) => {
        let result = startCall(config, ctx, BST_NOW);
        const effects: Effect[] = [...result.effects];
        for (const input of inputs) {
          result = takeTurn(
            config,
            JSON.parse(JSON.stringify(result.state)) as CallState,
            ctx,
            input,
            BST_NOW,
          );
          effects.push(...result.effects);
          expect(typeof result.reply).toBe('string');
          expect(result.reply).not.toMatch(/\{(?:name|business|agent)\}|undefined|null|NaN/);
        }
        expect(effects.filter((e) => e.type === 'end').length).toBeLessThanOrEqual(1);
        const books = effects.filter((e) => e.type === 'book');
        expect(books.length).toBeLessThanOrEqual(1);
        for (const book of books)
          expect(ctx.freeSlots[book.kind]).toContainEqual({ start: book.start, end: book.end });
        if (!within) expect(effects.some((e) => e.type === 'transfer')).toBe(false);
        for (const e of effects) if (e.type === 'capture_lead') expect(e.phone).toMatch(/^\+\d+$/);
        for (const e of effects)
          if (e.type === 'score_opportunity') expect(e.score).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});
