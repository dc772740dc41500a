import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { startLiveCall } from '../../live-call/live-call.service.js';
import { gatheredInput, parseFields } from './fields.js';
import type { TwilioChannel } from './links.js';
import { takeTwilioTurn } from './replay.js';
import { sendTwiml, type TelephonyEnv } from './telephony-env.js';
import { answerTurn, turnContext } from './turn-twiml.js';
import { twilioRequest, verifyByCall, verifyByNumber } from './twilio-auth.js';
import { notInServiceTwiml } from './twiml.js';

export const IncomingCall = z.object({
  CallSid: z.string().min(1).max(64),
  // Withheld numbers arrive as "anonymous" or empty: the call is answered all the same.
  From: z.string().max(64).default(''),
});

/**
 * A call rings one of the workspace's numbers: start the call (a repeated CallSid, Twilio
 * retrying the webhook, answers the same call's greeting again) and answer the greeting in the
 * channel's TwiML. An unregistered number hears that it is not in service.
 */
export async function answerIncomingCall(
  env: TelephonyEnv,
  channel: TwilioChannel,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const tw = twilioRequest(request);
  if (!tw.phone) return sendTwiml(reply, notInServiceTwiml());
  const fields = parseFields(IncomingCall, tw.fields);
  const workspaceId = tw.phone.workspace_id;
  const outcome = await startLiveCall(env.calls, {
    workspaceId,
    channel: 'twilio',
    from: fields.From,
    to: tw.phone.number,
    providerCallId: fields.CallSid,
    agent: 'published',
  });
  request.log.info(
    { event: 'call.started', workspace_id: workspaceId, call_id: outcome.call.id, channel },
    'call started',
  );
  // A recorded call: Twilio is asked once the call's row is committed, while the greeting goes
  // out; the answer never waits on it. A repeated webhook finds the request claimed or made.
  if (outcome.call.recording?.status === 'in_progress') {
    const start = () => env.recordings.start(workspaceId, outcome.call.id);
    if (env.calls.db.afterCommit) env.calls.db.afterCommit(start);
    else start();
  }
  return sendTwiml(reply, answerTurn(turnContext(env, channel, outcome.call.id, outcome), outcome));
}

/** The <Gather> speech channel: one webhook per caller turn. */
export function registerVoiceRoutes(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post(
    '/telephony/twilio/voice',
    { preValidation: verifyByNumber(env.auth), schema: { hide: true } },
    (request, reply) => answerIncomingCall(env, 'gather', request, reply),
  );

  scope.post(
    '/telephony/twilio/gather',
    { preValidation: verifyByCall(env.auth), schema: { hide: true } },
    async (request, reply) => {
      const call = twilioRequest(request).call;
      if (!call) throw new Error('gather without its call');
      const twiml = await takeTwilioTurn(
        env,
        request,
        { workspaceId: call.phone.workspace_id, callId: call.callId },
        'gather',
        gatheredInput(twilioRequest(request).fields),
      );
      return sendTwiml(reply, twiml);
    },
  );
}
