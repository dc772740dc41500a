import { describe, expect, it } from 'vitest';
import { BST_NOW } from '../../../test/support/dialog/fixtures.js';
import { prepareRunner } from '../../../test/support/understanding/run-case.js';
import { takeTurn } from '../engine/engine.js';

/** A call just as the agent asks whether the number called from is the best one. */
const runner = prepareRunner(['phone']);

function phoneTaken(text: string): string | null {
  const before = runner.states.get('phone');
  if (before === undefined) throw new Error('no call at the phone question');
  const { state } = takeTurn(
    runner.config,
    structuredClone(before),
    runner.ctx,
    { kind: 'speech', text },
    BST_NOW,
  );
  return state.answers.phone?.value ?? null;
}

describe('phone: a number given, then passed over for the one the caller is on', () => {
  it.each([
    "there's the landline, 0161 496 0350, but this mobile i'm on is better",
    "work's 0113 496 0000 but this one's best, i'm not always at my desk",
    'my husband has 07700 900456, but the number i am on would be better for me',
  ])('keeps the number called from: %j', (said) => {
    expect(phoneTaken(said)).toBe(runner.ctx.callerNumber);
  });

  it('still takes a number given on its own', () => {
    expect(phoneTaken('best to ring the landline, 0161 496 0350')).toBe('+441614960350');
  });
});
