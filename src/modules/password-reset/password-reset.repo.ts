import type { Queryable } from '../../db/client.js';

export interface PasswordResetRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * A new reset for a user, in place of any they had not used: only the latest link works. The
 * earlier ones are deleted rather than marked, as nothing else refers to them.
 */
export async function replacePasswordReset(tx: Queryable, row: PasswordResetRow): Promise<void> {
  await tx.query(
    `WITH revoked AS (DELETE FROM password_resets WHERE user_id = $2 AND used_at IS NULL)
     INSERT INTO password_resets (id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [row.id, row.user_id, row.token_hash, row.created_at, row.expires_at],
  );
}

/**
 * The statement a request for an unknown email runs in place of replacePasswordReset: it finds
 * nothing, but costs what that one does, so the answer takes as long.
 */
export async function replaceNoPasswordReset(tx: Queryable, tokenHash: string): Promise<void> {
  await tx.query('DELETE FROM password_resets WHERE token_hash = $1 AND used_at IS NULL', [tokenHash]);
}

/**
 * Uses a reset by its token's hash: only one use can win, and only before it expires. Answers the
 * user whose password it resets, or null for an unknown, used or expired token.
 */
export async function claimPasswordReset(
  tx: Queryable,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const rows = await tx.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING user_id`,
    [tokenHash, now],
  );
  return rows[0]?.user_id ?? null;
}

/** Deletes resets that expired before `before`, used or not; answers how many. */
export async function prunePasswordResets(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM password_resets WHERE expires_at < $1 RETURNING 1', [before]);
  return rows.length;
}
