import type { Database, Queryable } from '../db/client.js';
import { notifyLive } from '../events/outbox.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256Hex } from '../lib/secrets.js';
import type { Principal, Role } from './permissions.js';

export const SESSION_COOKIE = 'callagent_session';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would make every read a write; a minute of slack
// on a 12 hour idle limit is harmless.
const TOUCH_AFTER_MS = 60 * 1000;

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** A fresh random id at every sign-in (no fixation); only its hash is stored. */
export async function createSession(
  db: Queryable,
  clock: Clock,
  userId: string,
  workspaceId: string,
): Promise<NewSession> {
  const token = randomToken(32);
  const csrfToken = randomToken(32);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.query(
    `INSERT INTO sessions (workspace_id, id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6)`,
    [workspaceId, sha256Hex(token), userId, csrfToken, now, expiresAt],
  );
  return { token, csrfToken, expiresAt };
}

interface SessionRow {
  id_hash: string;
  user_id: string;
  workspace_id: string;
  csrf_token: string;
  last_seen_at: Date;
  expires_at: Date;
  role: Role | null;
}

/**
 * The principal behind a session cookie, or null when the session is unknown, revoked,
 * idle for 12 h, past its 30 days, or its user is no longer a member of the workspace.
 */
export async function resolveSession(db: Queryable, clock: Clock, token: string): Promise<Principal | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = sha256Hex(token);
  const rows = await db.query<SessionRow>(
    `SELECT s.id_hash, s.user_id, s.workspace_id, s.csrf_token, s.last_seen_at, s.expires_at, m.role
       FROM sessions s
       LEFT JOIN memberships m ON m.workspace_id = s.workspace_id AND m.user_id = s.user_id
      WHERE s.id_hash = $1 AND s.revoked_at IS NULL`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.role === null) return null;
  const now = clock.now().getTime();
  if (now >= row.expires_at.getTime() || now - row.last_seen_at.getTime() >= SESSION_IDLE_MS) return null;
  if (now - row.last_seen_at.getTime() >= TOUCH_AFTER_MS) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [hash, new Date(now)]);
  }
  return {
    kind: 'session',
    userId: row.user_id,
    workspaceId: row.workspace_id,
    role: row.role,
    sessionHash: row.id_hash,
    csrfToken: row.csrf_token,
  };
}

/** Revokes a session; its open event streams end at once (they check again on the notice). */
export async function revokeSession(db: Queryable, clock: Clock, sessionHash: string): Promise<void> {
  const rows = await db.query<{ workspace_id: string; user_id: string }>(
    'UPDATE sessions SET revoked_at = $2 WHERE id_hash = $1 AND revoked_at IS NULL RETURNING workspace_id, user_id',
    [sessionHash, clock.now()],
  );
  const row = rows[0];
  if (row) await notifyLive(db, { w: row.workspace_id, t: 'access', id: row.user_id });
}

/**
 * Revokes every session of a user, in every workspace, with one notice per workspace in the same
 * transaction: the user's open event streams, on every instance, check their session again and
 * end before anything committed later reaches them. Answers how many sessions ended.
 */
export async function revokeUserSessions(
  db: Database,
  clock: Clock,
  userId: string,
  /** A session to keep (the one changing the password); every other one ends. */
  keepHash: string | null = null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ workspace_id: string }>(
      `UPDATE sessions SET revoked_at = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND id_hash IS DISTINCT FROM $3
        RETURNING workspace_id`,
      [userId, clock.now(), keepHash],
    );
    for (const workspaceId of new Set(rows.map((row) => row.workspace_id))) {
      await notifyLive(tx, { w: workspaceId, t: 'access', id: userId });
    }
    return rows.length;
  });
}

/** Cookie attributes of docs/api.md, Browsers. Secure is set even on http://localhost, which browsers accept. */
export function sessionCookieOptions(maxAgeSeconds: number) {
  return { httpOnly: true, secure: true, sameSite: 'lax' as const, path: '/', maxAge: maxAgeSeconds };
}

/** Deletes sessions past their absolute or idle expiry, and revoked ones; answers how many. */
export async function pruneSessions(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(
    'DELETE FROM sessions WHERE expires_at < $1 OR last_seen_at < $2 OR revoked_at IS NOT NULL RETURNING 1',
    [now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  return rows.length;
}
