import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, type Json, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { buildApp } from '../../app.js';
import { resolveApiKey } from '../../auth/api-key-auth.js';
import { ROLE_SCOPE_CEILING, SCOPES, type Scope, type WorkspaceOperation } from '../../auth/permissions.js';
import type { SessionPrincipal } from '../../auth/principal.js';
import { ApiError } from '../../http/errors.js';
import { createLogger } from '../../http/logger.js';
import { insertMembership } from '../workspaces/workspaces.repo.js';
import { createApiKey } from './api-keys.service.js';

let t: TestContext;
/**
 * A second app on the same database and clock with one probe route per scope-governed
 * operation, so a key's scopes are checked by the real auth hook even before any product
 * route needs them. Each probe answers 200 {ok: true} when the hook lets the request through.
 */
let probeApp: FastifyInstance;

const PROBES = {
  'calls.read': '/api/v1/__probe/calls-read',
  'opportunities.write': '/api/v1/__probe/opportunities-write',
  'agent.write': '/api/v1/__probe/agent-write',
  'webhooks.manage': '/api/v1/__probe/webhooks-manage',
} as const satisfies Partial<Record<WorkspaceOperation, string>>;

beforeAll(async () => {
  t = await startTestApp();
  probeApp = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: createLogger('silent') });
  for (const [operation, url] of Object.entries(PROBES)) {
    probeApp.get(url, { config: { operation: operation as WorkspaceOperation } }, async () => ({ ok: true }));
  }
  await probeApp.ready();
});
afterAll(async () => {
  await probeApp.close();
  await t.close();
});

const KEY_SHAPE = /^cak_live_[A-Za-z0-9_-]{43,}$/;
const MEMBER_ONLY_SCOPES: readonly Scope[] = ROLE_SCOPE_CEILING.member;
const ADMIN_ONLY_SCOPES: readonly Scope[] = SCOPES.filter((s) => !MEMBER_ONLY_SCOPES.includes(s));

interface ApiKeyBody {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  key?: string;
}

function probe(op: keyof typeof PROBES, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return probeApp.inject({ method: 'GET', url: PROBES[op], headers });
}

function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

async function listKeys(caller: Caller): Promise<ApiKeyBody[]> {
  const res = await call(t.app, caller, 'GET', '/api/v1/api-keys?limit=200');
  expect(res.statusCode).toBe(200);
  return json<{ data: ApiKeyBody[] }>(res).data;
}

async function keyRowCount(workspaceId: string): Promise<number> {
  const rows = await t.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM api_keys WHERE workspace_id = $1',
    [workspaceId],
  );
  return Number(rows[0]?.n ?? -1);
}

async function memberRole(caller: Caller, userId: string): Promise<string | undefined> {
  const res = await call(t.app, caller, 'GET', '/api/v1/members?limit=200');
  return json<{ data: { id: string; role: string }[] }>(res).data.find((m) => m.id === userId)?.role;
}

function requestId(): string {
  return `idem-${randomBytes(8).toString('hex')}`;
}

