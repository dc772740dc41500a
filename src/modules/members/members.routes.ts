import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../auth/permissions.js';
import { requirePrincipal, requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, invalidCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { iso, Timestamp } from '../../http/schemas.js';
import { findMember, listMembers, type MemberRow } from '../workspaces/workspaces.repo.js';
import { changeRole, removeMember, transferOwnership } from './members.service.js';

export const Member = z
  .object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES), joined_at: Timestamp })
  .meta({ id: 'Member' });

const toMember = (m: MemberRow) => ({
  id: m.user_id,
  email: m.email,
  name: m.name,
  role: m.role,
  joined_at: iso(m.joined_at),
});
function memberCursor(key: string | null): { joinedAt: Date; userId: string } | null {
  if (key === null) return null;
  const [at, userId] = key.split('|');
  const joinedAt = new Date(at ?? '');
  if (!userId || Number.isNaN(joinedAt.getTime())) throw invalidCursor();
  return { joinedAt, userId };
}

const UserParams = z.strictObject({ user_id: z.string().max(40) });

export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memberGuard = {
    param: 'user_id',
    what: 'member',
    exists: async (ws: string, id: string) => (await findMember(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/members',
    {
      config: { operation: 'members.read' },
      schema: {
        tags: ['Members'],
        summary: 'Members of the current workspace',
        querystring: ListQuery,
        response: { 200: listOf(Member) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor } = request.query;
      const rows = await listMembers(deps.db, p.workspaceId, {
        after: memberCursor(decodeCursor(cursor)),
        order,
        limit,
      });
      return pageOf(rows, limit, (m) => `${m.joined_at.toISOString()}|${m.user_id}`, toMember);
    },
  );

  r.patch(
    '/api/v1/members/:user_id',
    {
      config: { operation: 'members.manage', resource: memberGuard },
      schema: {
        tags: ['Members'],
        summary: "Change a member's role",
        description:
          'An admin cannot change an owner or raise anyone above admin. Ownership moves only by transfer.',
        params: UserParams,
        body: z.strictObject({ role: z.enum(ROLES) }),
        response: { 200: Member },
      },
    },
    async (request) =>
      toMember(
        await changeRole(
          deps.db,
          requireSession(request),
          request.params.user_id,
          request.body.role,
          deps.clock.now(),
        ),
      ),
  );

  r.delete(
    '/api/v1/members/:user_id',
    {
      config: { operation: 'members.manage', resource: memberGuard },
      schema: {
        tags: ['Members'],
        summary: 'Remove a member',
        description: 'Their sessions end and keys they created stop working. Removing the owner is 409.',
        params: UserParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(deps.db, requireSession(request), request.params.user_id, deps.clock.now());
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/v1/workspace/transfer-ownership',
    {
      config: { operation: 'workspace.transfer', resource: { ...memberGuard, in: 'body' } },
      schema: {
        tags: ['Members'],
        summary: 'Make another member the owner; you become an admin',
        body: z.strictObject({ user_id: z.string().max(40) }),
        response: { 200: Member },
      },
    },
    async (request) =>
      toMember(
        await transferOwnership(
          dbFor(request, deps.db),
          requireSession(request),
          request.body.user_id,
          deps.clock.now(),
        ),
      ),
  );
}
