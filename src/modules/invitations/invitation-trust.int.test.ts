import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Caller,
  call,
  createTenant,
  createUser,
  createWorkspace,
  randomEmail,
  sessionCaller,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  acceptInvitation,
  callerFrom,
  errorWithoutRequestId,
  invite,
} from '../../../test/support/invitations.js';
import { deleteMembership, setRole } from '../workspaces/workspaces.repo.js';
import { createOwnerAndWorkspace } from '../workspaces/workspaces.service.js';

// Who an invitation lets in: no more than its inviter may grant now, and, until email addresses
// are verified, a new account only where the operator of the service vouches for the workspace.

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';
const accept = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  acceptInvitation(t.app, payload, headers);
const preview = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/invitations/preview', payload: { token } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });

async function pendingIds(caller: Caller): Promise<string[]> {
  const res = await call(t.app, caller, 'GET', '/api/v1/invitations?limit=200');
  expect(res.statusCode).toBe(200);
  return json<{ data: { id: string }[] }>(res).data.map((i) => i.id);
}

async function usersWithEmail(email: string): Promise<number> {
  const rows = await t.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  return rows.length;
}

async function roleIn(workspaceId: string, userId: string): Promise<string | undefined> {
  const rows = await t.db.query<{ role: string }>(
    'SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2',
    [workspaceId, userId],
  );
  return rows[0]?.role;
}

const unknownToken = () => `cai_${randomBytes(32).toString('base64url')}`;

