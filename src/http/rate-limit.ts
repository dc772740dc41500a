import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { ApiError } from './errors.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets idle this long are full again and can be forgotten. */
const FORGET_AFTER_MS = 60_000;

/**
 * A token bucket per credential (API key, or signed-in user in a workspace) and, for requests
 * without one, per client address: `perMinute` requests a minute, in bursts of up to that many.
 * Kept in the process (each instance limits on its own), so it bounds load, not billing.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /** 0 when the request may go ahead, otherwise the seconds to wait. */
  take(key: string): number {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const rate = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * rate);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate / 1000));
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < FORGET_AFTER_MS) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt > FORGET_AFTER_MS) this.buckets.delete(key);
    }
  }
}

function limitKey(request: FastifyRequest): string {
  const p = request.principal;
  if (p?.kind === 'key') return `key:${p.keyId}`;
  if (p?.kind === 'session') return `user:${p.userId}:${p.workspaceId}`;
  return `addr:${request.ip}`;
}

/** Limits /api/v1 requests; runs after authentication so a credential is limited as itself. */
export function registerRateLimit(app: FastifyInstance, perMinute: number, clock: Clock): void {
  if (perMinute <= 0) return;
  const limiter = new RateLimiter(perMinute, clock);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/v1/')) return;
    const wait = limiter.take(limitKey(request));
    if (wait > 0) {
      throw new ApiError(
        'rate_limited',
        `Too many requests; at most ${perMinute} a minute. Try again in ${wait} s.`,
        {
          headers: { 'Retry-After': String(wait) },
        },
      );
    }
  });
}
