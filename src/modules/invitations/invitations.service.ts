import { grantableRoles, type Role } from '../../auth/permissions.js';
import type { SessionPrincipal } from '../../auth/principal.js';
import type { Database, Queryable } from '../../db/client.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import { findMember, findUserByEmail } from '../workspaces/workspaces.repo.js';
import { type InvitationRow, insertInvitation, withdrawInvitationsBeyond } from './invitations.repo.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PREFIX = 'cai_';

export async function inviteMember(
  db: Database,
  clock: Clock,
  actor: SessionPrincipal,
  input: { email: string; role: Exclude<Role, 'owner'> },
): Promise<{ invitation: InvitationRow; token: string }> {
  if (!grantableRoles(actor.role).includes(input.role))
    throw new ApiError('forbidden', `Your role cannot invite a ${input.role}.`);
  const existing = await findUserByEmail(db, input.email);
  if (existing && (await findMember(db, actor.workspaceId, existing.id))) {
    throw new ApiError('conflict', `${input.email} is already a member of this workspace.`);
  }
  const now = clock.now();
  const token = `${INVITE_PREFIX}${randomToken(32)}`;
  const invitation: InvitationRow = {
    workspace_id: actor.workspaceId,
    id: newId('inv', now.getTime()),
    email: input.email,
    role: input.role,
    token_hash: sha256Hex(token),
    invited_by: actor.userId,
    created_at: now,
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    accepted_at: null,
    accepted_by: null,
  };
  await insertInvitation(db, invitation);
  return { invitation, token };
}

/**
 * Withdraws the pending invitations of a member who leaves (`role` null) or whose new role can no
 * longer grant what they invited, in the caller's transaction: an invitation must not outlive the
 * standing of whoever made it.
 */
export async function withdrawInvitationsOf(
  tx: Queryable,
  workspaceId: string,
  userId: string,
  role: Role | null,
): Promise<void> {
  await withdrawInvitationsBeyond(tx, workspaceId, userId, role === null ? [] : grantableRoles(role));
}

export function assertInvitationFound(row: InvitationRow | null, id: string): InvitationRow {
  if (!row) throw notFound('invitation', id);
  return row;
}
