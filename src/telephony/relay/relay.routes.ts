import type { FastifyInstance } from 'fastify';
import { normalisePhone } from '../../lib/phone.js';
import { readCallLine } from '../../live-call/live-call.service.js';
import { answerIncomingCall } from '../twilio/incoming-call.js';
import { relayTwiml } from '../twilio/relay-twiml.js';
import { sendTwiml, type TelephonyEnv } from '../twilio/telephony-env.js';
import { twilioRequest, verifyByCall, verifyByNumber } from '../twilio/twilio-auth.js';
import { goodbyeTwiml, hangupTwiml, transferTwiml } from '../twilio/twiml.js';
import { readHandoff } from './relay-protocol.js';

/**
 * The ConversationRelay channel's webhooks: the incoming call (answered with <Connect>) and the
 * <Connect> action, posted when the relay ends. The WebSocket itself is
 * /telephony/twilio/relay-ws (relay-socket.ts).
 */
export function registerRelayRoutes(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post(
    '/telephony/twilio/relay',
    { preValidation: verifyByNumber(env.auth), schema: { hide: true } },
    (request, reply) => answerIncomingCall(env, 'relay', request, reply),
  );

  scope.post(
    '/telephony/twilio/relay-action',
    { preValidation: verifyByCall(env.auth), schema: { hide: true } },
    async (request, reply) => {
      const tw = twilioRequest(request);
      const call = tw.call;
      if (!call) throw new Error('relay action without its call');
      const handoff = readHandoff(tw.fields.HandoffData);
      // No handoff: the caller hung up or the relay failed; the status callback closes the call.
      if (handoff === null || handoff.reason === 'error') return sendTwiml(reply, hangupTwiml());
      const line = await readCallLine(env.calls.db, call.phone.workspace_id, call.callId);
      if (!line) return sendTwiml(reply, hangupTwiml());
      const speech = env.speech(line.config);
      const lastLine = line.lastAgentLine;
      // The instance carrying the socket stopped: carry on over a new socket, repeating the last line.
      if (handoff.reason === 'moved' && !call.ended) {
        return sendTwiml(
          reply,
          relayTwiml(speech, {
            greeting: lastLine === '' ? 'Sorry, please go on.' : `Sorry about that. ${lastLine}`,
            socketUrl: env.links.relaySocket(call.callId),
            actionUrl: env.links.relayAction(call.callId),
          }),
        );
      }
      // The record, not the posted data, says where a transfer goes.
      if (handoff.reason === 'transfer' && call.transferredTo !== null && !call.ended) {
        return sendTwiml(
          reply,
          transferTwiml(speech, lastLine, {
            to: call.transferredTo,
            callerId: normalisePhone(call.callerNumber),
            actionUrl: env.links.dialAction(call.callId, 'relay'),
            whisperUrl: env.links.whisper(call.callId),
          }),
        );
      }
      return sendTwiml(reply, goodbyeTwiml(speech, lastLine));
    },
  );
}
