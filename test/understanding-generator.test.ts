import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type AnswerKey,
  SLOT_NAMES,
  SLOTS,
  type SlotDefinition,
  slotOfAnswer,
} from '../src/dialog/slots/index.js';
import { canAsk, generateCases, templatesOf } from './support/understanding/generate.js';
import { normaliseWords, prepareRunner, runCase } from './support/understanding/run-case.js';
import type { Asked, Case, Half, TimelineBucket } from './support/understanding/types.js';
import { expectedOf, forbiddenOf, readWrittenLines, writtenCases } from './support/understanding/written.js';

// The generator behind `npm run bench -- understanding` (docs/benchmarks.md, "Understanding"):
// its cases must be the same for a seed and well formed. What the engine makes of them is the
// benchmark's business, so nothing here asserts accuracy.

const HALVES: readonly Half[] = ['dev', 'held'];
const SEED = 20250403;
const cases = new Map<Half, Case[]>(
  HALVES.map((half) => [half, generateCases({ seed: SEED, half, perTemplate: 6 })]),
);
const casesOf = (half: Half): Case[] => cases.get(half) ?? [];

/** A UK postcode (or its outward code alone) in the engine's form: "M14 5AB", "SW1A 1AA", "M14". */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/;
const DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/;

function schemaOf(key: AnswerKey): z.ZodType {
  const slot: SlotDefinition | undefined = SLOTS.find((s) => s.name === slotOfAnswer(key));
  const schema = slot?.name === key ? slot.schema : slot?.parts?.[key];
  if (schema === undefined) throw new Error(`no schema for ${key}`);
  return schema;
}

function isBucket(value: unknown): value is TimelineBucket {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  if (value.kind === 'asap' || value.kind === 'flexible') return true;
  const { min, max } = value as { min?: unknown; max?: unknown };
  return (
    value.kind === 'weeks' && typeof min === 'number' && typeof max === 'number' && min >= 0 && min <= max
  );
}

/** Problems with one value of a fact: empty when it is what the engine could store. */
function problemsWith(key: AnswerKey, value: unknown): string[] {
  if (key === 'timeline') return isBucket(value) ? [] : [`timeline ${JSON.stringify(value)} is not a bucket`];
  const problems = schemaOf(key).safeParse(value).success
    ? []
    : [`${key} ${JSON.stringify(value)} fails its schema`];
  if (key === 'postcode' && !POSTCODE.test(String(value))) problems.push(`postcode ${String(value)}`);
  if (key === 'district' && !DISTRICT.test(String(value))) problems.push(`district ${String(value)}`);
  return problems;
}

describe('the understanding generator', () => {
  it('gives the same cases for the same seed, and others for another seed', () => {
    for (const half of HALVES) {
      const again = generateCases({ seed: SEED, half, perTemplate: 6 });
      expect(again).toEqual(casesOf(half));
      const other = generateCases({ seed: SEED + 1, half, perTemplate: 6 });
      expect(other.map((c) => c.text)).not.toEqual(casesOf(half).map((c) => c.text));
    }
  });

  it('covers every slot in both halves, with comparable numbers of templates', () => {
    for (const half of HALVES) {
      expect(new Set(casesOf(half).map((c) => c.slot))).toEqual(new Set(SLOT_NAMES));
      for (const slot of SLOT_NAMES) {
        const mine = templatesOf(half).filter((t) => t.slot === slot).length;
        const theirs = templatesOf(half === 'dev' ? 'held' : 'dev').filter((t) => t.slot === slot).length;
        expect(mine, `${half} ${slot}`).toBeGreaterThanOrEqual(20);
        expect(Math.abs(mine - theirs), `${slot}: templates per half`).toBeLessThanOrEqual(4);
      }
    }
  });

  it('gives each template a unique id within its slot and half, and asks only what comes first', () => {
    for (const half of HALVES) {
      const ids = templatesOf(half).map((t) => `${t.slot}/${t.id}`);
      expect(new Set(ids).size).toBe(ids.length);
      for (const t of templatesOf(half))
        for (const asked of t.asked) expect(canAsk(t.slot, asked), t.id).toBe(true);
    }
  });

  it('writes well-formed cases: short text, facts of the slot in the engine form, valid distractors', () => {
    for (const half of HALVES) {
      const ids = new Set<string>();
      for (const c of casesOf(half)) {
        const where = `${c.id}: "${c.text}"`;
        expect(ids.has(c.id), where).toBe(false);
        ids.add(c.id);
        expect(c.half).toBe(half);
        expect(c.text.trim().length, where).toBeGreaterThan(0);
        expect(c.text.length, where).toBeLessThan(1000);
        expect(canAsk(c.slot, c.asked), where).toBe(true);
        expect(
          c.expected.some((f) => slotOfAnswer(f.key) === c.slot),
          where,
        ).toBe(true);
        const problems = [
          ...c.expected.flatMap((f) => [f.value, ...(f.also ?? [])].flatMap((v) => problemsWith(f.key, v))),
          ...c.mustNotTake.flatMap((f) => (f.value === undefined ? [] : problemsWith(f.key, f.value))),
        ];
        expect(problems, where).toEqual([]);
      }
    }
  });
});

