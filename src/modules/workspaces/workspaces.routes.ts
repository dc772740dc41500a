import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../auth/permissions.js';
import { requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, toPage } from '../../http/pagination.js';
import { DisplayName, iso, Timestamp } from '../../http/schemas.js';
import { listUserWorkspaces } from './workspaces.repo.js';
import { createWorkspaceFor } from './workspaces.service.js';

export const Workspace = z
  .object({ id: z.string(), name: z.string(), role: z.enum(ROLES), created_at: Timestamp })
  .meta({ id: 'Workspace' });

export function registerWorkspaceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/workspaces',
    {
      config: { operation: 'user' },
      schema: {
        tags: ['Workspaces'],
        summary: 'Workspaces you belong to, with your role in each',
        querystring: ListQuery,
        response: { 200: listOf(Workspace) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { limit, order, cursor } = request.query;
      const rows = await listUserWorkspaces(deps.db, session.userId, {
        after: decodeCursor(cursor),
        order,
        limit,
      });
      const page = toPage(rows, limit, (w) => w.id);
      return {
        data: page.data.map((w) => ({ id: w.id, name: w.name, role: w.role, created_at: iso(w.created_at) })),
        next_cursor: page.next_cursor,
      };
    },
  );

  r.post(
    '/api/v1/workspaces',
    {
      config: { operation: 'user' },
      schema: {
        tags: ['Workspaces'],
        summary: 'Create a workspace; you become its owner',
        body: z.strictObject({ name: DisplayName }),
        response: { 201: Workspace },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const ws = await createWorkspaceFor(
        dbFor(request, deps.db),
        deps.clock,
        session.userId,
        request.body.name,
      );
      return reply
        .code(201)
        .send({ id: ws.id, name: ws.name, role: 'owner' as const, created_at: iso(ws.created_at) });
    },
  );
}
