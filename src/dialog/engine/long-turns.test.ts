/**
 * Long turns (docs/agent.md): the agent reads at most MAX_UTTERANCE_CHARS of a turn, and a turn
 * of hostile text at that length costs the engine no more than a fixed budget of work at any
 * point of a call. Work is counted, not timed (test/support/work-meter.ts).
 */
import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { HOSTILE_UNITS, repeatTo } from '../../../test/support/dialog/hostile-input.js';
import { sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';
import { countWork } from '../../../test/support/work-meter.js';
import { startCall, takeTurn } from './engine.js';
import type { CallState } from './types.js';
import { capInput, capUtterance, MAX_KEYPAD_DIGITS, MAX_UTTERANCE_CHARS } from './utterance.js';

const CAP = MAX_UTTERANCE_CHARS;
const config = testConfig();
const ctx = testContext(BST_NOW);

/** The state before each of a warm seller's answers, and before the choice of a time offered. */
function statesThroughACall(): CallState[] {
  const states: CallState[] = [];
  let state = startCall(config, ctx, BST_NOW).state;
  for (const step of [...sellerSteps(WARM_SELLER), 'tomorrow afternoon']) {
    states.push(state);
    state = takeTurn(config, state, ctx, { kind: 'speech', text: step }, BST_NOW).state;
  }
  states.push(state);
  return states;
}

/** Points of a call where different readers listen: the opening, the name, a fact, the number, the offer. */
function pointsOfACall(): [string, CallState][] {
  const states = statesThroughACall();
  const at = (what: string, i: number): [string, CallState] => {
    const state = states[i < 0 ? states.length + i : i];
    if (state === undefined) throw new Error(`no state for ${what}`);
    return [what, state];
  };
  return [at('opening', 0), at('name', 1), at('price', 8), at('phone', -3), at('offer', -1)];
}

function turnWork(state: CallState, text: string): number {
  return countWork(() => takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW));
}

describe('capUtterance', () => {
  it('leaves a turn within the cap as it is', () => {
    const text = repeatTo('three bed semi ', CAP).trim();
    expect(capUtterance(text)).toEqual({ text, cut: false });
  });

  it('cuts a longer turn at the cap, on a whole word', () => {
    const { text, cut } = capUtterance(repeatTo('selling because ', CAP * 3));
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(CAP);
    expect(text.length).toBeGreaterThan(CAP - 40);
    expect(text.endsWith('selling') || text.endsWith('because')).toBe(true);
  });

  it('cuts a turn with no spaces at the cap exactly, never inside a surrogate pair', () => {
    expect(capUtterance('7'.repeat(CAP * 2)).text).toHaveLength(CAP);
    const emoji = capUtterance(`a${'🏠'.repeat(CAP)}`).text;
    expect(emoji).toHaveLength(CAP - 1);
    expect(emoji.endsWith('🏠')).toBe(true);
  });

  it('caps keypad digits, and leaves other inputs alone', () => {
    expect(capInput({ kind: 'dtmf', digits: '1'.repeat(10_000) })).toEqual({
      kind: 'dtmf',
      digits: '1'.repeat(MAX_KEYPAD_DIGITS),
    });
    const silence = { kind: 'silence' } as const;
    expect(capInput(silence)).toBe(silence);
  });
});

describe('a turn past the cap', () => {
  it('is answered as the same turn cut at the cap', () => {
    const [, asked] = statesThroughACall();
    if (asked === undefined) throw new Error('no state');
    const long = `my name is sarah jones ${repeatTo('and so on ', CAP * 5)}`;
    const cut = capUtterance(long).text;
    expect(takeTurn(config, asked, ctx, { kind: 'speech', text: long }, BST_NOW)).toEqual(
      takeTurn(config, asked, ctx, { kind: 'speech', text: cut }, BST_NOW),
    );
  });

  it('costs no more than a turn at the cap, however long it is', () => {
    const [state] = statesThroughACall();
    if (state === undefined) throw new Error('no state');
    const atCap = turnWork(state, repeatTo('1 ', CAP));
    expect(turnWork(state, repeatTo('1 ', CAP * 50))).toBeLessThanOrEqual(atCap + CAP * 2);
  });
});

describe('engine work on hostile turns', () => {
  /** Units of work one character may cost in a whole turn, which runs every slot's reader. */
  const WORK_PER_CHAR = 2_500;

  it.each(pointsOfACall())('grows in step with the text, up to the cap (asking for: %s)', (_what, state) => {
    const over: string[] = [];
    for (const unit of HOSTILE_UNITS) {
      const half = turnWork(state, repeatTo(unit, CAP / 2));
      const full = turnWork(state, repeatTo(unit, CAP));
      if (full > 2.5 * half + 2_000 || full > WORK_PER_CHAR * CAP)
        over.push(`${JSON.stringify(unit)}: ${half} → ${full}`);
    }
    expect(over).toEqual([]);
  });
});
