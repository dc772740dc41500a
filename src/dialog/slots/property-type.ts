/** The kind of building. A type the business does not buy is a hard rule in scoring. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import type { Answers } from '../engine/types.js';
import { extractPropertyType } from '../extractors/index.js';
import { judgePropertyType } from '../scoring/criteria.js';
import { defineSlot, valuesOf } from './define.js';

const VOCABULARY = [
  { value: 'detached', label: 'Detached' },
  { value: 'semi-detached', label: 'Semi-detached' },
  { value: 'terraced', label: 'Terraced' },
  { value: 'flat', label: 'Flat' },
  { value: 'bungalow', label: 'Bungalow' },
  { value: 'other', label: 'Other' },
] as const;

export const PROPERTY_TYPE = z.enum(valuesOf(VOCABULARY));
export type PropertyType = z.infer<typeof PROPERTY_TYPE>;

export const propertyTypeSlot = defineSlot({
  name: 'property_type',
  fact: { key: 'property_type' },
  question: phrase('question.property_type'),
  vocabulary: VOCABULARY,
  schema: PROPERTY_TYPE,
  typeName: 'PropertyType',
  missing: 'property type',
  aboutProperty: true,
  scoring: { criterion: 'property_type', rank: 2, weight: 10, judge: judgePropertyType },
  crossCheck: { question: ({ answers }): string | null => readBackProperty(answers) },
  // Said with the bedrooms, "a 3-bed semi-detached"; a corrected count alone on its own, "Four bedrooms".
  acknowledge: {
    rank: 1,
    say({ answers, taken, corrected }): string[] {
      if (corrected && taken('bedrooms') && !taken('property_type') && answers.bedrooms !== null)
        return [phrase('fragment.bedroom_count', { count: answers.bedrooms.value })];
      if (!taken('bedrooms') && !taken('property_type')) return [];
      const property = describeProperty(answers);
      return property === null ? [] : [property];
    },
  },
  read(text, { heard, expecting }) {
    const type = extractPropertyType(text, { asked: expecting });
    if (type !== null) heard.values.property_type = type;
  },
});

/** "a 3-bed semi-detached", "a flat", "3 bedrooms", "a studio flat". */
export function describeProperty(answers: Pick<Answers, 'property_type' | 'bedrooms'>): string | null {
  const type = answers.property_type?.value ?? null;
  const bedrooms = answers.bedrooms?.value ?? null;
  if (type === null && bedrooms === null) return null;
  return phrase('fragment.property', { type, bedrooms });
}

/** The read-back question of a property type or a bedroom count ("is it a 3-bed semi-detached?"). */
export function readBackProperty(answers: Pick<Answers, 'property_type' | 'bedrooms'>): string | null {
  const property = describeProperty(answers);
  return property === null ? null : phrase('read_back.property', { property });
}
