import { hashPassword } from '../../auth/passwords.js';
import { grantableRoles, type Role } from '../../auth/permissions.js';
import type { SessionPrincipal } from '../../auth/principal.js';
import type { Database } from '../../db/client.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import { findMember, findUserByEmail, insertMembership, insertUser } from '../workspaces/workspaces.repo.js';
import {
  claimInvitation,
  findOpenInvitationByToken,
  type InvitationRow,
  insertInvitation,
} from './invitations.repo.js';

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

const GONE = () =>
  new ApiError('not_found', 'This invitation does not exist, was already used, or has expired.');

/**
 * A new user accepts with a name and password; a signed-in user whose email matches accepts
 * with the session. Either way the invitation is claimed once, inside the transaction.
 */
export async function acceptInvitation(
  db: Database,
  clock: Clock,
  input: { token: string; name?: string; password?: string; sessionUser?: { id: string; email: string } },
): Promise<{ userId: string; workspaceId: string }> {
  const now = clock.now();
  const tokenHash = sha256Hex(input.token);
  const open = await findOpenInvitationByToken(db, tokenHash, now);
  if (!open) throw GONE();
  if (input.sessionUser) {
    if (input.sessionUser.email.toLowerCase() !== open.email.toLowerCase()) {
      throw new ApiError('forbidden', 'This invitation was sent to another email address.');
    }
  } else if (input.name === undefined || input.password === undefined) {
    throw new ApiError(
      'validation_failed',
      'Invalid body: name and password are required for a new account.',
      {
        details: [
          ...(input.name === undefined ? [{ path: 'name', message: 'Required for a new account.' }] : []),
          ...(input.password === undefined
            ? [{ path: 'password', message: 'Required for a new account.' }]
            : []),
        ],
      },
    );
  } else if (await findUserByEmail(db, open.email)) {
    throw new ApiError('conflict', 'An account with this email exists: sign in, then accept the invitation.');
  }
  const passwordHash = input.sessionUser ? null : await hashPassword(input.password ?? '');
  return db.transaction(async (tx) => {
    const userId = input.sessionUser?.id ?? newId('usr', now.getTime());
    if (passwordHash !== null) {
      await insertUser(tx, {
        id: userId,
        email: open.email,
        name: input.name ?? '',
        password_hash: passwordHash,
        created_at: now,
      });
    }
    const claimed = await claimInvitation(tx, tokenHash, now, userId);
    if (!claimed) throw GONE();
    if (await findMember(tx, claimed.workspace_id, userId)) {
      throw new ApiError('conflict', 'You are already a member of this workspace.');
    }
    await insertMembership(tx, claimed.workspace_id, userId, claimed.role, now);
    return { userId, workspaceId: claimed.workspace_id };
  });
}

export function assertInvitationFound(row: InvitationRow | null, id: string): InvitationRow {
  if (!row) throw notFound('invitation', id);
  return row;
}
