import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant } from '../../../test/support/factories.js';
import { errorCode, json } from '../../../test/support/harness.js';
import {
  createEndpoint,
  deliveriesOf,
  emit,
  startWebhookTest,
  type WebhookTest,
} from '../../../test/support/webhooks.js';
import { recordEvent } from '../../events/outbox.js';

let w: WebhookTest;
beforeAll(async () => {
  w = await startWebhookTest();
});
afterAll(() => w.t.close());

const URL = 'https://127.0.0.1:9/hook';
const DELIVERY_KEYS = [
  'attempts',
  'created_at',
  'event_id',
  'event_type',
  'id',
  'last_error',
  'last_status',
  'next_attempt_at',
  'status',
  'webhook_id',
];

interface DeliveryBody {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
}

describe('the outbox queues deliveries in the event transaction', () => {
  it('one per enabled endpoint subscribed to the type, carrying the envelope serialised once', async () => {
    const a = await createEndpoint(w, URL, ['lead.created', 'lead.updated']);
    const b = await createEndpoint(w, URL, ['lead.created']);
    const other = await createEndpoint(w, URL, ['booking.created']);
    const off = await createEndpoint(w, URL, ['lead.created']);
    await call(w.t.app, w.admin, 'PATCH', `/api/v1/webhooks/${off.id}`, { status: 'disabled' });
    const elsewhere = await createTenant(w.t.db, w.t.clock);

    const event = await emit(w, 'lead.created', {
      id: 'lead_1',
      name: 'Zoë "Q" Smith',
      nested: { n: [1, 2] },
    });
    const rows = await w.t.db.query<{ endpoint_id: string; body: string; event_id: string; status: string }>(
      'SELECT endpoint_id, body, event_id, status FROM webhook_deliveries WHERE event_id = $1 ORDER BY endpoint_id',
      [event.id],
    );
    expect(rows.map((r) => r.endpoint_id).sort()).toEqual([a.id, b.id].sort());
    for (const r of rows) {
      expect(r.status).toBe('pending');
      expect(r.body).toBe(JSON.stringify(event));
    }
    expect(JSON.parse(rows[0]?.body ?? '{}')).toEqual({
      id: event.id,
      type: 'lead.created',
      created_at: w.t.clock.now().toISOString(),
      workspace_id: w.tenant.workspaceId,
      data: { id: 'lead_1', name: 'Zoë "Q" Smith', nested: { n: [1, 2] } },
    });
    expect(await deliveriesOf(w, other.id)).toHaveLength(0);
    expect(await deliveriesOf(w, off.id)).toHaveLength(0);
    await emit(w, 'lead.created', { id: 'lead_2' }, elsewhere.workspaceId);
    expect((await deliveriesOf(w, a.id)).length).toBe(1);
  });

  it('queues nothing when the transaction rolls back', async () => {
    const e = await createEndpoint(w, URL, ['agent.published']);
    const failure = new Error('rolled back');
    const outcome = await w.t.db
      .transaction(async (tx) => {
        await recordEvent(tx, w.tenant.workspaceId, 'agent.published', { version: 1 }, w.t.clock.now());
        throw failure;
      })
      .catch((e: unknown) => e);
    expect(outcome).toBe(failure);
    expect(await deliveriesOf(w, e.id)).toHaveLength(0);
    const events = await w.t.db.query(
      "SELECT id FROM events WHERE type = 'agent.published' AND workspace_id = $1",
      [w.tenant.workspaceId],
    );
    expect(events).toHaveLength(0);
  });
});

