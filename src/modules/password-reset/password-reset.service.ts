import { hashPassword } from '../../auth/passwords.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { countPasswordResetRequest } from '../../auth/throttle.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { clientNetwork } from '../../lib/network.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import { CONSOLE_LINK, type NewMessage, queueMessages } from '../messages/outbox.repo.js';
import { sealMessageBody } from '../messages/sealed-body.js';
import { findUserByEmail, setPasswordHash, type UserRow } from '../workspaces/workspaces.repo.js';
import { claimPasswordReset, replaceNoPasswordReset, replacePasswordReset } from './password-reset.repo.js';

export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
const RESET_PREFIX = 'car_';

export const RESET_ACCEPTED =
  'If an account has this email address, a link to choose a new password is on its way. It works once, within 30 minutes.';
export const RESET_REFUSED =
  'This reset link is not valid: it was used, has expired or was replaced. Ask for a new one.';

/** The console page that takes the token: in the fragment, which browsers never send to a server. */
export function resetLink(base: string, token: string): string {
  return `${base}/reset-password#token=${encodeURIComponent(token)}`;
}

/**
 * Someone asked to reset the password of an email (docs/api.md, "Forgotten password"). Counted by
 * its own throttle whatever the email; when it has an account and the service can send email, a
 * single-use token is made (only its SHA-256 kept, the user's earlier unused ones revoked) and its
 * link emailed, sealed. The caller answers the same whatever happened here: whether an email has
 * an account is not for a stranger to learn.
 */
export async function requestPasswordReset(
  db: Database,
  clock: Clock,
  secrets: SecretBox | null,
  input: { email: string; address: string },
): Promise<void> {
  await countPasswordResetRequest(db, clock, { email: input.email, network: clientNetwork(input.address) });
  const user = await findUserByEmail(db, input.email);
  const now = clock.now();
  if (secrets === null) return;
  // An unknown email gets a transaction of the same shape (a token made, a statement that finds
  // nothing), so that the answer's timing does not tell it apart either.
  const token = `${RESET_PREFIX}${randomToken(32)}`;
  if (user === null) {
    await db.transaction((tx) => replaceNoPasswordReset(tx, sha256Hex(token)));
    return;
  }
  const id = newId('pwr', now.getTime());
  await db.transaction(async (tx) => {
    await replacePasswordReset(tx, {
      id,
      user_id: user.id,
      token_hash: sha256Hex(token),
      created_at: now,
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      used_at: null,
    });
    await queueMessages(tx, [resetEmail(secrets, user, id, token, now)], now);
  });
}

function resetEmail(
  secrets: SecretBox,
  user: UserRow,
  resetId: string,
  token: string,
  now: Date,
): NewMessage {
  const text = (link: string) =>
    `Someone asked to reset the password of your callagent account (${user.email}).\n\n` +
    `${link}\n\nThe link works once, within 30 minutes, and signs you out everywhere. ` +
    'Did not ask? Ignore this email: your password stays as it is.';
  const id = newId('msg', now.getTime());
  return {
    workspaceId: null,
    channel: 'email',
    purpose: 'password_reset',
    key: `password_reset:${resetId}`,
    recipient: user.email,
    userId: user.id,
    subject: 'Reset your callagent password',
    body: text(`Choose a new password: ${CONSOLE_LINK}/reset-password (the link is in the email)`),
    sealed: {
      id,
      body: sealMessageBody(secrets, id, text(`Choose a new password: ${resetLink(CONSOLE_LINK, token)}`)),
    },
    quietHours: false,
  };
}

/**
 * Sets a new password with a reset token: the token is used up, and every session of the user
 * ends (whoever asked for the reset may not be the only one who knew the old password). One
 * answer for an unknown, used or expired token.
 */
export async function confirmPasswordReset(
  db: Database,
  clock: Clock,
  input: { token: string; password: string },
): Promise<void> {
  // Hashed first, outside the transaction: Argon2 takes a while, and a row lock should not.
  const hash = await hashPassword(input.password);
  const now = clock.now();
  const userId = await db.transaction(async (tx) => {
    const claimed = await claimPasswordReset(tx, sha256Hex(input.token), now);
    if (claimed === null) return null;
    await setPasswordHash(tx, claimed, hash);
    return claimed;
  });
  if (userId === null) {
    throw new ApiError('validation_failed', RESET_REFUSED, {
      details: [{ path: 'token', message: 'is not a valid reset link' }],
    });
  }
  await revokeUserSessions(db, clock, userId);
}
