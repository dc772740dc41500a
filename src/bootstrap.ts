import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { countUsers, findUserByEmail } from './modules/workspaces/workspaces.repo.js';
import { createOwnerAndWorkspace } from './modules/workspaces/workspaces.service.js';

/**
 * First start (README, Configuration): with BOOTSTRAP_OWNER_* set and no such user, create the owner and
 * a workspace. With neither and no user at all, say once how to create one.
 */
export async function bootstrapOwner(
  db: Database,
  clock: Clock,
  config: Config,
  logger: Logger,
): Promise<void> {
  const email = config.BOOTSTRAP_OWNER_EMAIL;
  const password = config.BOOTSTRAP_OWNER_PASSWORD;
  if (email !== undefined && password !== undefined) {
    if (await findUserByEmail(db, email)) return;
    const created = await createOwnerAndWorkspace(db, clock, {
      email,
      password,
      workspaceName: config.BOOTSTRAP_WORKSPACE_NAME,
    });
    logger.info(
      { workspace_id: created.workspaceId, user_id: created.userId },
      `created owner ${email} and workspace`,
    );
    return;
  }
  if ((await countUsers(db)) === 0) {
    logger.warn(
      {
        event: 'no_users',
        start_with: 'BOOTSTRAP_OWNER_EMAIL=you@example.com BOOTSTRAP_OWNER_PASSWORD=... npm start',
        or_run:
          'npm run cli -- workspace create --email you@example.com --name "Your Name" --workspace "Acme Homes"',
      },
      'No users yet. Create the first owner and workspace: start once with BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD set, or stop this service and run `npm run cli -- workspace create` (it asks for the password, or reads CALLAGENT_PASSWORD)',
    );
  }
}
