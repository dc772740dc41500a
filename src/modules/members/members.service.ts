import { grantableRoles, type Role } from '../../auth/permissions.js';
import type { SessionPrincipal } from '../../auth/principal.js';
import type { Database } from '../../db/client.js';
import { ApiError, notFound } from '../../http/errors.js';
import { revokeFeed } from '../calendar-feeds/calendar-feeds.repo.js';
import { withdrawInvitationsOf } from '../invitations/invitations.service.js';
import { cancelMemberAlerts } from '../messages/alert-plans.repo.js';
import { ALERT_PURPOSES } from '../messages/purposes.js';
import { deleteMembership, findMember, type MemberRow, setRole } from '../workspaces/workspaces.repo.js';
import { deleteMemberNotifications } from './member-notifications.repo.js';

/** docs/api.md, Workspaces, members and invitations: an admin cannot change an owner or raise anyone above admin; ownership moves only by transfer. */
export async function changeRole(
  db: Database,
  actor: SessionPrincipal,
  userId: string,
  role: Role,
  at: Date,
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const target = await findMember(tx, actor.workspaceId, userId);
    if (!target) throw notFound('member', userId);
    if (role === 'owner')
      throw new ApiError('conflict', 'Ownership moves only by POST /api/v1/workspace/transfer-ownership.');
    if (target.role === 'owner') {
      if (actor.role !== 'owner') throw new ApiError('forbidden', 'Only the owner can change the owner.');
      throw new ApiError('conflict', 'The owner keeps the owner role; transfer ownership first.');
    }
    if (!grantableRoles(actor.role).includes(role))
      throw new ApiError('forbidden', `Your role cannot grant ${role}.`);
    await setRole(tx, actor.workspaceId, userId, role);
    await withdrawInvitationsOf(tx, actor.workspaceId, userId, role, at);
    return { ...target, role };
  });
}

export async function removeMember(
  db: Database,
  actor: SessionPrincipal,
  userId: string,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await findMember(tx, actor.workspaceId, userId);
    if (!target) throw notFound('member', userId);
    if (target.role === 'owner')
      throw new ApiError('conflict', 'The owner cannot be removed; transfer ownership first.');
    await deleteMembership(tx, actor.workspaceId, userId, at);
    // What the membership vouched for ends with it: an invitation they made would let them (or
    // anyone) back in, and their feed address would work again if they were added back.
    await withdrawInvitationsOf(tx, actor.workspaceId, userId, null, at);
    await revokeFeed(tx, actor.workspaceId, userId, at);
    // Their mobile is theirs, not the workspace's: it goes with them (docs/notifications.md).
    await deleteMemberNotifications(tx, actor.workspaceId, userId);
    await cancelMemberAlerts(tx, actor.workspaceId, userId, ALERT_PURPOSES, 'No longer a member.', at);
  });
}

export async function transferOwnership(
  db: Database,
  actor: SessionPrincipal,
  userId: string,
  at: Date,
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const target = await findMember(tx, actor.workspaceId, userId);
    if (!target) throw notFound('member', userId);
    if (userId === actor.userId) throw new ApiError('conflict', 'You already own this workspace.');
    // Demote first: the schema allows one owner per workspace.
    await setRole(tx, actor.workspaceId, actor.userId, 'admin');
    await withdrawInvitationsOf(tx, actor.workspaceId, actor.userId, 'admin', at);
    await setRole(tx, actor.workspaceId, userId, 'owner');
    return { ...target, role: 'owner' as const };
  });
}
