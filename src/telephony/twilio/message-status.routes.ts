import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../http/errors.js';
import type { MessageStatus } from '../../modules/messages/purposes.js';
import { findPhoneNumberByNumber } from '../../modules/phone-numbers/phone-numbers.repo.js';
import { applyMessageStatus, findMessageForCallback } from '../../notifications/sender/sender.repo.js';
import { parseFields } from './fields.js';
import { type FormBody, singleValued } from './form-body.js';
import type { TelephonyEnv } from './telephony-env.js';
import { checkSignature } from './twilio-auth.js';

const MessageStatusCallback = z.object({
  MessageSid: z.string().min(1).max(64),
  MessageStatus: z.string().min(1).max(32),
});

/** Twilio's statuses that settle a text; the others (queued, sending, sent...) only pass through. */
const FINAL: Record<string, MessageStatus> = {
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * A text's status callback, given to Twilio with each text the sender sends
 * (docs/notifications.md, Sending): the message is named in the query and the signature must
 * verify with the auth token of the number it was sent from. A message that is not a text sent
 * here (unknown, or its number since removed, so nothing can verify it) is answered 204 and
 * nothing changes, so Twilio has nothing to retry; a wrong or missing signature is 403.
 */
export function registerMessageStatusRoute(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post('/telephony/twilio/message-status', { schema: { hide: true } }, async (request, reply) => {
    const id = (request.query as Record<string, unknown> | undefined)?.message;
    const message =
      typeof id === 'string' && id.length <= 40 ? await findMessageForCallback(env.calls.db, id) : null;
    const phone =
      message?.channel === 'sms' && message.direction === 'outbound' && message.sender !== null
        ? await findPhoneNumberByNumber(env.calls.db, message.sender)
        : null;
    if (!message || !phone || phone.workspace_id !== message.workspace_id) return reply.code(204).send();
    const form = (request.body ?? {}) as FormBody;
    checkSignature(env.auth, request, phone, form);
    const fields = parseFields(MessageStatusCallback, singleValued(form));
    // Fail closed on a contradiction: a signed callback about another text.
    if (message.provider_id !== null && message.provider_id !== fields.MessageSid) {
      throw new ApiError('forbidden', 'This callback is about another message.');
    }
    await applyMessageStatus(env.calls.db, {
      id: message.id,
      providerId: fields.MessageSid,
      providerStatus: fields.MessageStatus,
      status: FINAL[fields.MessageStatus] ?? null,
      at: env.calls.clock.now(),
    });
    return reply.code(204).send();
  });
}