describe('creating an API key', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
  });

  it('answers 201 with a cak_live_ key of at least 43 URL-safe characters, its prefix and the key fields', async () => {
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', {
      name: 'CRM sync',
      scopes: ['calls:read', 'leads:read'],
    });
    expect(res.statusCode).toBe(201);
    const body = json<ApiKeyBody>(res);
    expect(body.key).toMatch(KEY_SHAPE);
    expect(body.id).toMatch(/^key_/);
    expect(body.name).toBe('CRM sync');
    expect(body.created_by).toBe(tenant.users.admin.id);
    expect(body.created_at).toBe(t.clock.now().toISOString());
    expect(body.last_used_at).toBeNull();
    expect(body.revoked_at).toBeNull();
    expect(body.prefix.startsWith('cak_live_')).toBe(true);
    expect(body.prefix.length).toBeGreaterThan('cak_live_'.length);
    expect(body.prefix.length).toBeLessThan((body.key ?? '').length);
    expect((body.key ?? '').startsWith(body.prefix)).toBe(true);
  });

  it('deduplicates the scopes it is given', async () => {
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', {
      name: 'dupes',
      scopes: ['calls:read', 'leads:read', 'calls:read', 'leads:read'],
    });
    expect(res.statusCode).toBe(201);
    const scopes = json<ApiKeyBody>(res).scopes;
    expect([...scopes].sort()).toEqual(['calls:read', 'leads:read']);
    const listed = (await listKeys(tenant.callers.admin)).find((k) => k.id === json<ApiKeyBody>(res).id);
    expect([...(listed?.scopes ?? [])].sort()).toEqual(['calls:read', 'leads:read']);
  });

  it('lets an admin create a key with all eight scopes', async () => {
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', {
      name: 'everything',
      scopes: [...SCOPES],
    });
    expect(res.statusCode).toBe(201);
    expect([...json<ApiKeyBody>(res).scopes].sort()).toEqual([...SCOPES].sort());
  });

  it('shows the key in the create response only: the list never carries it', async () => {
    const created = json<ApiKeyBody>(
      await call(t.app, tenant.callers.owner, 'POST', '/api/v1/api-keys', {
        name: 'list check',
        scopes: ['calls:read'],
      }),
    );
    const secret = created.key ?? '';
    expect(secret).toMatch(KEY_SHAPE);
    const res = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/api-keys?limit=200');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    const listed = json<{ data: Json[] }>(res).data;
    const mine = listed.find((k) => k.id === created.id);
    expect(mine).toBeDefined();
    expect(Object.keys(mine ?? {}).sort()).toEqual(
      ['created_at', 'created_by', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes'].sort(),
    );
    for (const k of listed) expect(k).not.toHaveProperty('key');
  });

  it('stores no plaintext secret: the key appears in no column of any table', async () => {
    const created = json<ApiKeyBody>(
      await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', {
        name: 'hash only',
        scopes: ['calls:read'],
      }),
    );
    const secret = created.key ?? '';
    // The part after the displayed prefix is what must never be stored.
    const hidden = secret.slice(created.prefix.length);
    expect(hidden.length).toBeGreaterThanOrEqual(30);

    const keyRows = await t.db.query('SELECT * FROM api_keys');
    expect(keyRows.length).toBeGreaterThan(0);
    const row = keyRows.find((r) => r.id === created.id);
    expect(row).toBeDefined();
    for (const value of Object.values(row ?? {})) {
      const text = value instanceof Date ? value.toISOString() : JSON.stringify(value);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(hidden);
    }

    const tables = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((x) => x.table_name)).toContain('api_keys');
    for (const { table_name } of tables) {
      const dump = JSON.stringify(await t.db.query(`SELECT * FROM "${table_name}"`));
      expect(dump, `table ${table_name}`).not.toContain(hidden);
    }
    expect(t.logs.join('\n')).not.toContain(hidden);
  });

  it('refuses an unknown scope with 400 validation_failed and details naming scopes', async () => {
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', {
      name: 'bad scope',
      scopes: ['calls:read', 'calls:delete'],
    });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    const details = json<{ error: { details?: { path: string; message: string }[] } }>(res).error.details;
    expect(details?.length ?? 0).toBeGreaterThan(0);
    expect(details?.some((d) => d.path.startsWith('scopes'))).toBe(true);
  });

  it('refuses a member and a viewer at the route with 403 forbidden, whatever the scopes', async () => {
    for (const role of ['member', 'viewer'] as const) {
      for (const scopes of [['calls:read'], ['webhooks:manage']]) {
        const before = await keyRowCount(tenant.workspaceId);
        const res = await call(t.app, tenant.callers[role], 'POST', '/api/v1/api-keys', {
          name: 'x',
          scopes,
        });
        expect(res.statusCode, `${role} ${scopes.join(',')}`).toBe(403);
        expect(errorCode(res)).toBe('forbidden');
        expect(await keyRowCount(tenant.workspaceId)).toBe(before);
      }
    }
  });

  it('refuses scopes above the creator role with forbidden in the service itself', async () => {
    const actor: SessionPrincipal = {
      kind: 'session',
      userId: tenant.users.member.id,
      workspaceId: tenant.workspaceId,
      role: 'member',
      sessionHash: 'unused',
      csrfToken: 'unused',
    };
    const before = await keyRowCount(tenant.workspaceId);
    const refused = await createApiKey(t.db, t.clock, actor, {
      name: 'too much',
      scopes: ['calls:read', 'webhooks:manage'],
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused instanceof ApiError ? refused.code : undefined).toBe('forbidden');
    expect(await keyRowCount(tenant.workspaceId)).toBe(before);
    // Within the ceiling the same actor succeeds.
    const ok = await createApiKey(t.db, t.clock, actor, { name: 'fine', scopes: [...MEMBER_ONLY_SCOPES] });
    expect(ok.key).toMatch(KEY_SHAPE);
  });
});

