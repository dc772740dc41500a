import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { runScript, type Script } from '../../../test/support/dialog/script.js';
import { HOT_SELLER, sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';
import { startCall, takeTurn } from './engine.js';
import type { CallState } from './types.js';

const SCRIPTS: Script[] = [
  { name: 'warm', steps: [...sellerSteps(WARM_SELLER), 'tomorrow afternoon', 'the second one'], expect: {} },
  {
    name: 'hot',
    steps: [...sellerSteps(HOT_SELLER), { kind: 'transfer_failed', reason: 'busy' }, 'Friday at 10'],
    expect: {},
  },
  {
    name: 'silence',
    steps: [{ kind: 'silence' }, 'I want to sell', { kind: 'dtmf', digits: '1' }, { kind: 'hangup' }],
    expect: {},
  },
];

describe('determinism', () => {
  it.each(SCRIPTS.map((s) => [s.name, s] as const))(
    'gives the same replies, states and effects twice (%s)',
    (_n, script) => {
      expect(runScript(script)).toEqual(runScript(script));
    },
  );

  it('never changes the state it is given', () => {
    const config = testConfig();
    const ctx = testContext(BST_NOW);
    const start = startCall(config, ctx, BST_NOW);
    const before = JSON.stringify(start.state);
    takeTurn(config, start.state, ctx, { kind: 'speech', text: "it's a three bed semi in M14 5AB" }, BST_NOW);
    takeTurn(config, start.state, ctx, { kind: 'hangup' }, BST_NOW);
    expect(JSON.stringify(start.state)).toBe(before);
  });

  it('keeps the state plain JSON, so it survives the jsonb column unchanged', () => {
    const run = runScript(SCRIPTS[0] as Script);
    for (const result of run.results) {
      expect(JSON.parse(JSON.stringify(result.state)) as CallState).toEqual(result.state);
    }
  });
});

describe('startCall', () => {
  it('says it is a virtual assistant even when the configured greeting does not', () => {
    const config = testConfig((c) => {
      c.lines.greeting = 'Hi, {business}. How can I help?';
    });
    expect(startCall(config, testContext(BST_NOW), BST_NOW).reply).toBe(
      "Hi, Northern Homebuyers. I'm a virtual assistant. How can I help?",
    );
  });

  it('starts in the open phase with nothing learnt', () => {
    const { state, effects, ended } = startCall(testConfig(), testContext(BST_NOW), BST_NOW);
    expect(state.phase).toBe('open');
    expect(state.lastAsk).toBe('How can I help?');
    expect(effects).toEqual([]);
    expect(ended).toBe(false);
  });
});
