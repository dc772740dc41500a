import { hashPassword } from '../../auth/passwords.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { findUserByEmail, insertMembership, insertUser, insertWorkspace } from './workspaces.repo.js';

export interface CreatedWorkspace {
  id: string;
  name: string;
  created_at: Date;
}

export async function createWorkspaceFor(
  db: Database,
  clock: Clock,
  userId: string,
  name: string,
): Promise<CreatedWorkspace> {
  const now = clock.now();
  const id = newId('ws', now.getTime());
  await db.transaction(async (tx) => {
    await insertWorkspace(tx, id, name, now);
    await insertMembership(tx, id, userId, 'owner', now);
  });
  return { id, name, created_at: now };
}

/**
 * A new user who owns a new workspace: the first start's bootstrap and `callagent workspace create`.
 * An email already registered is a conflict; nothing is half-made. The operator made it, so its
 * invitations may create accounts.
 */
export async function createOwnerAndWorkspace(
  db: Database,
  clock: Clock,
  input: {
    email: string;
    password: string;
    /** Absent: named after the email's local part until they choose a name (the console asks). */
    name?: string | undefined;
    workspaceName: string;
  },
): Promise<{ userId: string; workspaceId: string }> {
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const userId = newId('usr', now.getTime());
  const workspaceId = newId('ws', now.getTime());
  await db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email))
      throw new ApiError('conflict', `A user with email ${input.email} already exists.`);
    await insertUser(tx, {
      id: userId,
      email: input.email,
      name: input.name ?? input.email.split('@')[0] ?? input.email,
      name_chosen: input.name !== undefined,
      password_hash: passwordHash,
      created_at: now,
    });
    await insertWorkspace(tx, workspaceId, input.workspaceName, now, true);
    await insertMembership(tx, workspaceId, userId, 'owner', now);
  });
  return { userId, workspaceId };
}
