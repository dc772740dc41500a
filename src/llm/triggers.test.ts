import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../test/support/dialog/fixtures.js';
import { startCall, takeTurn } from '../dialog/engine/index.js';
import type { CallState } from '../dialog/engine/types.js';
import { worthReading } from './triggers.js';

const config = testConfig();
const ctx = testContext(BST_NOW);

function say(state: CallState, text: string): CallState {
  return takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW).state;
}

/** Whether the model is asked about these words, said at the state the lines lead to. */
function asked(lines: readonly string[], text: string): boolean {
  let state = startCall(config, ctx, BST_NOW).state;
  for (const line of lines) state = say(state, line);
  return worthReading(state, takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW), text);
}

const TO_BEDROOMS = ['i want to sell my house', 'sarah jones', '12 acacia avenue m14 5ab', 'yes', 'semi'];
const TO_PRICE = [...TO_BEDROOMS, 'three', 'good condition', 'we live there'];

describe('when the model reads a turn the rules took', () => {
  it.each(['about 180 thousand', 'one eighty', '180k'])('asks about an amount ("%s")', (text) => {
    expect(asked(TO_PRICE, text)).toBe(true);
  });

  it.each([
    'three, and its got tenants in',
    'three, need to sell in the next couple of months',
    'three, its in good nick',
  ])('asks about a fact volunteered to another question ("%s")', (text) => {
    expect(asked(TO_BEDROOMS, text)).toBe(true);
  });

  it.each(['three', 'three bedrooms', '3 beds'])(
    'leaves an answer to its own question to the rules ("%s")',
    (text) => {
      expect(asked(TO_BEDROOMS, text)).toBe(false);
    },
  );
});
