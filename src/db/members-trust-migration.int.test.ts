import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/support/database.js';
import type { Database } from './client.js';
import { migrate } from './migrate.js';

// Migration 0013 on a database that already holds data: which workspaces become the operator's,
// and what members who left before it leave behind (docs/api.md, Workspaces, members and
// invitations).

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  // The schema as 0011 left it: the migrated copy without 0013.
  await db.query('ALTER TABLE webhook_endpoints DROP COLUMN created_by');
  await db.query('ALTER TABLE workspaces DROP COLUMN operator_managed');
  await db.query("DELETE FROM schema_migrations WHERE version = '0013_members_trust'");
});
afterAll(() => db.close());

const T0 = new Date('2026-01-05T09:00:00.000Z');
const LATER = new Date('2026-02-01T09:00:00.000Z');
const FAR = new Date('2027-01-01T00:00:00.000Z');

async function user(id: string, createdAt: Date): Promise<void> {
  await db.query(
    "INSERT INTO users (id, email, name, password_hash, created_at) VALUES ($1, $1 || '@example.test', $1, 'x', $2)",
    [id, createdAt],
  );
}
async function workspace(id: string, createdAt: Date): Promise<void> {
  await db.query('INSERT INTO workspaces (id, name, created_at) VALUES ($1, $1, $2)', [id, createdAt]);
}
async function member(ws: string, userId: string, role: string): Promise<void> {
  await db.query('INSERT INTO memberships (workspace_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)', [
    ws,
    userId,
    role,
    LATER,
  ]);
}
async function invitation(ws: string, id: string, invitedBy: string): Promise<void> {
  await db.query(
    `INSERT INTO invitations (workspace_id, id, email, role, token_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $2 || '@example.test', 'member', $2, $3, $4, $5)`,
    [ws, id, invitedBy, LATER, FAR],
  );
}
async function feed(ws: string, id: string, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO calendar_feeds (workspace_id, id, user_id, token_hash, token_ciphertext, scope, created_at)
     VALUES ($1, $2, $3, $2, 'sealed', 'all', $4)`,
    [ws, id, userId, LATER],
  );
}

describe('migration 0013 on existing data', () => {
  it('marks workspaces made with their first user, withdraws orphaned invitations, and revokes feeds of leavers', async () => {
    // Made at first start or by the CLI: owner and workspace at one instant.
    await user('usr_operator', T0);
    await workspace('ws_operator', T0);
    await member('ws_operator', 'usr_operator', 'owner');
    // Made in the console by a user who existed before.
    await workspace('ws_console', LATER);
    await member('ws_console', 'usr_operator', 'owner');
    await user('usr_admin', T0);
    await member('ws_console', 'usr_admin', 'admin');
    await user('usr_demoted', T0);
    await member('ws_console', 'usr_demoted', 'member');
    await user('usr_left', T0);
    await invitation('ws_console', 'inv_by_admin', 'usr_admin');
    await invitation('ws_console', 'inv_by_demoted', 'usr_demoted');
    await invitation('ws_console', 'inv_by_left', 'usr_left');
    await feed('ws_console', 'cf_admin', 'usr_admin');
    await feed('ws_console', 'cf_left', 'usr_left');
    await db.query(
      `INSERT INTO webhook_endpoints (workspace_id, id, url, events, status, secret_ciphertext, created_at, updated_at)
       VALUES ('ws_console', 'wh_old', 'https://example.test/in', '{lead.created}', 'enabled', 'sealed', $1, $1)`,
      [LATER],
    );

    expect(await migrate(db)).toEqual(['0013_members_trust']);

    const workspaces = await db.query<{ id: string; operator_managed: boolean }>(
      'SELECT id, operator_managed FROM workspaces ORDER BY id',
    );
    expect(workspaces).toEqual([
      { id: 'ws_console', operator_managed: false },
      { id: 'ws_operator', operator_managed: true },
    ]);
    const invitations = await db.query<{ id: string }>('SELECT id FROM invitations ORDER BY id');
    expect(invitations.map((i) => i.id)).toEqual(['inv_by_admin']);
    const feeds = await db.query<{ id: string; revoked: boolean }>(
      'SELECT id, revoked_at IS NOT NULL AS revoked FROM calendar_feeds ORDER BY id',
    );
    expect(feeds).toEqual([
      { id: 'cf_admin', revoked: false },
      { id: 'cf_left', revoked: true },
    ]);
    const endpoints = await db.query<{ created_by: string | null }>(
      'SELECT created_by FROM webhook_endpoints',
    );
    expect(endpoints).toEqual([{ created_by: null }]);
  });
});
