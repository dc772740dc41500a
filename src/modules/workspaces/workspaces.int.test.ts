import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Caller,
  call,
  createTenant,
  createUser,
  createWorkspace,
  keyCaller,
  sessionCaller,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { SCOPES } from '../../auth/permissions.js';
import { insertMembership } from './workspaces.repo.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface WorkspaceBody {
  id: string;
  name: string;
  role: string;
  created_at: string;
}

async function workspaces(caller: Caller): Promise<WorkspaceBody[]> {
  const res = await call(t.app, caller, 'GET', '/api/v1/workspaces?limit=200');
  expect(res.statusCode).toBe(200);
  return json<{ data: WorkspaceBody[] }>(res).data;
}

function signIn(email: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password: TEST_PASSWORD, ...extra },
  });
}

function callerFrom(res: LightMyRequestResponse, userId: string, workspaceId: string): Caller {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('callagent_session='));
  if (header === undefined) throw new Error('no session cookie was set');
  const cookie = String(header).split(';')[0] ?? '';
  const csrf = String(json(res).csrf_token);
  return { headers: { cookie }, unsafeHeaders: { cookie, 'x-csrf-token': csrf }, userId, workspaceId };
}

describe('POST /api/v1/workspaces', () => {
  it('creates a workspace with the caller as owner (201) and lists it with role owner', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const res = await call(t.app, tenant.callers.viewer, 'POST', '/api/v1/workspaces', {
      name: '  Acme Homes  ',
    });
    expect(res.statusCode).toBe(201);
    const body = json<WorkspaceBody>(res);
    expect(body.id).toMatch(/^ws_/);
    expect(body).toMatchObject({
      name: 'Acme Homes',
      role: 'owner',
      created_at: t.clock.now().toISOString(),
    });
    const rows = await t.db.query<{ user_id: string; role: string }>(
      'SELECT user_id, role FROM memberships WHERE workspace_id = $1',
      [body.id],
    );
    expect(rows).toEqual([{ user_id: tenant.users.viewer.id, role: 'owner' }]);
    const listed = (await workspaces(tenant.callers.viewer)).find((w) => w.id === body.id);
    expect(listed).toEqual(body);
  });

  it('refuses a missing or empty name and unknown fields with 400 validation_failed', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'Ok', plan: 'pro' }]) {
      const res = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    expect(await workspaces(tenant.callers.owner)).toHaveLength(1);
  });
});

describe('GET /api/v1/workspaces', () => {
  it("lists only the caller's workspaces, each with the caller's role in it", async () => {
    const user = await createUser(t.db, t.clock);
    const own = await createWorkspace(t.db, t.clock, user);
    const a = await createTenant(t.db, t.clock);
    const b = await createTenant(t.db, t.clock);
    const unrelated = await createTenant(t.db, t.clock);
    await insertMembership(t.db, a.workspaceId, user.id, 'member', t.clock.now());
    await insertMembership(t.db, b.workspaceId, user.id, 'viewer', t.clock.now());
    const session = await sessionCaller(t.db, t.clock, user, own);

    const list = await workspaces(session);
    const roles = Object.fromEntries(list.map((w) => [w.id, w.role]));
    expect(roles).toEqual({ [own]: 'owner', [a.workspaceId]: 'member', [b.workspaceId]: 'viewer' });
    expect(list.map((w) => w.id)).not.toContain(unrelated.workspaceId);
    for (const w of list) expect(Object.keys(w).sort()).toEqual(['created_at', 'id', 'name', 'role']);

    // Another user sees their own set, not this one.
    const others = await workspaces(unrelated.callers.admin);
    expect(others.map((w) => w.id)).toEqual([unrelated.workspaceId]);
    expect(others[0]?.role).toBe('admin');
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, null, 'GET', '/api/v1/workspaces');
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('unauthenticated');
  });

  it('refuses an API key with 403 forbidden, even one with every scope', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const key = await keyCaller(t.app, tenant.callers.owner, [...SCOPES]);
    const list = await call(t.app, key, 'GET', '/api/v1/workspaces');
    expect(list.statusCode).toBe(403);
    expect(errorCode(list)).toBe('forbidden');
    const create = await call(t.app, key, 'POST', '/api/v1/workspaces', { name: 'From a key' });
    expect(create.statusCode).toBe(403);
    expect(errorCode(create)).toBe('forbidden');
    expect(await workspaces(tenant.callers.owner)).toHaveLength(1);
  });
});

describe('signing in to a chosen workspace', () => {
  it('shows only the members of workspace B to a user who signs in with workspace_id B', async () => {
    const a = await createTenant(t.db, t.clock);
    const user = await addMember(t.db, t.clock, a.workspaceId, 'member');
    t.clock.advance(1000);
    const b = await createTenant(t.db, t.clock);
    await insertMembership(t.db, b.workspaceId, user.id, 'admin', t.clock.now());

    const res = await signIn(user.email, { workspace_id: b.workspaceId });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      user: { id: user.id, role: 'admin' },
      workspace: { id: b.workspaceId },
    });
    const inB = callerFrom(res, user.id, b.workspaceId);
    const list = await call(t.app, inB, 'GET', '/api/v1/members?limit=200');
    expect(list.statusCode).toBe(200);
    const ids = json<{ data: { id: string }[] }>(list)
      .data.map((m) => m.id)
      .sort();
    expect(ids).toEqual([...Object.values(b.users).map((u) => u.id), user.id].sort());
    for (const u of Object.values(a.users)) expect(ids).not.toContain(u.id);

    // Without workspace_id the same user lands in the workspace joined first, and sees A's members.
    const first = await signIn(user.email);
    expect(json(first)).toMatchObject({ workspace: { id: a.workspaceId }, user: { role: 'member' } });
    const inA = callerFrom(first, user.id, a.workspaceId);
    const listA = json<{ data: { id: string }[] }>(
      await call(t.app, inA, 'GET', '/api/v1/members?limit=200'),
    );
    for (const u of Object.values(b.users)) expect(listA.data.map((m) => m.id)).not.toContain(u.id);
  });

  it('answers 404 for a workspace_id the user does not belong to', async () => {
    const a = await createTenant(t.db, t.clock);
    const b = await createTenant(t.db, t.clock);
    const res = await signIn(a.users.member.email, { workspace_id: b.workspaceId });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
