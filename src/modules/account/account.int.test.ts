import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  call,
  createTenant,
  keyCaller,
  sessionCaller,
  TEST_PASSWORD,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { callerFrom } from '../../../test/support/invitations.js';
import { bootstrapOwner } from '../../bootstrap.js';
import { createLogger } from '../../http/logger.js';
import { createWorkspaceFor } from '../workspaces/workspaces.service.js';

// A person's own name and password (docs/api.md, "Your name and password").

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });

describe('your name', () => {
  it('changes in every workspace you belong to, trimmed; an empty one is refused at its field', async () => {
    const member = tenant.callers.member;
    const second = await createWorkspaceFor(t.db, t.clock, tenant.users.member.id, 'Second desk');
    const res = await call(t.app, member, 'PATCH', '/api/v1/account', { name: '  Priya Shah ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      id: tenant.users.member.id,
      email: tenant.users.member.email,
      name: 'Priya Shah',
      needs_name: false,
    });
    const members = json<{ data: { id: string; name: string }[] }>(
      await call(t.app, tenant.callers.owner, 'GET', '/api/v1/members?limit=100'),
    );
    expect(members.data.find((m) => m.id === tenant.users.member.id)?.name).toBe('Priya Shah');
    const there = await sessionCaller(t.db, t.clock, tenant.users.member, second.id);
    expect(json<{ user: { name: string } }>(await call(t.app, there, 'GET', '/api/v1/ping')).user.name).toBe(
      'Priya Shah',
    );
    const empty = await call(t.app, member, 'PATCH', '/api/v1/account', { name: '   ' });
    expect([empty.statusCode, errorCode(empty)]).toEqual([400, 'validation_failed']);
    expect(json<{ error: { details: { path: string }[] } }>(empty).error.details[0]?.path).toBe('name');
  });

  it('is not a key’s to change, and needs the CSRF token', async () => {
    const key = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    const viaKey = await call(t.app, key, 'PATCH', '/api/v1/account', { name: 'Key Person' });
    expect([viaKey.statusCode, errorCode(viaKey)]).toEqual([403, 'forbidden']);
    const noToken = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: tenant.callers.admin.headers,
      payload: { name: 'Forged' },
    });
    expect([noToken.statusCode, errorCode(noToken)]).toEqual([403, 'csrf_failed']);
  });

  it('is asked of the first owner, named after their email until they choose one', async () => {
    const email = `first-${Date.now()}@owner.test`;
    const config = { ...t.config, BOOTSTRAP_OWNER_EMAIL: email, BOOTSTRAP_OWNER_PASSWORD: TEST_PASSWORD };
    await bootstrapOwner(t.db, t.clock, config, createLogger('silent'));
    const signedIn = await signIn(email, TEST_PASSWORD);
    const ping = json<{ user: { id: string; name: string; needs_name: boolean }; workspace: { id: string } }>(
      signedIn,
    );
    expect(ping.user).toMatchObject({ name: email.split('@')[0], needs_name: true });
    const owner = callerFrom(signedIn, ping.user.id, ping.workspace.id);
    await call(t.app, owner, 'PATCH', '/api/v1/account', { name: 'Olu Adeyemi' });
    const after = json<{ user: { name: string; needs_name: boolean } }>(
      await call(t.app, owner, 'GET', '/api/v1/ping'),
    );
    expect(after.user).toMatchObject({ name: 'Olu Adeyemi', needs_name: false });
    // Everyone else chose their name when they made their account.
    const invited = json<{ user: { needs_name: boolean } }>(
      await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/ping'),
    );
    expect(invited.user.needs_name).toBe(false);
  });
});

describe('your password', () => {
  it('changes with the current one; every other session ends, in every workspace, and this one goes on', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const here = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const elsewhere = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const second = await createWorkspaceFor(t.db, t.clock, user.id, 'Their own desk');
    const there = await sessionCaller(t.db, t.clock, user, second.id);
    const key = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    const res = await call(t.app, here, 'POST', '/api/v1/account/password', {
      current_password: TEST_PASSWORD,
      new_password: 'a brand new passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string } }>(res).user.id).toBe(user.id);
    expect((await call(t.app, here, 'GET', '/api/v1/ping')).statusCode).toBe(200);
    expect((await call(t.app, elsewhere, 'GET', '/api/v1/ping')).statusCode).toBe(401);
    expect((await call(t.app, there, 'GET', '/api/v1/ping')).statusCode).toBe(401);
    expect((await call(t.app, key, 'GET', '/api/v1/calls')).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('refuses a wrong current password at its field and changes nothing, sessions included', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const here = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const elsewhere = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const res = await call(t.app, here, 'POST', '/api/v1/account/password', {
      current_password: 'not my password at all',
      new_password: 'a brand new passphrase',
    });
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    expect(json<{ error: { details: unknown[] } }>(res).error.details).toEqual([
      { path: 'current_password', message: 'is not your current password' },
    ]);
    expect((await call(t.app, here, 'GET', '/api/v1/ping')).statusCode).toBe(200);
    expect((await call(t.app, elsewhere, 'GET', '/api/v1/ping')).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const short = await call(t.app, here, 'POST', '/api/v1/account/password', {
      current_password: TEST_PASSWORD,
      new_password: 'too short',
    });
    expect([short.statusCode, errorCode(short)]).toEqual([400, 'validation_failed']);
    expect(json<{ error: { details: { path: string }[] } }>(short).error.details[0]?.path).toBe(
      'new_password',
    );
  });

  it('counts wrong current passwords with the sign-in throttle', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const here = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(t.app, here, 'POST', '/api/v1/account/password', {
        current_password: `guess number ${i}`,
        new_password: 'a brand new passphrase',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes.at(-1)).toBe(429);
  });
});
