import { hashPassword } from '../../auth/passwords.js';
import { grantableRoles, ROLES, type Role } from '../../auth/permissions.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/secrets.js';
import { authenticateUser } from '../sign-in/sign-in.service.js';
import { findMember, findUserByEmail, insertMembership, insertUser } from '../workspaces/workspaces.repo.js';
import { claimInvitation, findOpenInvitationByToken, type OpenInvitationRow } from './invitations.repo.js';

const GONE = () =>
  new ApiError('not_found', 'This invitation does not exist, was already used, or has expired.');

/**
 * The one answer for every acceptance the invitation's email does not vouch for: a new account
 * where the operator does not vouch for the workspace, a new account for an email that has one,
 * a session of another email. It never depends on whether the email has an account
 * (docs/api.md, Accepting an invitation).
 */
const forItsEmail = () =>
  new ApiError(
    'forbidden',
    'Accept this invitation as the account of the email it was sent to: signed in as that account, or with its password. Invitations create new accounts only in a workspace set up by the operator of this service.',
  );

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The roles whose holders may grant `role`: an invitation stands while its inviter holds one. */
function grantersOf(role: Role): Role[] {
  return ROLES.filter((r) => grantableRoles(r).includes(role));
}

/**
 * The open invitation behind a token. One whose inviter has left the workspace, or no longer
 * holds a role that may grant the invited one, answers as an unknown token does.
 */
export async function findValidInvitation(
  db: Database,
  clock: Clock,
  token: string,
): Promise<OpenInvitationRow> {
  const open = await findOpenInvitationByToken(db, sha256Hex(token), clock.now());
  if (!open || open.inviter_role === null || !grantersOf(open.role).includes(open.inviter_role)) {
    throw GONE();
  }
  return open;
}

export interface AcceptInput {
  token: string;
  name?: string | undefined;
  password?: string | undefined;
  sessionUser?: { id: string; email: string } | undefined;
  /** The client's address: an acceptance by password counts against the sign-in throttle. */
  address: string;
}

interface Acceptor {
  userId: string;
  newAccount: { name: string; passwordHash: string } | null;
}

const passwordRequired = () =>
  new ApiError('validation_failed', 'Invalid body: password: Required without a session.', {
    details: [
      {
        path: 'password',
        message: 'Required without a session: with name for a new account, alone for an existing one.',
      },
    ],
  });

/**
 * Who accepts: a session of the invited email; with `password` alone, the invited email's
 * existing account, checked as a sign-in is (the same 401 for a wrong password and no account);
 * with `name` and `password`, a new account, only in a workspace the operator made and only for
 * an email without one. Until email addresses are verified nothing else shows that the person
 * holding the token owns the email.
 */
async function resolveAcceptor(
  db: Database,
  clock: Clock,
  secrets: SecretBox,
  open: OpenInvitationRow,
  input: AcceptInput,
): Promise<Acceptor> {
  if (input.sessionUser) {
    if (!sameEmail(input.sessionUser.email, open.email)) throw forItsEmail();
    return { userId: input.sessionUser.id, newAccount: null };
  }
  if (input.password === undefined) throw passwordRequired();
  if (input.name === undefined) {
    const userId = await authenticateUser(db, clock, secrets, {
      email: open.email,
      password: input.password,
      address: input.address,
    });
    return { userId, newAccount: null };
  }
  // Decided before any lookup of the email, so a self-service workspace's answer cannot tell.
  if (!open.operator_managed) throw forItsEmail();
  if (await findUserByEmail(db, open.email)) throw forItsEmail();
  return {
    userId: newId('usr', clock.now().getTime()),
    newAccount: { name: input.name, passwordHash: await hashPassword(input.password) },
  };
}

/** Joins the workspace with the invited role; the invitation is claimed once, inside the transaction. */
export async function acceptInvitation(
  db: Database,
  clock: Clock,
  secrets: SecretBox,
  input: AcceptInput,
): Promise<{ userId: string; workspaceId: string }> {
  const open = await findValidInvitation(db, clock, input.token);
  const acceptor = await resolveAcceptor(db, clock, secrets, open, input);
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (acceptor.newAccount) {
      try {
        await insertUser(tx, {
          id: acceptor.userId,
          email: open.email,
          name: acceptor.newAccount.name,
          password_hash: acceptor.newAccount.passwordHash,
          created_at: now,
        });
      } catch (error) {
        // The same token accepted twice at once: the other acceptance made the account and
        // claimed the token, so this one is answered as a used token.
        if (isUniqueViolation(error)) throw GONE();
        throw error;
      }
    }
    const claimed = await claimInvitation(tx, open.token_hash, now, acceptor.userId, grantersOf(open.role));
    if (!claimed) throw GONE();
    if (await findMember(tx, claimed.workspace_id, acceptor.userId)) {
      throw new ApiError('conflict', 'You are already a member of this workspace.');
    }
    await insertMembership(tx, claimed.workspace_id, acceptor.userId, claimed.role, now);
    return { userId: acceptor.userId, workspaceId: claimed.workspace_id };
  });
}
