/**
 * The slot table: every slot the agent asks about, in the order a call asks for them by default.
 * Everything else derives from it: the configuration's slot enum, vocabularies and scoring
 * weights, the engine's answers and facts, the summary, the opportunity facts in the API and its
 * OpenAPI document, the SDK's types (generated, see scripts/write-sdk-slots.ts) and the console.
 */
import { z } from 'zod';
import { addressSlot } from './address.js';
import { bedroomsSlot } from './bedrooms.js';
import { conditionSlot } from './condition.js';
import type { SlotDefinition } from './define.js';
import { nameSlot } from './name.js';
import { occupancySlot } from './occupancy.js';
import { phoneSlot } from './phone.js';
import { priceSlot } from './price.js';
import { propertyTypeSlot } from './property-type.js';
import { reasonSlot } from './reason.js';
import { timelineSlot } from './timeline.js';

export const SLOTS = [
  nameSlot,
  phoneSlot,
  addressSlot,
  propertyTypeSlot,
  bedroomsSlot,
  conditionSlot,
  occupancySlot,
  priceSlot,
  timelineSlot,
  reasonSlot,
] as const;

type AnySlot = (typeof SLOTS)[number];
export type SlotName = AnySlot['name'];
export const SLOT_NAMES = SLOTS.map((s) => s.name) as [SlotName, ...SlotName[]];

export function slotNamed<N extends SlotName>(name: N): Extract<AnySlot, { name: N }> {
  const slot = SLOTS.find((s) => s.name === name);
  if (slot === undefined) throw new Error(`no slot ${name}`);
  return slot as Extract<AnySlot, { name: N }>;
}

type PartsOf<S> = S extends { parts: infer P extends Record<string, z.ZodType> }
  ? { -readonly [K in keyof P]: z.output<P[K]> }
  : Record<never, never>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The value types of everything the engine learns: each slot's value, and the parts kept beside it. */
export type AnswerValues = { [S in AnySlot as S['name']]: z.output<S['schema']> } & UnionToIntersection<
  PartsOf<AnySlot>
>;
export type AnswerKey = keyof AnswerValues;

/** Every answer key, slot by slot with each slot's parts after it. */
export const ANSWER_KEYS: readonly AnswerKey[] = SLOTS.flatMap((s: SlotDefinition) => [
  s.name,
  ...Object.keys(s.parts ?? {}),
]) as AnswerKey[];

/** Questions a bare "no" declines rather than answers. */
export const OPEN_QUESTIONS: ReadonlySet<SlotName> = new Set(
  SLOTS.filter((s: SlotDefinition) => s.noAnswers !== true).map((s) => s.name),
);

/** The question an answer belongs to: postcodes and districts answer the address question. */
export function slotOfAnswer(key: AnswerKey): SlotName {
  const owner = SLOTS.find(
    (s: SlotDefinition) => s.name === key || (s.parts !== undefined && key in s.parts),
  );
  if (owner === undefined) throw new Error(`no slot holds the answer ${key}`);
  return owner.name as SlotName;
}

/** Answers about the property, with their parts (postcode, district): not a message's words. */
export const PROPERTY_ANSWER_KEYS: ReadonlySet<AnswerKey> = new Set(
  (SLOTS as readonly SlotDefinition[])
    .filter((s) => s.aboutProperty)
    .flatMap((s) => [s.name as AnswerKey, ...(Object.keys(s.parts ?? {}) as AnswerKey[])]),
);

/** The slots said back in the "Got it" sentence, in the order they are said. */
export const ACKNOWLEDGED: readonly SlotDefinition[] = (SLOTS as readonly SlotDefinition[])
  .filter((s) => s.acknowledge !== undefined)
  .sort((a, b) => (a.acknowledge?.rank ?? 0) - (b.acknowledge?.rank ?? 0));

type FactSlot = Extract<AnySlot, { fact: { key: string } }>;
/** The slots the opportunity records as facts, in order. */
export const FACT_SLOTS = SLOTS.filter((s) => s.fact !== null) as FactSlot[];

/** What the caller said about the property, as the opportunity stores it; null: not learnt. */
export type Facts = { [S in FactSlot as S['fact']['key']]: z.output<S['schema']> | null };

/** The opportunity's facts as a zod object (every key present, null when not learnt). */
export function factsSchema() {
  const shape: Record<string, z.ZodType> = {};
  for (const slot of FACT_SLOTS) {
    const nullable = slot.schema.nullable();
    const { description } = slot.fact as { description?: string };
    shape[slot.fact.key] = description === undefined ? nullable : nullable.describe(description);
  }
  return z.object(shape) as unknown as z.ZodObject<{
    [S in FactSlot as S['fact']['key']]: z.ZodNullable<S['schema']>;
  }>;
}

type FactKey = FactSlot['fact']['key'];
type PlaceOf<S> = S extends { place: infer P } ? P[keyof P] : never;
/** The names the opportunity records a call's answers under: its facts, then its place. */
export type RecordedName = FactKey | PlaceOf<AnySlot>;

