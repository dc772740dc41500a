import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal, requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { Email, iso, Timestamp } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { findInvitation, type InvitationRow, listPendingInvitations } from './invitations.repo.js';
import { invitationLink, inviteMember, withdrawInvitation } from './invitations.service.js';

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
  link: z
    .string()
    .describe(
      'Shown once: the console page that accepts it, token included (PUBLIC_URL/invitations/accept?token=...).',
    ),
  email_queued: z
    .boolean()
    .describe(
      'The invitation was emailed to the address (false when the service sends no email: no SMTP_URL).',
    ),
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
      config: { operation: 'invitations.manage', secretFields: ['token', 'link'] },
      schema: {
        tags: ['Members'],
        summary: 'Invite someone by email; the token is shown once and expires in 7 days',
        description:
          'With SMTP_URL set, the invitation is emailed to the address, with the link to accept it ' +
          '(email_queued). The token and the link are in the answer either way, to send another way.',
        body: z.strictObject({ email: Email, role: InvitableRole }),
        response: { 201: CreatedInvitation },
      },
    },
    async (request, reply) => {
      const mail =
        deps.config.SMTP_URL === undefined ? null : { secrets: openSecretBox(deps.config, deps.logger) };
      const { invitation, token, emailQueued } = await inviteMember(
        dbFor(request, deps.db),
        deps.clock,
        requireSession(request),
        request.body,
        mail,
      );
      return reply.code(201).send({
        ...toInvitation(invitation),
        token,
        link: invitationLink(deps.config.PUBLIC_URL, token),
        email_queued: emailQueued,
      });
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
      await withdrawInvitation(deps.db, p.workspaceId, request.params.invitation_id, deps.clock.now());
      return reply.code(204).send(null);
    },
  );
}
