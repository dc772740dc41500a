/**
 * The one place the shape of a model's reading is defined (docs/agent.md, "The language
 * model"), built from the slot table's vocabularies (src/dialog/slots): the JSON schema sent to the provider
 * and the zod schema every answer is checked against are the same object.
 */
import { z } from 'zod';
import type { ModelReading } from '../dialog/engine/types.js';
import { CONDITION, OCCUPANCY, PROPERTY_TYPE, REASON } from '../dialog/slots/index.js';

/** The facts of a call, as the model reads them from words; null: not said. */
const FACT_FIELDS = {
  name: z.string().trim().min(1).max(80).nullable().describe("The caller's own name."),
  phone: z.string().trim().max(40).nullable().describe('A phone number the caller gave, as said.'),
  street: z.string().trim().max(120).nullable().describe('House number or name and street of the property.'),
  postcode: z.string().trim().max(12).nullable().describe("The property's UK postcode."),
  property_type: PROPERTY_TYPE.nullable(),
  bedrooms: z.number().int().min(0).max(20).nullable(),
  condition: CONDITION.nullable(),
  occupancy: OCCUPANCY.nullable(),
  asking_price: z
    .number()
    .int()
    .min(1000)
    .max(100_000_000)
    .nullable()
    .describe(
      'The price the seller hopes for, in pounds; never a mortgage, an amount owed, the cost of work or what another house sold for.',
    ),
  timeline: z
    .string()
    .trim()
    .max(80)
    .nullable()
    .describe(
      'How soon they want to sell, in a few words; never when a tenant leaves, when work was done, or a question to the buyer.',
    ),
  reason: REASON.nullable(),
};

export const TurnReadingSchema = z.strictObject({
  ...FACT_FIELDS,
  answer: z.enum(['yes', 'no']).nullable().describe('A yes or no to the question just asked.'),
  chosen_time: z
    .string()
    .max(40)
    .nullable()
    .describe('The start of the offered time the caller accepted, exactly as listed; null if none.'),
});
export type TurnReading = z.infer<typeof TurnReadingSchema>;

export const TranscriptReadingSchema = z.strictObject(FACT_FIELDS);
export type TranscriptReading = z.infer<typeof TranscriptReadingSchema>;

export const SummarySchema = z.strictObject({
  summary: z.string().trim().min(1).max(1200).describe('Three to six short lines for the desk.'),
});

/** Limits stay in the zod check: strict JSON-schema modes of some providers refuse them. */
const UNSUPPORTED = new Set(['$schema', 'minimum', 'maximum', 'minLength', 'maxLength']);

export function wireSchema(schema: z.ZodType): Record<string, unknown> {
  return strip(z.toJSONSchema(schema)) as Record<string, unknown>;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !UNSUPPORTED.has(key))
      .map(([key, v]) => [key, strip(v)]),
  );
}

/** A checked answer, or null when it is not the shape asked for. */
export function parseWith<T>(schema: z.ZodType<T>): (value: unknown) => T | null {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
}

/** The reading in the engine's terms; null fields are left out. */
export function toEngineReading(r: TurnReading): ModelReading {
  const values: ModelReading['values'] = {};
  if (r.name !== null) values.name = r.name;
  if (r.phone !== null) values.phone = r.phone;
  if (r.street !== null) values.address = r.street;
  if (r.postcode !== null) values.postcode = r.postcode;
  if (r.property_type !== null) values.property_type = r.property_type;
  if (r.bedrooms !== null) values.bedrooms = r.bedrooms;
  if (r.condition !== null) values.condition = r.condition;
  if (r.occupancy !== null) values.occupancy = r.occupancy;
  if (r.asking_price !== null) values.price = r.asking_price;
  if (r.timeline !== null) values.timeline = r.timeline;
  if (r.reason !== null) values.reason = r.reason;
  return { values, yesNo: r.answer, chosenTime: r.chosen_time };
}

/** True when the reading holds nothing at all. */
export function isEmptyReading(r: ModelReading): boolean {
  return Object.keys(r.values).length === 0 && r.yesNo === null && r.chosenTime === null;
}
