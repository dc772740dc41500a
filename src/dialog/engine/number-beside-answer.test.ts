/**
 * A phone number said beside another answer: the digits are not a price or a date, but the words
 * around them still answer the question, and "you can call me back on ..." gives the number to
 * use rather than ending the questions.
 */
import { describe, expect, it } from 'vitest';
import { BST_NOW } from '../../../test/support/dialog/fixtures.js';
import { prepareRunner } from '../../../test/support/understanding/run-case.js';
import { takeTurn } from './engine.js';
import type { CallState } from './types.js';

const runner = prepareRunner(['timeline', 'price']);

function answer(asked: 'timeline' | 'price', text: string): CallState {
  const before = runner.states.get(asked);
  if (before === undefined) throw new Error(`no call at ${asked}`);
  return takeTurn(runner.config, structuredClone(before), runner.ctx, { kind: 'speech', text }, BST_NOW)
    .state;
}

describe('a phone number given beside an answer', () => {
  it.each([
    ['No rush. Best number is 07700 900456 by the way.', 'flexible'],
    ["Whenever suits, my mobile's 07700 900456.", 'flexible'],
    ['As soon as possible, you can get me on 07700 900456.', 'as soon as possible'],
    ['Within six weeks ideally. Ring me back on 07700 900456.', 'within 6 weeks'],
  ])('takes the timeline and the number from %j', (text, timeline) => {
    const after = answer('timeline', text);
    expect(after.answers.phone?.value).toBe('+447700900456');
    expect(String(after.answers.timeline?.value)).toContain(timeline);
  });

  it.each(['About 150 grand. My number is 07700 900456.', 'Call me on 07700 900456, and I want 150k.'])(
    'takes the price and the number from %j, and never the digits as a price',
    (text) => {
      const after = answer('price', text);
      expect(after.answers.phone?.value).toBe('+447700900456');
      expect(after.answers.price?.value).toBe(150_000);
    },
  );

  it.each(['My number is 07700 900456.', '07700 900456'])('takes no price from the digits of %j', (text) => {
    const after = answer('price', text);
    expect(after.answers.price?.value ?? null).toBe(runner.states.get('price')?.answers.price?.value ?? null);
  });

  it.each([
    'As soon as possible. You can call me back on 07700 900456.',
    'Quick as you can, phone us back on 07700 900456 if you need to.',
  ])('keeps asking its questions after %j', (text) => {
    const after = answer('timeline', text);
    expect(after.goal).toBe('qualify');
    expect(after.answers.phone?.value).toBe('+447700900456');
  });

  it('still hears a call back asked for in words beside a number', () => {
    const after = answer('timeline', 'Soon as. Could someone ring me back on 07700 900456?');
    expect(after.goal).toBe('callback');
    expect(after.answers.phone?.value).toBe('+447700900456');
  });
});
