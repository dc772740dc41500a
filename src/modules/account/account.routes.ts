import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { Password } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { buildPing, PingBody } from '../sign-in/sign-in.service.js';
import { changePassword, renameUser, toAccount } from './account.service.js';

const TAGS = ['Sessions'];

export const Account = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    needs_name: z.boolean().describe('The name is one the service made up; false once the person chose one.'),
  })
  .meta({ id: 'Account' });

/** A signed-in person's own name and password: theirs in every workspace, so sessions only. */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/v1/account',
    {
      config: { operation: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Change your name',
        description:
          'The name the team sees in every workspace you belong to (members, owners, notes). Sessions only.',
        body: z.strictObject({ name: z.string().trim().min(1).max(100) }),
        response: { 200: Account },
      },
    },
    async (request) =>
      toAccount(await renameUser(deps.db, requireSession(request).userId, request.body.name)),
  );

  r.post(
    '/api/v1/account/password',
    {
      config: {
        operation: 'user',
        // The session's token is not kept for a replay; GET /ping reads it again.
        secretFields: ['csrf_token'],
      },
      schema: {
        tags: TAGS,
        summary: 'Change your password; every other session of yours ends',
        description:
          'Needs the current password (a wrong one is 400 on current_password, counted by the sign-in ' +
          'throttle: 429 past its limits). Every other session of yours ends, on every device and in ' +
          'every workspace, with its live streams; this one goes on. API keys keep working.',
        body: z.strictObject({ current_password: z.string().min(1).max(256), new_password: Password }),
        response: { 200: PingBody },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await changePassword(deps.db, deps.clock, openSecretBox(deps.config, deps.logger), {
        userId: session.userId,
        sessionHash: session.sessionHash,
        current: request.body.current_password,
        next: request.body.new_password,
        address: request.ip,
      });
      return buildPing(deps.db, session.userId, session.workspaceId, session.csrfToken);
    },
  );
}
