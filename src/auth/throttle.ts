import type { Queryable } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in attempts allowed in a window (docs/api.md, "Sign-in throttling"): per email from one
 * address, per address across emails (one password tried on many accounts), and per email across
 * addresses (guesses spread over many), looser since it is the one a stranger can fill.
 */
export const SIGN_IN_LIMITS = { pair: 5, address: 20, email: 20 } as const;
type ThrottleKind = keyof typeof SIGN_IN_LIMITS;

export interface SignInAttempt {
  email: string;
  /** The client's network (src/lib/network.ts). */
  network: string;
  /** The user behind the email has signed in from this network before. */
  knownNetwork: boolean;
}

/** The keys an attempt was counted on; a successful sign-in settles them (clearSignInFailures). */
export interface CountedAttempt {
  pair: string;
  shared: string[];
}

/**
 * Counts the attempt, before its password is checked, and refuses it (429) once a key is past its
 * limit. Each key is counted by one statement that increments it and answers the count: the row
 * lock makes concurrent attempts, on every instance, take their numbers one after another, so a
 * burst gets no more checks than the limit. The keys are counted narrowest first and counting
 * stops at a refusal, so a guesser held back on their own key adds nothing to the email's: it
 * takes several addresses to fill it. A known network skips the address and email keys: a
 * guesser elsewhere, or a neighbour behind the same address, cannot shut the owner out, while
 * their own key still holds back a guesser who shares it.
 */
export async function countSignInAttempt(
  db: Queryable,
  clock: Clock,
  attempt: SignInAttempt,
): Promise<CountedAttempt> {
  const email = attempt.email.toLowerCase();
  const counted: CountedAttempt = { pair: `pair:${email}|${attempt.network}`, shared: [] };
  const keys: [string, ThrottleKind][] = [[counted.pair, 'pair']];
  if (!attempt.knownNetwork) keys.push([`addr:${attempt.network}`, 'address'], [`email:${email}`, 'email']);
  const now = clock.now();
  for (const [key, kind] of keys) {
    const windowEnd = await countOn(db, key, now, SIGN_IN_LIMITS[kind]);
    if (windowEnd !== null) {
      const seconds = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
      throw new ApiError('rate_limited', `Too many sign-in attempts; try again in ${seconds} s.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    }
    if (kind !== 'pair') counted.shared.push(key);
  }
  return counted;
}

/** Counts one attempt on a key; answers when its window ends if the count is past `limit`. */
async function countOn(db: Queryable, key: string, now: Date, limit: number): Promise<Date | null> {
  const rows = await db.query<{ attempts: number; window_started_at: Date }>(
    `INSERT INTO auth_throttle AS t (key, attempts, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN t.window_started_at <= $3 THEN 1 ELSE t.attempts + 1 END,
       window_started_at = CASE WHEN t.window_started_at <= $3 THEN $2 ELSE t.window_started_at END
     RETURNING attempts, window_started_at`,
    [key, now, new Date(now.getTime() - THROTTLE_WINDOW_MS)],
  );
  const row = rows[0];
  if (!row || row.attempts <= limit) return null;
  return new Date(row.window_started_at.getTime() + THROTTLE_WINDOW_MS);
}

/**
 * A successful sign-in clears its email and address's count, and gives back the attempt it took
 * from the shared ones: people signing in from one office must not use up its allowance.
 */
export async function clearSignInFailures(db: Queryable, counted: CountedAttempt): Promise<void> {
  await db.query(
    `WITH cleared AS (DELETE FROM auth_throttle WHERE key = $1)
     UPDATE auth_throttle SET attempts = attempts - 1 WHERE key = ANY($2::text[]) AND attempts > 0`,
    [counted.pair, counted.shared],
  );
}

/** Deletes throttles whose window is over; answers how many. */
export async function pruneThrottles(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('DELETE FROM auth_throttle WHERE window_started_at <= $1 RETURNING 1', [
    new Date(now.getTime() - THROTTLE_WINDOW_MS),
  ]);
  return rows.length;
}

/**
 * Password reset requests allowed in a window (docs/api.md, "Forgotten password"): per address
 * across emails (one client asking about many accounts) and per email across addresses (someone
 * filling a person's inbox). Counted whether or not the email has an account, so a refusal tells
 * nothing about it.
 */
export const PASSWORD_RESET_LIMITS = { address: 20, email: 5 } as const;

/** Counts a reset request on its address, then its email; 429 past a limit (as sign-in). */
export async function countPasswordResetRequest(
  db: Queryable,
  clock: Clock,
  request: { email: string; network: string },
): Promise<void> {
  const now = clock.now();
  const keys: [string, number][] = [
    [`reset-addr:${request.network}`, PASSWORD_RESET_LIMITS.address],
    [`reset-email:${request.email.toLowerCase()}`, PASSWORD_RESET_LIMITS.email],
  ];
  for (const [key, limit] of keys) {
    const windowEnd = await countOn(db, key, now, limit);
    if (windowEnd !== null) {
      const seconds = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
      throw new ApiError('rate_limited', `Too many password reset requests; try again in ${seconds} s.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    }
  }
}
