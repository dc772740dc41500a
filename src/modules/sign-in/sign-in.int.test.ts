import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenant,
  createUser,
  createWorkspace,
  sessionCaller,
  TEST_PASSWORD,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { SESSION_IDLE_MS } from '../../auth/sessions.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

async function signIn(
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password, ...extra },
    headers,
  });
}

function sessionCookie(res: { headers: Record<string, unknown> }): { raw: string; value: string } {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('callagent_session='));
  if (!header) throw new Error('no session cookie');
  const raw = String(header);
  return { raw, value: raw.split(';')[0]?.split('=')[1] ?? '' };
}

describe('sign-in', () => {
  it('sets a session cookie with HttpOnly, Secure, SameSite=Lax and Path=/ and answers the ping body', async () => {
    const res = await signIn(tenant.owner.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { raw } = sessionCookie(res);
    expect(raw).toMatch(/; HttpOnly/);
    expect(raw).toMatch(/; Secure/);
    expect(raw).toMatch(/; SameSite=Lax/);
    expect(raw).toMatch(/; Path=\//);
    const body = json(res);
    expect(body).toMatchObject({
      ok: true,
      user: { id: tenant.owner.id, role: 'owner' },
      workspace: { id: tenant.workspaceId },
    });
    expect(typeof body.csrf_token).toBe('string');
  });

  it('issues a new session id at every sign-in', async () => {
    const a = sessionCookie(await signIn(tenant.owner.email, TEST_PASSWORD)).value;
    const b = sessionCookie(await signIn(tenant.owner.email, TEST_PASSWORD)).value;
    expect(a).not.toBe(b);
  });

  it('answers a wrong email and a wrong password identically', async () => {
    const wrongPassword = await signIn(tenant.users.member.email, 'not the password at all');
    const wrongEmail = await signIn('nobody-here@example.test', 'not the password at all');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    const strip = (b: string) => ({ error: { ...(JSON.parse(b).error as object), request_id: 'x' } });
    expect(strip(wrongPassword.body)).toEqual(strip(wrongEmail.body));
  });

  it('refuses repeated failures for one email from one address with 429 and Retry-After', async () => {
    const user = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, user);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(user.email, 'wrong password guess')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes[5]).toBe(429);
    const blocked = await signIn(user.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60 * 1000);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a sign-in posted from a foreign origin', async () => {
    const res = await signIn(tenant.owner.email, TEST_PASSWORD, {}, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('csrf_failed');
  });

  it('signs into a named workspace only when the user belongs to it', async () => {
    const other = await createUser(t.db, t.clock);
    const otherWs = await createWorkspace(t.db, t.clock, other);
    const res = await signIn(tenant.owner.email, TEST_PASSWORD, { workspace_id: otherWs });
    expect(res.statusCode).toBe(404);
  });
});

describe('sessions and CSRF', () => {
  it('ping returns the CSRF token bound to the session', async () => {
    const res = await call(t.app, tenant.callers.member, 'GET', '/api/v1/ping');
    expect(res.statusCode).toBe(200);
    expect(json(res).csrf_token).toBe(tenant.callers.member.unsafeHeaders['x-csrf-token']);
  });

  it('refuses a change without the CSRF token, with a wrong one, and with another session’s', async () => {
    const owner = tenant.callers.owner;
    const payload = { name: 'k', scopes: ['calls:read'] };
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: owner.headers,
      payload,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...owner.headers, 'x-csrf-token': 'x'.repeat(43) },
      payload,
    });
    const others = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...owner.headers, 'x-csrf-token': tenant.callers.admin.unsafeHeaders['x-csrf-token'] ?? '' },
      payload,
    });
    for (const res of [missing, wrong, others]) {
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe('csrf_failed');
    }
    const ok = await call(t.app, owner, 'POST', '/api/v1/api-keys', payload);
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a change with a valid token from a foreign Origin, and accepts a configured one', async () => {
    const res = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(errorCode(res)).toBe('csrf_failed');
    const own = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'x' },
      { origin: 'http://localhost:80' },
    );
    expect(own.statusCode).toBe(201);
  });

  it('signs out: the session is revoked server-side and the cookie cleared', async () => {
    const res = await signIn(tenant.users.viewer.email, TEST_PASSWORD);
    const cookie = `callagent_session=${sessionCookie(res).value}`;
    const csrf = String(json(res).csrf_token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(204);
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(
      /callagent_session=;.*Expires=Thu, 01 Jan 1970/,
    );
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe('unauthenticated');
  });

  it('expires after 12 hours idle', async () => {
    const res = await signIn(tenant.users.member.email, TEST_PASSWORD);
    const cookie = `callagent_session=${sessionCookie(res).value}`;
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } })).statusCode).toBe(
      200,
    );
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } })).statusCode).toBe(
      200,
    );
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('expires 30 days after sign-in even when used every few hours', async () => {
    const res = await signIn(tenant.users.member.email, TEST_PASSWORD);
    const cookie = `callagent_session=${sessionCookie(res).value}`;
    for (let day = 0; day < 30; day++) {
      t.clock.advance(8 * 60 * 60 * 1000);
      await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } });
      t.clock.advance(8 * 60 * 60 * 1000);
      await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } });
      t.clock.advance(8 * 60 * 60 * 1000);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ping', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('moves the session to another workspace with a new cookie', async () => {
    const member = await sessionCaller(t.db, t.clock, tenant.users.member, tenant.workspaceId);
    const created = await call(t.app, member, 'POST', '/api/v1/workspaces', { name: 'Second' });
    const wsId = String(json(created).id);
    const res = await call(t.app, member, 'POST', '/api/v1/auth/switch-workspace', { workspace_id: wsId });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ workspace: { id: wsId }, user: { role: 'owner' } });
    const old = await call(t.app, member, 'GET', '/api/v1/ping');
    expect(old.statusCode).toBe(401);
  });
});
