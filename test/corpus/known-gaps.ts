/**
 * Corpus calls the agent does not yet get right, by clock time, each with what it does wrong.
 * Each reason is the first check the call fails (`npm run bench -- conversations --known-gaps`
 * prints them afresh). They run with it.fails, so the suite stays green while they fail and turns red when one is
 * fixed: remove it from here then. This list only shrinks.
 */
import type { CorpusCall } from './types.js';

/** Call id → clock id (or '*' for every clock time) → what the agent does wrong. */
export const KNOWN_GAPS: Readonly<Record<string, Readonly<Record<string, string>>>> = {};

export function knownGap(call: CorpusCall, clockId: string): string | undefined {
  const gaps = KNOWN_GAPS[call.id];
  return gaps?.[clockId] ?? gaps?.['*'];
}
