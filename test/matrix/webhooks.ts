import { recordEvent } from '../../src/events/outbox.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

// A public literal address: it passes the SSRF check without DNS, and nothing is ever sent
// to it because no worker runs in the matrix.
const PUBLIC_URL = 'https://93.184.216.34/hook';

async function aWebhook(seed: MatrixSeed) {
  const res = await seed.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: seed.tenant.callers.owner.unsafeHeaders,
    payload: { url: PUBLIC_URL, events: ['lead.created'] },
  });
  if (res.statusCode !== 201) throw new Error(`webhook not created: ${res.statusCode} ${res.body}`);
  return { webhook_id: String((JSON.parse(res.body) as { id: string }).id) };
}

async function aDelivery(seed: MatrixSeed) {
  const { webhook_id } = await aWebhook(seed);
  const event = await seed.db.transaction((tx) =>
    recordEvent(tx, seed.tenant.workspaceId, 'lead.created', { id: 'lead_matrix' }, seed.clock.now()),
  );
  const rows = await seed.db.query<{ id: string }>(
    'SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2',
    [webhook_id, event.id],
  );
  return { webhook_id, delivery_id: rows[0]?.id ?? 'missing_delivery' };
}

export const webhookRoutes: MatrixRoute[] = [
  { method: 'POST', url: '/api/v1/webhooks', body: { url: PUBLIC_URL, events: ['lead.created'] } },
  { method: 'GET', url: '/api/v1/webhooks' },
  { method: 'GET', url: '/api/v1/webhooks/:webhook_id', record: aWebhook },
  { method: 'PATCH', url: '/api/v1/webhooks/:webhook_id', record: aWebhook, body: { description: 'matrix' } },
  { method: 'DELETE', url: '/api/v1/webhooks/:webhook_id', record: aWebhook },
  { method: 'POST', url: '/api/v1/webhooks/:webhook_id/rotate-secret', record: aWebhook },
  {
    method: 'POST',
    url: '/api/v1/webhooks/:webhook_id/test',
    record: aWebhook,
    body: { type: 'lead.created' },
  },
  { method: 'GET', url: '/api/v1/webhooks/:webhook_id/deliveries', record: aWebhook },
  { method: 'GET', url: '/api/v1/webhooks/:webhook_id/deliveries/:delivery_id', record: aDelivery },
  {
    method: 'POST',
    url: '/api/v1/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
    record: aDelivery,
  },
];
