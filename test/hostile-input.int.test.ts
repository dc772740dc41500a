import { afterAll, describe, expect, it } from 'vitest';
import { MATRIX_ROUTES } from './matrix/index.js';
import { call, createTenant } from './support/factories.js';
import { startTestApp } from './support/harness.js';

// Every route, every hostile body and parameter: a clear 4xx in the contract's error body, never a 5xx.
const t = await startTestApp();
afterAll(() => t.close());

const HOSTILE_BODIES: unknown[] = [
  null,
  42,
  'a string',
  [],
  [{}],
  {},
  { name: null, email: 7, scopes: 'all', config: [], url: { nested: true }, events: null, status: ['x'] },
  { name: 'x'.repeat(5000), text: 'y'.repeat(5000), body: 'z'.repeat(5000), from: '0'.repeat(500) },
  { __proto__x: 1, constructor: { prototype: { admin: true } } },
  { limit: -1, starts_at: 'yesterday', ends_at: 1e308, kind: 'party', outcome: 'maybe', role: 'god' },
  { phone: "'; DROP TABLE leads; --", name: '\u0000\u202e\ud800', email: '<script>alert(1)</script>' },
];
const HOSTILE_IDS = [
  "' OR 1=1 --",
  'x'.repeat(300),
  '%00',
  '../../etc/passwd',
  'call_\u0000',
  '🙂',
  '-1',
  '1e400',
];
const HOSTILE_QUERIES = [
  'limit=1e9',
  'limit=-5',
  'cursor=%FF%FE',
  'order=DROP',
  'since=not-a-date',
  'status[]=x&status[]=y',
  'min_score=NaN',
  'from=%27',
];

/** Routes that answer with a stream that stays open: judged by the status their headers carry. */
const STREAMS = new Set(MATRIX_ROUTES.filter((r) => r.stream).map((r) => `${r.method} ${r.url}`));

async function openOrAnswer(owner: { headers: Record<string, string> }, url: string) {
  const hangUp = new AbortController();
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: owner.headers,
    payloadAsStream: true,
    signal: hangUp.signal,
  });
  const chunks: Buffer[] = [];
  if (res.statusCode >= 400) for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  hangUp.abort();
  res.stream().on('error', () => {});
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

function concrete(url: string, id: string): string {
  return url.replace(/:([a-z_]+)/g, () => encodeURIComponent(id));
}

function expectClean(res: { statusCode: number; body: string }, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && res.body !== '') {
    const body = JSON.parse(res.body) as { error?: { code?: string; request_id?: string } };
    expect(typeof body.error?.code, what).toBe('string');
    expect(typeof body.error?.request_id, what).toBe('string');
  }
}

describe('hostile input never gets a 5xx', () => {
  for (const route of t.app.apiRoutes) {
    it(`${route.method} ${route.url}`, async () => {
      const tenant = await createTenant(t.db, t.clock);
      const owner = tenant.callers.owner;
      const ids = route.url.includes(':') ? HOSTILE_IDS : ['none'];
      for (const id of ids) {
        const url = concrete(route.url, id);
        if (STREAMS.has(`${route.method} ${route.url}`)) {
          expectClean(await openOrAnswer(owner, url), url);
          for (const q of [
            ...HOSTILE_QUERIES,
            'types=x',
            'types=call.turn,%00',
            `types=${'a,'.repeat(300)}`,
          ]) {
            expectClean(await openOrAnswer(owner, `${url}?${q}`), `${url}?${q}`);
          }
          continue;
        }
        if (route.method === 'GET' || route.method === 'DELETE') {
          expectClean(await call(t.app, owner, route.method, url), `${route.method} ${url}`);
          for (const q of HOSTILE_QUERIES) {
            expectClean(await call(t.app, owner, route.method, `${url}?${q}`), `${url}?${q}`);
          }
          continue;
        }
        for (const body of HOSTILE_BODIES) {
          expectClean(
            await call(t.app, owner, route.method as 'POST', url, body),
            `${url} ${JSON.stringify(body)?.slice(0, 80)}`,
          );
        }
        const raw = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...owner.unsafeHeaders, 'content-type': 'application/json' },
          payload: '{"a": [1, 2, {"b": ',
        });
        expectClean(raw, `${url} truncated JSON`);
      }
    });
  }

  it('answers unsigned, garbled or oversized telephony webhooks without a 5xx, and changes nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM calls');
    for (const path of [
      'voice',
      'gather?call=x',
      'status',
      'dial-action?call=%27',
      'whisper?call=',
      'relay',
      'relay-action?call=1',
      'message-status?message=%27',
      'message-status',
    ]) {
      for (const payload of [
        'CallSid=&To=%ZZ',
        'CallSid=CA1&To=%2B447700900000&From=%00',
        'x'.repeat(2 * 1024 * 1024),
        '\u0000\u0001',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/telephony/twilio/${path}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bad' },
          payload,
        });
        // A number nobody registered hears "not in service" (200, TwiML); everything else is refused.
        expect(res.statusCode, `${path}`).toBeLessThan(500);
        if (res.statusCode === 200) expect(res.body).toMatch(/not in service/i);
      }
    }
    expect(await t.db.query('SELECT count(*)::int AS n FROM calls')).toEqual(before);
  });
});