describe('the written answers', () => {
  const ASKED = new Set<string>(['opening', ...SLOT_NAMES]);
  const lines = new Map<Half, ReturnType<typeof readWrittenLines>>(
    HALVES.map((h) => [h, readWrittenLines(h)]),
  );

  it.each(HALVES)(
    '%s: every line asks a question the agent puts and expects values the engine could store',
    (half) => {
      const problems: string[] = [];
      const all = lines.get(half) ?? [];
      expect(all.length).toBeGreaterThan(100);
      for (const { file, line, answer } of all) {
        const where = `${file}:${line}`;
        if (!ASKED.has(answer.asked)) problems.push(`${where}: asked ${answer.asked}`);
        if (answer.text.trim() === '') problems.push(`${where}: no text`);
        const expected = expectedOf(answer);
        // A greeting that gives no fact still tests that the seller is kept.
        if (expected.length === 0 && forbiddenOf(answer).length === 0 && answer.asked !== 'opening')
          problems.push(`${where}: expects nothing`);
        for (const fact of [...expected, ...forbiddenOf(answer)])
          if ('value' in fact && fact.value !== undefined)
            problems.push(...problemsWith(fact.key, fact.value).map((p) => `${where}: ${p}`));
      }
      expect(problems).toEqual([]);
    },
  );

  // Short answers ("Three.", "Just the one bedroom.") may be said alike in both; a longer one in
  // both would leak. Only the count is told, so a failure prints no held-out answer.
  it('keeps the held-out answers apart from the development ones', () => {
    const long = (text: string) => text.split(/\s+/).length >= 6;
    const dev = new Set((lines.get('dev') ?? []).map(({ answer }) => answer.text.toLowerCase()));
    const shared = (lines.get('held') ?? []).filter(
      ({ answer }) => long(answer.text) && dev.has(answer.text.toLowerCase()),
    );
    expect(shared.length).toBe(0);
  });

  it('renders each answer three ways, the same on every run', () => {
    const cases = writtenCases('held');
    expect(cases.length).toBe(3 * (lines.get('held') ?? []).length);
    expect(writtenCases('held')).toEqual(cases);
  });
});

// A seller is "lost" when the qualification ends before its questions are answered; the bench
// reports the count per slot, so the judgement itself must hold.
describe('the case runner', () => {
  const runner = prepareRunner(['address', 'phone']);
  const caseAt = (asked: Asked, text: string, expected: Case['expected']): Case => ({
    id: 'runner',
    template: 'runner',
    half: 'dev',
    slot: asked === 'opening' ? 'name' : asked,
    asked,
    text,
    expected,
    mustNotTake: [],
  });
  const phone = { key: 'phone', value: '+447700900456' } as const;

  it.each([
    '07700 900456, bye then.',
    "It's 07700 900456. Cheers, ta-ra.",
    'Yeah, 07700 900456, thanks, bye.',
  ])('does not count a seller who says goodbye with the last answer as lost: %s', (text) => {
    const result = runCase(runner, caseAt('phone', text, [phone]));
    expect(result.outcome).toBe('right');
    expect(result.lost).toBe(false);
  });

  it.each(['Actually I have to go, bye.', 'Can I speak to a real person please?', 'Sorry, wrong number.'])(
    'counts a caller who leaves or asks for a person before the questions are done as lost: %s',
    (text) => {
      const result = runCase(runner, caseAt('address', text, [{ key: 'postcode', value: 'M14 5AB' }]));
      expect(result.lost).toBe(true);
    },
  );
});

describe('the case runner compares street lines and names', () => {
  it.each([
    ['St Mary’s Road', "Saint Mary's Road"],
    ['14 Oak Road', 'fourteen oak road'],
    ['Flat 2, 7 High St.', 'flat two 7 high st'],
  ])('%j as the same as %j', (a, b) => {
    expect(normaliseWords(a)).toBe(normaliseWords(b));
  });

  it.each([
    ['St Mary’s Road', 'Mary’s Road'],
    ['14 Oak Road', '41 Oak Road'],
  ])('%j as other than %j', (a, b) => {
    expect(normaliseWords(a)).not.toBe(normaliseWords(b));
  });
});
