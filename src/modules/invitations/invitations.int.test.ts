import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  call,
  createTenant,
  createUser,
  createWorkspace,
  randomEmail,
  sessionCaller,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** This file is the flow of a workspace the operator set up, whose invitations create accounts. */
const operatorTenant = () => createTenant(t.db, t.clock, { operatorManaged: true });

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'a brand new passphrase';

interface InvitationBody {
  id: string;
  email: string;
  role: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  token?: string;
  link?: string;
  email_queued?: boolean;
}
interface PingBody {
  ok: boolean;
  csrf_token: string;
  user: { id: string; role: string; email: string; name: string };
  workspace: { id: string; name: string };
}

async function invite(
  caller: Caller,
  email: string,
  role: string,
): Promise<InvitationBody & { token: string }> {
  const res = await call(t.app, caller, 'POST', '/api/v1/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const body = json<InvitationBody>(res);
  if (typeof body.token !== 'string') throw new Error('invitation created without a token');
  return { ...body, token: body.token };
}

function accept(
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', payload, headers });
}

async function pending(caller: Caller): Promise<InvitationBody[]> {
  const res = await call(t.app, caller, 'GET', '/api/v1/invitations?limit=200');
  expect(res.statusCode).toBe(200);
  return json<{ data: InvitationBody[] }>(res).data;
}

async function roleInDb(workspaceId: string, userId: string): Promise<string | undefined> {
  const rows = await t.db.query<{ role: string }>(
    'SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2',
    [workspaceId, userId],
  );
  return rows[0]?.role;
}

/** The caller a successful accept or sign-in answers: its cookie and the CSRF token of the ping body. */
function callerFrom(res: LightMyRequestResponse, userId: string, workspaceId: string): Caller {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('callagent_session='));
  if (header === undefined) throw new Error('no session cookie was set');
  const cookie = String(header).split(';')[0] ?? '';
  const csrf = json<PingBody>(res).csrf_token;
  return { headers: { cookie }, unsafeHeaders: { cookie, 'x-csrf-token': csrf }, userId, workspaceId };
}

describe('POST /api/v1/invitations', () => {
  it('lets an admin invite: 201, the token once, expires_at = created_at + 7 days; the list has no token', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const email = randomEmail();
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', {
      email,
      role: 'member',
    });
    expect(res.statusCode).toBe(201);
    const body = json<InvitationBody>(res);
    expect(body.id).toMatch(/^inv_/);
    expect(body).toMatchObject({ email, role: 'member', invited_by: tenant.users.admin.id });
    expect(typeof body.token).toBe('string');
    expect((body.token ?? '').length).toBeGreaterThanOrEqual(32);
    expect(body.created_at).toBe(t.clock.now().toISOString());
    expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(SEVEN_DAYS_MS);

    const listRes = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/invitations');
    expect(listRes.statusCode).toBe(200);
    expect(listRes.body).not.toContain(body.token ?? '');
    const listed = json<{ data: InvitationBody[] }>(listRes).data.find((i) => i.id === body.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('token');
    const { token: _token, link: _link, email_queued: _queued, ...withoutToken } = body;
    expect(listed).toEqual(withoutToken);
  });

  it('stores only a hash of the token and does not replay it for a repeated X-Request-Id', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const requestId = `inv-${randomBytes(8).toString('hex')}`;
    const payload = { email: randomEmail(), role: 'viewer' };
    const first = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', payload, {
      'x-request-id': requestId,
    });
    expect(first.statusCode).toBe(201);
    const token = json<InvitationBody>(first).token ?? '';
    expect(token.length).toBeGreaterThan(0);
    const again = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', payload, {
      'x-request-id': requestId,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).not.toHaveProperty('token');
    expect(json(again)).not.toHaveProperty('link');
    expect(await pending(tenant.callers.admin)).toHaveLength(1);
    for (const table of ['invitations', 'idempotency_keys']) {
      expect(JSON.stringify(await t.db.query(`SELECT * FROM ${table}`)), table).not.toContain(token);
    }
  });

  it('lets an admin invite an admin, and refuses owner with 400 validation_failed', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const asAdmin = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', {
      email: randomEmail(),
      role: 'admin',
    });
    expect(asAdmin.statusCode).toBe(201);
    for (const actor of ['admin', 'owner'] as const) {
      const res = await call(t.app, tenant.callers[actor], 'POST', '/api/v1/invitations', {
        email: randomEmail(),
        role: 'owner',
      });
      expect(res.statusCode, actor).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    expect(await pending(tenant.callers.admin)).toHaveLength(1);
  });

  it('does not let a member or a viewer invite at all: 403 forbidden', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const actor of ['member', 'viewer'] as const) {
      for (const role of ['viewer', 'member']) {
        const res = await call(t.app, tenant.callers[actor], 'POST', '/api/v1/invitations', {
          email: randomEmail(),
          role,
        });
        expect(res.statusCode, `${actor} invites ${role}`).toBe(403);
        expect(errorCode(res)).toBe('forbidden');
      }
      const list = await call(t.app, tenant.callers[actor], 'GET', '/api/v1/invitations');
      expect(list.statusCode).toBe(403);
    }
    expect(await pending(tenant.callers.admin)).toHaveLength(0);
  });

  it('refuses to invite an existing member with 409 conflict, whatever the email case', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const email of [tenant.users.viewer.email, tenant.users.viewer.email.toUpperCase()]) {
      const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', {
        email,
        role: 'member',
      });
      expect(res.statusCode, email).toBe(409);
      expect(errorCode(res)).toBe('conflict');
    }
    expect(await pending(tenant.callers.admin)).toHaveLength(0);
  });
});

