import type { Queryable } from '../../db/client.js';

export interface MemberNotificationsRow {
  workspace_id: string;
  user_id: string;
  mobile: string | null;
  alerts: Record<string, unknown>;
  updated_at: Date;
}

/** A member's own alert settings in a workspace; null when they never chose (the defaults apply). */
export async function findMemberNotifications(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<MemberNotificationsRow | null> {
  const rows = await db.query<MemberNotificationsRow>(
    'SELECT * FROM member_notifications WHERE workspace_id = $1 AND user_id = $2',
    [workspaceId, userId],
  );
  return rows[0] ?? null;
}

/** Locks a member's row (or nothing) so two saves of the same settings apply one after the other. */
export async function lockMemberNotifications(
  tx: Queryable,
  workspaceId: string,
  userId: string,
): Promise<MemberNotificationsRow | null> {
  const rows = await tx.query<MemberNotificationsRow>(
    'SELECT * FROM member_notifications WHERE workspace_id = $1 AND user_id = $2 FOR UPDATE',
    [workspaceId, userId],
  );
  return rows[0] ?? null;
}

export async function saveMemberNotifications(tx: Queryable, row: MemberNotificationsRow): Promise<void> {
  await tx.query(
    `INSERT INTO member_notifications (workspace_id, user_id, mobile, alerts, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (workspace_id, user_id) DO UPDATE
       SET mobile = EXCLUDED.mobile, alerts = EXCLUDED.alerts, updated_at = EXCLUDED.updated_at`,
    [row.workspace_id, row.user_id, row.mobile, JSON.stringify(row.alerts), row.updated_at],
  );
}

/** A member who leaves takes their mobile and choices with them (in the removal's transaction). */
export async function deleteMemberNotifications(
  tx: Queryable,
  workspaceId: string,
  userId: string,
): Promise<void> {
  await tx.query('DELETE FROM member_notifications WHERE workspace_id = $1 AND user_id = $2', [
    workspaceId,
    userId,
  ]);
}
