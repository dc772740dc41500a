import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeyRow, findApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys.repo.js';
import { SCOPES } from '../../auth/permissions.js';
import { requirePrincipal, requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { DisplayName, iso, Timestamp } from '../../http/schemas.js';
import { createApiKey } from './api-keys.service.js';

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(SCOPES)),
    prefix: z.string().describe('The first characters of the key, to recognise it.'),
    created_by: z.string(),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable(),
    revoked_at: Timestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });
const CreatedApiKey = ApiKey.extend({
  key: z.string().describe('The secret, cak_live_...: shown in this response only.'),
}).meta({ id: 'CreatedApiKey' });

const toApiKey = (k: ApiKeyRow) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  prefix: k.prefix,
  created_by: k.created_by,
  created_at: iso(k.created_at),
  last_used_at: iso(k.last_used_at),
  revoked_at: iso(k.revoked_at),
});

export function registerApiKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/api-keys',
    {
      config: { operation: 'api_keys.manage', secretFields: ['key'] },
      schema: {
        tags: ['API keys'],
        summary: 'Create an API key; the secret is shown once',
        description:
          "Scopes above your role are refused (403 forbidden). The key acts with its scopes cut to its creator's current role.",
        body: z.strictObject({
          name: DisplayName,
          scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
        }),
        response: { 201: CreatedApiKey },
      },
    },
    async (request, reply) => {
      const { row, key } = await createApiKey(
        dbFor(request, deps.db),
        deps.clock,
        requireSession(request),
        request.body,
      );
      return reply.code(201).send({ ...toApiKey(row), key });
    },
  );

  r.get(
    '/api/v1/api-keys',
    {
      config: { operation: 'api_keys.manage' },
      schema: {
        tags: ['API keys'],
        summary: 'API keys, without secrets',
        querystring: ListQuery,
        response: { 200: listOf(ApiKey) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor } = request.query;
      const rows = await listApiKeys(deps.db, p.workspaceId, { after: decodeCursor(cursor), order, limit });
      return pageOf(rows, limit, (k) => k.id, toApiKey);
    },
  );

  r.delete(
    '/api/v1/api-keys/:key_id',
    {
      config: {
        operation: 'api_keys.manage',
        resource: {
          param: 'key_id',
          what: 'API key',
          exists: async (ws, id) => (await findApiKey(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: ['API keys'],
        summary: 'Revoke an API key; it answers 401 from then on',
        params: z.strictObject({ key_id: z.string().max(40) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      if (!(await revokeApiKey(deps.db, p.workspaceId, request.params.key_id, deps.clock.now()))) {
        throw notFound('API key', request.params.key_id);
      }
      return reply.code(204).send(null);
    },
  );
}
