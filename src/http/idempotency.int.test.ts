import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, sessionCaller, type Tenant } from '../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../test/support/harness.js';
import { REPLAY_WINDOW_MS } from './idempotency.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const countWorkspaces = async (name: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces WHERE name = $1', [name]))[0]
    ?.n;

describe('idempotent replay of POSTs', () => {
  it('replays the first answer for a repeated X-Request-Id without acting twice', async () => {
    const headers = { 'x-request-id': 'create-ws-once' };
    const first = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'Once only' },
      headers,
    );
    const second = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'Once only' },
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(json(second)).toEqual(json(first));
    expect(await countWorkspaces('Once only')).toBe(1);
  });

  it('answers 409 idempotency_conflict for the same id with a different body or path', async () => {
    const headers = { 'x-request-id': 'reused-id' };
    await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', { name: 'A' }, headers);
    const body = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'B' },
      headers,
    );
    expect([body.statusCode, errorCode(body)]).toEqual([409, 'idempotency_conflict']);
    const path = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/invitations',
      { email: 'a@example.test', role: 'viewer' },
      headers,
    );
    expect(errorCode(path)).toBe('idempotency_conflict');
  });

  it('keeps credentials apart: another caller with the same id acts on its own', async () => {
    const headers = { 'x-request-id': 'shared-id-across-callers' };
    await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', { name: 'Per caller' }, headers);
    const other = await call(
      t.app,
      tenant.callers.admin,
      'POST',
      '/api/v1/workspaces',
      { name: 'Per caller' },
      headers,
    );
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await countWorkspaces('Per caller')).toBe(2);
  });

  it('acts again once the 24 hour window has passed', async () => {
    const owner = tenant.callers.owner;
    const headers = { 'x-request-id': 'expires-after-a-day' };
    await call(t.app, owner, 'POST', '/api/v1/workspaces', { name: 'Day apart' }, headers);
    t.clock.advance(REPLAY_WINDOW_MS + 1000);
    // Sessions idle out after 12 h; sign the same user in again.
    const fresh = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
    const again = await call(t.app, fresh, 'POST', '/api/v1/workspaces', { name: 'Day apart' }, headers);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await countWorkspaces('Day apart')).toBe(2);
  });

  it('never replays a secret shown once', async () => {
    const owner = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
    const headers = { 'x-request-id': 'key-once' };
    const first = await call(
      t.app,
      owner,
      'POST',
      '/api/v1/api-keys',
      { name: 'k', scopes: ['calls:read'] },
      headers,
    );
    const second = await call(
      t.app,
      owner,
      'POST',
      '/api/v1/api-keys',
      { name: 'k', scopes: ['calls:read'] },
      headers,
    );
    expect(String(json(first).key)).toMatch(/^cak_live_/);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(json(second).key).toBeUndefined();
    expect(json(second).id).toBe(json(first).id);
    const stored = await t.db.query<{ response_body: string }>(
      "SELECT response_body FROM idempotency_keys WHERE request_id = 'key-once'",
    );
    expect(stored[0]?.response_body).not.toContain(String(json(first).key));
  });

  it('keeps no session token from switching workspace', async () => {
    const member = await sessionCaller(t.db, t.clock, tenant.users.member, tenant.workspaceId);
    const second = String(json(await call(t.app, member, 'POST', '/api/v1/workspaces', { name: 'Kept' })).id);
    const res = await call(
      t.app,
      member,
      'POST',
      '/api/v1/auth/switch-workspace',
      { workspace_id: second },
      { 'x-request-id': 'switch-once' },
    );
    const csrf = String(json(res).csrf_token);
    expect(csrf.length).toBeGreaterThan(20);
    const stored = await t.db.query<{ response_body: string }>(
      "SELECT response_body FROM idempotency_keys WHERE request_id = 'switch-once'",
    );
    expect(stored[0]?.response_body).toContain(second);
    expect(stored[0]?.response_body).not.toContain(csrf);
  });

  it('does not store answers to requests without a client X-Request-Id, nor failed validations', async () => {
    const owner = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys'))[0]?.n;
    const before = await count();
    expect((await call(t.app, owner, 'POST', '/api/v1/workspaces', { name: 'No id' })).statusCode).toBe(201);
    const invalid = await call(
      t.app,
      owner,
      'POST',
      '/api/v1/workspaces',
      { nom: 'x' },
      { 'x-request-id': 'invalid-body' },
    );
    expect(invalid.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const retried = await call(
      t.app,
      owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'Fixed' },
      { 'x-request-id': 'invalid-body' },
    );
    expect(retried.statusCode).toBe(201);
  });

  it('commits the change with its kept answer: when the answer cannot be kept, the change is undone', async () => {
    const owner = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
    const headers = { 'x-request-id': 'answer-refused' };
    // The database refuses the answer, which is written after the workspace and its owner.
    await t.db.query(`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'the answer cannot be kept'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_answer BEFORE INSERT OR UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.status_code IS NOT NULL) EXECUTE FUNCTION refuse_answer()`);
    const failed = await call(t.app, owner, 'POST', '/api/v1/workspaces', { name: 'Kept or not' }, headers);
    await t.db.query('DROP TRIGGER refuse_answer ON idempotency_keys');
    await t.db.query('DROP FUNCTION refuse_answer()');
    expect([failed.statusCode, errorCode(failed)]).toEqual([500, 'internal']);
    expect(await countWorkspaces('Kept or not')).toBe(0);
    const rows = await t.db.query("SELECT 1 FROM idempotency_keys WHERE request_id = 'answer-refused'");
    expect(rows).toEqual([]);

    const retried = await call(t.app, owner, 'POST', '/api/v1/workspaces', { name: 'Kept or not' }, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countWorkspaces('Kept or not')).toBe(1);
  });

  it('answers a repeat sent while the first is at work with the first answer, acting once', async () => {
    const owner = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
    const headers = { 'x-request-id': 'sent-twice-at-once' };
    const send = () => call(t.app, owner, 'POST', '/api/v1/workspaces', { name: 'At once' }, headers);
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await countWorkspaces('At once')).toBe(1);
  });

  it('takes over at once a claim an earlier version left without an answer', async () => {
    const body = { name: 'Unanswered claim' };
    const principal = `user:${tenant.owner.id}:${tenant.workspaceId}`;
    const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    await t.db.query(
      `INSERT INTO idempotency_keys (principal, request_id, method, path, body_hash, created_at)
       VALUES ($1, 'unanswered', 'POST', '/api/v1/workspaces', $2, $3)`,
      [principal, bodyHash, t.clock.now()],
    );
    const owner = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
    const res = await call(t.app, owner, 'POST', '/api/v1/workspaces', body, {
      'x-request-id': 'unanswered',
    });
    expect(res.statusCode).toBe(201);
    expect(await countWorkspaces('Unanswered claim')).toBe(1);
    const again = await call(t.app, owner, 'POST', '/api/v1/workspaces', body, {
      'x-request-id': 'unanswered',
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
