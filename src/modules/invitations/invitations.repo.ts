import type { Role } from '../../auth/permissions.js';
import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';

export interface InvitationRow {
  workspace_id: string;
  id: string;
  email: string;
  role: Exclude<Role, 'owner'>;
  token_hash: string;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
}

export async function insertInvitation(db: Queryable, row: InvitationRow): Promise<void> {
  await db.query(
    `INSERT INTO invitations (workspace_id, id, email, role, token_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.workspace_id,
      row.id,
      row.email,
      row.role,
      row.token_hash,
      row.invited_by,
      row.created_at,
      row.expires_at,
    ],
  );
}

/** Pending invitations (neither accepted nor expired), newest first unless asc. */
export async function listPendingInvitations(
  db: Queryable,
  workspaceId: string,
  now: Date,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `SELECT * FROM invitations
      WHERE workspace_id = $1 AND accepted_at IS NULL AND expires_at > $2
        AND ${afterId(page.order, 3, 'id', page.after)}
      ORDER BY id ${page.order} LIMIT $4`,
    [workspaceId, now, page.after, page.limit + 1],
  );
}

export async function findInvitation(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<InvitationRow | null> {
  const rows = await db.query<InvitationRow>(
    'SELECT * FROM invitations WHERE workspace_id = $1 AND id = $2',
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

/**
 * Claims an invitation by token: only one acceptance can win, only before it expires, and only
 * while its inviter is still a member whose role is one of `granters` (the roles that may grant
 * the invited one): an invitation is worth no more than its inviter's standing now.
 */
export async function claimInvitation(
  db: Queryable,
  tokenHash: string,
  now: Date,
  userId: string,
  granters: readonly Role[],
): Promise<InvitationRow | null> {
  const rows = await db.query<InvitationRow>(
    `UPDATE invitations i SET accepted_at = $2, accepted_by = $3
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2
        AND EXISTS (SELECT 1 FROM memberships m
                     WHERE m.workspace_id = i.workspace_id AND m.user_id = i.invited_by
                       AND m.role = ANY($4::text[]))
      RETURNING i.*`,
    [tokenHash, now, userId, granters],
  );
  return rows[0] ?? null;
}

/** An open invitation with what accepting it depends on: its inviter's role now and its workspace. */
export interface OpenInvitationRow extends InvitationRow {
  /** null once the inviter has left the workspace. */
  inviter_role: Role | null;
  workspace_name: string;
  operator_managed: boolean;
}

export async function findOpenInvitationByToken(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<OpenInvitationRow | null> {
  const rows = await db.query<OpenInvitationRow>(
    `SELECT i.*, m.role AS inviter_role, w.name AS workspace_name, w.operator_managed
       FROM invitations i
       JOIN workspaces w ON w.id = i.workspace_id
       LEFT JOIN memberships m ON m.workspace_id = i.workspace_id AND m.user_id = i.invited_by
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

/**
 * Withdraws the pending invitations `invitedBy` made for a role outside `grantable` (all of them
 * when it is empty): in the transaction that removes or demotes them. Answers their ids.
 */
export async function withdrawInvitationsBeyond(
  db: Queryable,
  workspaceId: string,
  invitedBy: string,
  grantable: readonly Role[],
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM invitations
      WHERE workspace_id = $1 AND invited_by = $2 AND accepted_at IS NULL AND NOT (role = ANY($3::text[]))
      RETURNING id`,
    [workspaceId, invitedBy, grantable],
  );
  return rows.map((r) => r.id);
}

export async function deleteInvitation(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM invitations WHERE workspace_id = $1 AND id = $2 AND accepted_at IS NULL RETURNING id',
    [workspaceId, id],
  );
  return rows.length > 0;
}

/** Deletes invitations accepted or expired before `before`; answers how many. */
export async function deleteSettledInvitations(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query(
    'DELETE FROM invitations WHERE (accepted_at IS NOT NULL AND accepted_at < $1) OR expires_at < $1 RETURNING 1',
    [before],
  );
  return rows.length;
}