describe('accepting as a new user', () => {
  it('answers 200 with the ping body and a session cookie in the new workspace with the invited role', async () => {
    const tenant = await operatorTenant();
    for (const role of ['viewer', 'admin'] as const) {
      const email = randomEmail();
      const inv = await invite(tenant.callers.admin, email, role);
      const res = await accept({ token: inv.token, name: 'New Person', password: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      const body = json<PingBody>(res);
      expect(body).toMatchObject({
        ok: true,
        user: { email, role, name: 'New Person' },
        workspace: { id: tenant.workspaceId },
      });
      expect(body.user.id).toMatch(/^usr_/);
      expect(typeof body.csrf_token).toBe('string');
      const raw = String(
        [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('callagent_session=')),
      );
      expect(raw).toMatch(/; HttpOnly/);
      expect(raw).toMatch(/; Secure/);

      const session = callerFrom(res, body.user.id, tenant.workspaceId);
      const ping = await call(t.app, session, 'GET', '/api/v1/ping');
      expect(ping.statusCode).toBe(200);
      expect(json<PingBody>(ping)).toMatchObject({
        user: { id: body.user.id, role },
        workspace: { id: tenant.workspaceId },
      });
      expect(await roleInDb(tenant.workspaceId, body.user.id)).toBe(role);

      // The account is real: the chosen password signs in.
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email, password: NEW_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      expect(json<PingBody>(signIn).workspace.id).toBe(tenant.workspaceId);
    }
    expect(await pending(tenant.callers.admin)).toHaveLength(0);
  });

  it('answers 404 not_found for the same token a second time', async () => {
    const tenant = await operatorTenant();
    const inv = await invite(tenant.callers.admin, randomEmail(), 'member');
    expect((await accept({ token: inv.token, name: 'Once', password: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await accept({ token: inv.token, name: 'Twice', password: NEW_PASSWORD });
    expect(again.statusCode).toBe(404);
    expect(errorCode(again)).toBe('not_found');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers 404 not_found for an unknown token', async () => {
    const res = await accept({
      token: `cai_${randomBytes(32).toString('base64url')}`,
      name: 'X',
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });

  it('refuses, with 403 forbidden, a new account for an email that already has one', async () => {
    const tenant = await operatorTenant();
    const existing = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, existing);
    const inv = await invite(tenant.callers.admin, existing.email, 'member');
    const res = await accept({ token: inv.token, name: 'Impostor', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('forbidden');
    expect(await roleInDb(tenant.workspaceId, existing.id)).toBeUndefined();
    expect((await pending(tenant.callers.admin)).map((i) => i.id)).toContain(inv.id);
  });

  it('needs a password without a session: 400 validation_failed', async () => {
    const tenant = await operatorTenant();
    const inv = await invite(tenant.callers.admin, randomEmail(), 'member');
    for (const payload of [{ token: inv.token }, { token: inv.token, name: 'No Password' }]) {
      const res = await accept(payload);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    expect((await pending(tenant.callers.admin)).map((i) => i.id)).toContain(inv.id);
  });
});

describe('accepting with a session', () => {
  let tenant: Tenant;
  let existing: Awaited<ReturnType<typeof createUser>>;
  let existingWs: string;
  let existingSession: Caller;
  beforeAll(async () => {
    tenant = await operatorTenant();
    existing = await createUser(t.db, t.clock);
    existingWs = await createWorkspace(t.db, t.clock, existing);
    existingSession = await sessionCaller(t.db, t.clock, existing, existingWs);
  });

  it('refuses a session without its X-CSRF-Token with 403 csrf_failed, and nothing is joined', async () => {
    const inv = await invite(tenant.callers.admin, existing.email, 'member');
    for (const headers of [
      existingSession.headers,
      { ...existingSession.headers, 'x-csrf-token': 'y'.repeat(43) },
    ]) {
      const res = await accept({ token: inv.token }, headers);
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe('csrf_failed');
    }
    expect(await roleInDb(tenant.workspaceId, existing.id)).toBeUndefined();
    expect((await pending(tenant.callers.admin)).map((i) => i.id)).toContain(inv.id);
    await call(t.app, tenant.callers.admin, 'DELETE', `/api/v1/invitations/${inv.id}`);
  });

  it('refuses a session of a different email with 403 forbidden, and the invitation stays open', async () => {
    const inv = await invite(tenant.callers.admin, randomEmail(), 'member');
    const res = await accept({ token: inv.token }, existingSession.unsafeHeaders);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('forbidden');
    expect(await roleInDb(tenant.workspaceId, existing.id)).toBeUndefined();
    expect((await pending(tenant.callers.admin)).map((i) => i.id)).toContain(inv.id);
  });

  it('joins an existing user of another workspace whose session email matches, with the session CSRF token', async () => {
    const inv = await invite(tenant.callers.admin, existing.email, 'member');
    const res = await accept({ token: inv.token }, existingSession.unsafeHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<PingBody>(res)).toMatchObject({
      ok: true,
      user: { id: existing.id, email: existing.email, role: 'member' },
      workspace: { id: tenant.workspaceId },
    });
    expect(await roleInDb(tenant.workspaceId, existing.id)).toBe('member');
    expect(await roleInDb(existingWs, existing.id)).toBe('owner');
    const joined = callerFrom(res, existing.id, tenant.workspaceId);
    const list = await call(t.app, joined, 'GET', '/api/v1/members?limit=200');
    expect(list.statusCode).toBe(200);
    expect(
      json<{ data: { id: string; role: string }[] }>(list).data.find((m) => m.id === existing.id)?.role,
    ).toBe('member');
    expect((await pending(tenant.callers.admin)).map((i) => i.id)).not.toContain(inv.id);
  });
});

describe('withdrawing invitations', () => {
  it('deletes a pending invitation with 204, after which accepting it is 404', async () => {
    const tenant = await operatorTenant();
    const inv = await invite(tenant.callers.admin, randomEmail(), 'member');
    const del = await call(t.app, tenant.callers.owner, 'DELETE', `/api/v1/invitations/${inv.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await pending(tenant.callers.admin)).map((i) => i.id)).not.toContain(inv.id);
    const res = await accept({ token: inv.token, name: 'Too Late', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });

  it("answers 404 not_found when deleting another workspace's invitation, which stays usable", async () => {
    const a = await operatorTenant();
    const b = await operatorTenant();
    const inv = await invite(b.callers.admin, randomEmail(), 'viewer');
    for (const actor of ['owner', 'admin', 'member', 'viewer'] as const) {
      const res = await call(t.app, a.callers[actor], 'DELETE', `/api/v1/invitations/${inv.id}`);
      expect(res.statusCode, actor).toBe(404);
      expect(errorCode(res)).toBe('not_found');
    }
    expect((await pending(b.callers.admin)).map((i) => i.id)).toContain(inv.id);
    expect((await pending(a.callers.admin)).map((i) => i.id)).not.toContain(inv.id);
    expect((await accept({ token: inv.token, name: 'Still Fine', password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('expiry (moves the clock; runs last)', () => {
  it('accepts until 7 days have passed and answers 404 not_found at 7 days + 1 s', async () => {
    const tenant = await operatorTenant();
    const early = await invite(tenant.callers.admin, randomEmail(), 'member');
    const late = await invite(tenant.callers.admin, randomEmail(), 'member');
    t.clock.advance(SEVEN_DAYS_MS - 1000);
    expect(
      (await accept({ token: early.token, name: 'Just In Time', password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    t.clock.advance(2000);
    const res = await accept({ token: late.token, name: 'Too Late', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    // The expired invitation is no longer listed as pending (sessions idled out: sign in afresh).
    const admin = await sessionCaller(t.db, t.clock, tenant.users.admin, tenant.workspaceId);
    expect((await pending(admin)).map((i) => i.id)).not.toContain(late.id);
  });
});
