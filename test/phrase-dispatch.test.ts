import { describe, expect, it, vi } from 'vitest';
import { firstCharacters } from '../src/dialog/extractors/phrase-dispatch.js';
import type { PhraseRule } from '../src/dialog/extractors/phrases.js';
import { generateCases } from './support/understanding/generate.js';
import { writtenCases } from './support/understanding/written.js';

// The phrase rules are matched by first character (src/dialog/extractors/phrase-dispatch.ts) for
// speed; this checks that it finds exactly what each rule's own global regex finds, for every
// rule the extractors build, over thousands of answers.

const built = vi.hoisted(() => [] as PhraseRule<unknown>[]);

vi.mock('../src/dialog/extractors/phrases.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/dialog/extractors/phrases.js')>();
  return {
    ...actual,
    phraseRule: (...args: Parameters<typeof actual.phraseRule>) => {
      const rule = actual.phraseRule(...args);
      built.push(rule as PhraseRule<unknown>);
      return rule;
    },
  };
});

const { normaliseUtterance } = await import('../src/dialog/extractors/normalise.js');
const { ruleMatches } = await import('../src/dialog/extractors/phrases.js');
await import('../src/dialog/engine/index.js');

function texts(): string[] {
  const said = new Set<string>();
  for (const half of ['dev', 'held'] as const)
    for (const c of generateCases({ seed: 11, half, perTemplate: 1 })) said.add(c.text);
  // The plain rendering only: the others differ in fillers and slips, not in what rules meet.
  for (const c of writtenCases('dev')) if (c.id.endsWith('/plain')) said.add(c.text);
  const out = new Set<string>();
  for (const text of said) out.add(normaliseUtterance(text));
  // Edges: empty, punctuation only, boundaries at the ends, apostrophes inside words.
  for (const edge of ['', ' ', "'", "isn't it's don't", 'a', 'no.', '  not  a semi  ', 'flat-share'])
    out.add(edge);
  return [...out];
}

describe('phrase rules matched by first character', () => {
  // Each answer is scanned the slow way too, over every rule: seconds of work, so a loaded
  // machine gets a longer timeout than the unit default.
  it('find what the global regex finds, for every rule and answer', { timeout: 120_000 }, () => {
    expect(built.length).toBeGreaterThan(50);
    let matched = 0;
    const wrong: string[] = [];
    for (const text of texts()) {
      for (const rule of built) {
        const fast = ruleMatches(rule, text);
        const slow = [...text.matchAll(rule.pattern)].map((m) => ({ index: m.index ?? 0, text: m[0] }));
        matched += slow.length;
        if (JSON.stringify(fast) !== JSON.stringify(slow) && wrong.length < 5)
          wrong.push(
            `${String(rule.value)} on "${text}": ${JSON.stringify(fast)} vs ${JSON.stringify(slow)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    // The answers reach the rules: a comparison of empty results would prove nothing.
    expect(matched).toBeGreaterThan(2000);
  });

  it('are dispatched for nearly every rule', () => {
    expect(built.filter((rule) => rule.dispatcher === null)).toEqual([]);
  });
});

describe('the first characters of a phrasing', () => {
  const of = (fragment: string): string => {
    const first = firstCharacters(fragment);
    return first === 'any' ? 'any' : [...first].sort().join('');
  };

  it('reads literals, groups, classes and optional parts', () => {
    expect(of('needs work')).toBe('n');
    expect(of('(?:really |very )?good')).toBe('grv');
    expect(of('(?:a|the) (?:wreck|state)')).toBe('at');
    expect(of('[0-9]+ beds?')).toBe('0123456789');
    expect(of('\\d+ grand')).toBe('0123456789');
    expect(of("(?<!not )it's fine")).toBe('i');
    expect(of('(?:big )*house|flat')).toBe('bfh');
    expect(of('x{0,2}y')).toBe('xy');
    expect(of('x{1,2}y')).toBe('x');
  });

  it('gives up safely on what it cannot tell', () => {
    expect(of('\\w+ly')).toBe('any');
    expect(of('[^a]bc')).toBe('any');
    expect(of('.*')).toBe('any');
    expect(of('(?:a)?')).toBe('any');
    expect(of('(unclosed')).toBe('any');
  });
});
