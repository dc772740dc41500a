/**
 * Timeline buckets for the cases, and the weeks from the benchmark's clock (Thursday 3 April
 * 2025, the fixtures' BST_NOW) to a date a caller names.
 */
import { BST_NOW } from '../dialog/fixtures.js';
import type { ExpectedFact, TimelineBucket } from './types.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;

export const ASAP: TimelineBucket = { kind: 'asap' };
export const FLEXIBLE: TimelineBucket = { kind: 'flexible' };

export function weeks(min: number, max: number): TimelineBucket {
  return { kind: 'weeks', min, max };
}

/** Weeks from the clock to a day of 2025 (or 2026 once it has passed), give or take `slack`. */
export function weeksUntil(month: number, day: number, slack = 2): TimelineBucket {
  const year = new Date(Date.UTC(2025, month - 1, day)) < BST_NOW ? 2026 : 2025;
  const until = (Date.UTC(year, month - 1, day) - BST_NOW.getTime()) / WEEK_MS;
  return weeks(Math.max(0, Math.floor(until) - slack), Math.ceil(until) + slack);
}

export function timeline(bucket: TimelineBucket): ExpectedFact {
  return { key: 'timeline', value: bucket };
}

/** A bucket that also accepts the other reading of an ambiguous answer ("asap, within the month"). */
export function timelineEither(bucket: TimelineBucket, other: TimelineBucket): ExpectedFact {
  return { key: 'timeline', value: bucket, also: [other] };
}
