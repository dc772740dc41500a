import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../sdk/src/index.js';
import { call } from '../../../test/factories.js';
import { json } from '../../../test/harness.js';
import { answer, type ReceiverHandler, useReceivers } from '../outbound/test-support.js';
import { WEBHOOK_USER_AGENT } from './client.js';
import { claimDueDeliveries, recordAttempt } from './delivery.repo.js';
import { RETRY_WINDOW_MS } from './schedule.js';
import {
  createEndpoint,
  createTestWorker,
  deliveriesOf,
  emit,
  startWebhookTest,
  type WebhookTest,
} from './test-support.js';

const { pki, receiver } = useReceivers();
let w: WebhookTest;
beforeAll(async () => {
  w = await startWebhookTest();
});
afterAll(() => w.t.close());
// One database for the file: a test's endpoints and pending deliveries must not reach the next test.
afterEach(async () => {
  await w.t.db.query(`UPDATE webhook_endpoints SET status = 'disabled' WHERE status = 'enabled'`);
  await w.t.db.query(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending'`,
  );
});

const worker = (options: Parameters<typeof createTestWorker>[2] = {}) =>
  createTestWorker(w, pki().caCert, options);

async function oneDelivery(handler: ReceiverHandler) {
  const r = await receiver(handler);
  const endpoint = await createEndpoint(w, r.url('/hook'));
  const event = await emit(w);
  return { r, endpoint, event };
}

async function only(endpointId: string) {
  const [d] = await deliveriesOf(w, endpointId);
  if (!d) throw new Error('no delivery');
  return d;
}

describe('a delivery to a receiver answering 200', () => {
  it('succeeds at the first attempt with exactly the contract headers and the envelope as sent', async () => {
    const { r, endpoint, event } = await oneDelivery(answer(200, {}, 'ok'));
    expect(await worker().drain()).toBe(1);
    expect(r.requests).toHaveLength(1);
    const [req] = r.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/hook');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    const serviceHeaders = Object.keys(req?.headers ?? {}).filter((h) => h.startsWith('x-service-'));
    expect(serviceHeaders.sort()).toEqual(['x-service-signature', 'x-service-timestamp']);
    expect(req?.headers['x-service-timestamp']).toBe(String(Math.floor(w.t.clock.now().getTime() / 1000)));
    expect(JSON.parse(req?.body.toString() ?? '')).toEqual(event);
    expect(Object.keys(JSON.parse(req?.body.toString() ?? '{}'))).toEqual([
      'id',
      'type',
      'created_at',
      'workspace_id',
      'data',
    ]);
    expect(await only(endpoint.id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
      locked_until: null,
    });
  });

  it('is accepted by the SDK verifier, which rejects a tampered body, timestamp or signature', async () => {
    const { r, endpoint, event } = await oneDelivery(answer(200));
    await worker().drain();
    const req = r.requests[0];
    if (!req) throw new Error('nothing arrived');
    const now = () => w.t.clock.now().getTime();
    const verified = verifyWebhook(req.body, req.headers, endpoint.signing_secret, { now });
    expect(verified).toEqual(event);
    const reason = (f: () => unknown) => {
      try {
        f();
        return 'accepted';
      } catch (e) {
        return (e as { reason?: string }).reason;
      }
    };
    const tampered = Buffer.from(req.body.toString().replace('Ann Example', 'Ann Exampel'));
    expect(reason(() => verifyWebhook(tampered, req.headers, endpoint.signing_secret, { now }))).toBe(
      'bad_signature',
    );
    const ts = Number(req.headers['x-service-timestamp']);
    const shifted = { ...req.headers, 'x-service-timestamp': String(ts + 1) };
    expect(reason(() => verifyWebhook(req.body, shifted, endpoint.signing_secret, { now }))).toBe(
      'bad_signature',
    );
    const sig = String(req.headers['x-service-signature']);
    const forged = {
      ...req.headers,
      'x-service-signature': `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`,
    };
    expect(reason(() => verifyWebhook(req.body, forged, endpoint.signing_secret, { now }))).toBe(
      'bad_signature',
    );
    expect(reason(() => verifyWebhook(req.body, req.headers, 'whsec_wrong', { now }))).toBe('bad_signature');
    // Parsing and re-serialising with other spacing changes the bytes: the raw body is what verifies.
    const reserialised = JSON.stringify(JSON.parse(req.body.toString()), null, 1);
    expect(reason(() => verifyWebhook(reserialised, req.headers, endpoint.signing_secret, { now }))).toBe(
      'bad_signature',
    );
  });

  it('sends one delivery per subscribed, enabled endpoint and none to others', async () => {
    const a = await receiver(answer(200));
    const b = await receiver(answer(200));
    const c = await receiver(answer(200));
    await createEndpoint(w, a.url(), ['lead.created', 'lead.updated']);
    await createEndpoint(w, b.url(), ['booking.created']);
    const off = await createEndpoint(w, c.url(), ['lead.updated']);
    await call(w.t.app, w.admin, 'PATCH', `/api/v1/webhooks/${off.id}`, { status: 'disabled' });
    await emit(w, 'lead.updated');
    await worker().drain();
    expect([a.requests.length, b.requests.length, c.requests.length]).toEqual([1, 0, 0]);
  });
});

