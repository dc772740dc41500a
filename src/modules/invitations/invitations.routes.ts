import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal, requireSession } from '../../auth/principal.js';
import { resolveSession, SESSION_COOKIE } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { ApiError, notFound } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { DisplayName, Email, iso, Password, Timestamp } from '../../http/schemas.js';
import { safeEqual } from '../../lib/secrets.js';
import { PingBody, startSession } from '../sign-in/sign-in.service.js';
import { findUser } from '../workspaces/workspaces.repo.js';
import {
  deleteInvitation,
  findInvitation,
  type InvitationRow,
  listPendingInvitations,
} from './invitations.repo.js';
import { acceptInvitation, inviteMember } from './invitations.service.js';

const InvitableRole = z.enum(['admin', 'member', 'viewer']);
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

  r.post(
    '/api/v1/invitations/accept',
    {
      config: { operation: 'public' },
      schema: {
        tags: ['Members'],
        summary: 'Accept an invitation',
        description:
          'Without a session: name and password create the account. With a session (and X-CSRF-Token) whose email matches: joins. Answers the ping body of a new session in the workspace. A used or expired token is 404.',
        body: z.strictObject({
          token: z.string().min(1).max(200),
          name: DisplayName.optional(),
          password: Password.optional(),
        }),
        response: { 200: PingBody },
      },
    },
    async (request, reply) => {
      const sessionUser = await optionalSessionUser(request, deps);
      const joined = await acceptInvitation(deps.db, deps.clock, { ...request.body, sessionUser });
      return startSession(deps.db, deps.clock, reply, joined.userId, joined.workspaceId);
    },
  );
}

/** Accepting with a cookie is a change made with the session, so it needs the session's CSRF token. */
async function optionalSessionUser(
  request: FastifyRequest,
  deps: AppDeps,
): Promise<{ id: string; email: string } | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const session = await resolveSession(deps.db, deps.clock, token);
  if (session?.kind !== 'session') return undefined;
  const sent = request.headers['x-csrf-token'];
  if (typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) {
    throw new ApiError(
      'csrf_failed',
      'Send the X-CSRF-Token from GET /api/v1/ping with every change made with the session cookie.',
    );
  }
  const user = await findUser(deps.db, session.userId);
  return user ? { id: user.id, email: user.email } : undefined;
}
