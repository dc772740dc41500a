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
