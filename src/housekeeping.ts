import type { Logger } from 'pino';
import { SESSION_IDLE_MS } from './auth/sessions.js';
import { THROTTLE_WINDOW_MS } from './auth/throttle.js';
import type { Database } from './db/client.js';
import { REPLAY_WINDOW_MS } from './http/idempotency.js';
import type { Clock } from './lib/clock.js';

const DAY = 24 * 60 * 60 * 1000;
/** Used or expired invitations are kept a while so an admin can see what happened to them. */
const INVITATION_KEEP_MS = 30 * DAY;
const EVERY_MS = 10 * 60 * 1000;

export interface Pruned {
  idempotency_keys: number;
  sessions: number;
  auth_throttle: number;
  invitations: number;
}

/**
 * Deletes rows that can no longer mean anything: replay records past their 24 h window,
 * sessions past their absolute or idle expiry (or revoked), sign-in throttles whose window and
 * hold-back are over, and invitations used or expired a month ago.
 */
export async function pruneExpired(db: Database, now: Date): Promise<Pruned> {
  const at = now.getTime();
  const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length;
  return {
    idempotency_keys: await count('DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1', [
      new Date(at - REPLAY_WINDOW_MS),
    ]),
    sessions: await count(
      'DELETE FROM sessions WHERE expires_at < $1 OR last_seen_at < $2 OR revoked_at IS NOT NULL RETURNING 1',
      [now, new Date(at - SESSION_IDLE_MS)],
    ),
    auth_throttle: await count(
      'DELETE FROM auth_throttle WHERE window_started_at < $1 AND (blocked_until IS NULL OR blocked_until < $2) RETURNING 1',
      [new Date(at - THROTTLE_WINDOW_MS), now],
    ),
    invitations: await count(
      'DELETE FROM invitations WHERE (accepted_at IS NOT NULL AND accepted_at < $1) OR expires_at < $1 RETURNING 1',
      [new Date(at - INVITATION_KEEP_MS)],
    ),
  };
}

/** Prunes now and every ten minutes until stopped. A failed run is logged and tried again later. */
export function startHousekeeping(deps: { db: Database; clock: Clock; logger: Logger }): () => void {
  const run = () => {
    pruneExpired(deps.db, deps.clock.now()).then(
      (pruned) => deps.logger.debug({ pruned }, 'housekeeping'),
      (error: unknown) => deps.logger.warn({ err: error }, 'housekeeping failed'),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
