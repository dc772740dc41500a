import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalisePhone } from '../../lib/phone.js';
import { receiveSellerText } from '../../notifications/seller-texts/inbound.service.js';
import { parseFields } from './fields.js';
import { sendTwiml, type TelephonyEnv } from './telephony-env.js';
import { twilioRequest, verifyByNumber } from './twilio-auth.js';

const IncomingText = z.object({
  MessageSid: z.string().min(1).max(64),
  From: z.string().max(64).default(''),
  // The form is already capped at 32 KiB; the text kept is cut to a turn's length.
  Body: z.string().default(''),
});

/** Nothing to send back: Twilio answers the opt-out keywords itself, and a reply is the desk's. */
const EMPTY_MESSAGING_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * A text to one of the workspace's numbers (the number's "A message comes in" webhook;
 * docs/telephony.md): routed and verified by `To`, like a call. Answers an empty <Response/>
 * whatever the text said; a retried post (same MessageSid) changes nothing.
 */
export function registerSmsRoute(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post(
    '/telephony/twilio/sms',
    { preValidation: verifyByNumber(env.auth), schema: { hide: true } },
    async (request, reply) => {
      const tw = twilioRequest(request);
      if (!tw.phone) return sendTwiml(reply, EMPTY_MESSAGING_TWIML);
      const fields = parseFields(IncomingText, tw.fields);
      const from = normalisePhone(fields.From) ?? fields.From.slice(0, 40);
      const outcome = await receiveSellerText(
        env.calls.db,
        {
          workspaceId: tw.phone.workspace_id,
          to: tw.phone.number,
          from,
          sid: fields.MessageSid,
          body: fields.Body,
        },
        env.calls.clock.now(),
      );
      if (outcome.kept) {
        request.log.info(
          {
            event: 'text.received',
            workspace_id: tw.phone.workspace_id,
            message_id: outcome.messageId,
            keyword: outcome.keyword,
          },
          'text received',
        );
      }
      return sendTwiml(reply, EMPTY_MESSAGING_TWIML);
    },
  );
}
