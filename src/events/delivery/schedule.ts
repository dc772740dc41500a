// The retry schedule (docs/webhooks.md, Retries): exponential backoff with jitter, starting near 30 s and
// doubling, each wait capped at 1 h, until 24 h after the first attempt. Pure: the worker
// passes the time and the random number, so tests walk the whole day without waiting.

export const FIRST_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 60 * 60_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** Each wait is shortened by up to this fraction, so endpoints that fail together retry apart. */
export const JITTER = 0.2;
/** A Retry-After is honoured, but never sooner than this. */
export const MIN_RETRY_AFTER_MS = 1_000;

/** The wait after failed attempt `attempt` (1-based) before jitter: 30 s, 1 min, 2 min, ... 1 h. */
export function baseWaitMs(attempt: number): number {
  const doublings = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(FIRST_WAIT_MS * 2 ** doublings, MAX_WAIT_MS);
}

/** `random` in [0, 1): the wait lands in (base × 0.8, base]. */
export function jitteredWaitMs(attempt: number, random: number): number {
  return Math.round(baseWaitMs(attempt) * (1 - JITTER * random));
}

export type RetryPlan = { kind: 'retry'; at: Date } | { kind: 'give_up' };

export interface FailedAttempt {
  /** How many attempts have been made, this one included. */
  attempt: number;
  firstAttemptAt: Date;
  failedAt: Date;
  /** From a 429 or 503 answer; null otherwise. */
  retryAfterSeconds: number | null;
  random: number;
}

/**
 * When to try again after a failure, or give up. A Retry-After replaces the backoff but is
 * held within [1 s, 1 h]; no attempt is planned past the window, and the last one lands at
 * its very end, so a receiver that recovers within 24 h always gets the event.
 */
export function planRetry(failure: FailedAttempt): RetryPlan {
  const deadline = failure.firstAttemptAt.getTime() + RETRY_WINDOW_MS;
  const failedAt = failure.failedAt.getTime();
  if (failedAt >= deadline) return { kind: 'give_up' };
  const wait =
    failure.retryAfterSeconds === null
      ? jitteredWaitMs(failure.attempt, failure.random)
      : Math.min(Math.max(failure.retryAfterSeconds * 1000, MIN_RETRY_AFTER_MS), MAX_WAIT_MS);
  return { kind: 'retry', at: new Date(Math.min(failedAt + wait, deadline)) };
}

/** Statuses whose Retry-After is read (RFC 9110: 429 Too Many Requests, 503 Service Unavailable). */
export function honoursRetryAfter(status: number | null): boolean {
  return status === 429 || status === 503;
}
