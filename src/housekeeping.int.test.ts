import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTenant, sessionCaller } from '../test/factories.js';
import { startTestApp, type TestContext } from '../test/harness.js';
import { pruneExpired } from './housekeeping.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const rows = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;

it('deletes replay records, sessions, throttles and invitations that can no longer mean anything, and nothing else', async () => {
  const tenant = await createTenant(t.db, t.clock);
  await call(
    t.app,
    tenant.callers.owner,
    'POST',
    '/api/v1/workspaces',
    { name: 'Kept' },
    { 'x-request-id': 'old-request' },
  );
  await call(t.app, tenant.callers.owner, 'POST', '/api/v1/invitations', {
    email: 'late@example.test',
    role: 'viewer',
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email: 'nobody@example.test', password: 'x' },
  });
  expect(await pruneExpired(t.db, t.clock.now())).toEqual({
    idempotency_keys: 0,
    sessions: 0,
    auth_throttle: 0,
    invitations: 0,
  });

  t.clock.advance(38 * 24 * 60 * 60 * 1000);
  const fresh = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
  const pruned = await pruneExpired(t.db, t.clock.now());
  expect(pruned.idempotency_keys).toBe(1);
  expect(pruned.sessions).toBe(4);
  expect(pruned.auth_throttle).toBe(2);
  expect(pruned.invitations).toBe(1);
  expect(await rows('sessions')).toBe(1);
  expect((await call(t.app, fresh, 'GET', '/api/v1/ping')).statusCode).toBe(200);
  expect(await rows('workspaces')).toBeGreaterThanOrEqual(2);
});
