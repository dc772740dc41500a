import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  call,
  createTenant,
  createUser,
  createWorkspace,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import type { Role } from '../../auth/permissions.js';
import { insertMembership } from '../workspaces/workspaces.repo.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface MemberBody {
  id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
}
interface Page {
  data: MemberBody[];
  next_cursor: string | null;
}
interface ErrorBody {
  error: { code: string; message: string; request_id: string; details?: unknown };
}

async function members(caller: Caller, query = 'limit=200'): Promise<MemberBody[]> {
  const res = await call(t.app, caller, 'GET', `/api/v1/members?${query}`);
  expect(res.statusCode).toBe(200);
  return json<Page>(res).data;
}

async function roleOf(caller: Caller, userId: string): Promise<Role | undefined> {
  return (await members(caller)).find((m) => m.id === userId)?.role;
}

async function roleInDb(workspaceId: string, userId: string): Promise<string | undefined> {
  const rows = await t.db.query<{ role: string }>(
    'SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2',
    [workspaceId, userId],
  );
  return rows[0]?.role;
}

/** An error body with the parts that must differ (request id, the id named in the message) blanked. */
function comparable(res: LightMyRequestResponse, id: string): ErrorBody {
  const body = json<ErrorBody>(res);
  return {
    error: { ...body.error, request_id: '<request_id>', message: body.error.message.split(id).join('<id>') },
  };
}

describe('GET /api/v1/members', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
  });

  it('lists every member as {id, email, name, role, joined_at}, to any role', async () => {
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      const list = await members(tenant.callers[role]);
      expect(list).toHaveLength(4);
      for (const m of list) {
        expect(Object.keys(m).sort()).toEqual(['email', 'id', 'joined_at', 'name', 'role']);
        expect(m.joined_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(typeof m.name).toBe('string');
      }
      for (const r of ['owner', 'admin', 'member', 'viewer'] as const) {
        const m = list.find((x) => x.id === tenant.users[r].id);
        expect(m?.role).toBe(r);
        expect(m?.email).toBe(tenant.users[r].email);
      }
    }
  });

  it('walks every member with limit=1 through next_cursor, both orders, without repeats', async () => {
    const all = (await members(tenant.callers.viewer)).map((m) => m.id).sort();
    for (const order of ['desc', 'asc'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `limit=1&order=${order}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/members?${query}`);
        expect(res.statusCode).toBe(200);
        const page = json<Page>(res);
        expect(page.data).toHaveLength(1);
        seen.push(...page.data.map((m) => m.id));
        cursor = page.next_cursor;
        pages++;
        expect(pages).toBeLessThanOrEqual(4);
      } while (cursor !== null);
      expect(pages).toBe(4);
      expect(new Set(seen).size).toBe(4);
      expect([...seen].sort()).toEqual(all);
    }
  });

  it('refuses limit=0 and limit=201 with 400 validation_failed, and accepts 1 and 200', async () => {
    for (const limit of ['0', '201', '-1', 'abc']) {
      const res = await call(t.app, tenant.callers.member, 'GET', `/api/v1/members?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    for (const limit of ['1', '200']) {
      const res = await call(t.app, tenant.callers.member, 'GET', `/api/v1/members?limit=${limit}`);
      expect(res.statusCode, limit).toBe(200);
    }
  });

  it('refuses a malformed cursor with 400 validation_failed', async () => {
    for (const cursor of ['not-a-cursor', '%%%', Buffer.from('{"x":1}').toString('base64url')]) {
      const res = await call(
        t.app,
        tenant.callers.member,
        'GET',
        `/api/v1/members?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode, cursor).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
  });

  it('lists the most recently joined member first by default, and last with order=asc (lists are newest first)', async () => {
    // A user whose account is older than everyone else's joins this workspace last.
    const veteran = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, veteran);
    const fresh = await createTenant(t.db, t.clock);
    t.clock.advance(60_000);
    await insertMembership(t.db, fresh.workspaceId, veteran.id, 'viewer', t.clock.now());

    const newest = await members(fresh.callers.owner);
    expect(newest).toHaveLength(5);
    expect(newest[0]?.id).toBe(veteran.id);
    expect(newest[0]?.joined_at).toBe(t.clock.now().toISOString());
    const oldest = await members(fresh.callers.owner, 'limit=200&order=asc');
    expect(oldest[oldest.length - 1]?.id).toBe(veteran.id);
  });

  it('answers 401 without credentials', async () => {
    const res = await call(t.app, null, 'GET', '/api/v1/members');
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('unauthenticated');
  });
});

