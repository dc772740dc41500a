import type { Database, Queryable } from '../../db/client.js';

export interface CalendarFeedRow {
  workspace_id: string;
  id: string;
  user_id: string;
  token_hash: string;
  token_ciphertext: string;
  scope: 'all' | 'mine';
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** The person's live feed in the workspace, if any. */
export async function findLiveFeed(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<CalendarFeedRow | null> {
  const rows = await db.query<CalendarFeedRow>(
    'SELECT * FROM calendar_feeds WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL',
    [workspaceId, userId],
  );
  return rows[0] ?? null;
}

/** Revokes the person's live feed (if any) and stores the new one, in one transaction. */
export async function replaceFeed(db: Database, row: CalendarFeedRow, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeFeed(tx, row.workspace_id, row.user_id, at);
    await tx.query(
      `INSERT INTO calendar_feeds (workspace_id, id, user_id, token_hash, token_ciphertext, scope, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row.workspace_id,
        row.id,
        row.user_id,
        row.token_hash,
        row.token_ciphertext,
        row.scope,
        row.created_at,
      ],
    );
  });
}

/** True when there was a live feed to revoke. */
export async function revokeFeed(
  db: Queryable,
  workspaceId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE calendar_feeds SET revoked_at = $3
      WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
    [workspaceId, userId, at],
  );
  return rows.length > 0;
}

/**
 * The live feed behind a token's hash, only while its owner is still a member of the workspace:
 * removing someone stops their feed at once, as it ends their sessions.
 */
export async function findFeedByHash(db: Queryable, tokenHash: string): Promise<CalendarFeedRow | null> {
  const rows = await db.query<CalendarFeedRow>(
    `SELECT f.* FROM calendar_feeds f
       JOIN memberships m ON m.workspace_id = f.workspace_id AND m.user_id = f.user_id
      WHERE f.token_hash = $1 AND f.revoked_at IS NULL`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function touchFeed(db: Queryable, row: CalendarFeedRow, at: Date): Promise<void> {
  await db.query('UPDATE calendar_feeds SET last_used_at = $3 WHERE workspace_id = $1 AND id = $2', [
    row.workspace_id,
    row.id,
    at,
  ]);
}
