/**
 * The reading a summary check works by (check-model-summary.ts): the text is scanned kind by
 * kind, each thing it names (a phone number, a score, a time, a sum) is judged against the
 * record and, when the record holds it, blanked out, so what is left for the later, broader
 * scans (any figure at all) is only what no earlier scan accounted for.
 */
import type { SummaryRecord } from './summary-record.js';

/** Why a summary was refused: the kind of thing in it the record does not hold. */
export const SUMMARY_FLAWS = [
  'characters',
  'link',
  'instruction',
  'payment',
  'account',
  'phone',
  'postcode',
  'score',
  'outcome',
  'money',
  'time',
  'date',
  'figure',
] as const;
export type SummaryFlaw = (typeof SUMMARY_FLAWS)[number];

export interface Scan {
  /** The text still to account for, lower case; judged parts are blanked out. */
  text: string;
  record: SummaryRecord;
}

/**
 * Judges each match of `pattern` (global): true, the record holds it and it is blanked out;
 * false (or a flaw of its own), the summary is refused; null, not this scan's kind, left for a
 * later one.
 */
export function judge(
  scan: Scan,
  pattern: RegExp,
  flaw: SummaryFlaw,
  verdict: (match: RegExpExecArray) => boolean | SummaryFlaw | null,
): SummaryFlaw | null {
  let kept = '';
  let from = 0;
  for (const match of scan.text.matchAll(pattern)) {
    const held = verdict(match);
    if (held === false) return flaw;
    if (typeof held === 'string') return held;
    if (held === true) {
      kept += `${scan.text.slice(from, match.index)} `;
      from = match.index + match[0].length;
    }
  }
  scan.text = kept + scan.text.slice(from);
  return null;
}

/** The summary is refused for `flaw` when any pattern matches what is left. */
export function refuse(scan: Scan, patterns: readonly RegExp[], flaw: SummaryFlaw): SummaryFlaw | null {
  return patterns.some((p) => p.test(scan.text)) ? flaw : null;
}

/** "£1,200.50" → 1200.5 */
export function numberOf(digits: string): number {
  return Number(digits.replace(/,/g, ''));
}