describe('PATCH /api/v1/members/:user_id', () => {
  it('lets an admin change a member to viewer (200, the member body, the list agrees)', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const target = tenant.users.member;
    const res = await call(t.app, tenant.callers.admin, 'PATCH', `/api/v1/members/${target.id}`, {
      role: 'viewer',
    });
    expect(res.statusCode).toBe(200);
    expect(json<MemberBody>(res)).toMatchObject({ id: target.id, email: target.email, role: 'viewer' });
    expect(await roleOf(tenant.callers.owner, target.id)).toBe('viewer');
  });

  it('does not let an admin change the owner: 403 forbidden, the owner stays owner', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const role of ['admin', 'member', 'viewer']) {
      const res = await call(t.app, tenant.callers.admin, 'PATCH', `/api/v1/members/${tenant.owner.id}`, {
        role,
      });
      expect(res.statusCode, role).toBe(403);
      expect(errorCode(res)).toBe('forbidden');
    }
    expect(await roleInDb(tenant.workspaceId, tenant.owner.id)).toBe('owner');
  });

  it('refuses to make anyone owner through PATCH, for the owner and for an admin; roles unchanged', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const actor of ['owner', 'admin'] as const) {
      for (const target of ['admin', 'member', 'viewer'] as const) {
        const res = await call(
          t.app,
          tenant.callers[actor],
          'PATCH',
          `/api/v1/members/${tenant.users[target].id}`,
          { role: 'owner' },
        );
        expect([400, 409], `${actor} -> ${target}`).toContain(res.statusCode);
        expect(['conflict', 'validation_failed']).toContain(errorCode(res));
        expect(await roleInDb(tenant.workspaceId, tenant.users[target].id)).toBe(target);
      }
    }
    expect(await roleInDb(tenant.workspaceId, tenant.owner.id)).toBe('owner');
    const owners = (await members(tenant.callers.owner)).filter((m) => m.role === 'owner');
    expect(owners.map((m) => m.id)).toEqual([tenant.owner.id]);
  });

  it('does not let a member or a viewer change roles: 403 forbidden, roles unchanged', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const actor of ['member', 'viewer'] as const) {
      for (const [target, role] of [
        ['viewer', 'admin'],
        ['member', 'viewer'],
        ['admin', 'viewer'],
        [actor, 'admin'],
      ] as const) {
        const res = await call(
          t.app,
          tenant.callers[actor],
          'PATCH',
          `/api/v1/members/${tenant.users[target].id}`,
          { role },
        );
        expect(res.statusCode, `${actor} sets ${target} to ${role}`).toBe(403);
        expect(errorCode(res)).toBe('forbidden');
      }
    }
    for (const r of ['owner', 'admin', 'member', 'viewer'] as const) {
      expect(await roleInDb(tenant.workspaceId, tenant.users[r].id)).toBe(r);
    }
  });

  it('refuses an unknown role and unknown fields with 400 validation_failed', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const url = `/api/v1/members/${tenant.users.member.id}`;
    for (const payload of [{ role: 'superuser' }, { role: 'viewer', extra: true }, {}]) {
      const res = await call(t.app, tenant.callers.owner, 'PATCH', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    expect(await roleInDb(tenant.workspaceId, tenant.users.member.id)).toBe('member');
  });
});

describe('DELETE /api/v1/members/:user_id', () => {
  it('refuses to remove the owner with 409 conflict, whoever asks', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const actor of ['admin', 'owner'] as const) {
      const res = await call(t.app, tenant.callers[actor], 'DELETE', `/api/v1/members/${tenant.owner.id}`);
      expect(res.statusCode, actor).toBe(409);
      expect(errorCode(res)).toBe('conflict');
    }
    expect(await roleInDb(tenant.workspaceId, tenant.owner.id)).toBe('owner');
    expect((await call(t.app, tenant.callers.owner, 'GET', '/api/v1/ping')).statusCode).toBe(200);
  });

  it('removes a member with 204 and their session answers 401 at once', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const victim = tenant.callers.member;
    expect((await call(t.app, victim, 'GET', '/api/v1/ping')).statusCode).toBe(200);
    const res = await call(
      t.app,
      tenant.callers.admin,
      'DELETE',
      `/api/v1/members/${tenant.users.member.id}`,
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const url of ['/api/v1/ping', '/api/v1/members']) {
      const after = await call(t.app, victim, 'GET', url);
      expect(after.statusCode, url).toBe(401);
      expect(errorCode(after)).toBe('unauthenticated');
    }
    expect((await members(tenant.callers.owner)).map((m) => m.id)).not.toContain(tenant.users.member.id);
    expect(await roleInDb(tenant.workspaceId, tenant.users.member.id)).toBeUndefined();
  });

  it('does not let a member or a viewer remove anyone: 403 forbidden', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const actor of ['member', 'viewer'] as const) {
      const res = await call(
        t.app,
        tenant.callers[actor],
        'DELETE',
        `/api/v1/members/${tenant.users.admin.id}`,
      );
      expect(res.statusCode, actor).toBe(403);
      expect(errorCode(res)).toBe('forbidden');
    }
    expect(await roleInDb(tenant.workspaceId, tenant.users.admin.id)).toBe('admin');
  });
});

