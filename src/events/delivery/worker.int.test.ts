import { beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../sdk/src/index.js';
import { call } from '../../../test/support/factories.js';
import { json } from '../../../test/support/harness.js';
import { answer, type ReceiverHandler } from '../../../test/support/receivers.js';
import { createEndpoint, emit, useWebhookFixture, type WebhookTest } from '../../../test/support/webhooks.js';
import { WEBHOOK_USER_AGENT } from './client.js';
import { RETRY_WINDOW_MS } from './schedule.js';

// What one attempt sends and how each kind of answer is treated, through the whole retry day.

const { w: fixture, worker, oneDelivery, only, receiver } = useWebhookFixture();
let w: WebhookTest;
beforeAll(() => {
  w = fixture();
});

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
