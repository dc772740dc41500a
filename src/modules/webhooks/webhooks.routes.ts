import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorId, requirePrincipal } from '../../auth/principal.js';
import type { Queryable } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { createWebhookClient } from '../../events/delivery/client.js';
import { notFound } from '../../http/errors.js';
import type { ResourceGuard } from '../../http/fastify-types.js';
import { depsFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { iso } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { findEndpoint, listEndpoints, type WebhookEndpointRow } from './webhooks.repo.js';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookParams,
} from './webhooks.schemas.js';
import {
  createWebhook,
  deleteWebhook,
  rotateSecret,
  updateWebhook,
  type WebhookDeps,
} from './webhooks.service.js';

const TAG = 'Webhooks';

export const toEndpoint = (e: WebhookEndpointRow) => ({
  id: e.id,
  url: e.url,
  events: e.events,
  description: e.description,
  status: e.status,
  disabled_reason: e.disabled_reason,
  created_by: e.created_by,
  created_at: iso(e.created_at),
  updated_at: iso(e.updated_at),
});

export function webhookDeps(deps: AppDeps): WebhookDeps {
  // Creation vets the URL the way every delivery will: the address check is relaxed only by
  // WEBHOOK_ALLOW_PRIVATE_NETWORKS, and https and no-credentials always hold.
  const client = createWebhookClient({ allowPrivateNetworks: deps.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  return {
    db: deps.db,
    clock: deps.clock,
    secrets: () => openSecretBox(deps.config, deps.logger),
    checkUrl: (url) => client.checkUrl(url),
  };
}

/** Routes under an endpoint name it by `webhook_id`: another workspace's endpoint is a 404 first. */
export function endpointGuard(db: Queryable): ResourceGuard {
  return {
    param: 'webhook_id',
    what: 'webhook endpoint',
    exists: async (ws: string, id: string) => (await findEndpoint(db, ws, id)) !== null,
  };
}

export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const wd = webhookDeps(deps);
  const resource = endpointGuard(deps.db);

  r.post(
    '/api/v1/webhooks',
    {
      config: { operation: 'webhooks.manage', secretFields: ['signing_secret'] },
      schema: {
        tags: [TAG],
        summary: 'Register an endpoint; the signing secret is shown once',
        description:
          'The URL must be https, carry no credentials, and its host must be and resolve to public addresses only; otherwise 400 validation_failed says why.',
        body: CreateWebhookBody,
        response: { 201: WebhookEndpointWithSecret },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const { row, secret } = await createWebhook(
        depsFor(request, wd),
        p.workspaceId,
        actorId(p),
        request.body,
      );
      return reply.code(201).send({ ...toEndpoint(row), signing_secret: secret });
    },
  );

  r.get(
    '/api/v1/webhooks',
    {
      config: { operation: 'webhooks.manage' },
      schema: {
        tags: [TAG],
        summary: 'Endpoints, without secrets',
        querystring: ListQuery,
        response: { 200: listOf(WebhookEndpoint) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor } = request.query;
      const rows = await listEndpoints(deps.db, p.workspaceId, { after: decodeCursor(cursor), order, limit });
      return pageOf(rows, limit, (e) => e.id, toEndpoint);
    },
  );

  r.get(
    '/api/v1/webhooks/:webhook_id',
    {
      config: { operation: 'webhooks.manage', resource },
      schema: {
        tags: [TAG],
        summary: 'One endpoint',
        params: WebhookParams,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const row = await findEndpoint(deps.db, p.workspaceId, request.params.webhook_id);
      if (!row) throw notFound('webhook endpoint', request.params.webhook_id);
      return toEndpoint(row);
    },
  );

  r.patch(
    '/api/v1/webhooks/:webhook_id',
    {
      config: { operation: 'webhooks.manage', resource },
      schema: {
        tags: [TAG],
        summary: 'Change the URL, events, description or status',
        description:
          'Disabling stops the pending deliveries (they become failed); enabling again does not restart them: redeliver those you need.',
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return toEndpoint(await updateWebhook(wd, p.workspaceId, request.params.webhook_id, request.body));
    },
  );

  r.delete(
    '/api/v1/webhooks/:webhook_id',
    {
      config: { operation: 'webhooks.manage', resource },
      schema: {
        tags: [TAG],
        summary: 'Delete an endpoint and its delivery history; nothing more is sent to it',
        params: WebhookParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      await deleteWebhook(wd, p.workspaceId, request.params.webhook_id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/v1/webhooks/:webhook_id/rotate-secret',
    {
      config: { operation: 'webhooks.manage', resource, secretFields: ['signing_secret'] },
      schema: {
        tags: [TAG],
        summary: 'Replace the signing secret; the new one is shown once',
        description:
          'The old secret stops at once: every later attempt, retries included, is signed with the new one.',
        params: WebhookParams,
        response: { 200: WebhookEndpointWithSecret },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { row, secret } = await rotateSecret(
        depsFor(request, wd),
        p.workspaceId,
        request.params.webhook_id,
      );
      return { ...toEndpoint(row), signing_secret: secret };
    },
  );
}