describe('failures and the schedule', () => {
  it.each([
    ['500', answer(500, {}, 'boom'), 500, 'receiver answered HTTP 500'],
    [
      'a redirect (not followed)',
      answer(302, { location: 'https://127.0.0.1:1/' }),
      302,
      'redirect (302) not followed',
    ],
    [
      'a dropped connection',
      ((_req, res) => res.socket?.destroy()) as ReceiverHandler,
      null,
      'request failed',
    ],
  ])('%s is a failure retried about 30 s later', async (_name, handler, status, error) => {
    const { r, endpoint } = await oneDelivery(handler);
    await worker().drain();
    const d = await only(endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status: status });
    expect(d.last_error).toContain(error);
    expect((d.next_attempt_at?.getTime() ?? 0) - w.t.clock.now().getTime()).toBe(30_000);
    expect(r.requests.length).toBeGreaterThanOrEqual(1);
    const detail = await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries/${d.id}`);
    const log = json<{
      attempt_log: { response_status: number | null; error: string; succeeded: boolean }[];
    }>(detail).attempt_log;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ response_status: status, succeeded: false });
    expect(log[0]?.error).toContain(error);
  });

  it('aborts a receiver that hangs past the deadline and retries', async () => {
    const { endpoint } = await oneDelivery(() => {});
    await worker({ client: { timeoutMs: 200 } }).drain();
    expect(await only(endpoint.id)).toMatchObject({
      status: 'pending',
      last_status: null,
      last_error: 'timeout after 200 ms',
    });
  });

  it('honours Retry-After on 429 and 503, held within the schedule bounds', async () => {
    const { endpoint } = await oneDelivery(answer(429, { 'retry-after': '120' }));
    await worker().drain();
    const d = await only(endpoint.id);
    expect(d).toMatchObject({ status: 'pending', last_status: 429 });
    expect((d.next_attempt_at?.getTime() ?? 0) - w.t.clock.now().getTime()).toBe(120_000);

    const long = await oneDelivery(answer(503, { 'retry-after': '86400' }));
    await worker().drain();
    const held = await only(long.endpoint.id);
    expect((held.next_attempt_at?.getTime() ?? 0) - w.t.clock.now().getTime()).toBe(3_600_000);
  });

  it('walks the whole 24 h schedule against a receiver that always fails, then marks it failed', {
    timeout: 90_000,
  }, async () => {
    const { r, endpoint } = await oneDelivery(answer(500));
    const wk = worker();
    const start = w.t.clock.now().getTime();
    const gaps: number[] = [];
    for (let i = 0; i < 100; i++) {
      await wk.drain();
      const d = await only(endpoint.id);
      if (d.status !== 'pending' || !d.next_attempt_at) break;
      gaps.push(d.next_attempt_at.getTime() - w.t.clock.now().getTime());
      w.t.clock.set(d.next_attempt_at);
    }
    const d = await only(endpoint.id);
    expect(d.status).toBe('failed');
    expect(d.next_attempt_at).toBeNull();
    expect(d.attempts).toBe(31);
    expect(r.requests).toHaveLength(31);
    expect(gaps.slice(0, 8)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ]);
    expect(Math.max(...gaps)).toBe(3_600_000);
    expect(w.t.clock.now().getTime() - start).toBe(RETRY_WINDOW_MS);
    // Every attempt was signed afresh, so the last one verifies a day after the event.
    const last = r.requests[r.requests.length - 1];
    expect(last?.headers['x-service-timestamp']).toBe(String(Math.floor(w.t.clock.now().getTime() / 1000)));
    const res = await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries/${d.id}`);
    expect(json<{ attempt_log: unknown[] }>(res).attempt_log).toHaveLength(31);
  });

  it('a receiver that recovers within the window gets the event', async () => {
    let calls = 0;
    const { endpoint } = await oneDelivery((_req, res) => {
      calls += 1;
      res.writeHead(calls < 3 ? 503 : 204);
      res.end();
    });
    const wk = worker();
    for (let i = 0; i < 5; i++) {
      await wk.drain();
      const d = await only(endpoint.id);
      if (!d.next_attempt_at) break;
      w.t.clock.set(d.next_attempt_at);
    }
    expect(await only(endpoint.id)).toMatchObject({ status: 'succeeded', attempts: 3, last_status: 204 });
  });
});

