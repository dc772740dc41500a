/** Counts of a run of cases: per slot and overall, and per answer key for slots with several parts. */
import type { SlotName } from '../../../src/dialog/slots/index.js';
import { QUESTION_ORDER } from './generate.js';
import type { CaseResult } from './run-case.js';
import type { Case, FactKey } from './types.js';

export interface Tally {
  cases: number;
  right: number;
  wrong: number;
  missed: number;
  /** Cases where the turn took at least one distractor as a fact. */
  falseFacts: number;
  /** Cases where the turn ended the qualification of a seller. */
  lost: number;
}

export interface HalfTally {
  bySlot: Map<SlotName, Tally>;
  all: Tally;
  /** Per answer key (postcode, address, district, ...): facts and how many were right. */
  byKey: Map<FactKey, { facts: number; right: number }>;
}

function emptyTally(): Tally {
  return { cases: 0, right: 0, wrong: 0, missed: 0, falseFacts: 0, lost: 0 };
}

function add(t: Tally, r: CaseResult): void {
  t.cases++;
  t[r.outcome]++;
  if (r.falseFacts.length > 0) t.falseFacts++;
  if (r.lost) t.lost++;
}

export function tallyResults(results: readonly { c: Case; r: CaseResult }[]): HalfTally {
  const bySlot = new Map<SlotName, Tally>(QUESTION_ORDER.map((slot) => [slot, emptyTally()]));
  const all = emptyTally();
  const byKey = new Map<FactKey, { facts: number; right: number }>();
  for (const { c, r } of results) {
    const slot = bySlot.get(c.slot) ?? emptyTally();
    bySlot.set(c.slot, slot);
    add(slot, r);
    add(all, r);
    for (const fact of r.facts) {
      const k = byKey.get(fact.key) ?? { facts: 0, right: 0 };
      k.facts++;
      if (fact.outcome === 'right') k.right++;
      byKey.set(fact.key, k);
    }
  }
  return { bySlot, all, byKey };
}

/** Counts of a run of cases grouped by `keyOf` (what was asked, say), in the order first seen. */
export function tallyBy<K>(
  results: readonly { c: Case; r: CaseResult }[],
  keyOf: (c: Case) => K,
): Map<K, Tally> {
  const by = new Map<K, Tally>();
  for (const { c, r } of results) {
    const t = by.get(keyOf(c)) ?? emptyTally();
    by.set(keyOf(c), t);
    add(t, r);
  }
  return by;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** A table row: cases, right %, wrong %, missed %, false facts, lost. */
export function tallyCells(t: Tally): string[] {
  return [
    String(t.cases),
    percent(t.right, t.cases),
    percent(t.wrong, t.cases),
    percent(t.missed, t.cases),
    String(t.falseFacts),
    String(t.lost),
  ];
}
