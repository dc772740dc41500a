import type { Scope } from '../src/auth/permissions.js';
import { createSession, resolveSession } from '../src/auth/sessions.js';
import type { Database } from '../src/db/client.js';
import type { Clock } from '../src/lib/clock.js';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.js';
import { CreateLeadBody } from '../src/modules/leads/leads.schemas.js';
import { createLead } from '../src/modules/leads/leads.service.js';
import { createOwnerAndWorkspace } from '../src/modules/workspaces/workspaces.service.js';

/** An owner, a workspace and an API key with `scopes`, made through the services as a user would. */
export async function seedWorkspaceWithKey(
  db: Database,
  clock: Clock,
  key: { name: string; scopes: Scope[] },
): Promise<{ userId: string; workspaceId: string; key: string }> {
  const owner = await createOwnerAndWorkspace(db, clock, {
    email: 'bench-owner@example.test',
    password: 'benchmark password 1',
    name: 'Bench Owner',
    workspaceName: 'Bench workspace',
  });
  const session = await createSession(db, clock, owner.userId, owner.workspaceId);
  const actor = await resolveSession(db, clock, session.token);
  if (actor?.kind !== 'session') throw new Error('the bench session did not resolve');
  const created = await createApiKey(db, clock, actor, key);
  return { ...owner, key: created.key };
}

/** `count` leads, through the service and the route's own body schema, as POST /api/v1/leads would. */
export async function seedLeads(
  db: Database,
  clock: Clock,
  workspaceId: string,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const body = CreateLeadBody.parse({
      name: `Caller ${i + 1}`,
      // Ofcom's drama range: never a real subscriber.
      phone: `07700 900${String(100 + i)}`,
      email: `caller${i + 1}@example.test`,
      note: 'Wants a quick sale of a three-bedroom semi; probate.',
    });
    await createLead(db, workspaceId, body, clock.now());
  }
}
