import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.js';
import { createTokenBuckets } from '../http/rate-limit.js';
import type { Clock } from '../lib/clock.js';
import { clientNetwork } from '../lib/network.js';

const MINUTE_MS = 60_000;

/**
 * Failed authentications (a missing, malformed, unknown or revoked key; a missing, expired or
 * ended session) are limited per client network, in each instance: past `perMinute` a minute,
 * in bursts of up to that many, they answer 429 in place of 401. Only failures take from the
 * bucket, so valid credentials from the same address are never slowed, and a valid request does
 * no more work than before. Answers what to throw in place of `error`; `perMinute` 0 turns it off.
 */
export function limitFailedAuthentication(
  clock: Clock,
  perMinute: number,
): (request: FastifyRequest, error: unknown) => unknown {
  const buckets = createTokenBuckets(clock);
  return (request, error) => {
    if (perMinute <= 0 || !(error instanceof ApiError) || error.code !== 'unauthenticated') return error;
    const { taken, waitMs } = buckets.take(clientNetwork(request.ip), perMinute, MINUTE_MS);
    if (taken) return error;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new ApiError(
      'rate_limited',
      `Too many requests without valid credentials from this address; try again in ${seconds} s.`,
      { headers: { 'Retry-After': String(seconds) } },
    );
  };
}
