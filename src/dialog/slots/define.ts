/**
 * What one slot of the call is, in one place: its name, where it lands among the opportunity's
 * facts, how it is asked, its words, how it is read from speech, said back, summarised and
 * scored, and the zod schema of its value. Every list of slots in the service derives from the
 * table in index.ts, so a new slot is one new file there.
 */
import type { z } from 'zod';
import type { AnswerKey, Answers } from '../engine/types.js';
import type { Judge } from '../scoring/criteria.js';
import type { Reading } from './reading.js';

/** One value of a slot with a fixed vocabulary ("needs_modernisation"). */
export interface VocabularyEntry<V extends string = string> {
  value: V;
  /** How the console and the desk name it: "Needs modernisation". */
  label: string;
  /** How the agent says it back ("needing some modernising"); absent: it is not said back. */
  said?: string;
  /** How the desk summary puts it ("needs modernisation"); absent: the label in lower case. */
  summary?: string;
  /** Said back with a word of sympathy rather than a label ("I'm sorry to hear that"). */
  sympathy?: boolean;
  /** Chosen by the default configuration (a default motivating reason). */
  byDefault?: boolean;
}

/** The scoring criterion a slot feeds, and the rule it is judged by (scoring/criteria.ts). */
export interface SlotScoring<C extends string = string> {
  criterion: C;
  /** Place in the score breakdown (location first, as a desk member reads it). */
  rank: number;
  /** Weight in the default configuration. */
  weight: number;
  judge: Judge;
}

/** What the agent is saying back in its "Got it" sentence: the call's answers and which were just taken. */
export interface Acknowledging {
  answers: Answers;
  /** The answer was taken this turn. */
  taken: (key: AnswerKey) => boolean;
  /** Some answer this turn replaced an earlier, different one. */
  corrected: boolean;
}

/** How a value just taken is said back ("A 3-bed semi-detached, at 12 Acacia Avenue, got it."). */
export interface SlotAcknowledgement {
  /** Place of the slot's pieces in the sentence (the property first, the reason last). */
  rank: number;
  /**
   * The pieces said for what was just taken, worded in the catalogue; absent: the vocabulary's
   * `said` words of the value just taken, nothing for a value without them.
   */
  say?: (a: Acknowledging) => readonly string[];
}

/** What a read-back question is built from: the value put back to the caller, and the call's answers. */
export interface PuttingBack {
  value: unknown;
  answers: Answers;
}

/** How the slot's fact is cross-checked when the rules and the model read it differently (docs/agent.md, "Cross-checks"). */
export interface SlotCrossCheck {
  /**
   * Compared whenever the rules take it, not only when it was volunteered or corrected: amounts
   * and dates, where a confident rule reading goes wrong most.
   */
  always?: boolean;
  /** The read-back question, worded in the catalogue; absent: the vocabulary's `said` words (`read_back.value`). */
  question?: (p: PuttingBack) => string | null;
}

/** One field of a language model's reading (docs/agent.md, "The language model"). */
export interface ModelField {
  /** Its name in the reading, when not the answer's own ("street" for the address line). */
  field?: string;
  /** The value as the model gives it; the reading makes it nullable (null: not said). */
  schema: z.ZodType;
  /** What the field holds, told to the model. */
  description?: string;
}

/** What a slot's model reader is given: the model's values, and the moment (for dates). */
export interface ModelChecking {
  /** By answer key; data like the caller's words, so each is checked for its type too. */
  values: Readonly<Record<string, unknown>>;
  now: Date;
  zone: string;
}

/**
 * How a language model's reading fills the slot. Absent: one field, the slot's name and schema,
 * and a value the slot's schema accepts (a word of its vocabulary) is taken as it is.
 */
export interface SlotModel {
  /** The reading's fields, by the answer each fills (the slot's own or a part), in order. */
  fields: Readonly<Record<string, ModelField>>;
  /** The answers the model's values stand for, read by the slot's own readers; what they cannot read is left out. */
  check: (r: ModelChecking) => Readonly<Record<string, unknown>>;
  /** Answers (the slot's own or a part) read back with a question when the model heard them, whoever else did. */
  readBack?: readonly string[];
  /**
   * Its readers rewrite the model's words (a name, a postcode, a timeline's label), so a stored
   * value is not compared with them as they are.
   */
  rewrites?: boolean;
}

export interface SlotDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  /** The key among the opportunity's facts; null for the caller's details and the address. */
  fact: { key: string; description?: string } | null;
  /** The default wording, also used when a configuration does not ask for the slot. */
  question: { prompt: string; reprompt: string };
  /** The fixed values with their words; empty for free values (names, numbers, prices). */
  vocabulary: readonly VocabularyEntry[];
  /** The schema of the value as the engine stores it. */
  schema: S;
  /** Answers kept beside the slot's own (the address keeps the postcode and district apart). */
  parts?: Readonly<Record<string, z.ZodType>>;
  /**
   * Answers the opportunity keeps beside its facts, by answer key: the field each lands in (the
   * street line in `address`; the postcode, or its district while none is known, in `postcode`).
   * In order: when two land in one field, the later one's source is the one recorded.
   */
  place?: Readonly<Record<string, string>>;
  /** The type name the SDK gives the value (PropertyType); absent for free values. */
  typeName?: string;
  /** What the desk still has to ask, in the summary's "Missing" line. */
  missing: string;
  /** About the property, so not read while a non-seller leaves a message. */
  aboutProperty: boolean;
  /**
   * Its question takes a bare "no" as an answer ("is this number best?", "is anyone living
   * there?"); to every other question a bare "no" declines.
   */
  noAnswers?: boolean;
  /** Not read from a phone number being given (its digits are not a price or a date). */
  notFromPhoneDigits?: boolean;
  /** Reads the slot from an utterance into `heard`. */
  read: (text: string, r: Reading) => void;
  /** Reads an answer that counts only when it is all the caller said ("no" to "is anyone living there?"). */
  readAlone?: (text: string, r: Reading) => z.output<S> | null;
  /** The detail in the desk summary's property line ("asking £250,000"); absent: not listed there. */
  summarise?: (value: never, r: { range?: { min: number; max: number } }) => string;
  /** How a language model reads the slot. */
  model?: SlotModel;
  /** How its fact is cross-checked; facts only. */
  crossCheck?: SlotCrossCheck;
  /** How a value just taken is said back; absent: not in the "Got it" sentence. */
  acknowledge?: SlotAcknowledgement;
  scoring?: SlotScoring;
}

/** Keeps the literal types of a definition (its name, fact key, parts, criterion), so the table's derived types are exact. */
export function defineSlot<const T extends SlotDefinition>(slot: T): T {
  return slot;
}

/** The values of a vocabulary, as a tuple z.enum takes. */
export function valuesOf<const V extends string>(entries: readonly VocabularyEntry<V>[]): [V, ...V[]] {
  const values = entries.map((e) => e.value);
  if (values.length === 0) throw new Error('a vocabulary needs at least one value');
  return values as [V, ...V[]];
}

/** The entry of a value; undefined for a value outside the vocabulary. */
export function entryOf(entries: readonly VocabularyEntry[], value: string): VocabularyEntry | undefined {
  return entries.find((e) => e.value === value);
}

/** How the desk summary names a value: its summary words, else its label in lower case. */
export function summaryOf(entries: readonly VocabularyEntry[], value: string): string {
  const entry = entryOf(entries, value);
  return entry === undefined ? value.replace(/_/g, ' ') : (entry.summary ?? entry.label.toLowerCase());
}
