import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTenant, keyCaller, sessionCaller } from '../test/support/factories.js';
import { startTestApp, type TestContext } from '../test/support/harness.js';
import { pruneExpired } from './housekeeping.js';
import { closeSilentCalls } from './live-call/sweep.js';

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
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email: tenant.owner.email, password: tenant.owner.password },
  });
  expect(await pruneExpired(t.db, t.clock.now())).toEqual({
    idempotency_keys: 0,
    sessions: 0,
    auth_throttle: 0,
    known_addresses: 0,
    invitations: 0,
    twilio_replays: 0,
    password_resets: 0,
  });

  t.clock.advance(38 * 24 * 60 * 60 * 1000);
  const fresh = await sessionCaller(t.db, t.clock, tenant.owner, tenant.workspaceId);
  const pruned = await pruneExpired(t.db, t.clock.now());
  expect(pruned.idempotency_keys).toBe(1);
  expect(pruned.sessions).toBe(5);
  // The unknown email's three keys, and the owner's email key (their own cleared at success).
  expect(pruned.auth_throttle).toBe(4);
  expect(pruned.known_addresses).toBe(0);
  expect(pruned.invitations).toBe(1);
  expect(await rows('sessions')).toBe(1);
  expect((await call(t.app, fresh, 'GET', '/api/v1/ping')).statusCode).toBe(200);
  expect(await rows('workspaces')).toBeGreaterThanOrEqual(2);

  // The owner's network is remembered for 90 days after they last signed in from it.
  t.clock.advance(53 * 24 * 60 * 60 * 1000);
  expect((await pruneExpired(t.db, t.clock.now())).known_addresses).toBe(1);
  expect(await rows('known_addresses')).toBe(0);
});

it('closes calls silent too long, whatever their channel, once, and leaves live ones', async () => {
  const tenant = await createTenant(t.db, t.clock);
  const key = await keyCaller(t.app, tenant.callers.owner, ['agent:write']);
  const start = async () => {
    const res = await call(t.app, key, 'POST', '/api/v1/test-calls', { from: '+447700900555' });
    return (JSON.parse(res.body) as { call_id: string }).call_id;
  };
  const abandoned = await start();
  await call(t.app, key, 'POST', `/api/v1/test-calls/${abandoned}/turns`, {
    text: "I'd like to sell my house",
  });
  t.clock.advance(20 * 60 * 1000);
  const live = await start();
  expect(await closeSilentCalls({ db: t.db, clock: t.clock })).toBe(0);
  t.clock.advance(11 * 60 * 1000);
  expect(await closeSilentCalls({ db: t.db, clock: t.clock })).toBe(1);
  expect(await closeSilentCalls({ db: t.db, clock: t.clock })).toBe(0);
  const swept = JSON.parse(
    (await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${abandoned}`)).body,
  );
  expect(swept).toMatchObject({ status: 'completed' });
  expect(swept.ended_at).not.toBeNull();
  const still = JSON.parse((await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${live}`)).body);
  expect(still).toMatchObject({ status: 'in_progress' });
  const events = await t.db.query<{ type: string; n: number }>(
    "SELECT type, count(*)::int AS n FROM events WHERE workspace_id = $1 AND type = 'call.completed' GROUP BY type",
    [tenant.workspaceId],
  );
  expect(events).toEqual([{ type: 'call.completed', n: 1 }]);
});