describe('X-Request-Id replay of key creation', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
  });

  it('replays 201 with Idempotent-Replayed: true, without the key, and creates no second key', async () => {
    const id = requestId();
    const payload = { name: 'replayed', scopes: ['calls:read'] };
    const first = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', payload, {
      'x-request-id': id,
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const original = json<ApiKeyBody>(first);
    expect(original.key).toMatch(KEY_SHAPE);
    const count = await keyRowCount(tenant.workspaceId);

    const again = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/api-keys', payload, {
      'x-request-id': id,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['x-request-id']).toBe(id);
    const replayed = json<ApiKeyBody>(again);
    expect(replayed).not.toHaveProperty('key');
    expect(again.body).not.toContain(original.key ?? '');
    const { key: _secret, ...withoutKey } = original;
    expect(replayed).toEqual(withoutKey);
    expect(await keyRowCount(tenant.workspaceId)).toBe(count);
    expect((await listKeys(tenant.callers.admin)).filter((k) => k.name === 'replayed')).toHaveLength(1);
  });

  it('answers 409 idempotency_conflict for the same X-Request-Id with a different body', async () => {
    const id = requestId();
    const first = await call(
      t.app,
      tenant.callers.admin,
      'POST',
      '/api/v1/api-keys',
      { name: 'conflict one', scopes: ['calls:read'] },
      { 'x-request-id': id },
    );
    expect(first.statusCode).toBe(201);
    const count = await keyRowCount(tenant.workspaceId);
    const second = await call(
      t.app,
      tenant.callers.admin,
      'POST',
      '/api/v1/api-keys',
      { name: 'conflict two', scopes: ['calls:read'] },
      { 'x-request-id': id },
    );
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe('idempotency_conflict');
    expect(await keyRowCount(tenant.workspaceId)).toBe(count);
  });
});

describe('authenticating with a key', () => {
  let tenant: Tenant;
  let key: string;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
    key = (await keyCaller(t.app, tenant.callers.admin, ['calls:read'])).key;
  });

  it('accepts the key as Authorization: Bearer', async () => {
    const res = await probe('calls.read', bearer(key));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    // On the real app too: authenticated (so not 401), then refused for a session-only route.
    const members = await t.app.inject({ method: 'GET', url: '/api/v1/members', headers: bearer(key) });
    expect(members.statusCode).toBe(403);
    expect(errorCode(members)).toBe('forbidden');
  });

  it('refuses the key in the query string (?api_key=, ?access_token=) with 401', async () => {
    for (const param of ['api_key', 'access_token']) {
      const res = await probeApp.inject({
        method: 'GET',
        url: `${PROBES['calls.read']}?${param}=${encodeURIComponent(key)}`,
      });
      expect(res.statusCode, param).toBe(401);
      expect(errorCode(res)).toBe('unauthenticated');
      const real = await t.app.inject({ method: 'GET', url: `/api/v1/members?${param}=${key}` });
      expect(real.statusCode, param).toBe(401);
    }
  });

  it('refuses the key in a cookie with 401', async () => {
    for (const cookie of [`api_key=${key}`, `access_token=${key}`, `callagent_session=${key}`]) {
      const res = await probe('calls.read', { cookie });
      expect(res.statusCode, cookie.split('=')[0]).toBe(401);
      expect(errorCode(res)).toBe('unauthenticated');
    }
  });

  it('refuses Authorization: Basic and a bare key with 401', async () => {
    for (const authorization of [
      `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      `Basic ${Buffer.from(`api:${key}`).toString('base64')}`,
      key,
      `Token ${key}`,
    ]) {
      const res = await probe('calls.read', { authorization });
      expect(res.statusCode, authorization.split(' ')[0]).toBe(401);
      expect(errorCode(res)).toBe('unauthenticated');
    }
  });

  it('refuses an unknown key of the right shape with 401', async () => {
    const res = await probe('calls.read', bearer(`cak_live_${randomBytes(32).toString('base64url')}`));
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('unauthenticated');
  });

  it('shows last_used_at null before any use and the time of use afterwards', async () => {
    const fresh = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    const before = (await listKeys(tenant.callers.admin)).find((k) => k.id === fresh.keyId);
    expect(before?.last_used_at).toBeNull();
    t.clock.advance(5_000);
    const usedAt = t.clock.now().toISOString();
    expect((await probe('calls.read', fresh.headers)).statusCode).toBe(200);
    const after = (await listKeys(tenant.callers.admin)).find((k) => k.id === fresh.keyId);
    expect(after?.last_used_at).toBe(usedAt);
  });
});

describe('revoking a key', () => {
  it('answers 204 and the key answers 401 unauthenticated from then on', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    expect((await probe('calls.read', k.headers)).statusCode).toBe(200);
    const del = await call(t.app, tenant.callers.owner, 'DELETE', `/api/v1/api-keys/${k.keyId}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (let i = 0; i < 2; i++) {
      const res = await probe('calls.read', k.headers);
      expect(res.statusCode).toBe(401);
      expect(errorCode(res)).toBe('unauthenticated');
      t.clock.advance(2 * 60 * 1000);
    }
    const listed = (await listKeys(tenant.callers.admin)).find((x) => x.id === k.keyId);
    expect(listed?.revoked_at).not.toBeNull();
  });
});

