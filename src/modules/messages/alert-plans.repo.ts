import type { Queryable } from '../../db/client.js';

/**
 * Puts back alerts that a re-plan cancelled (`reason`) and a later one wants again: a booking
 * moved and moved back, a due time changed and changed back. Their keys are taken, so queueing
 * them anew would be skipped. One that could no longer be sent in time stays cancelled.
 */
export async function reviveReplannedAlerts(
  tx: Queryable,
  workspaceId: string,
  keys: readonly string[],
  reason: string,
  at: Date,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE messages SET status = 'pending', status_reason = NULL, next_attempt_at = send_after, updated_at = $4
      WHERE workspace_id = $1 AND idempotency_key = ANY($2::text[]) AND status = 'cancelled'
        AND status_reason = $3 AND (not_after IS NULL OR not_after > $4)
      RETURNING id`,
    [workspaceId, keys, reason, at],
  );
  return rows.length;
}

/** A member who leaves is sent none of the alerts still waiting for them (in the removal's transaction). */
export async function cancelMemberAlerts(
  tx: Queryable,
  workspaceId: string,
  userId: string,
  purposes: readonly string[],
  reason: string,
  at: Date,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE messages SET status = 'cancelled', status_reason = $4, next_attempt_at = NULL, updated_at = $5
      WHERE workspace_id = $1 AND user_id = $2 AND status = 'pending' AND purpose = ANY($3::text[])
      RETURNING id`,
    [workspaceId, userId, purposes, reason, at],
  );
  return rows.length;
}

/** Whether any alert whose key starts with `keyPrefix` was ever queued (whatever became of it). */
export async function alertWasQueued(
  tx: Queryable,
  workspaceId: string,
  keyPrefix: string,
): Promise<boolean> {
  const rows = await tx.query(
    'SELECT 1 FROM messages WHERE workspace_id = $1 AND starts_with(idempotency_key, $2) LIMIT 1',
    [workspaceId, keyPrefix],
  );
  return rows.length > 0;
}