describe('listing and reading deliveries', () => {
  it('lists newest first with the contract fields, pages with a cursor and filters by status', async () => {
    const e = await createEndpoint(w, URL, ['call.completed']);
    const events: string[] = [];
    for (let i = 0; i < 5; i++) {
      w.t.clock.advance(1);
      events.push((await emit(w, 'call.completed', { id: `call_${i}` })).id);
    }
    const res = await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${e.id}/deliveries?limit=2`);
    expect(res.statusCode).toBe(200);
    const first = json<{ data: DeliveryBody[]; next_cursor: string | null }>(res);
    expect(first.data).toHaveLength(2);
    expect(Object.keys(first.data[0] ?? {}).sort()).toEqual(DELIVERY_KEYS);
    expect(first.data[0]).toMatchObject({
      webhook_id: e.id,
      event_type: 'call.completed',
      status: 'pending',
      attempts: 0,
      last_status: null,
      last_error: null,
      next_attempt_at: w.t.clock.now().toISOString(),
    });
    const seen = first.data.map((d) => d.event_id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = json<{ data: DeliveryBody[]; next_cursor: string | null }>(
        await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${e.id}/deliveries?limit=2&cursor=${cursor}`),
      );
      seen.push(...page.data.map((d) => d.event_id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...events].reverse());

    await w.t.db.query(`UPDATE webhook_deliveries SET status = 'succeeded' WHERE event_id = $1`, [events[0]]);
    const done = json<{ data: DeliveryBody[] }>(
      await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${e.id}/deliveries?status=succeeded`),
    );
    expect(done.data.map((d) => d.event_id)).toEqual([events[0]]);
    const bad = await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${e.id}/deliveries?status=lost`);
    expect(errorCode(bad)).toBe('validation_failed');
  });

  it('reads one delivery with its attempt log, and 404s a delivery of another endpoint', async () => {
    const a = await createEndpoint(w, URL, ['opportunity.created']);
    const b = await createEndpoint(w, URL, ['opportunity.created']);
    await emit(w, 'opportunity.created', { id: 'opp_1' });
    const [d] = await deliveriesOf(w, a.id);
    const res = await call(w.t.app, w.admin, 'GET', `/api/v1/webhooks/${a.id}/deliveries/${d?.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: d?.id, webhook_id: a.id, attempt_log: [] });
    for (const url of [
      `/api/v1/webhooks/${b.id}/deliveries/${d?.id}`,
      `/api/v1/webhooks/${a.id}/deliveries/dlv_nothing`,
      `/api/v1/webhooks/${b.id}/deliveries/${d?.id}/redeliver`,
    ]) {
      const miss = await call(w.t.app, w.admin, url.endsWith('redeliver') ? 'POST' : 'GET', url);
      expect([miss.statusCode, errorCode(miss)]).toEqual([404, 'not_found']);
    }
  });
});

describe('redelivery rules', () => {
  it('answers 202 and makes the delivery due now', async () => {
    const e = await createEndpoint(w, URL, ['lead.updated']);
    await emit(w, 'lead.updated');
    const [d] = await deliveriesOf(w, e.id);
    await w.t.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, attempts = 31 WHERE id = $1`,
      [d?.id],
    );
    w.t.clock.advance(60_000);
    const res = await call(
      w.t.app,
      w.admin,
      'POST',
      `/api/v1/webhooks/${e.id}/deliveries/${d?.id}/redeliver`,
    );
    expect(res.statusCode).toBe(202);
    expect(json(res)).toMatchObject({
      status: 'pending',
      attempts: 31,
      next_attempt_at: w.t.clock.now().toISOString(),
    });
  });

  it('refuses with 409 while the endpoint is disabled or an attempt is in flight', async () => {
    const e = await createEndpoint(w, URL, ['lead.updated']);
    await emit(w, 'lead.updated');
    const [d] = await deliveriesOf(w, e.id);
    const url = `/api/v1/webhooks/${e.id}/deliveries/${d?.id}/redeliver`;
    await w.t.db.query('UPDATE webhook_deliveries SET locked_until = $2 WHERE id = $1', [
      d?.id,
      new Date(w.t.clock.now().getTime() + 30_000),
    ]);
    const busy = await call(w.t.app, w.admin, 'POST', url);
    expect([busy.statusCode, errorCode(busy)]).toEqual([409, 'conflict']);
    await call(w.t.app, w.admin, 'PATCH', `/api/v1/webhooks/${e.id}`, { status: 'disabled' });
    const off = await call(w.t.app, w.admin, 'POST', url);
    expect([off.statusCode, errorCode(off)]).toEqual([409, 'conflict']);
    expect(json<{ error: { message: string } }>(off).error.message).toContain('disabled');
  });
});
