import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { ApiError } from './errors.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets idle this long are full again and can be forgotten. */
const FORGET_AFTER_MS = 60_000;

type IncrResult = { current: number; ttl: number };

/**
 * Token buckets on the injected clock: `max` tokens a window, in bursts of up to that many, with
 * no double burst at a window's edge, and tests move time instead of waiting. `take` answers
 * whether a token was there, the tokens left, and how long until the next one.
 */
export function createTokenBuckets(clock: Clock) {
  const buckets = new Map<string, Bucket>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < FORGET_AFTER_MS) return;
    lastSweep = now;
    for (const [key, bucket] of buckets) if (now - bucket.updatedAt > FORGET_AFTER_MS) buckets.delete(key);
  };
  return {
    take(key: string, max: number, windowMs: number): { taken: boolean; left: number; waitMs: number } {
      const now = clock.now().getTime();
      sweep(now);
      const perMs = max / windowMs;
      const bucket = buckets.get(key) ?? { tokens: max, updatedAt: now };
      bucket.tokens = Math.min(max, bucket.tokens + (now - bucket.updatedAt) * perMs);
      bucket.updatedAt = now;
      buckets.set(key, bucket);
      const taken = bucket.tokens >= 1;
      if (taken) bucket.tokens -= 1;
      return { taken, left: bucket.tokens, waitMs: Math.ceil((1 - bucket.tokens) / perMs) };
    },
  };
}

/**
 * @fastify/rate-limit counts fixed windows by the wall clock; this store gives it the token
 * buckets above instead. It answers in the plugin's terms: `current` above `max` refuses, and
 * `ttl` is how long until a token is there.
 */
export function tokenBucketStore(clock: Clock) {
  const buckets = createTokenBuckets(clock);
  return class TokenBucketStore {
    incr(
      key: string,
      done: (error: Error | null, result?: IncrResult) => void,
      windowMs: number,
      max: number,
    ) {
      const { taken, left, waitMs } = buckets.take(key, max, windowMs);
      if (taken) {
        done(null, { current: max - Math.floor(left), ttl: Math.ceil(((max - left) * windowMs) / max) });
        return;
      }
      done(null, { current: max + 1, ttl: Math.max(1_000, waitMs) });
    }

    child() {
      return this;
    }
  };
}

function limitKey(request: FastifyRequest): string {
  const p = request.principal;
  if (p?.kind === 'key') return `key:${p.keyId}`;
  if (p?.kind === 'session') return `user:${p.userId}:${p.workspaceId}`;
  // A WebSocket injected in tests has no address; it is never under /api/v1 anyway.
  return `addr:${request.ip ?? 'unknown'}`;
}

/**
 * Limits /api/v1 requests with @fastify/rate-limit: per API key, per signed-in user in a
 * workspace, or per client address without credentials. Its hook runs after authentication
 * (route hooks follow the app's), so a credential is limited as itself. Kept in the process:
 * each instance limits on its own, which bounds load, not billing.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  clock: Clock,
): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    store: tokenBucketStore(clock),
    keyGenerator: limitKey,
    allowList: (request) => !request.url.startsWith('/api/v1/'),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => {
      const wait = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(
        'rate_limited',
        `Too many requests; at most ${perMinute} a minute. Try again in ${wait} s.`,
        {
          headers: { 'Retry-After': String(wait) },
        },
      );
    },
  });
}
