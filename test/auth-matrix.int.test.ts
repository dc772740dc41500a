import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../src/auth/permissions.js';
import { OPERATIONS, ROLES, SCOPES, type Scope, type WorkspaceOperation } from '../src/auth/permissions.js';
import { MATRIX_ROUTES, PUBLIC_ROUTES } from './matrix/index.js';
import type { MatrixRoute, MatrixSeed } from './matrix/types.js';
import { type Caller, call, createTenant, keyCaller, type Tenant } from './support/factories.js';
import { errorCode, startTestApp } from './support/harness.js';

// Built at collection time so each route gets exactly the cases its operation calls for.
const t = await startTestApp();
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

function operationOf(route: MatrixRoute): Operation {
  const found = t.app.apiRoutes.find((r) => r.method === route.method && r.url === route.url);
  if (!found) throw new Error(`${key(route)} is in the matrix but not registered`);
  return found.operation;
}

/** A stream answers its status with its headers and then stays open: read those, then hang up. */
async function openStream(caller: Caller, url: string) {
  const hangUp = new AbortController();
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: caller.headers,
    payloadAsStream: true,
    signal: hangUp.signal,
  });
  hangUp.abort();
  res.stream().on('error', () => {});
  return res;
}

function ruleOf(operation: Operation) {
  return operation === 'user' || operation === 'public' ? null : OPERATIONS[operation as WorkspaceOperation];
}

async function prepared(route: MatrixRoute, tenant: Tenant) {
  const seed = { app: t.app, db: t.db, clock: t.clock, tenant, twilio: t.twilio };
  await route.setup?.(seed);
  const params = route.record ? await route.record(seed) : {};
  const path = route.url.replace(/:([a-z_]+)/g, (_m, name: string) => params[name] ?? `missing_${name}`);
  const url = route.query === undefined ? path : `${path}?${route.query}`;
  const body =
    typeof route.body === 'function'
      ? (route.body as (p: Record<string, string>, s: MatrixSeed) => unknown)(params, seed)
      : route.body;
  return { url, body };
}

describe('the matrix covers the API', () => {
  it('lists every registered route, and the public routes are exactly the known ones', () => {
    const registered = t.app.apiRoutes.map(key).sort();
    expect([...MATRIX_ROUTES.map(key), ...PUBLIC_ROUTES].sort()).toEqual(registered);
    const publicNow = t.app.apiRoutes.filter((r) => r.operation === 'public').map(key);
    expect(publicNow.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});

for (const route of MATRIX_ROUTES) {
  const operation = operationOf(route);
  const rule = ruleOf(operation);
  const unsafe = route.method !== 'GET';

  describe(`${key(route)} (${operation})`, () => {
    let home: Tenant;
    let other: Tenant;
    beforeAll(async () => {
      home = await createTenant(t.db, t.clock);
      other = await createTenant(t.db, t.clock);
    });

    it('answers 401 unauthenticated without credentials, with an unknown key, and with a revoked key', async () => {
      const { url, body } = await prepared(route, home);
      const none = await call(t.app, null, route.method, url, body);
      expect([none.statusCode, errorCode(none)]).toEqual([401, 'unauthenticated']);
      const unknown = { authorization: `Bearer cak_live_${randomBytes(32).toString('base64url')}` };
      const res = await call(t.app, null, route.method, url, body, unknown);
      expect([res.statusCode, errorCode(res)]).toEqual([401, 'unauthenticated']);
      const revoked = await keyCaller(t.app, home.callers.owner, SCOPES);
      await call(t.app, home.callers.owner, 'DELETE', `/api/v1/api-keys/${revoked.keyId}`);
      const again = await call(t.app, revoked, route.method, url, body);
      expect([again.statusCode, errorCode(again)]).toEqual([401, 'unauthenticated']);
    });

    const scope = rule?.scope ?? null;
    // An operation that takes any of several scopes is refused only to a key with none of them.
    const anyScope = (rule as { anyScope?: readonly string[] } | null)?.anyScope;
    const withheld: readonly string[] = anyScope ?? (scope ? [scope] : []);
    it(
      scope
        ? `answers 403 insufficient_scope to a key without ${scope}`
        : 'answers 403 forbidden to any API key',
      async () => {
        const { url, body } = await prepared(route, home);
        const caller = await keyCaller(
          t.app,
          home.callers.owner,
          SCOPES.filter((s) => !withheld.includes(s)),
        );
        const res = await call(t.app, caller, route.method, url, body);
        expect([res.statusCode, errorCode(res)]).toEqual([403, scope ? 'insufficient_scope' : 'forbidden']);
      },
    );

    const below = rule ? ROLES[ROLES.indexOf(rule.minRole) - 1] : undefined;
    if (below) {
      it(`answers 403 forbidden to a ${below} session`, async () => {
        const { url, body } = await prepared(route, home);
        const res = await call(t.app, home.callers[below], route.method, url, body);
        expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
      });
    }

    if (unsafe) {
      it('answers 403 csrf_failed to a cookie request without X-CSRF-Token', async () => {
        const { url, body } = await prepared(route, home);
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: home.callers.owner.headers,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect([res.statusCode, errorCode(res)]).toEqual([403, 'csrf_failed']);
      });
    }

    if (route.record) {
      it('answers 404 not_found for another workspace’s record, also to callers without permission', async () => {
        const { url, body } = await prepared(route, other);
        const owner = await call(t.app, home.callers.owner, route.method, url, body);
        expect([owner.statusCode, errorCode(owner)]).toEqual([404, 'not_found']);
        const viewer = await call(t.app, home.callers.viewer, route.method, url, body);
        expect([viewer.statusCode, errorCode(viewer)]).toEqual([404, 'not_found']);
        const weakKey = await keyCaller(
          t.app,
          home.callers.owner,
          SCOPES.filter((s) => !withheld.includes(s)),
        );
        const viaKey = await call(t.app, weakKey, route.method, url, body);
        expect([viaKey.statusCode, errorCode(viaKey)]).toEqual([404, 'not_found']);
      });
    }

    it('lets an allowed caller through', async () => {
      const { url, body } = await prepared(route, home);
      const role = rule?.minRole ?? 'owner';
      const through = (caller: Caller, at: string, payload: unknown) =>
        route.stream ? openStream(caller, at) : call(t.app, caller, route.method, at, payload);
      const res = await through(home.callers[role], url, body);
      expect(res.statusCode).toBeLessThan(400);
      if (scope) {
        const fresh = await prepared(route, home);
        // An operation that needs several scopes at once gets a key with exactly those.
        const allScopes = (rule as { allScopes?: readonly Scope[] } | null)?.allScopes;
        const k = await keyCaller(t.app, home.callers.owner, allScopes ?? [scope]);
        const viaKey = await through(k, fresh.url, fresh.body);
        expect(viaKey.statusCode).toBeLessThan(400);
      }
    });
  });
}
