import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../test/support/harness.js';
import { recordCallWithRecording } from '../../test/support/recordings.js';
import { buildApp } from '../app.js';
import { openPostgres } from '../db/client.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';
import { createLogger } from './logger.js';

let t: TestContext;
let tenant: Tenant;
const covered = new Set<ErrorCode>();

beforeAll(async () => {
  t = await startTestApp({}, (app) => {
    app.get('/api/v1/test/boom', { config: { operation: 'members.read' } }, async () => {
      throw new Error('database password is hunter2 at /srv/secret/path');
    });
    app.get('/api/v1/test/scoped', { config: { operation: 'calls.read' } }, async () => ({ ok: true }));
  });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

function expectError(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  code: ErrorCode,
) {
  expect(res.statusCode).toBe(ERROR_STATUS[code]);
  const body = json(res as never) as { error: { code: string; message: string; request_id: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
  covered.add(code);
}

describe('the error body and every code', () => {
  it('unauthenticated (401)', async () => {
    expectError(await call(t.app, null, 'GET', '/api/v1/members'), 'unauthenticated');
  });

  it('csrf_failed (403)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: tenant.callers.owner.headers,
      payload: { name: 'x' },
    });
    expectError(res, 'csrf_failed');
  });

  it('insufficient_scope (403) names the scope', async () => {
    const key = await keyCaller(t.app, tenant.callers.owner, ['leads:read']);
    const res = await call(t.app, key, 'GET', '/api/v1/test/scoped');
    expectError(res, 'insufficient_scope');
    expect(json(res)).toMatchObject({ error: { message: expect.stringContaining('calls:read') } });
  });

  it('forbidden (403)', async () => {
    expectError(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/api-keys'), 'forbidden');
  });

  it('not_found (404)', async () => {
    expectError(
      await call(t.app, tenant.callers.owner, 'DELETE', '/api/v1/api-keys/key_00000000000000000000000000'),
      'not_found',
    );
  });

  it('route_not_found (404)', async () => {
    expectError(await call(t.app, tenant.callers.owner, 'GET', '/api/v1/nothing-here'), 'route_not_found');
  });

  it('invalid_json (400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: { ...tenant.callers.owner.unsafeHeaders, 'content-type': 'application/json' },
      payload: '{"name": "unterminated',
    });
    expectError(res, 'invalid_json');
  });

  it.each([
    ['{"name": "x", "__proto__": {"admin": true}}', '__proto__'],
    ['{"name": "x", "extra": {"constructor": {"prototype": {"admin": true}}}}', 'extra.constructor'],
  ])('refuses a prototype key as validation_failed naming the field: %s', async (payload, path) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: { ...tenant.callers.owner.unsafeHeaders, 'content-type': 'application/json' },
      payload,
    });
    expectError(res, 'validation_failed');
    expect(json<{ error: { details: { path: string }[] } }>(res).error.details).toEqual([
      expect.objectContaining({ path }),
    ]);
  });

  it.each(['q=%E0%A4%A', 'q=ok&name=%zz', '%E0=1'])(
    'refuses malformed percent-encoding in ?%s',
    async (query) => {
      const caller = await keyCaller(t.app, tenant.callers.owner, ['leads:read']);
      const res = await call(t.app, caller, 'GET', `/api/v1/leads?${query}`);
      expectError(res, 'validation_failed');
      expect(json<{ error: { message: string } }>(res).error.message).toMatch(/percent-encoding/);
    },
  );

  it('validation_failed (400) names unknown fields and bad values in details', async () => {
    const res = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', {
      name: 'ok',
      colour: 'red',
    });
    expectError(res, 'validation_failed');
    expect(json(res)).toMatchObject({ error: { details: [{ path: 'colour' }] } });
    const wrongType = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', { name: 42 });
    expect(json(wrongType)).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'name' }] },
    });
    const tooLong = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', {
      name: 'x'.repeat(101),
    });
    expect(errorCode(tooLong)).toBe('validation_failed');
    const notObject = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', [1, 2]);
    expect(errorCode(notObject)).toBe('validation_failed');
  });

  it('validation_failed (400) for bad query parameters', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'order=sideways',
      'cursor=%%%',
      'cursor=bm90LWEtY3Vyc29y',
      'colour=red',
    ]) {
      const res = await call(t.app, tenant.callers.owner, 'GET', `/api/v1/members?${query}`);
      expect([query, res.statusCode, errorCode(res)]).toEqual([query, 400, 'validation_failed']);
    }
  });

  it('unsupported_media_type (415) for a body that is not JSON', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/workspaces',
        headers: { ...tenant.callers.owner.unsafeHeaders, 'content-type': type },
        payload: 'name=x',
      });
      expectError(res, 'unsupported_media_type');
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: tenant.callers.owner.unsafeHeaders,
      payload: Buffer.from('{"name":"x"}'),
    });
    expect(none.statusCode).toBe(415);
  });

  it('payload_too_large (413) over 1 MiB', async () => {
    const res = await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', {
      name: 'x'.repeat(1024 * 1024),
    });
    expectError(res, 'payload_too_large');
  });

  it('conflict (409)', async () => {
    const res = await call(t.app, tenant.callers.owner, 'DELETE', `/api/v1/members/${tenant.owner.id}`);
    expectError(res, 'conflict');
  });

  it('idempotency_conflict (409)', async () => {
    const headers = { 'x-request-id': `idem-${Date.now()}` };
    await call(t.app, tenant.callers.owner, 'POST', '/api/v1/workspaces', { name: 'first' }, headers);
    const res = await call(
      t.app,
      tenant.callers.owner,
      'POST',
      '/api/v1/workspaces',
      { name: 'second' },
      headers,
    );
    expectError(res, 'idempotency_conflict');
  });

  it('rate_limited (429) with Retry-After', async () => {
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'rl@example.test', password: 'x' },
    });
    for (let i = 0; i < 6 && res.statusCode !== 429; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: 'rl@example.test', password: 'x' },
      });
    }
    expectError(res, 'rate_limited');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('internal (500) reveals nothing, and the log keeps the cause', async () => {
    const res = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/test/boom');
    expectError(res, 'internal');
    expect(res.body).not.toMatch(/hunter2|secret|stack|Error/);
    expect(t.logs.join('')).toMatch(/hunter2/);
  });

  it('unavailable (503) with Retry-After when the database cannot be reached', async () => {
    // A real pg pool aimed at a port nothing listens on: every connection is refused.
    const down = await buildApp({
      config: t.config,
      db: openPostgres('postgres://postgres@127.0.0.1:1/none', 1),
      clock: t.clock,
      logger: createLogger('silent'),
    });
    try {
      const res = await call(down, tenant.callers.owner, 'GET', '/api/v1/members');
      expectError(res, 'unavailable');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      const ready = await down.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await down.close();
    }
  });

  it('range_not_satisfiable (416) and upstream_failed (502), playing a call recording', async () => {
    const recorded = await recordCallWithRecording(t);
    const url = `/api/v1/calls/${recorded.callId}/recording`;
    const owner = recorded.line.tenant.callers.owner;
    const past = await call(t.app, owner, 'GET', url, undefined, {
      range: `bytes=${recorded.recording.mp3.length}-`,
    });
    expectError(past, 'range_not_satisfiable');
    t.twilio.setMediaMode('fail');
    try {
      expectError(await call(t.app, owner, 'GET', url), 'upstream_failed');
    } finally {
      t.twilio.setMediaMode('normal');
    }
  });

  it('covers every code of the table', () => {
    expect([...covered].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });
});

describe('X-Request-Id', () => {
  it('echoes a client id and generates req_ ids otherwise', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'client-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('client-123');
    const generated = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^req_[0-9a-z]{26}$/);
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\u0000<script>' },
    });
    expect(String(hostile.headers['x-request-id'])).toMatch(/^req_/);
  });

  it('writes the request id, workspace, principal, status and duration into one log line per request', async () => {
    await call(t.app, tenant.callers.member, 'GET', '/api/v1/members', undefined, {
      'x-request-id': 'trace-me-1',
    });
    const line = t.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.request_id === 'trace-me-1' && l.msg === 'request');
    expect(line).toMatchObject({
      workspace_id: tenant.workspaceId,
      principal: tenant.users.member.id,
      status: 200,
      path: '/api/v1/members',
    });
    expect(typeof line?.duration_ms).toBe('number');
  });
});
