import type { FastifyInstance } from 'fastify';
import { answerIncomingCall } from '../twilio/incoming-call.js';
import { takeTwilioTurn } from '../twilio/replay.js';
import { sendTwiml, type TelephonyEnv } from '../twilio/telephony-env.js';
import { twilioRequest, verifyByCall, verifyByNumber } from '../twilio/twilio-auth.js';
import { gatheredInput } from './gathered-input.js';

/** The <Gather> speech channel: one webhook per caller turn. */
export function registerGatherRoutes(scope: FastifyInstance, env: TelephonyEnv): void {
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
