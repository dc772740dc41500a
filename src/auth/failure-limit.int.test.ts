import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, keyCaller, type Tenant } from '../../test/support/factories.js';
import { errorCode, startTestApp, type TestContext } from '../../test/support/harness.js';

// Failed authentications are limited per client address (docs/api.md, "Rate limits").

const LIMIT = 5;
let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await startTestApp({ AUTH_FAILURE_LIMIT: String(LIMIT) });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;
const unknownKey = () => `cak_live_${'x'.repeat(40)}${String(nextAddress).padStart(3, '0')}`;

function get(address: string, headers: Record<string, string> = {}, url = '/api/v1/leads') {
  return t.app.inject({ method: 'GET', url, headers, remoteAddress: address });
}

describe('failed authentications', () => {
  it('turn into 429 past the limit for a burst of bad keys from one address', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => get(address, { authorization: `Bearer ${unknownKey()}` })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LIMIT);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused && errorCode(refused)).toBe('rate_limited');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('count missing credentials, malformed keys and dead session cookies alike', async () => {
    const address = freshAddress();
    const bad: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { cookie: `callagent_session=${'a'.repeat(43)}` },
      { cookie: 'callagent_session=short' },
    ];
    for (const headers of bad) expect((await get(address, headers)).statusCode).toBe(401);
    for (const headers of bad) expect((await get(address, headers)).statusCode).toBe(429);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      payload: { name: 'x', phone: '+447700900123' },
      remoteAddress: address,
    });
    expect(post.statusCode).toBe(429);
  });

  it('never slow valid credentials from the same address, and leave other addresses alone', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT + 3; i++) await get(address, { authorization: `Bearer ${unknownKey()}` });
    expect((await get(address, { authorization: `Bearer ${unknownKey()}` })).statusCode).toBe(429);
    const key = await keyCaller(t.app, tenant.callers.admin, ['leads:read']);
    for (let i = 0; i < 3; i++) expect((await get(address, key.headers)).statusCode).toBe(200);
    expect((await get(address, tenant.callers.viewer.headers)).statusCode).toBe(200);
    expect((await get(address, tenant.callers.viewer.headers, '/api/v1/ping')).statusCode).toBe(200);
    const other = await get(freshAddress(), { authorization: `Bearer ${unknownKey()}` });
    expect([other.statusCode, errorCode(other)]).toEqual([401, 'unauthenticated']);
  });

  it('count an IPv6 /64 as one address, and refill with time', async () => {
    for (let i = 1; i <= LIMIT; i++) expect((await get(`2001:db8:5:6::${i}`)).statusCode).toBe(401);
    expect((await get('2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    t.clock.advance(60_000 / LIMIT);
    expect((await get('2001:db8:5:6::1')).statusCode).toBe(401);
    expect((await get('2001:db8:5:6::1')).statusCode).toBe(429);
  });

  it('leave public routes alone', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) await get(address);
    const docs = await get(address, {}, '/api/v1/openapi.json');
    expect(docs.statusCode).toBe(200);
  });
});
