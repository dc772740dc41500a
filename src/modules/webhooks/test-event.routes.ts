import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { depsFor } from '../../http/idempotency.js';
import { toDelivery } from './deliveries.routes.js';
import { endpointGuard, webhookDeps } from './webhooks.routes.js';
import { Delivery, TestEventBody, WebhookParams } from './webhooks.schemas.js';
import { sendTestEvent } from './webhooks.service.js';

/** POST /api/v1/webhooks/{id}/test: a signed example event, for trying a receiver. */
export function registerTestEventRoute(app: FastifyInstance, deps: AppDeps): void {
  const wd = webhookDeps(deps);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/webhooks/:webhook_id/test',
    {
      config: { operation: 'webhooks.manage', resource: endpointGuard(deps.db) },
      schema: {
        tags: ['Webhooks'],
        summary: 'Send a test event',
        description:
          'Queues a signed example event of a type the endpoint subscribes to (the first, unless `type` is given), with an id starting `evt_test_` and made-up data. It is delivered, retried and listed in the delivery log like any other delivery, and left out of GET /api/v1/events. Answers 202 with the delivery. 409 conflict when the endpoint is disabled.',
        params: WebhookParams,
        body: TestEventBody,
        response: { 202: Delivery },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const d = await sendTestEvent(
        depsFor(request, wd),
        p.workspaceId,
        request.params.webhook_id,
        request.body?.type,
      );
      return reply.code(202).send(toDelivery(d));
    },
  );
}