describe("a key follows its creator's membership", () => {
  it('loses webhooks:manage and agent:write when the creator is demoted to member (403 insufficient_scope)', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.admin, [...SCOPES]);
    expect((await probe('webhooks.manage', k.headers)).statusCode).toBe(200);
    expect((await probe('agent.write', k.headers)).statusCode).toBe(200);

    const demote = await call(
      t.app,
      tenant.callers.owner,
      'PATCH',
      `/api/v1/members/${tenant.users.admin.id}`,
      {
        role: 'member',
      },
    );
    expect(demote.statusCode).toBe(200);
    expect(await memberRole(tenant.callers.owner, tenant.users.admin.id)).toBe('member');

    for (const [op, scope] of [
      ['webhooks.manage', 'webhooks:manage'],
      ['agent.write', 'agent:write'],
    ] as const) {
      const res = await probe(op, k.headers);
      expect(res.statusCode, op).toBe(403);
      expect(errorCode(res)).toBe('insufficient_scope');
      expect(json<{ error: { message: string } }>(res).error.message).toContain(scope);
    }
    // Scopes a member may hold keep working.
    expect((await probe('calls.read', k.headers)).statusCode).toBe(200);
    expect((await probe('opportunities.write', k.headers)).statusCode).toBe(200);
  });

  it('resolveApiKey cuts the scopes to the creator’s current role, and restores them on re-promotion', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.admin, [...SCOPES]);

    const asAdmin = await resolveApiKey(t.db, t.clock, k.key);
    expect(asAdmin?.kind).toBe('key');
    if (asAdmin?.kind !== 'key') throw new Error('expected a key principal');
    expect([...asAdmin.scopes].sort()).toEqual([...SCOPES].sort());
    expect(asAdmin.creatorRole).toBe('admin');
    expect(asAdmin.workspaceId).toBe(tenant.workspaceId);

    const adminId = tenant.users.admin.id;
    const demote = await call(t.app, tenant.callers.owner, 'PATCH', `/api/v1/members/${adminId}`, {
      role: 'member',
    });
    expect(demote.statusCode).toBe(200);
    const asMember = await resolveApiKey(t.db, t.clock, k.key);
    if (asMember?.kind !== 'key') throw new Error('expected a key principal');
    expect(asMember.creatorRole).toBe('member');
    for (const s of ADMIN_ONLY_SCOPES) expect(asMember.scopes).not.toContain(s);
    expect([...asMember.scopes].sort()).toEqual([...MEMBER_ONLY_SCOPES].sort());

    const toViewer = await call(t.app, tenant.callers.owner, 'PATCH', `/api/v1/members/${adminId}`, {
      role: 'viewer',
    });
    expect(toViewer.statusCode).toBe(200);
    const asViewer = await resolveApiKey(t.db, t.clock, k.key);
    if (asViewer?.kind !== 'key') throw new Error('expected a key principal');
    expect([...asViewer.scopes].sort()).toEqual([...ROLE_SCOPE_CEILING.viewer].sort());

    await call(t.app, tenant.callers.owner, 'PATCH', `/api/v1/members/${adminId}`, { role: 'admin' });
    const restored = await resolveApiKey(t.db, t.clock, k.key);
    if (restored?.kind !== 'key') throw new Error('expected a key principal');
    expect([...restored.scopes].sort()).toEqual([...SCOPES].sort());
  });

  it('answers 401 once its creator is removed from the workspace', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    expect((await probe('calls.read', k.headers)).statusCode).toBe(200);
    const removed = await call(
      t.app,
      tenant.callers.owner,
      'DELETE',
      `/api/v1/members/${tenant.users.admin.id}`,
    );
    expect(removed.statusCode).toBe(204);
    const res = await probe('calls.read', k.headers);
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('unauthenticated');
    const real = await t.app.inject({ method: 'GET', url: '/api/v1/members', headers: k.headers });
    expect(real.statusCode).toBe(401);
    expect(await resolveApiKey(t.db, t.clock, k.key)).toBeNull();
  });

  it('stays revoked when its creator is removed and later added back', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    await call(t.app, tenant.callers.owner, 'DELETE', `/api/v1/members/${tenant.users.admin.id}`);
    await insertMembership(t.db, tenant.workspaceId, tenant.users.admin.id, 'admin', t.clock.now());
    expect((await probe('calls.read', k.headers)).statusCode).toBe(401);
    const listed = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/api-keys');
    const row = (json(listed).data as { id: string; revoked_at: string | null }[]).find(
      (x) => x.id === k.keyId,
    );
    expect(row?.revoked_at).not.toBeNull();
  });
});

