/**
 * The generator: every template of a half, each drawn `perTemplate` times with its own seeded
 * generator, rendered as the phone recogniser would write it. The same seed gives the same cases.
 */
import type { SlotName } from '../../../src/dialog/slots/index.js';
import { DEVELOPMENT_TEMPLATES } from './development/index.js';
import { HELD_OUT_TEMPLATES } from './held-out/index.js';
import { createGen, seedFor } from './random.js';
import { renderSpeech } from './speech.js';
import type { Asked, Case, Draft, ForbiddenFact, Half, Template } from './types.js';

/** The order the default configuration asks in (and the test seller answers in). */
export const QUESTION_ORDER: readonly SlotName[] = [
  'name',
  'address',
  'property_type',
  'bedrooms',
  'condition',
  'occupancy',
  'price',
  'timeline',
  'reason',
  'phone',
];

export function templatesOf(half: Half): readonly Template[] {
  return half === 'dev' ? DEVELOPMENT_TEMPLATES : HELD_OUT_TEMPLATES;
}

/**
 * A fact can be volunteered only before its own question, or the call would already hold it:
 * to the greeting, to its own question, or to one asked earlier.
 */
export function canAsk(slot: SlotName, asked: Asked): boolean {
  return asked === 'opening' || QUESTION_ORDER.indexOf(asked) <= QUESTION_ORDER.indexOf(slot);
}

/**
 * The distractors a case keeps: one that names a fact the caller does give is only about its
 * value, and a value the caller does give is never a distractor (a drawn price may equal the
 * neighbour's).
 */
function keptForbidden(draft: Draft): ForbiddenFact[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (draft.mustNotTake ?? []).filter((f) => {
    const expected = draft.expected.filter((e) => e.key === f.key);
    if (expected.length === 0) return true;
    return f.value !== undefined && !expected.some((e) => same(e.value, f.value));
  });
}

export interface GenerateOptions {
  seed: number;
  half: Half;
  /** Cases drawn from each template; fewer when a template cannot say that many different things. */
  perTemplate: number;
}

export function generateCases(options: GenerateOptions): Case[] {
  const cases: Case[] = [];
  for (const template of templatesOf(options.half)) {
    const key = `${options.half}/${template.slot}/${template.id}`;
    const g = createGen(seedFor(options.seed, key));
    const seen = new Set<string>();
    for (let tries = 0; seen.size < options.perTemplate && tries < options.perTemplate * 4; tries++) {
      const asked = g.pick(template.asked);
      if (!canAsk(template.slot, asked)) throw new Error(`${key}: ${template.slot} cannot follow ${asked}`);
      const draft = template.make(g);
      const text = renderSpeech(g, draft.text);
      if (seen.has(`${asked}|${text}`)) continue;
      seen.add(`${asked}|${text}`);
      cases.push({
        id: `${key}#${seen.size}`,
        template: key,
        half: options.half,
        slot: template.slot,
        asked,
        text,
        expected: draft.expected,
        mustNotTake: keptForbidden(draft),
      });
    }
  }
  return cases;
}
