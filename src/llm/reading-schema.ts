/**
 * The one place the shape of a model's reading is defined (docs/agent.md, "The language
 * model"), built from the slot table's vocabularies (src/dialog/slots): the JSON schema sent to the provider
 * and the zod schema every answer is checked against are the same object.
 */
import { z } from 'zod';
import type { ModelReading } from '../dialog/engine/types.js';
import { MODEL_FIELDS, type ModelFieldValues } from '../dialog/slots/index.js';

/** The facts of a call, as the model reads them from words, field by field from the slot table; null: not said. */
const FACT_FIELDS = Object.fromEntries(
  MODEL_FIELDS.map(({ field, schema, description }) => {
    const nullable = schema.nullable();
    return [field, description === undefined ? nullable : nullable.describe(description)];
  }),
) as { [K in keyof ModelFieldValues]: z.ZodNullable<z.ZodType<ModelFieldValues[K]>> };

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

/** The reading in the engine's terms, by answer key; null fields are left out. */
export function toEngineReading(r: TurnReading): ModelReading {
  const values: Record<string, unknown> = {};
  for (const { field, answer } of MODEL_FIELDS) {
    const value = r[field as keyof ModelFieldValues];
    if (value !== null && value !== undefined) values[answer] = value;
  }
  return { values: values as ModelReading['values'], yesNo: r.answer, chosenTime: r.chosen_time };
}

/** True when the reading holds nothing at all. */
export function isEmptyReading(r: ModelReading): boolean {
  return Object.keys(r.values).length === 0 && r.yesNo === null && r.chosenTime === null;
}