describe('tenancy and key management', () => {
  it("answers 404 not_found when a key of workspace A deletes a key of workspace B, and B's key keeps working", async () => {
    const a = await createTenant(t.db, t.clock);
    const b = await createTenant(t.db, t.clock);
    const keyA = await keyCaller(t.app, a.callers.admin, [...SCOPES]);
    const keyB = await keyCaller(t.app, b.callers.admin, ['calls:read']);

    const res = await call(t.app, keyA, 'DELETE', `/api/v1/api-keys/${keyB.keyId}`);
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect(res.body).not.toContain('forbidden');

    const bySession = await call(t.app, a.callers.admin, 'DELETE', `/api/v1/api-keys/${keyB.keyId}`);
    expect(bySession.statusCode).toBe(404);
    expect(errorCode(bySession)).toBe('not_found');

    expect((await probe('calls.read', keyB.headers)).statusCode).toBe(200);
    const listed = (await listKeys(b.callers.admin)).find((k) => k.id === keyB.keyId);
    expect(listed?.revoked_at).toBeNull();
  });

  it('does not let keys manage keys: a key with every scope gets 403 forbidden on the key routes', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.owner, [...SCOPES]);
    const count = await keyRowCount(tenant.workspaceId);
    const create = await call(t.app, k, 'POST', '/api/v1/api-keys', {
      name: 'from a key',
      scopes: ['calls:read'],
    });
    expect(create.statusCode).toBe(403);
    expect(errorCode(create)).toBe('forbidden');
    expect(await keyRowCount(tenant.workspaceId)).toBe(count);
    const list = await call(t.app, k, 'GET', '/api/v1/api-keys');
    expect(list.statusCode).toBe(403);
    expect(errorCode(list)).toBe('forbidden');
    const revoke = await call(t.app, k, 'DELETE', `/api/v1/api-keys/${k.keyId}`);
    expect(revoke.statusCode).toBe(403);
    expect(errorCode(revoke)).toBe('forbidden');
    expect((await probe('calls.read', k.headers)).statusCode).toBe(200);
  });

  it('is session-only for members and viewers too: they cannot list or revoke keys', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const k = await keyCaller(t.app, tenant.callers.admin, ['calls:read']);
    for (const role of ['member', 'viewer'] as const) {
      const list = await call(t.app, tenant.callers[role], 'GET', '/api/v1/api-keys');
      expect(list.statusCode).toBe(403);
      expect(errorCode(list)).toBe('forbidden');
      const revoke = await call(t.app, tenant.callers[role], 'DELETE', `/api/v1/api-keys/${k.keyId}`);
      expect(revoke.statusCode).toBe(403);
      expect(errorCode(revoke)).toBe('forbidden');
    }
    expect((await probe('calls.read', k.headers)).statusCode).toBe(200);
  });
});
