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
import type { Case, Half, TimelineBucket } from './support/understanding/types.js';

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
