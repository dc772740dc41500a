import { hashPassword } from '../../auth/passwords.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { authenticateUser } from '../sign-in/sign-in.service.js';
import { findUser, setPasswordHash, setUserName, type UserRow } from '../workspaces/workspaces.repo.js';

export function toAccount(user: UserRow) {
  return { id: user.id, email: user.email, name: user.name, needs_name: user.name_chosen === false };
}

export async function renameUser(db: Database, userId: string, name: string): Promise<UserRow> {
  const user = await setUserName(db, userId, name);
  if (!user) throw new ApiError('unauthenticated', 'The session has ended.');
  return user;
}

/**
 * Changes a password after checking the current one, under the sign-in throttle (a stolen
 * session must not become a way to guess it), then ends every other session of the user: whoever
 * else held one, on any device and in any workspace, is signed out; this one goes on, so the page
 * that changed it keeps working. A wrong current password is a problem of that field (400), not a
 * 401: the session is fine.
 */
export async function changePassword(
  db: Database,
  clock: Clock,
  secrets: SecretBox,
  input: { userId: string; sessionHash: string; current: string; next: string; address: string },
): Promise<void> {
  const user = await findUser(db, input.userId);
  if (!user) throw new ApiError('unauthenticated', 'The session has ended.');
  try {
    await authenticateUser(db, clock, secrets, {
      email: user.email,
      password: input.current,
      address: input.address,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthenticated') {
      throw new ApiError('validation_failed', 'The current password is not correct.', {
        details: [{ path: 'current_password', message: 'is not your current password' }],
      });
    }
    throw error;
  }
  if (input.next === input.current) {
    throw new ApiError('validation_failed', 'The new password is the current one.', {
      details: [{ path: 'new_password', message: 'must differ from the current password' }],
    });
  }
  await setPasswordHash(db, user.id, await hashPassword(input.next));
  await revokeUserSessions(db, clock, user.id, input.sessionHash);
}
