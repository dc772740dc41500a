import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { Email, Password } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { confirmPasswordReset, RESET_ACCEPTED, requestPasswordReset } from './password-reset.service.js';

const TAGS = ['Sessions'];

const ResetRequested = z
  .object({ ok: z.literal(true), message: z.string() })
  .meta({ id: 'PasswordResetRequested' });

/** A forgotten password, by email (docs/api.md, "Forgotten password"): no session, like sign-in. */
export function registerPasswordResetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/auth/password-reset',
    {
      config: { operation: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Ask for a password reset link by email',
        description:
          'Always 202 with the same body, whether or not the email has an account. When it has one (and the ' +
          'service sends email), a link to choose a new password is emailed; it works once, within 30 minutes, ' +
          'and replaces any earlier link. Counted per address and per email: 429 with Retry-After past a limit.',
        body: z.strictObject({ email: Email }),
        response: { 202: ResetRequested },
      },
    },
    async (request, reply) => {
      const secrets = deps.config.SMTP_URL === undefined ? null : openSecretBox(deps.config, deps.logger);
      await requestPasswordReset(deps.db, deps.clock, secrets, {
        email: request.body.email,
        address: request.ip,
      });
      return reply.code(202).send({ ok: true as const, message: RESET_ACCEPTED });
    },
  );

  r.post(
    '/api/v1/auth/password-reset/confirm',
    {
      config: { operation: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Choose a new password with the emailed token; every session of the account ends',
        description:
          'The token is the one in the emailed link. It works once; a used, expired, replaced or unknown token ' +
          'is 400 on token, with one message. The password follows the usual rule (at least 12 characters). ' +
          'Every session of the account ends, in every workspace; sign in with the new password.',
        body: z.strictObject({ token: z.string().min(1).max(200), password: Password }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(deps.db, deps.clock, request.body);
      return reply.code(204).send(null);
    },
  );
}
