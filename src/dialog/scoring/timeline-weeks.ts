/**
 * Reads the timeline label stored in an opportunity's facts back into weeks, so a stored
 * opportunity can be re-scored without the call. The engine writes labels that keep the number
 * of weeks ("within 3 months", "by Christmas (about 10 weeks)").
 */
import { phrase } from '../catalogue/index.js';

const WEEKS_PER_UNIT: Record<string, number> = {
  day: 1 / 7,
  week: 1,
  fortnight: 2,
  month: 52 / 12,
  year: 52,
};

/** Weeks until the caller wants to sell, 0 for "as soon as possible", 'flexible', or null when unreadable. */
export function readTimelineWeeks(label: string): number | 'flexible' | null {
  const text = label.toLowerCase();
  if (/\b(?:as soon as possible|asap|straight away|immediately|urgent)\b/.test(text)) return 0;
  const amount = /(\d+(?:\.\d+)?)\s*(day|week|fortnight|month|year)s?\b/.exec(text);
  if (amount !== null) {
    const perUnit = WEEKS_PER_UNIT[amount[2] ?? ''] ?? 1;
    return Math.max(1, Math.round(Number(amount[1]) * perUnit));
  }
  if (/\bthis week\b/.test(text)) return 1;
  if (/\bnext week\b/.test(text)) return 2;
  if (/\b(?:flexible|no rush|no fixed date|no hurry|whenever)\b/.test(text)) return 'flexible';
  return null;
}

/** "wants to sell within 3 months (about 13 weeks)": the caller's words plus the weeks they mean. */
export function describeTimelineWeeks(weeks: number | 'flexible', label: string): string {
  return phrase('score.timeline', { label, weeks });
}
