/**
 * The state keeps how often each question was put again in a row (`reasked`), for the insights
 * on the agent (docs/console.md, Insights): a question asked twice counts once, a question
 * given up on after that counts no more, and an answer understood first time counts nothing.
 */
import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { startCall, takeTurn } from './engine.js';
import { askKey } from './loops.js';
import type { CallState } from './types.js';

function talk(...said: string[]): CallState[] {
  const config = testConfig();
  const ctx = testContext(BST_NOW);
  let state = startCall(config, ctx, BST_NOW).state;
  const states: CallState[] = [];
  for (const text of said) {
    state = takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW).state;
    states.push(state);
  }
  return states;
}

describe('questions put again', () => {
  it('counts a question put a second time in a row, by what was asked', () => {
    const [first, again] = talk('I want to sell my house', 'sorry, what was that?');
    const key = first ? askKey(first) : null;
    expect(key).toMatch(/^ask:/);
    expect(first?.reasked ?? {}).toEqual({});
    expect(again?.reasked).toEqual({ [key ?? '']: 1 });
  });

  it('counts nothing when every answer is understood first time', () => {
    const states = talk('I want to sell my house', 'M14 5AB');
    expect(states.at(-1)?.reasked ?? {}).toEqual({});
  });
});
