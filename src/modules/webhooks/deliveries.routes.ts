import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { depsFor } from '../../http/idempotency.js';
import { decodeCursor, listOf, pageOf } from '../../http/pagination.js';
import { iso } from '../../http/schemas.js';
import {
  type AttemptRow,
  type DeliveryRow,
  findDelivery,
  listAttempts,
  listDeliveries,
} from './deliveries.repo.js';
import { findEndpoint } from './webhooks.repo.js';
import { endpointGuard, webhookDeps } from './webhooks.routes.js';
import {
  Delivery,
  DeliveryDetail,
  DeliveryListQuery,
  DeliveryParams,
  WebhookParams,
} from './webhooks.schemas.js';
import { redeliver } from './webhooks.service.js';

const TAG = 'Webhooks';

/** A delivery row as the API shows it (the delivery log and the test-event answer). */
export const toDelivery = (d: DeliveryRow) => ({
  id: d.id,
  webhook_id: d.endpoint_id,
  event_id: d.event_id,
  event_type: d.event_type,
  status: d.status,
  attempts: d.attempts,
  last_status: d.last_status,
  last_error: d.last_error,
  next_attempt_at: iso(d.next_attempt_at),
  created_at: iso(d.created_at),
});

const toAttempt = (a: AttemptRow) => ({
  id: a.id,
  started_at: iso(a.started_at),
  duration_ms: a.duration_ms,
  response_status: a.response_status,
  succeeded: a.succeeded,
  error: a.error,
  response_body_start: a.response_body_start ?? '',
});

/** Delivery routes live under their endpoint: another workspace's endpoint is a 404 first. */
export function registerDeliveryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const wd = webhookDeps(deps);
  const resource = endpointGuard(deps.db);

  r.get(
    '/api/v1/webhooks/:webhook_id/deliveries',
    {
      config: { operation: 'webhooks.manage', resource },
      schema: {
        tags: [TAG],
        summary: "An endpoint's deliveries, newest first",
        params: WebhookParams,
        querystring: DeliveryListQuery,
        response: { 200: listOf(Delivery) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { webhook_id } = request.params;
      if (!(await findEndpoint(deps.db, p.workspaceId, webhook_id)))
        throw notFound('webhook endpoint', webhook_id);
      const { limit, order, cursor, status } = request.query;
      const rows = await listDeliveries(deps.db, p.workspaceId, webhook_id, {
        after: decodeCursor(cursor),
        order,
        limit,
        status: status ?? null,
      });
      return pageOf(rows, limit, (d) => d.id, toDelivery);
    },
  );

  r.get(
    '/api/v1/webhooks/:webhook_id/deliveries/:delivery_id',
    {
      config: { operation: 'webhooks.manage', resource },
      schema: {
        tags: [TAG],
        summary: 'One delivery with every attempt',
        params: DeliveryParams,
        response: { 200: DeliveryDetail },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { webhook_id, delivery_id } = request.params;
      const row = await findDelivery(deps.db, p.workspaceId, webhook_id, delivery_id);
      if (!row) throw notFound('delivery', delivery_id);
      const attempts = await listAttempts(deps.db, p.workspaceId, row.id);
      return { ...toDelivery(row), attempt_log: attempts.map(toAttempt) };
    },
  );

  r.post(
    '/api/v1/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
    {
      config: { operation: 'webhooks.manage', resource },
      schema: {
        tags: [TAG],
        summary: 'Send a delivery again now',
        description:
          'Answers 202: the attempt is made by the delivery worker. A failed delivery becomes pending again. 409 conflict when the endpoint is disabled or an attempt is in flight.',
        params: DeliveryParams,
        response: { 202: Delivery },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const { webhook_id, delivery_id } = request.params;
      return reply
        .code(202)
        .send(toDelivery(await redeliver(depsFor(request, wd), p.workspaceId, webhook_id, delivery_id)));
    },
  );
}
