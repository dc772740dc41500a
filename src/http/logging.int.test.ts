import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTenant, keyCaller, TEST_PASSWORD, type Tenant } from '../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../test/support/harness.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'trace' });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

it('never writes passwords, cookies, CSRF tokens, API keys or invitation tokens to the log', async () => {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email: tenant.owner.email, password: TEST_PASSWORD },
  });
  const cookie = String([signIn.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
  const csrf = String(json(signIn).csrf_token);
  const key = await keyCaller(t.app, tenant.callers.owner, ['calls:read']);
  await call(t.app, key, 'GET', '/api/v1/members');
  const invite = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/invitations', {
    email: 'logs@example.test',
    role: 'viewer',
  });
  const token = String(json(invite).token);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email: tenant.owner.email, password: 'wrong-password-logged?' },
  });
  t.app.log.info(
    { password: 'pw-in-object', key: 'key-in-object', headers: { authorization: 'Bearer leak' } },
    'structured',
  );
  const all = t.logs.join('\n');
  expect(all.length).toBeGreaterThan(0);
  for (const secret of [
    TEST_PASSWORD,
    cookie.split('=')[1] ?? 'x',
    csrf,
    key.key,
    token,
    'wrong-password-logged?',
    'pw-in-object',
    'key-in-object',
    'Bearer leak',
  ]) {
    expect(all).not.toContain(secret);
  }
});

it('never writes a calendar feed token or any other secret a URL carries, and keeps no feed address for replays', async () => {
  const member = tenant.callers.member;
  const made = await call(
    t.app,
    member,
    'POST',
    '/api/v1/calendar-feed',
    {},
    { 'x-request-id': 'feed-logs-1' },
  );
  expect(made.statusCode).toBe(201);
  const feedPath = new URL(String(json(made).url)).pathname;
  const token = feedPath.split('/')[4] ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: `${feedPath}?refresh=1` })).statusCode).toBe(200);
  const unknown = 'UnknownFeedTokenUnknownFeedTokenUnknownFeed1';
  expect(
    (await t.app.inject({ method: 'GET', url: `/api/v1/calendar-feeds/${unknown}/bookings.ics` })).statusCode,
  ).toBe(404);
  const malformed = 'not-a-feed-token-but-still-secret';
  expect(
    (await t.app.inject({ method: 'GET', url: `/api/v1/calendar-feeds/${malformed}/bookings.ics` }))
      .statusCode,
  ).toBe(404);
  // An invitation link, as the console serves it.
  const invite = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/invitations', {
    email: 'link@example.test',
    role: 'viewer',
  });
  const inviteToken = String(json(invite).token);
  await t.app.inject({ method: 'GET', url: `/invitations/accept?token=${inviteToken}` });
  await t.app.inject({ method: 'GET', url: `/api/v1/nowhere/${inviteToken}?token=${inviteToken}` });
  // A replay answers without the address, and the kept copy never held it.
  const replayed = await call(
    t.app,
    member,
    'POST',
    '/api/v1/calendar-feed',
    {},
    { 'x-request-id': 'feed-logs-1' },
  );
  expect(replayed.headers['idempotent-replayed']).toBe('true');
  expect(json(replayed)).toEqual({ ...json(made), url: undefined });
  const kept = await t.db.query<{ response_body: string }>(
    'SELECT response_body FROM idempotency_keys WHERE request_id = $1',
    ['feed-logs-1'],
  );
  expect(kept[0]?.response_body).not.toContain(token);
  t.app.log.warn(
    { url: `https://callagent.test${feedPath}`, err: new Error(`fetch ${feedPath} failed`) },
    `saw ${feedPath}`,
  );

  const all = t.logs.join('\n');
  expect(all).toContain('/api/v1/calendar-feeds/[redacted]/bookings.ics');
  for (const secret of [token, unknown, malformed, inviteToken]) expect(all).not.toContain(secret);
});
