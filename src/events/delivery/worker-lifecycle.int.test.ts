import { beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../sdk/src/index.js';
import { call } from '../../../test/support/factories.js';
import { json } from '../../../test/support/harness.js';
import { answer } from '../../../test/support/receivers.js';
import {
  createEndpoint,
  deliveriesOf,
  emit,
  useWebhookFixture,
  type WebhookTest,
  waitFor,
} from '../../../test/support/webhooks.js';
import { claimDueDeliveries, recordAttempt, recordAttempts } from './delivery.repo.js';
import { RETRY_WINDOW_MS } from './schedule.js';

// Stopping endpoints, redelivery, concurrency limits, leases and secrets.

const { w: fixture, worker, oneDelivery, only, receiver } = useWebhookFixture();
let w: WebhookTest;
beforeAll(() => {
  w = fixture();
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

describe('outcomes written together', () => {
  it('writes each attempt of a group as it would alone: a lost lease changes only its own delivery', async () => {
    const { endpoint } = await oneDelivery(answer(500));
    await emit(w);
    const claimed = (
      await claimDueDeliveries(w.t.db, {
        now: w.t.clock.now(),
        limit: 16,
        leaseMs: 60_000,
        perEndpoint: 4,
        busy: new Map(),
      })
    ).claimed;
    const [kept, lost] = claimed;
    if (!kept || !lost) throw new Error('expected two claims');
    const at = w.t.clock.now();
    const attempt = (status: number) => ({
      startedAt: at,
      finishedAt: at,
      durationMs: 1,
      status,
      error: status === 200 ? null : `receiver answered HTTP ${status}`,
      responseBodyStart: 'a "quoted", {braced} body',
      succeeded: status === 200,
    });
    const held = await recordAttempts(w.t.db, [
      { claim: kept, attempt: attempt(200), outcome: { kind: 'succeeded' } },
      { claim: { ...lost, lease_token: 'someone-else' }, attempt: attempt(503), outcome: { kind: 'failed' } },
    ]);
    expect(held).toEqual([true, false]);
    const states = await deliveriesOf(w, endpoint.id);
    expect(states.find((d) => d.id === kept.id)).toMatchObject({ status: 'succeeded', last_status: 200 });
    expect(states.find((d) => d.id === lost.id)).toMatchObject({
      status: 'pending',
      locked_until: expect.anything(),
    });
    const attempts = await w.t.db.query<{ delivery_id: string; response_body_start: string }>(
      'SELECT delivery_id, response_body_start FROM webhook_attempts WHERE delivery_id = ANY($1::text[])',
      [[kept.id, lost.id]],
    );
    expect(attempts.map((a) => a.delivery_id).sort()).toEqual([kept.id, lost.id].sort());
    expect(attempts.every((a) => a.response_body_start === 'a "quoted", {braced} body')).toBe(true);
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
