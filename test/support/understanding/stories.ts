/**
 * Distractors: clauses of a caller's story with numbers and dates in them that are not the fact
 * asked about ("I'm 67", "the house next door went for 300"). Each names what a careless reader
 * might take from it. Each half has its own (development/stories.ts, held-out/stories.ts).
 */
import type { ForbiddenFact, Gen, TimelineBucket } from './types.js';

export interface Distractor {
  text: string;
  misreads: readonly ForbiddenFact[];
}

export type DistractorMaker = (g: Gen) => Distractor;

/** A number said in passing, misread as a count of bedrooms or a price in thousands or pounds. */
export function numberMisreads(n: number): ForbiddenFact[] {
  return [
    { key: 'bedrooms', value: n },
    { key: 'price', value: n * 1000 },
    { key: 'price', value: n },
  ];
}

/** A date or duration said in passing, misread as when the caller wants to sell. */
export function timelineMisread(bucket?: TimelineBucket): ForbiddenFact {
  return bucket === undefined ? { key: 'timeline' } : { key: 'timeline', value: bucket };
}

/** The misreadings of every distractor in a story. */
export function misreadsOf(...distractors: readonly Distractor[]): ForbiddenFact[] {
  return distractors.flatMap((d) => d.misreads);
}