describe('an invitation is worth no more than its inviter', () => {
  it("withdraws a removed admin's pending invitations, so they cannot come back through one", async () => {
    const tenant = await createTenant(t.db, t.clock, { operatorManaged: true });
    const wayBack = await invite(t.app, tenant.callers.admin, randomEmail(), 'admin');
    const owners = await invite(t.app, tenant.callers.owner, randomEmail(), 'member');
    const removed = await call(
      t.app,
      tenant.callers.owner,
      'DELETE',
      `/api/v1/members/${tenant.users.admin.id}`,
    );
    expect(removed.statusCode).toBe(204);

    expect(await pendingIds(tenant.callers.owner)).toEqual([owners.id]);
    const res = await accept({ token: wayBack.token, name: 'Back Again', password: NEW_PASSWORD });
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    expect((await preview(wayBack.token)).statusCode).toBe(404);
    expect(await usersWithEmail(wayBack.email)).toBe(0);
    const kept = await accept({ token: owners.token, name: 'Still Welcome', password: NEW_PASSWORD });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('withdraws what an admin invited when their role is lowered below admin, in the same change', async () => {
    const tenant = await createTenant(t.db, t.clock, { operatorManaged: true });
    const theirs = await invite(t.app, tenant.callers.admin, randomEmail(), 'viewer');
    const owners = await invite(t.app, tenant.callers.owner, randomEmail(), 'viewer');
    const demoted = await call(
      t.app,
      tenant.callers.owner,
      'PATCH',
      `/api/v1/members/${tenant.users.admin.id}`,
      {
        role: 'member',
      },
    );
    expect(demoted.statusCode).toBe(200);
    expect(await pendingIds(tenant.callers.owner)).toEqual([owners.id]);
    const res = await accept({ token: theirs.token, name: 'Too Late', password: NEW_PASSWORD });
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
  });

  it('answers an invitation whose inviter has left or been demoted as an unknown token, even while its row is pending', async () => {
    const tenant = await createTenant(t.db, t.clock, { operatorManaged: true });
    const secondAdmin = await addMember(t.db, t.clock, tenant.workspaceId, 'admin');
    const left = await invite(t.app, tenant.callers.admin, randomEmail(), 'member');
    const secondSession = await sessionCaller(t.db, t.clock, secondAdmin, tenant.workspaceId);
    const lowered = await invite(t.app, secondSession, randomEmail(), 'viewer');
    // The state invitations made before the rule are in: the memberships changed underneath them.
    await deleteMembership(t.db, tenant.workspaceId, tenant.users.admin.id, t.clock.now());
    await setRole(t.db, tenant.workspaceId, secondAdmin.id, 'member');

    const unknown = await accept({ token: unknownToken(), name: 'Nobody', password: NEW_PASSWORD });
    for (const inv of [left, lowered]) {
      const res = await accept({ token: inv.token, name: 'Nobody', password: NEW_PASSWORD });
      expect(errorWithoutRequestId(res), inv.email).toEqual(errorWithoutRequestId(unknown));
      expect(errorWithoutRequestId(await preview(inv.token))).toMatchObject({ status: 404 });
      expect(await usersWithEmail(inv.email)).toBe(0);
    }
    const rows = await t.db.query(
      'SELECT 1 FROM invitations WHERE workspace_id = $1 AND accepted_at IS NULL',
      [tenant.workspaceId],
    );
    expect(rows).toHaveLength(2);
  });
});

describe('invitations of a workspace made in the console', () => {
  it('answer the public form alike for an email with an account and one without, and make no account', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const existing = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, existing);
    const newcomer = randomEmail();
    const forExisting = await invite(t.app, tenant.callers.admin, existing.email, 'member');
    const forNew = await invite(t.app, tenant.callers.admin, newcomer, 'member');

    const a = await accept({ token: forExisting.token, name: 'Squatter', password: NEW_PASSWORD });
    const b = await accept({ token: forNew.token, name: 'Squatter', password: NEW_PASSWORD });
    expect([a.statusCode, errorCode(a)]).toEqual([403, 'forbidden']);
    expect(errorWithoutRequestId(a)).toEqual(errorWithoutRequestId(b));
    expect(json<{ error: { message: string } }>(a).error.message).toMatch(/sign|password/i);

    // Password alone: a wrong password and no account at all answer alike (as sign-in does).
    const c = await accept({ token: forExisting.token, password: NEW_PASSWORD });
    const d = await accept({ token: forNew.token, password: NEW_PASSWORD });
    expect([c.statusCode, errorCode(c)]).toEqual([401, 'unauthenticated']);
    expect(errorWithoutRequestId(c)).toEqual(errorWithoutRequestId(d));

    expect(await usersWithEmail(newcomer)).toBe(0);
    expect(await roleIn(tenant.workspaceId, existing.id)).toBeUndefined();
    expect(await pendingIds(tenant.callers.admin)).toEqual(
      expect.arrayContaining([forExisting.id, forNew.id]),
    );
  });

  it("lets the invited email's account accept: signed in as it, or with its password", async () => {
    const tenant = await createTenant(t.db, t.clock);
    const signedIn = await createUser(t.db, t.clock);
    const session = await sessionCaller(
      t.db,
      t.clock,
      signedIn,
      await createWorkspace(t.db, t.clock, signedIn),
    );
    const byPassword = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, byPassword);

    const one = await invite(t.app, tenant.callers.admin, signedIn.email, 'member');
    const joined = await accept({ token: one.token }, session.unsafeHeaders);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await roleIn(tenant.workspaceId, signedIn.id)).toBe('member');

    const two = await invite(t.app, tenant.callers.admin, byPassword.email.toUpperCase(), 'viewer');
    const res = await accept({ token: two.token, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string; role: string }; workspace: { id: string } }>(res)).toMatchObject({
      user: { id: byPassword.id, role: 'viewer' },
      workspace: { id: tenant.workspaceId },
    });
    const ping = await call(t.app, callerFrom(res, byPassword.id, tenant.workspaceId), 'GET', '/api/v1/ping');
    expect(ping.statusCode).toBe(200);
  });

  it('refuses a session of another email with the same answer as the public form, in either kind of workspace', async () => {
    const outsider = await createUser(t.db, t.clock);
    const session = await sessionCaller(
      t.db,
      t.clock,
      outsider,
      await createWorkspace(t.db, t.clock, outsider),
    );
    const answers = [];
    for (const operatorManaged of [false, true]) {
      const tenant = await createTenant(t.db, t.clock, { operatorManaged });
      const inv = await invite(t.app, tenant.callers.admin, randomEmail(), 'member');
      const res = await accept({ token: inv.token }, session.unsafeHeaders);
      answers.push(errorWithoutRequestId(res));
      expect(await roleIn(tenant.workspaceId, outsider.id)).toBeUndefined();
      expect(await pendingIds(tenant.callers.admin)).toContain(inv.id);
    }
    const selfService = await createTenant(t.db, t.clock);
    const inv = await invite(t.app, selfService.callers.admin, randomEmail(), 'member');
    const publicForm = await accept({ token: inv.token, name: 'Someone', password: NEW_PASSWORD });
    expect(answers).toEqual([errorWithoutRequestId(publicForm), errorWithoutRequestId(publicForm)]);
  });

  it('says in the preview who may accept and whether a new account is possible', async () => {
    for (const operatorManaged of [false, true]) {
      const tenant = await createTenant(t.db, t.clock, { operatorManaged });
      const email = randomEmail();
      const inv = await invite(t.app, tenant.callers.admin, email, 'viewer');
      const res = await preview(inv.token);
      expect(res.statusCode).toBe(200);
      const body = json<Record<string, unknown>>(res);
      expect(body).toMatchObject({ email, role: 'viewer', new_accounts: operatorManaged });
      expect(Object.keys(body).sort()).toEqual([
        'email',
        'expires_at',
        'new_accounts',
        'role',
        'workspace_name',
      ]);
    }
    const unknown = await preview(unknownToken());
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'not_found']);
  });

  it('counts a wrong password given with a token against the sign-in throttle of that email', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const user = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, user);
    const inv = await invite(t.app, tenant.callers.admin, user.email, 'member');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await accept({ token: inv.token, password: 'wrong password guess' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('invitations of a workspace the operator set up', () => {
  it('come from the first start and `workspace create`, not from POST /workspaces, and still make new accounts', async () => {
    const email = randomEmail();
    const made = await createOwnerAndWorkspace(t.db, t.clock, {
      email,
      password: NEW_PASSWORD,
      name: 'Operator Owner',
      workspaceName: 'Operator workspace',
    });
    const signedIn = await signIn(email, NEW_PASSWORD);
    expect(json<{ workspace: { operator_managed: boolean } }>(signedIn).workspace.operator_managed).toBe(
      true,
    );
    const owner = callerFrom(signedIn, made.userId, made.workspaceId);
    const selfMade = await call(t.app, owner, 'POST', '/api/v1/workspaces', { name: 'Side project' });
    expect(selfMade.statusCode).toBe(201);
    const intoSelfMade = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: NEW_PASSWORD, workspace_id: json<{ id: string }>(selfMade).id },
    });
    expect(json<{ workspace: { operator_managed: boolean } }>(intoSelfMade).workspace.operator_managed).toBe(
      false,
    );

    const newcomer = randomEmail();
    const inv = await invite(t.app, owner, newcomer, 'member');
    const res = await accept({ token: inv.token, name: 'New Person', password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { email: string; role: string } }>(res).user).toMatchObject({
      email: newcomer,
      role: 'member',
    });
    expect((await signIn(newcomer, NEW_PASSWORD)).statusCode).toBe(200);

    // The same token sent twice at once makes one account; the second is answered as a used token.
    const racedEmail = randomEmail();
    const raced = await invite(t.app, owner, racedEmail, 'member');
    const both = await Promise.all(
      [1, 2].map(() => accept({ token: raced.token, name: 'Twice Over', password: NEW_PASSWORD })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await usersWithEmail(racedEmail)).toBe(1);
  });
});

describe('a member removed from their only workspace', () => {
  it('can be invited back, accept with their password, and sign in again', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const member = tenant.users.member;
    expect(
      (await call(t.app, tenant.callers.admin, 'DELETE', `/api/v1/members/${member.id}`)).statusCode,
    ).toBe(204);
    const locked = await signIn(member.email, member.password);
    expect([locked.statusCode, errorCode(locked)]).toEqual([403, 'forbidden']);

    const inv = await invite(t.app, tenant.callers.admin, member.email, 'viewer');
    const res = await accept({ token: inv.token, password: member.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string; role: string } }>(res).user).toMatchObject({
      id: member.id,
      role: 'viewer',
    });
    const back = await signIn(member.email, member.password);
    expect(back.statusCode).toBe(200);
    expect(json<{ workspace: { id: string }; user: { role: string } }>(back)).toMatchObject({
      workspace: { id: tenant.workspaceId },
      user: { role: 'viewer' },
    });
  });
});
