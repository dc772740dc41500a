import { grantableRoles, type Role } from '../../auth/permissions.js';
import type { SessionPrincipal } from '../../auth/principal.js';
import type { Database, Queryable } from '../../db/client.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import {
  CONSOLE_LINK,
  cancelPendingMessages,
  type NewMessage,
  queueMessages,
} from '../messages/outbox.repo.js';
import { sealMessageBody } from '../messages/sealed-body.js';
import { findMember, findUser, findUserByEmail, findWorkspace } from '../workspaces/workspaces.repo.js';
import {
  deleteInvitation,
  type InvitationRow,
  insertInvitation,
  withdrawInvitationsBeyond,
} from './invitations.repo.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PREFIX = 'cai_';

/** The invitation email, when the service can send email (SMTP_URL set). */
export interface InvitationMail {
  secrets: SecretBox;
}

/**
 * Makes an invitation and, when `mail` is given, queues its email in the same transaction
 * (docs/notifications.md, "Email for the team"): the whole body, accept link and token included,
 * is sealed; the copy the message log shows leaves the token out.
 */
export async function inviteMember(
  db: Database,
  clock: Clock,
  actor: SessionPrincipal,
  input: { email: string; role: Exclude<Role, 'owner'> },
  mail: InvitationMail | null = null,
): Promise<{ invitation: InvitationRow; token: string; emailQueued: boolean }> {
  if (!grantableRoles(actor.role).includes(input.role))
    throw new ApiError('forbidden', `Your role cannot invite a ${input.role}.`);
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
  const emailQueued = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing && (await findMember(tx, actor.workspaceId, existing.id))) {
      throw new ApiError('conflict', `${input.email} is already a member of this workspace.`);
    }
    await insertInvitation(tx, invitation);
    if (mail === null) return false;
    return (await queueMessages(tx, [await invitationEmail(tx, mail, invitation, token, now)], now)) > 0;
  });
  return { invitation, token, emailQueued };
}

/** The console page that accepts an invitation, as the console links to it (web/src/app.tsx). */
export function invitationLink(base: string, token: string): string {
  return `${base}/invitations/accept?token=${encodeURIComponent(token)}`;
}

async function invitationEmail(
  tx: Queryable,
  mail: InvitationMail,
  invitation: InvitationRow,
  token: string,
  now: Date,
): Promise<NewMessage> {
  const [inviter, workspace] = await Promise.all([
    findUser(tx, invitation.invited_by),
    findWorkspace(tx, invitation.workspace_id),
  ]);
  const who = inviter?.name ?? 'Someone';
  const where = workspace?.name ?? 'a workspace';
  const role = `${invitation.role === 'admin' ? 'an' : 'a'} ${invitation.role}`;
  const expires = invitation.expires_at.toISOString().slice(0, 10);
  const text = (accept: string) =>
    `${who} invited you to join ${where} on callagent as ${role}: callagent answers the phone for ` +
    `the desk, and the team works its calls, leads and deals in the console.\n\n${accept}\n\n` +
    `The link works once and until ${expires}. Not expecting this? Ignore this email: nothing happens ` +
    'unless the link is opened.';
  const id = newId('msg', now.getTime());
  return {
    workspaceId: invitation.workspace_id,
    channel: 'email',
    purpose: 'invitation',
    key: `invitation:${invitation.id}`,
    recipient: invitation.email,
    subject: `${who} invited you to ${where} on callagent`,
    body: text(`Accept: ${CONSOLE_LINK}/invitations/accept (the link is in the email)`),
    sealed: {
      id,
      body: sealMessageBody(mail.secrets, id, text(`Accept: ${invitationLink(CONSOLE_LINK, token)}`)),
    },
    quietHours: false,
  };
}

/** Withdraws a pending invitation; its email, if not sent yet, is not sent (its link would not work). */
export async function withdrawInvitation(
  db: Database,
  workspaceId: string,
  id: string,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteInvitation(tx, workspaceId, id))) throw notFound('invitation', id);
    await cancelInvitationEmail(tx, workspaceId, id, at);
  });
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
  at: Date,
): Promise<void> {
  const ids = await withdrawInvitationsBeyond(
    tx,
    workspaceId,
    userId,
    role === null ? [] : grantableRoles(role),
  );
  for (const id of ids) await cancelInvitationEmail(tx, workspaceId, id, at);
}

/** An invitation withdrawn: its email, if not sent yet, is not sent (its link would not work). */
async function cancelInvitationEmail(
  tx: Queryable,
  workspaceId: string,
  id: string,
  at: Date,
): Promise<void> {
  await cancelPendingMessages(
    tx,
    workspaceId,
    { keyPrefix: `invitation:${id}`, purposes: ['invitation'] },
    [],
    'The invitation was withdrawn.',
    at,
  );
}

export function assertInvitationFound(row: InvitationRow | null, id: string): InvitationRow {
  if (!row) throw notFound('invitation', id);
  return row;
}
