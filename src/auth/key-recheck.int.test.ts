import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, createTenant, keyCaller, type Tenant } from '../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../test/support/harness.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createLogger } from '../http/logger.js';

/**
 * Two instances of the service on one database, each with its own cache of looked-up keys: what
 * one instance changes about a key or its creator holds on the other's very next request
 * (docs/api.md, "How a key is checked").
 */
let a: TestContext;
let b: FastifyInstance;
const statements: string[] = [];

/** The database as instance B sees it, counting every statement it sends. */
function counting(db: Database): Database {
  return {
    kind: db.kind,
    query: ((sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return db.query(sql, params);
    }) as Database['query'],
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: ((sql: string, params?: readonly unknown[]) => {
            statements.push(sql);
            return tx.query(sql, params);
          }) as Database['query'],
        }),
      ),
    close: async () => {},
  };
}

beforeAll(async () => {
  a = await startTestApp();
  b = await buildApp({
    config: a.config,
    db: counting(a.db),
    clock: a.clock,
    logger: createLogger('silent'),
  });
  // A read whose handler sends no statement of its own: the key is checked before the answer.
  b.get('/api/v1/__probe/leads-read', { config: { operation: 'leads.read' } }, async () => ({ ok: true }));
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function onB(key: Caller, url: string) {
  statements.length = 0;
  const res = await call(b, key, 'GET', url);
  return { res, statements: [...statements] };
}

async function tenantWithLead(): Promise<Tenant> {
  const tenant = await createTenant(a.db, a.clock);
  const made = await call(a.app, tenant.callers.owner, 'POST', '/api/v1/leads', {
    name: 'Pat Seller',
    phone: '07700 900123',
  });
  expect(made.statusCode).toBe(201);
  return tenant;
}

describe('a key cached by one instance', () => {
  it('costs one statement per read once cached: the check rides the list’s own SELECT', async () => {
    const tenant = await tenantWithLead();
    const key = await keyCaller(a.app, tenant.callers.admin, ['leads:read']);
    const first = await onB(key, '/api/v1/leads');
    expect(first.res.statusCode).toBe(200);
    const again = await onB(key, '/api/v1/leads');
    expect(again.res.statusCode).toBe(200);
    expect(json<{ data: unknown[] }>(again.res).data).toHaveLength(1);
    expect(again.statements).toHaveLength(1);
    expect(again.statements[0]).toContain('api_keys');
    // The row the client gets carries nothing of the check.
    expect(again.res.body).not.toContain('__callagent');
    expect(json(again.res)).toEqual(json(first.res));
  });

  it('answers 401 on the other instance’s very next request once revoked', async () => {
    const tenant = await tenantWithLead();
    const key = await keyCaller(a.app, tenant.callers.admin, ['leads:read']);
    for (const url of ['/api/v1/leads', '/api/v1/__probe/leads-read', '/api/v1/leads?q=nobody']) {
      expect((await onB(key, url)).res.statusCode).toBe(200);
    }
    expect((await onB(key, '/api/v1/leads/lead_missing')).res.statusCode).toBe(404);
    expect((await onB(key, '/api/v1/leads?limit=lots')).res.statusCode).toBe(400);
    const revoked = await call(a.app, tenant.callers.admin, 'DELETE', `/api/v1/api-keys/${key.keyId}`);
    expect(revoked.statusCode).toBe(204);
    // A list with rows, a read that sends no statement, a list with no rows, a missing record and
    // a malformed query: each refused as revoked, whatever it would have answered.
    for (const url of [
      '/api/v1/leads',
      '/api/v1/__probe/leads-read',
      '/api/v1/leads?q=nobody',
      '/api/v1/leads/lead_missing',
      '/api/v1/leads?limit=lots',
    ]) {
      const { res } = await onB(key, url);
      expect(res.statusCode, url).toBe(401);
      expect(errorCode(res)).toBe('unauthenticated');
      expect(res.body).not.toContain('Pat Seller');
    }
  });

  it('answers 401 on the other instance once its creator is removed', async () => {
    const tenant = await tenantWithLead();
    const key = await keyCaller(a.app, tenant.callers.admin, ['leads:read']);
    expect((await onB(key, '/api/v1/leads')).res.statusCode).toBe(200);
    const removed = await call(
      a.app,
      tenant.callers.owner,
      'DELETE',
      `/api/v1/members/${tenant.users.admin.id}`,
    );
    expect(removed.statusCode).toBe(204);
    const { res } = await onB(key, '/api/v1/leads');
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Pat Seller');
  });

  it('follows its creator’s demotion and promotion on the other instance’s next request', async () => {
    const tenant = await tenantWithLead();
    const key = await keyCaller(a.app, tenant.callers.admin, ['leads:read', 'webhooks:manage']);
    expect((await onB(key, '/api/v1/webhooks')).res.statusCode).toBe(200);
    expect((await onB(key, '/api/v1/leads')).res.statusCode).toBe(200);
    const setRole = async (role: string) => {
      const res = await call(
        a.app,
        tenant.callers.owner,
        'PATCH',
        `/api/v1/members/${tenant.users.admin.id}`,
        {
          role,
        },
      );
      expect(res.statusCode).toBe(200);
    };

    await setRole('member');
    const demoted = await onB(key, '/api/v1/webhooks');
    expect(demoted.res.statusCode).toBe(403);
    expect(errorCode(demoted.res)).toBe('insufficient_scope');
    // What a member may still read keeps working, under the new role.
    expect((await onB(key, '/api/v1/leads')).res.statusCode).toBe(200);

    // Not refused on what was cached: a promotion counts at once too.
    await setRole('admin');
    expect((await onB(key, '/api/v1/webhooks')).res.statusCode).toBe(200);
  });

  it('keeps another workspace’s records at 404 and its own at 200', async () => {
    const mine = await tenantWithLead();
    const theirs = await tenantWithLead();
    const key = await keyCaller(a.app, mine.callers.admin, ['leads:read']);
    const theirLeads = json<{ data: Array<{ id: string }> }>(
      await call(a.app, theirs.callers.owner, 'GET', '/api/v1/leads'),
    ).data;
    const myLeads = json<{ data: Array<{ id: string }> }>(
      await onB(key, '/api/v1/leads').then((r) => r.res),
    ).data;
    expect((await onB(key, `/api/v1/leads/${myLeads[0]?.id}`)).res.statusCode).toBe(200);
    const other = await onB(key, `/api/v1/leads/${theirLeads[0]?.id}`);
    expect(other.res.statusCode).toBe(404);
    expect(other.res.body).not.toContain('Pat Seller');
  });

  it('still asks for the full lookup on changes, which never start on a cached key', async () => {
    const tenant = await tenantWithLead();
    const key = await keyCaller(a.app, tenant.callers.admin, ['leads:read', 'leads:write']);
    expect((await onB(key, '/api/v1/leads')).res.statusCode).toBe(200);
    await call(a.app, tenant.callers.admin, 'DELETE', `/api/v1/api-keys/${key.keyId}`);
    statements.length = 0;
    const res = await call(b, key, 'POST', '/api/v1/leads', { name: 'Late Write', phone: '07700 900456' });
    expect(res.statusCode).toBe(401);
    expect(statements.some((s) => /INSERT/i.test(s))).toBe(false);
  });
});
