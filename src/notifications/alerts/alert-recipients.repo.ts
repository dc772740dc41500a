import type { Role } from '../../auth/permissions.js';
import type { Queryable } from '../../db/client.js';

export interface MemberNotificationRow {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  mobile: string | null;
  /** Null: the member never chose (the defaults apply). */
  alerts: Record<string, unknown> | null;
}

/**
 * The members an alert may go to, with their settings: the one named (when they are still a
 * member), or everyone in the workspace when `userId` is null.
 */
export function alertCandidates(
  db: Queryable,
  workspaceId: string,
  userId: string | null,
): Promise<MemberNotificationRow[]> {
  return db.query<MemberNotificationRow>(
    `SELECT m.user_id, u.email, u.name, m.role, n.mobile, n.alerts
       FROM memberships m
       JOIN users u ON u.id = m.user_id
       LEFT JOIN member_notifications n ON n.workspace_id = m.workspace_id AND n.user_id = m.user_id
      WHERE m.workspace_id = $1 AND ($2::text IS NULL OR m.user_id = $2)
      ORDER BY m.joined_at, m.user_id`,
    [workspaceId, userId],
  );
}

/**
 * The number the workspace's texts go from: a Twilio number whose account SID is known (needed
 * to send), the first registered. Null: the workspace cannot text.
 */
export async function textingNumber(db: Queryable, workspaceId: string): Promise<string | null> {
  const rows = await db.query<{ number: string }>(
    `SELECT number FROM phone_numbers
      WHERE workspace_id = $1 AND provider = 'twilio' AND account_sid_ciphertext IS NOT NULL
      ORDER BY created_at, id LIMIT 1`,
    [workspaceId],
  );
  return rows[0]?.number ?? null;
}