describe('410 Gone, disabling and deleting', () => {
  it('410 disables the endpoint and stops its other pending deliveries', async () => {
    const { r, endpoint } = await oneDelivery(answer(410));
    await emit(w);
    await emit(w);
    await worker({ perEndpoint: 1 }).drain();
    expect(r.requests).toHaveLength(1);
    const states = await deliveriesOf(w, endpoint.id);
    expect(states.map((d) => d.status)).toEqual(['failed', 'failed', 'failed']);
    expect(states[0]?.last_status).toBe(410);
    const res = await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${endpoint.id}`);
    expect(json(res)).toMatchObject({ status: 'disabled', disabled_reason: expect.stringContaining('410') });
    await emit(w);
    expect(await deliveriesOf(w, endpoint.id)).toHaveLength(3);
  });

  it('disabling an endpoint stops its pending deliveries; nothing more is sent', async () => {
    const { r, endpoint } = await oneDelivery(answer(500));
    await worker().drain();
    const patch = await call(w.t.app, w.admin, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, {
      status: 'disabled',
    });
    expect(patch.statusCode).toBe(200);
    const d = await only(endpoint.id);
    expect(d).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      last_error: 'stopped: endpoint disabled',
    });
    w.t.clock.advance(RETRY_WINDOW_MS / 2);
    await worker().drain();
    expect(r.requests).toHaveLength(1);
  });

  it('deleting an endpoint removes its deliveries; nothing more is sent', async () => {
    const { r, endpoint } = await oneDelivery(answer(500));
    await worker().drain();
    const del = await call(w.t.app, w.admin, 'DELETE', `/api/v1/webhooks/${endpoint.id}`);
    expect(del.statusCode).toBe(204);
    expect(await deliveriesOf(w, endpoint.id)).toHaveLength(0);
    w.t.clock.advance(RETRY_WINDOW_MS / 2);
    await worker().drain();
    expect(r.requests).toHaveLength(1);
  });
});

describe('redelivery', () => {
  it('makes a failed delivery pending, sends it at once, and records the new attempt', async () => {
    let status = 500;
    const { r, endpoint } = await oneDelivery((_req, res) => {
      res.writeHead(status);
      res.end();
    });
    const wk = worker();
    await wk.drain();
    // The retry after the window has closed fails for good (the full walk is tested above).
    const first = await only(endpoint.id);
    w.t.clock.set((first.next_attempt_at?.getTime() ?? 0) + RETRY_WINDOW_MS);
    await wk.drain();
    const failed = await only(endpoint.id);
    expect(failed.status).toBe('failed');
    status = 200;
    const url = `/api/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`;
    const res = await call(w.t.app, w.admin, 'POST', url);
    expect(res.statusCode).toBe(202);
    expect(json(res)).toMatchObject({
      id: failed.id,
      status: 'pending',
      next_attempt_at: w.t.clock.now().toISOString(),
    });
    await wk.drain();
    expect(await only(endpoint.id)).toMatchObject({
      status: 'succeeded',
      attempts: failed.attempts + 1,
      last_status: 200,
    });
    expect(r.requests).toHaveLength(failed.attempts + 1);
  });

  it('resends a succeeded delivery; the receiver sees the same event id again', async () => {
    const { r, endpoint } = await oneDelivery(answer(200));
    const wk = worker();
    await wk.drain();
    const d = await only(endpoint.id);
    await call(w.t.app, w.admin, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${d.id}/redeliver`);
    await wk.drain();
    expect(r.requests).toHaveLength(2);
    const ids = r.requests.map((q) => (JSON.parse(q.body.toString()) as { id: string }).id);
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('concurrency', () => {
  it('keeps a slow endpoint to its per-endpoint limit while others are delivered', async () => {
    const held: Array<() => void> = [];
    let mostAtOnce = 0;
    const slow = await receiver((_req, res) => {
      mostAtOnce = Math.max(mostAtOnce, held.length + 1);
      held.push(() => {
        res.writeHead(200);
        res.end();
      });
    });
    const fast = await receiver(answer(200));
    const slowEndpoint = await createEndpoint(w, slow.url(), ['agent.published']);
    await createEndpoint(w, fast.url(), ['agent.published']);
    for (let i = 0; i < 6; i++) await emit(w, 'agent.published', { version: i });
    const wk = worker({ concurrency: 16, perEndpoint: 2, pollMs: 20 });
    wk.start();
    await waitFor(() => fast.requests.length === 6 && held.length === 2 && wk.inFlight() === 2);
    while (held.length > 0 || slow.requests.length < 6) {
      held.shift()?.();
      await new Promise((r) => setTimeout(r, 10));
    }
    await waitFor(() => wk.inFlight() === 0);
    await wk.stop();
    expect(mostAtOnce).toBe(2);
    const states = await deliveriesOf(w, slowEndpoint.id);
    expect(states.every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('hands back the leases of sends still in flight at the shutdown deadline', async () => {
    const { endpoint } = await oneDelivery(() => {});
    const wk = worker({ pollMs: 20, client: { timeoutMs: 5_000 } });
    wk.start();
    await waitFor(async () => (await only(endpoint.id)).locked_until !== null);
    await wk.stop(50);
    expect(await only(endpoint.id)).toMatchObject({ status: 'pending', locked_until: null });
  });
});

describe('leases', () => {
  it("claims a delivery again once a dead worker's lease has expired: at least once", async () => {
    const { r, endpoint } = await oneDelivery(answer(200));
    // A worker that claimed and then died: the lease committed, no outcome was ever written.
    const dead = await claimDueDeliveries(w.t.db, {
      now: w.t.clock.now(),
      limit: 16,
      leaseMs: 60_000,
      perEndpoint: 4,
      busy: new Map(),
    });
    expect(dead.claimed.map((c) => c.endpoint_id)).toEqual([endpoint.id]);
    expect(await worker().drain()).toBe(0);
    w.t.clock.advance(59_000);
    expect(await worker().drain()).toBe(0);
    w.t.clock.advance(1_000);
    expect(await worker().drain()).toBe(1);
    expect(r.requests).toHaveLength(1);
    expect(await only(endpoint.id)).toMatchObject({ status: 'succeeded', attempts: 2, locked_until: null });
  });

  it('lets only the lease holder write the outcome', async () => {
    const { endpoint } = await oneDelivery(answer(500));
    const first = await claimDueDeliveries(w.t.db, {
      now: w.t.clock.now(),
      limit: 16,
      leaseMs: 60_000,
      perEndpoint: 4,
      busy: new Map(),
    });
    w.t.clock.advance(60_000);
    // The lease ran out and another worker delivered it; the first one's late write must not undo that.
    await worker().drain();
    const stale = first.claimed[0];
    if (!stale) throw new Error('nothing claimed');
    const result = await recordAttempt(
      w.t.db,
      stale,
      {
        startedAt: w.t.clock.now(),
        finishedAt: w.t.clock.now(),
        durationMs: 1,
        status: 200,
        error: null,
        responseBodyStart: '',
        succeeded: true,
      },
      { kind: 'succeeded' },
    );
    expect(result.leaseHeld).toBe(false);
    expect(await only(endpoint.id)).toMatchObject({ status: 'pending', last_status: 500 });
  });
});

describe('secrets', () => {
  it('signs each attempt with the current secret: after a rotation, the retry verifies with the new one', async () => {
    const { r, endpoint } = await oneDelivery(answer(500));
    const wk = worker();
    await wk.drain();
    const rotated = json<{ signing_secret: string }>(
      await call(w.t.app, w.admin, 'POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`),
    ).signing_secret;
    w.t.clock.set((await only(endpoint.id)).next_attempt_at ?? 0);
    await wk.drain();
    const now = () => w.t.clock.now().getTime();
    const [before, after] = r.requests;
    if (!before || !after) throw new Error('expected two attempts');
    const event = verifyWebhook(before.body, before.headers, endpoint.signing_secret, {
      now: () => now() - 30_000,
    });
    expect(verifyWebhook(after.body, after.headers, rotated, { now }).id).toBe(event.id);
    expect(() => verifyWebhook(after.body, after.headers, endpoint.signing_secret, { now })).toThrow();
    expect(after.body.equals(before.body)).toBe(true);
  });

  it('never appear in the app or worker logs, nor in any table', async () => {
    const { endpoint } = await oneDelivery(answer(500));
    const rotated = await call(w.t.app, w.admin, 'POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`);
    const secrets = [endpoint.signing_secret, json<{ signing_secret: string }>(rotated).signing_secret];
    await worker().drain();
    const logs = [...w.t.logs, ...w.workerLogs].join('\n');
    expect(w.workerLogs.join('')).toContain(endpoint.id);
    const tables = [
      'webhook_endpoints',
      'webhook_deliveries',
      'webhook_attempts',
      'events',
      'idempotency_keys',
    ];
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice(6));
      for (const table of tables) {
        expect(JSON.stringify(await w.t.db.query(`SELECT * FROM ${table}`))).not.toContain(secret.slice(6));
      }
    }
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
