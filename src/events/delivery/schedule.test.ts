import { describe, expect, it } from 'vitest';
import { baseWaitMs, honoursRetryAfter, jitteredWaitMs, planRetry, RETRY_WINDOW_MS } from './schedule.js';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('baseWaitMs', () => {
  it.each([
    [1, 30 * S],
    [2, MIN],
    [3, 2 * MIN],
    [4, 4 * MIN],
    [5, 8 * MIN],
    [6, 16 * MIN],
    [7, 32 * MIN],
    [8, H],
    [9, H],
    [40, H],
  ])('after attempt %i waits %i ms', (attempt, wait) => {
    expect(baseWaitMs(attempt)).toBe(wait);
  });
});

describe('jitteredWaitMs', () => {
  it('shortens by at most 20 %, never lengthens', () => {
    expect(jitteredWaitMs(1, 0)).toBe(30 * S);
    expect(jitteredWaitMs(1, 0.999999)).toBe(24 * S);
    expect(jitteredWaitMs(8, 0.5)).toBe(0.9 * H);
    for (let i = 0; i < 200; i++) {
      const wait = jitteredWaitMs(8, Math.random());
      expect(wait).toBeGreaterThan(0.8 * H - 1);
      expect(wait).toBeLessThanOrEqual(H);
    }
  });
});

describe('planRetry', () => {
  const first = new Date('2026-11-21T09:00:00.000Z');
  const at = (ms: number) => new Date(first.getTime() + ms);

  it('retries on the backoff after an ordinary failure', () => {
    const plan = planRetry({
      attempt: 1,
      firstAttemptAt: first,
      failedAt: at(0),
      retryAfterSeconds: null,
      random: 0,
    });
    expect(plan).toEqual({ kind: 'retry', at: at(30 * S) });
  });

  it.each([
    [120, 2 * MIN],
    [0, S],
    [5, 5 * S],
    [86_400, H],
  ])('holds Retry-After %i s within [1 s, 1 h] (%i ms)', (seconds, wait) => {
    const plan = planRetry({
      attempt: 3,
      firstAttemptAt: first,
      failedAt: at(10 * MIN),
      retryAfterSeconds: seconds,
      random: 0,
    });
    expect(plan).toEqual({ kind: 'retry', at: at(10 * MIN + wait) });
  });

  it('never plans past the 24 h window, landing the last attempt at its end', () => {
    const plan = planRetry({
      attempt: 30,
      firstAttemptAt: first,
      failedAt: at(RETRY_WINDOW_MS - 10 * MIN),
      retryAfterSeconds: null,
      random: 0,
    });
    expect(plan).toEqual({ kind: 'retry', at: at(RETRY_WINDOW_MS) });
  });

  it('gives up on a failure at or after the end of the window', () => {
    for (const failedAt of [RETRY_WINDOW_MS, RETRY_WINDOW_MS + H]) {
      const plan = planRetry({
        attempt: 31,
        firstAttemptAt: first,
        failedAt: at(failedAt),
        retryAfterSeconds: 5,
        random: 0,
      });
      expect(plan).toEqual({ kind: 'give_up' });
    }
  });

  it('walks a whole day of failures in about 31 attempts, the gaps doubling then held at 1 h', () => {
    const times: number[] = [0];
    for (let attempt = 1; ; attempt++) {
      const plan = planRetry({
        attempt,
        firstAttemptAt: first,
        failedAt: at(times[times.length - 1] ?? 0),
        retryAfterSeconds: null,
        random: 0,
      });
      if (plan.kind === 'give_up') break;
      times.push(plan.at.getTime() - first.getTime());
    }
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(gaps.slice(0, 8)).toEqual([30 * S, MIN, 2 * MIN, 4 * MIN, 8 * MIN, 16 * MIN, 32 * MIN, H]);
    expect(times[times.length - 1]).toBe(RETRY_WINDOW_MS);
    expect(times.length).toBe(31);
    expect(Math.max(...gaps)).toBe(H);
  });

  it('reads Retry-After only from 429 and 503', () => {
    expect([429, 503, 500, 410, null].map(honoursRetryAfter)).toEqual([true, true, false, false, false]);
  });
});