/** Each answer the opportunity records, with the name it is recorded under: the facts, then the place. */
export const RECORDED_ANSWERS: readonly (readonly [AnswerKey, RecordedName])[] = [
  ...FACT_SLOTS.map((slot) => [slot.name, slot.fact.key] as const),
  ...(SLOTS as readonly SlotDefinition[]).flatMap((slot) =>
    Object.entries(slot.place ?? {}).map(([key, name]) => [key as AnswerKey, name as RecordedName] as const),
  ),
];
/** The names the opportunity records answers under (its facts, its address and postcode), in order. */
export const RECORDED_NAMES = [...new Set(RECORDED_ANSWERS.map(([, name]) => name))] as [
  RecordedName,
  ...RecordedName[],
];

type ScoredSlot = Extract<AnySlot, { scoring: { criterion: string } }>;
/** The scoring criteria, in the order the score breakdown lists them. */
export type Criterion = ScoredSlot['scoring']['criterion'];
const SCORED = (SLOTS.filter((s) => 'scoring' in s) as ScoredSlot[]).sort(
  (a, b) => a.scoring.rank - b.scoring.rank,
);
export const CRITERIA = SCORED.map((s) => s.scoring.criterion) as [Criterion, ...Criterion[]];
/** The default weight of each criterion. */
export const DEFAULT_WEIGHTS = Object.fromEntries(
  SCORED.map((s) => [s.scoring.criterion, s.scoring.weight]),
) as Record<Criterion, number>;

/** The slots with a fixed vocabulary: a model may answer a word outside it, which the engine drops. */
export type VocabularyKey = {
  [S in AnySlot as S['name']]: S['vocabulary'] extends readonly [] ? never : S['name'];
}[SlotName];

/** Values as a language model gives them, by answer key: a vocabulary's word may be one outside it. */
export type ModelValues = Partial<Omit<AnswerValues, VocabularyKey>> & Partial<Record<VocabularyKey, string>>;

type ModelAnswersOf<S> = S extends { model: { fields: infer F } }
  ? keyof F
  : S extends { name: infer N }
    ? N
    : never;
/** The answers a language model's reading fills (not the district: a postcode brings it). */
export type ModelKey = ModelAnswersOf<AnySlot> & AnswerKey;

type FieldName<K, F> = F extends { field: infer W extends string } ? W : K;
type ModelFieldsOf<S> = S extends { model: { fields: infer F } }
  ? {
      [K in keyof F as FieldName<K, F[K]>]: F[K] extends { schema: infer Z extends z.ZodType }
        ? z.output<Z>
        : never;
    }
  : S extends { name: infer N extends string; schema: infer Z extends z.ZodType }
    ? { [K in N]: z.output<Z> }
    : never;
/** The values of a language model's reading by field name ("street", "asking_price"). */
export type ModelFieldValues = UnionToIntersection<ModelFieldsOf<AnySlot>>;

/** A field of a language model's reading: its name there, the answer it fills, and its schema. */
export interface ModelReadingField {
  field: string;
  answer: AnswerKey;
  schema: z.ZodType;
  description?: string;
  /** The slot takes the value as the model gives it (a number, a word of its vocabulary), not rewritten by its readers. */
  asGiven: boolean;
}

/** Every field of a language model's reading, slot by slot in the table's order. */
export const MODEL_FIELDS: readonly ModelReadingField[] = (SLOTS as readonly SlotDefinition[]).flatMap(
  (slot) =>
    slot.model === undefined
      ? [{ field: slot.name, answer: slot.name as AnswerKey, schema: slot.schema, asGiven: true }]
      : Object.entries(slot.model.fields).map(([answer, f]) => ({
          field: f.field ?? answer,
          answer: answer as AnswerKey,
          schema: f.schema,
          ...(f.description === undefined ? {} : { description: f.description }),
          asGiven: slot.model?.rewrites !== true,
        })),
);

/**
 * The answers a language model's values stand for, each slot's through its own readers (a slot
 * without a reader of its own takes a value its schema accepts); what they cannot read is left out.
 */
export function checkModelValues(
  values: ModelValues,
  at: { now: Date; zone: string },
): Partial<AnswerValues> {
  const out: Partial<AnswerValues> = {};
  for (const slot of SLOTS as readonly SlotDefinition[]) {
    if (slot.model !== undefined) {
      Object.assign(out, slot.model.check({ values, ...at }));
      continue;
    }
    const value = values[slot.name as keyof ModelValues];
    if (value !== undefined && slot.schema.safeParse(value).success)
      Object.assign(out, { [slot.name]: value });
  }
  return out;
}

/** Answers read back with a question before they are trusted when a language model heard them. */
export const MODEL_READ_BACK: ReadonlySet<AnswerKey> = new Set(
  (SLOTS as readonly SlotDefinition[]).flatMap((slot) => (slot.model?.readBack ?? []) as AnswerKey[]),
);

export { CONDITION, type Condition } from './condition.js';
export type { Acknowledging, SlotDefinition, VocabularyEntry } from './define.js';
export { entryOf, summaryOf } from './define.js';
export { OCCUPANCY, type Occupancy } from './occupancy.js';
export { sayPrice } from './price.js';
export { describeProperty, PROPERTY_TYPE, type PropertyType } from './property-type.js';
export type { Heard, Listening, Reading } from './reading.js';
export { REASON, type SellingReason } from './reason.js';
export { isFlexibleTimeline, sayTimeline } from './timeline.js';