describe('members of another workspace', () => {
  it('answers PATCH and DELETE with 404 not_found, the same body as for a missing id', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const other = await createTenant(t.db, t.clock);
    const foreign = other.users.member.id;
    const missing = 'usr_0000000000nonexistent00000';
    for (const actor of ['owner', 'admin'] as const) {
      const caller = tenant.callers[actor];
      const requests = [
        ['PATCH', { role: 'viewer' }],
        ['DELETE', undefined],
      ] as const;
      for (const [method, payload] of requests) {
        const a = await call(t.app, caller, method, `/api/v1/members/${foreign}`, payload);
        const b = await call(t.app, caller, method, `/api/v1/members/${missing}`, payload);
        expect(a.statusCode, `${actor} ${method}`).toBe(404);
        expect(errorCode(a)).toBe('not_found');
        expect(b.statusCode).toBe(404);
        expect(comparable(a, foreign)).toEqual(comparable(b, missing));
        expect(a.headers['content-type']).toBe(b.headers['content-type']);
      }
    }
    expect(await roleInDb(other.workspaceId, foreign)).toBe('member');
  });

  it('answers 404, not 403, even to a member or viewer who could not change roles anyway', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const other = await createTenant(t.db, t.clock);
    const foreign = other.users.admin.id;
    const missing = 'usr_0000000000nonexistent00000';
    for (const actor of ['member', 'viewer'] as const) {
      for (const [method, payload] of [
        ['PATCH', { role: 'viewer' }],
        ['DELETE', undefined],
      ] as const) {
        const a = await call(t.app, tenant.callers[actor], method, `/api/v1/members/${foreign}`, payload);
        const b = await call(t.app, tenant.callers[actor], method, `/api/v1/members/${missing}`, payload);
        expect(a.statusCode, `${actor} ${method}`).toBe(404);
        expect(errorCode(a)).toBe('not_found');
        expect(comparable(a, foreign)).toEqual(comparable(b, missing));
      }
    }
    expect(await roleInDb(other.workspaceId, foreign)).toBe('admin');
  });

  it('does not list members of other workspaces', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const other = await createTenant(t.db, t.clock);
    const ids = (await members(tenant.callers.viewer)).map((m) => m.id);
    for (const u of Object.values(other.users)) expect(ids).not.toContain(u.id);
  });
});

describe('POST /api/v1/workspace/transfer-ownership', () => {
  it('makes the target the owner and the caller an admin', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const target = tenant.users.member;
    const res = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspace/transfer-ownership', {
      user_id: target.id,
    });
    expect(res.statusCode).toBe(200);
    expect(json<MemberBody>(res)).toMatchObject({ id: target.id, role: 'owner' });
    const list = await members(tenant.callers.viewer);
    expect(list.find((m) => m.id === target.id)?.role).toBe('owner');
    expect(list.find((m) => m.id === tenant.owner.id)?.role).toBe('admin');
    expect(list.filter((m) => m.role === 'owner')).toHaveLength(1);
    // The former owner's session now acts as an admin: it can no longer transfer.
    const again = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspace/transfer-ownership', {
      user_id: tenant.owner.id,
    });
    expect(again.statusCode).toBe(403);
    expect(errorCode(again)).toBe('forbidden');
    // The new owner's existing session acts as owner.
    const ping = await call(t.app, tenant.callers.member, 'GET', '/api/v1/ping');
    expect(json<{ user: { role: string } }>(ping).user.role).toBe('owner');
  });

  it('refuses an admin, a member and a viewer with 403 forbidden', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (const actor of ['admin', 'member', 'viewer'] as const) {
      const res = await call(t.app, tenant.callers[actor], 'POST', '/api/v1/workspace/transfer-ownership', {
        user_id: tenant.users[actor].id,
      });
      expect(res.statusCode, actor).toBe(403);
      expect(errorCode(res)).toBe('forbidden');
    }
    for (const r of ['owner', 'admin', 'member', 'viewer'] as const) {
      expect(await roleInDb(tenant.workspaceId, tenant.users[r].id)).toBe(r);
    }
  });

  it('answers 404 not_found for a target outside the workspace, and changes nothing', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const outsider = await createUser(t.db, t.clock);
    await createWorkspace(t.db, t.clock, outsider);
    for (const userId of [outsider.id, 'usr_0000000000nonexistent00000']) {
      const res = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspace/transfer-ownership', {
        user_id: userId,
      });
      expect(res.statusCode, userId).toBe(404);
      expect(errorCode(res)).toBe('not_found');
    }
    expect(await roleInDb(tenant.workspaceId, tenant.owner.id)).toBe('owner');
    expect(await roleInDb(tenant.workspaceId, outsider.id)).toBeUndefined();
  });
});
