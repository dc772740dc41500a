import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal, requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { Email, iso, Timestamp } from '../../http/schemas.js';
import {
  deleteInvitation,
  findInvitation,
  type InvitationRow,
  listPendingInvitations,
} from './invitations.repo.js';
import { inviteMember } from './invitations.service.js';

export const InvitableRole = z.enum(['admin', 'member', 'viewer']);
export const Invitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role: InvitableRole,
    invited_by: z.string(),
    created_at: Timestamp,
    expires_at: Timestamp,
  })
  .meta({ id: 'Invitation' });
const CreatedInvitation = Invitation.extend({
  token: z
    .string()
    .describe('Shown once: send it to the invitee, who accepts with POST /api/v1/invitations/accept.'),
}).meta({ id: 'CreatedInvitation' });

const toInvitation = (i: InvitationRow) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invited_by: i.invited_by,
  created_at: iso(i.created_at),
  expires_at: iso(i.expires_at),
});

export function registerInvitationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/invitations',
    {
      config: { operation: 'invitations.manage', secretFields: ['token'] },
      schema: {
        tags: ['Members'],
        summary: 'Invite someone by email; the token is shown once and expires in 7 days',
        body: z.strictObject({ email: Email, role: InvitableRole }),
        response: { 201: CreatedInvitation },
      },
    },
    async (request, reply) => {
      const { invitation, token } = await inviteMember(
        dbFor(request, deps.db),
        deps.clock,
        requireSession(request),
        request.body,
      );
      return reply.code(201).send({ ...toInvitation(invitation), token });
    },
  );

  r.get(
    '/api/v1/invitations',
    {
      config: { operation: 'invitations.manage' },
      schema: {
        tags: ['Members'],
        summary: 'Pending invitations',
        querystring: ListQuery,
        response: { 200: listOf(Invitation) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor } = request.query;
      const rows = await listPendingInvitations(deps.db, p.workspaceId, deps.clock.now(), {
        after: decodeCursor(cursor),
        order,
        limit,
      });
      return pageOf(rows, limit, (i) => i.id, toInvitation);
    },
  );

  r.delete(
    '/api/v1/invitations/:invitation_id',
    {
      config: {
        operation: 'invitations.manage',
        resource: {
          param: 'invitation_id',
          what: 'invitation',
          exists: async (ws, id) => (await findInvitation(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: ['Members'],
        summary: 'Withdraw a pending invitation',
        params: z.strictObject({ invitation_id: z.string().max(40) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      if (!(await deleteInvitation(deps.db, p.workspaceId, request.params.invitation_id))) {
        throw notFound('invitation', request.params.invitation_id);
      }
      return reply.code(204).send(null);
    },
  );
}
