import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { depsFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { iso, Timestamp } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import {
  deletePhoneNumber,
  findPhoneNumber,
  listPhoneNumbers,
  type PhoneNumberRow,
  PROVIDERS,
} from './phone-numbers.repo.js';
import { type PhoneNumberDeps, registerPhoneNumber } from './phone-numbers.service.js';
import { createTwilioNumberCheck } from './twilio-account.js';

const TAG = 'Phone numbers';

export const PhoneNumber = z
  .object({
    id: z.string().describe('pn_...'),
    number: z.string().describe('E.164'),
    provider: z.enum(PROVIDERS),
    created_at: Timestamp,
  })
  .meta({ id: 'PhoneNumber' });

const RegisterPhoneNumberBody = z.strictObject({
  number: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, { message: 'must be a number in E.164, such as +441612345678' })
    .describe('The number callers dial, in E.164.'),
  provider: z.literal('twilio'),
  twilio_account_sid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-f]{32}$/, { message: 'must be a Twilio account SID: AC and 32 hexadecimal digits' })
    .describe(
      'The SID of the Twilio account that owns the number (Account info in the Twilio console). Twilio is asked, with it and the auth token, whether the number is on that account before it is routed here. Stored encrypted, never returned.',
    ),
  twilio_auth_token: z
    .string()
    .min(16)
    .max(128)
    .regex(/^\S+$/, { message: 'must not contain spaces' })
    .describe(
      "The auth token of the Twilio account that owns the number: every webhook's X-Twilio-Signature is verified with it. Stored encrypted, never returned.",
    ),
});

const toPhoneNumber = (row: PhoneNumberRow) => ({
  id: row.id,
  number: row.number,
  provider: row.provider,
  created_at: iso(row.created_at),
});

export function phoneNumberDeps(deps: AppDeps): PhoneNumberDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    secrets: () => openSecretBox(deps.config, deps.logger),
    checkTwilioNumber: createTwilioNumberCheck({ baseUrl: deps.config.TWILIO_API_URL, ca: deps.twilioApiCa }),
  };
}

/** The numbers whose calls reach this workspace (docs/telephony.md). Admins only; keys cannot manage them. */
export function registerPhoneNumberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pd = phoneNumberDeps(deps);

  r.post(
    '/api/v1/phone-numbers',
    {
      config: { operation: 'phone_numbers.manage' },
      schema: {
        tags: [TAG],
        summary: "Route a Twilio number's calls to this workspace",
        description:
          "Point the number's voice webhook at /telephony/twilio/voice (or /relay) and its status callback at /telephony/twilio/status. Twilio is asked first, with the account SID and auth token, whether the number is on that account: credentials Twilio refuses, or a number not on the account, are 400 validation_failed, and Twilio unreachable is 503 unavailable; nothing is saved then. A number belongs to one workspace: registering one that is already registered anywhere is 409 conflict.",
        body: RegisterPhoneNumberBody,
        response: { 201: PhoneNumber },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const row = await registerPhoneNumber(depsFor(request, pd), p.workspaceId, request.body);
      return reply.code(201).send(toPhoneNumber(row));
    },
  );

  r.get(
    '/api/v1/phone-numbers',
    {
      config: { operation: 'phone_numbers.manage' },
      schema: {
        tags: [TAG],
        summary: 'Phone numbers, without their tokens',
        querystring: ListQuery,
        response: { 200: listOf(PhoneNumber) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor } = request.query;
      const rows = await listPhoneNumbers(deps.db, p.workspaceId, {
        after: decodeCursor(cursor),
        order,
        limit,
      });
      return pageOf(rows, limit, (row) => row.id, toPhoneNumber);
    },
  );

  r.delete(
    '/api/v1/phone-numbers/:phone_number_id',
    {
      config: {
        operation: 'phone_numbers.manage',
        resource: {
          param: 'phone_number_id',
          what: 'phone number',
          exists: async (ws, id) => (await findPhoneNumber(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: [TAG],
        summary: 'Stop routing a number to this workspace',
        description:
          'Its webhooks answer 403 from then on (their signatures can no longer be checked), calls in progress included: delete a number when it no longer rings here.',
        params: z.strictObject({ phone_number_id: z.string().max(40) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      if (!(await deletePhoneNumber(deps.db, p.workspaceId, request.params.phone_number_id))) {
        throw notFound('phone number', request.params.phone_number_id);
      }
      return reply.code(204).send(null);
    },
  );
}
