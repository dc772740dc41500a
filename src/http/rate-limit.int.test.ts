import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../test/support/factories.js';
import { errorCode, startTestApp, type TestContext } from '../../test/support/harness.js';

let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await startTestApp({ API_RATE_LIMIT: '5' });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

it('limits each credential on its own, answers 429 with Retry-After, and refills with time', async () => {
  const a = await keyCaller(t.app, tenant.callers.admin, ['leads:read']);
  const b = await keyCaller(t.app, tenant.callers.owner, ['leads:read']);
  for (let i = 0; i < 5; i++) expect((await call(t.app, a, 'GET', '/api/v1/leads')).statusCode).toBe(200);
  const limited = await call(t.app, a, 'GET', '/api/v1/leads');
  expect([limited.statusCode, errorCode(limited)]).toEqual([429, 'rate_limited']);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((await call(t.app, b, 'GET', '/api/v1/leads')).statusCode).toBe(200);
  t.clock.advance(12_000);
  expect((await call(t.app, a, 'GET', '/api/v1/leads')).statusCode).toBe(200);
  expect((await call(t.app, a, 'GET', '/api/v1/leads')).statusCode).toBe(429);
});

it('is @fastify/rate-limit, counting on the injected clock', () => {
  expect(t.app.hasDecorator('createRateLimit')).toBe(true);
});

it('does not limit health checks or telephony webhooks', async () => {
  for (let i = 0; i < 10; i++)
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
});
