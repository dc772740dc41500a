import type { Queryable } from '../db/client.js';
import type { Clock } from '../lib/clock.js';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per window before an email (or address) is held back. */
export const EMAIL_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
const MAX_BLOCK_MS = 15 * 60 * 1000;

interface ThrottleRow {
  failures: number;
  window_started_at: Date;
  blocked_until: Date | null;
}

/** Seconds the key must wait, or 0. */
export async function secondsBlocked(db: Queryable, clock: Clock, key: string): Promise<number> {
  const rows = await db.query<ThrottleRow>(
    'SELECT failures, window_started_at, blocked_until FROM auth_throttle WHERE key = $1',
    [key],
  );
  const until = rows[0]?.blocked_until;
  if (!until) return 0;
  const ms = until.getTime() - clock.now().getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/**
 * Counts a failed sign-in. Past the limit each further failure doubles the hold-back
 * (1 s, 2 s, 4 s ... up to 15 minutes), so guessing slows to a crawl while a person who
 * mistypes a few times is not locked out. Stored in the database so every instance agrees.
 */
export async function recordFailure(db: Queryable, clock: Clock, key: string, limit: number): Promise<void> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const rows = await db.query<{ failures: number }>(
    `INSERT INTO auth_throttle (key, failures, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN auth_throttle.window_started_at < $3 THEN 1 ELSE auth_throttle.failures + 1 END,
       window_started_at = CASE WHEN auth_throttle.window_started_at < $3 THEN $2 ELSE auth_throttle.window_started_at END
     RETURNING failures`,
    [key, now, windowStart],
  );
  const failures = rows[0]?.failures ?? 1;
  if (failures >= limit) {
    const blockMs = Math.min(MAX_BLOCK_MS, 1000 * 2 ** (failures - limit));
    await db.query('UPDATE auth_throttle SET blocked_until = $2 WHERE key = $1', [
      key,
      new Date(now.getTime() + blockMs),
    ]);
  }
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
}

/** Deletes throttles whose window and hold-back are both over; answers how many. */
export async function pruneThrottles(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(
    'DELETE FROM auth_throttle WHERE window_started_at < $1 AND (blocked_until IS NULL OR blocked_until < $2) RETURNING 1',
    [new Date(now.getTime() - THROTTLE_WINDOW_MS), now],
  );
  return rows.length;
}
