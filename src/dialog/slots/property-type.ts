/** The kind of building. A type the business does not buy is a hard rule in scoring. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractPropertyType } from '../extractors/index.js';
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
  scoring: { criterion: 'property_type', rank: 2, weight: 10 },
  read(text, { heard, expecting }) {
    const type = extractPropertyType(text, { asked: expecting });
    if (type !== null) heard.values.property_type = type;
  },
});
