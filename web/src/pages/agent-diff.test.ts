import { describe, expect, it } from 'vitest';
import { diffConfigs, setIn } from './agent-diff';

describe('the agent diff', () => {
  it('lists changed fields by path, with before and after', () => {
    const before = {
      lines: { greeting: 'Hello' },
      buy_box: { postcode_areas: ['M'] },
      questions: [{ slot: 'name', ask: true }],
    };
    const after = {
      lines: { greeting: 'Hi' },
      buy_box: { postcode_areas: ['M', 'SK'] },
      questions: [{ slot: 'name', ask: false }],
    };
    expect(diffConfigs(before, after)).toEqual([
      { path: 'lines.greeting', before: 'Hello', after: 'Hi' },
      { path: 'buy_box.postcode_areas', before: 'M', after: 'M, SK' },
      { path: 'questions.0.ask', before: 'true', after: 'false' },
    ]);
  });

  it('finds nothing between equal configurations', () => {
    expect(diffConfigs({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
  });

  it('sets a nested value without touching the original', () => {
    const original = { a: { b: [{ c: 1 }] } };
    const next = setIn(original, ['a', 'b', 0, 'c'], 2);
    expect(next).toEqual({ a: { b: [{ c: 2 }] } });
    expect(original.a.b[0]?.c).toBe(1);
  });
});
