import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../auth/principal.js';
import { revokeSession, revokeUserSessions, SESSION_COOKIE } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { Email } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { authenticateUser, buildPing, chooseWorkspace, PingBody, startSession } from './sign-in.service.js';

export function registerSignInRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/auth/sign-in',
    {
      config: { operation: 'public' },
      schema: {
        tags: ['Sessions'],
        summary: 'Sign in and receive a session cookie',
        description:
          'A new session id at every sign-in. Attempts are counted before the password is checked, per email ' +
          'and address, per address and per email; past a limit the answer is 429 with Retry-After.',
        body: z.strictObject({
          email: Email,
          password: z.string().min(1).max(256),
          workspace_id: z.string().max(40).optional(),
        }),
        response: { 200: PingBody },
      },
    },
    async (request, reply) => {
      const secrets = openSecretBox(deps.config, deps.logger);
      const userId = await authenticateUser(deps.db, deps.clock, secrets, {
        ...request.body,
        address: request.ip,
      });
      const workspaceId = await chooseWorkspace(deps.db, userId, request.body.workspace_id);
      return startSession(deps.db, deps.clock, reply, userId, workspaceId);
    },
  );

  r.post(
    '/api/v1/auth/switch-workspace',
    {
      config: {
        operation: 'session.end',
        // The new session's token is not kept for a replay; GET /ping reads it again.
        secretFields: ['csrf_token'],
        // Only a key can be denied here; naming a workspace other than its own then answers 404.
        resource: {
          param: 'workspace_id',
          in: 'body',
          what: 'workspace',
          exists: async (ws, id) => ws === id,
        },
      },
      schema: {
        tags: ['Sessions'],
        summary: 'Move the session to another workspace of the same user',
        description:
          'Ends the current session and starts a new one (new cookie, new CSRF token) in the named workspace.',
        body: z.strictObject({ workspace_id: z.string().max(40) }),
        response: { 200: PingBody },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const workspaceId = await chooseWorkspace(deps.db, session.userId, request.body.workspace_id);
      await revokeSession(deps.db, deps.clock, session.sessionHash);
      return startSession(deps.db, deps.clock, reply, session.userId, workspaceId);
    },
  );

  r.post(
    '/api/v1/auth/sign-out',
    {
      config: { operation: 'session.end' },
      schema: {
        tags: ['Sessions'],
        summary: 'Sign out: the session is revoked server-side',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await revokeSession(deps.db, deps.clock, session.sessionHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/v1/auth/sign-out-everywhere',
    {
      config: { operation: 'session.end' },
      schema: {
        tags: ['Sessions'],
        summary: 'Sign out everywhere: every session of the signed-in user ends, in every workspace',
        description:
          'Ends this session and every other session of the same user, in every workspace, and closes their ' +
          'live event streams on every instance. API keys are not sessions: they keep working.',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await revokeUserSessions(deps.db, deps.clock, session.userId);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/ping',
    {
      config: { operation: 'session.read' },
      schema: {
        tags: ['Sessions'],
        summary: 'The signed-in user and the CSRF token for this session',
        response: { 200: PingBody },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return buildPing(deps.db, session.userId, session.workspaceId, session.csrfToken);
    },
  );
}
