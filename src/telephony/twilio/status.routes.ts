import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findCallByProviderId } from '../../modules/calls/calls.repo.js';
import { parseFields } from './fields.js';
import { closeCarrierCall, isFinalStatus } from './status.service.js';
import type { TelephonyEnv } from './telephony-env.js';
import { twilioRequest, verifyByNumber } from './twilio-auth.js';

const StatusCallback = z.object({
  CallSid: z.string().min(1).max(64),
  CallStatus: z.string().min(1).max(32),
});

/**
 * The number's status callback (set in the Twilio console, so it carries no call id): the call
 * is found by its CallSid in the workspace of the number dialled. Answers 204 whatever the call's
 * state, so Twilio has nothing to retry.
 */
export function registerStatusRoute(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post(
    '/telephony/twilio/status',
    { preValidation: verifyByNumber(env.auth), schema: { hide: true } },
    async (request, reply) => {
      const tw = twilioRequest(request);
      if (tw.phone) {
        const fields = parseFields(StatusCallback, tw.fields);
        const status = fields.CallStatus;
        const row = isFinalStatus(status)
          ? await findCallByProviderId(env.calls.db, tw.phone.workspace_id, fields.CallSid)
          : null;
        if (row && isFinalStatus(status)) await closeCarrierCall(env.calls, row, status);
      }
      return reply.code(204).send();
    },
  );
}
