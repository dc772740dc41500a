import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionClient } from '../../../sdk/src/index.js';
import {
  addMember,
  type Caller,
  call,
  createTenant,
  keyCaller,
  sessionCaller,
  TEST_PASSWORD,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { buildApp } from '../../app.js';
import { createLogger } from '../../http/logger.js';

// Sign out everywhere (docs/api.md, "Browsers"), with two instances of the service on one
// database: the streams of the user's other sessions close on whichever instance holds them.

let a: TestContext;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let tenant: Tenant;

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  a = await startTestApp();
  b = await buildApp({ config: a.config, db: a.db, clock: a.clock, logger: createLogger('silent') });
  urlA = await listenOn(a.app);
  urlB = await listenOn(b);
  tenant = await createTenant(a.db, a.clock);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
}

/** A session's live stream read as raw text; `ended` settles when the service closes it. */
async function openStream(base: string, caller: Caller) {
  const res = await fetch(`${base}/api/v1/events/stream`, { headers: caller.headers });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let closed = false;
  const ended = (async () => {
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
    closed = true;
  })();
  await until(() => text.includes('event: ready'));
  return { text: () => text, ended, closed: () => closed };
}

const ping = (caller: Caller) => call(a.app, caller, 'GET', '/api/v1/ping');

describe('sign out everywhere', () => {
  it('ends every session of the user in every workspace and closes their streams on every instance', async () => {
    const user = tenant.users.admin;
    const here = await sessionCaller(a.db, a.clock, user, tenant.workspaceId);
    const elsewhere = await sessionCaller(a.db, a.clock, user, tenant.workspaceId);
    const created = await call(a.app, here, 'POST', '/api/v1/workspaces', { name: 'Second' });
    const inSecond = await sessionCaller(a.db, a.clock, user, String(json(created).id));
    const key = await keyCaller(a.app, here, ['leads:read']);
    const secondKey = await keyCaller(a.app, inSecond, ['leads:write']);
    const bystander = tenant.callers.viewer;

    const streamOnB = await openStream(urlB, elsewhere);
    const streamOnA = await openStream(urlA, inSecond);
    const bystanderStream = await openStream(urlB, bystander);

    const out = await call(a.app, here, 'POST', '/api/v1/auth/sign-out-everywhere');
    expect(out.statusCode).toBe(204);
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(
      /callagent_session=;.*Expires=Thu, 01 Jan 1970/,
    );
    // Changes made right after, in both workspaces, never reach the ended streams, which close
    // at once rather than at their next 15-second check.
    const leads = [
      await call(a.app, tenant.callers.member, 'POST', '/api/v1/leads', {
        name: 'One',
        phone: '+447700900512',
      }),
      await call(a.app, secondKey, 'POST', '/api/v1/leads', { name: 'Two', phone: '+447700900513' }),
    ];
    expect(leads.map((res) => res.statusCode)).toEqual([201, 201]);
    const closedSoon = Promise.all([streamOnB.ended, streamOnA.ended]).then(() => 'closed');
    const late = new Promise((r) => setTimeout(() => r('still open'), 5_000));
    expect(await Promise.race([closedSoon, late])).toBe('closed');
    expect(streamOnB.text()).not.toContain('lead.created');
    expect(streamOnA.text()).not.toContain('lead.created');

    for (const caller of [here, elsewhere, inSecond]) {
      const res = await ping(caller);
      expect([res.statusCode, errorCode(res)]).toEqual([401, 'unauthenticated']);
    }
    // Someone else's session and stream go on; the user's API keys are no sessions and work too.
    expect((await ping(bystander)).statusCode).toBe(200);
    expect((await call(a.app, key, 'GET', '/api/v1/leads')).statusCode).toBe(200);
    await until(() => bystanderStream.text().includes('lead.created'));
    expect(bystanderStream.closed()).toBe(false);
    expect(bystanderStream.text()).toContain('event: lead.created');
  });

  it('is for sessions only, with their CSRF token', async () => {
    const user = tenant.users.member;
    const session = await sessionCaller(a.db, a.clock, user, tenant.workspaceId);
    const noToken = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out-everywhere',
      headers: session.headers,
    });
    expect([noToken.statusCode, errorCode(noToken)]).toEqual([403, 'csrf_failed']);
    const key = await keyCaller(a.app, tenant.callers.owner, ['leads:read']);
    const byKey = await call(a.app, key, 'POST', '/api/v1/auth/sign-out-everywhere');
    expect([byKey.statusCode, errorCode(byKey)]).toEqual([403, 'forbidden']);
    expect((await ping(session)).statusCode).toBe(200);
    expect((await ping(tenant.callers.owner)).statusCode).toBe(200);
  });

  it('is the session client’s auth.signOutEverywhere', async () => {
    const user = await addMember(a.db, a.clock, tenant.workspaceId, 'viewer');
    // A browser keeps the cookie; this fetch does it for the client in Node.
    let cookie = '';
    const withCookie = async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', cookie);
      const res = await fetch(url, { ...init, headers });
      cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? cookie;
      return res;
    };
    const api = createSessionClient({ baseUrl: urlA, fetch: withCookie });
    await api.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    const other = await sessionCaller(a.db, a.clock, user, tenant.workspaceId);
    await api.auth.signOutEverywhere();
    expect((await ping(other)).statusCode).toBe(401);
  });
});
