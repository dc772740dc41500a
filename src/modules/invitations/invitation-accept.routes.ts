import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveSession, SESSION_COOKIE } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/errors.js';
import { DisplayName, iso, Password, Timestamp } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { safeEqual } from '../../lib/secrets.js';
import { PingBody, startSession } from '../sign-in/sign-in.service.js';
import { findUser } from '../workspaces/workspaces.repo.js';
import { acceptInvitation, findValidInvitation } from './invitation-accept.service.js';
import { InvitableRole } from './invitations.routes.js';

const InvitationToken = z.string().min(1).max(200);

export const InvitationPreview = z
  .object({
    email: z.string().describe('The email the invitation was sent to: only its account may accept it.'),
    role: InvitableRole,
    workspace_name: z.string(),
    expires_at: Timestamp,
    new_accounts: z
      .boolean()
      .describe(
        'Whether name and password may create an account for the email (a workspace set up by the operator of the service). It says nothing about whether the email has an account.',
      ),
  })
  .meta({ id: 'InvitationPreview' });

/** The token is the credential of both routes: whoever holds it may read the invitation and accept it. */
export function registerInvitationAcceptRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/invitations/preview',
    {
      config: { operation: 'public' },
      schema: {
        tags: ['Members'],
        summary: 'Read an invitation by its token, to show the right way to accept it',
        description: 'A used, withdrawn or expired token, or one whose inviter has left, is 404.',
        body: z.strictObject({ token: InvitationToken }),
        response: { 200: InvitationPreview },
      },
    },
    async (request) => {
      const open = await findValidInvitation(deps.db, deps.clock, request.body.token);
      return {
        email: open.email,
        role: open.role,
        workspace_name: open.workspace_name,
        expires_at: iso(open.expires_at),
        new_accounts: open.operator_managed,
      };
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
          "As the account of the invited email: with a session of that account (and X-CSRF-Token), or with `password` alone, checked as a sign-in is (401 for a wrong password or no account; throttled). With `name` and `password`: a new account, only in a workspace set up by the service's operator and only for an email without an account. Every other case is 403 forbidden with one message, whether or not the email has an account. Answers the ping body of a new session in the workspace. A used, withdrawn or expired token, or one whose inviter has left or can no longer grant its role, is 404.",
        body: z.strictObject({
          token: InvitationToken,
          name: DisplayName.optional(),
          password: Password.optional(),
        }),
        response: { 200: PingBody },
      },
    },
    async (request, reply) => {
      const sessionUser = await optionalSessionUser(request, deps);
      const joined = await acceptInvitation(deps.db, deps.clock, openSecretBox(deps.config, deps.logger), {
        ...request.body,
        sessionUser,
        address: request.ip,
      });
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
