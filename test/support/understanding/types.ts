/**
 * The shapes of the understanding benchmark: a template of a caller's answer, and the cases it
 * generates, each with the facts the turn must take and the facts it must leave alone.
 */
import type { AnswerKey, AnswerValues, SlotName } from '../../../src/dialog/slots/index.js';

/** The development half is for finding and fixing gaps; the held-out half is only ever measured. */
export type Half = 'dev' | 'held';

/** The question just put when the caller speaks: a slot's, or the greeting's. */
export type Asked = SlotName | 'opening';

/**
 * A timeline as the desk rates it: the engine keeps words ("within 3 months"), and those words
 * are read back into weeks (scoring/timeline-weeks.ts) before they are compared with the bucket.
 */
export type TimelineBucket =
  | { kind: 'asap' }
  | { kind: 'weeks'; min: number; max: number }
  | { kind: 'flexible' };

/** Every answer's value in the engine's own form, except the timeline, compared as a bucket. */
export type FactValues = Omit<AnswerValues, 'timeline'> & { timeline: TimelineBucket };
export type FactKey = AnswerKey & keyof FactValues;

/** A fact the turn must take; `also` lists other values that are as right ("Mo Price" for "Mohammed Price"). */
export type ExpectedFact = {
  [K in FactKey]: { key: K; value: FactValues[K]; also?: readonly FactValues[K][] };
}[FactKey];

/**
 * A fact the turn must not take: with a value, the key must not come to hold it ("the house
 * next door went for 300" is not the asking price); without one, the key must not change at all.
 */
export type ForbiddenFact = { [K in FactKey]: { key: K; value?: FactValues[K] } }[FactKey];

/** What a template writes: the caller's words before the recogniser renders them. */
export interface Draft {
  text: string;
  expected: readonly ExpectedFact[];
  mustNotTake?: readonly ForbiddenFact[];
}

/** Randomness for a template: every choice comes from a seeded generator, so a seed fixes the cases. */
export interface Gen {
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
}

export interface Template {
  /** Unique within its slot and half: "story-next-door". */
  id: string;
  slot: SlotName;
  /** The questions it may be said to: the slot's own, or an earlier one the caller runs ahead of. */
  asked: readonly Asked[];
  make: (g: Gen) => Draft;
}

export interface Case {
  id: string;
  /** "held/price/story-next-door" */
  template: string;
  half: Half;
  slot: SlotName;
  asked: Asked;
  /** As the phone recogniser renders it. */
  text: string;
  expected: readonly ExpectedFact[];
  mustNotTake: readonly ForbiddenFact[];
}
