import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseFields } from './fields.js';
import type { TwilioChannel } from './links.js';
import { takeTwilioTurn } from './replay.js';
import { sendTwiml, type TelephonyEnv } from './telephony-env.js';
import { connectTransfer, recordTransferResult } from './transfer.service.js';
import { twilioRequest, verifyByCall } from './twilio-auth.js';
import { emptyTwiml, hangupTwiml, whisperTwiml } from './twiml.js';

const DialOutcome = z.object({
  DialCallStatus: z.string().min(1).max(32),
  // The caller's leg: anything but in-progress means they hung up while the desk rang.
  CallStatus: z.string().max(32).default('in-progress'),
});

/** The engine knows three ways a hand-over fails; Twilio's canceled (the dial was stopped) is a failure. */
const FAILED: Record<string, 'no-answer' | 'busy' | 'failed'> = {
  'no-answer': 'no-answer',
  busy: 'busy',
  failed: 'failed',
  canceled: 'failed',
};

function channelOf(query: unknown): TwilioChannel {
  // The query is part of what Twilio signed, so it can be believed.
  return (query as Record<string, unknown> | undefined)?.via === 'relay' ? 'relay' : 'gather';
}

/** Hand-overs: the whisper on the desk's leg, and the end of the <Dial>. */
export function registerTransferRoutes(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post(
    '/telephony/twilio/whisper',
    { preValidation: verifyByCall(env.auth, 'ParentCallSid'), schema: { hide: true } },
    async (request, reply) => {
      const call = twilioRequest(request).call;
      if (!call) throw new Error('whisper without its call');
      // Hanging up the desk's leg here leaves the caller's <Dial> to end and its action to run.
      const handover = await connectTransfer(env.calls, call);
      if (!handover) return sendTwiml(reply, hangupTwiml());
      return sendTwiml(reply, whisperTwiml(env.speech(handover.config), handover.whisper));
    },
  );

  scope.post(
    '/telephony/twilio/dial-action',
    { preValidation: verifyByCall(env.auth), schema: { hide: true } },
    async (request, reply) => {
      const tw = twilioRequest(request);
      const call = tw.call;
      if (!call) throw new Error('dial action without its call');
      const fields = parseFields(DialOutcome, tw.fields);
      const reason = FAILED[fields.DialCallStatus];
      if (reason === undefined) {
        // completed or answered: the desk took the call and the bridge has ended. The status
        // callback closes the call; connecting again here covers a whisper that never came.
        await connectTransfer(env.calls, call);
        return sendTwiml(reply, hangupTwiml());
      }
      await recordTransferResult(env.calls, call, fields.DialCallStatus);
      if (fields.CallStatus !== 'in-progress') return sendTwiml(reply, emptyTwiml());
      const twiml = await takeTwilioTurn(
        env,
        request,
        { workspaceId: call.phone.workspace_id, callId: call.callId },
        channelOf(request.query),
        { kind: 'transfer_failed', reason },
      );
      return sendTwiml(reply, twiml);
    },
  );
}
