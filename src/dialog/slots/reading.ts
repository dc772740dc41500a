/** What one utterance yielded, and what the reader knows about the moment it was said. */
import type { YesNo } from '../extractors/index.js';
import type { AnswerKey, AnswerValues, SlotName } from './index.js';

export interface Heard {
  values: Partial<AnswerValues>;
  /** Values to read back with a yes/no question before trusting them. */
  readBack: AnswerKey[];
  yesNo: YesNo | null;
  /** The noun a "no" was about ("no mortgage" → "mortgage"): then it answers no question of its own. */
  yesNoAbout: string | null;
  /** Set with `values.price` when the caller gave a range. */
  priceRange?: { min: number; max: number };
  /** Desk notes with no slot of their own (arrears, service charge, mortgage left). */
  notes: string[];
  /** Values taken from the language model's reading (engine/model-reading.ts). */
  fromModel?: AnswerKey[];
}

export interface Listening {
  /** The questions this utterance may be answering. */
  expects: ReadonlySet<SlotName>;
  /**
   * The question just put, if any: only its answer may be a few words no rule reads ("Gareth
   * Price", a reason in the caller's words), never a fact said back earlier and put right now.
   */
  asked?: SlotName | null;
  /** The first answer after the greeting, when callers introduce themselves freely. */
  opening: boolean;
  /** False while taking a message: a non-seller's words say nothing about a property to buy. */
  facts: boolean;
  /** The postcode is known but not the street: a street line said in passing is kept. */
  street: boolean;
  now: Date;
  zone: string;
}

/** What a slot's reader is given: the moment, what was heard so far, and whether it was asked for. */
export interface Reading {
  listening: Listening;
  heard: Heard;
  /** The agent has just asked for this slot. */
  expecting: boolean;
}
