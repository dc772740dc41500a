import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { startLiveCall } from '../../live-call/live-call.service.js';
import { parseFields } from './fields.js';
import type { TwilioChannel } from './links.js';
import { sendTwiml, type TelephonyEnv } from './telephony-env.js';
import { answerTurn, turnContext } from './turn-twiml.js';
import { twilioRequest } from './twilio-auth.js';
import { notInServiceTwiml } from './twiml.js';

export const IncomingCall = z.object({
  CallSid: z.string().min(1).max(64),
  // Withheld numbers arrive as "anonymous" or empty: the call is answered all the same.
  From: z.string().max(64).default(''),
});

/**
 * A call rings one of the workspace's numbers: start the call (a repeated CallSid, Twilio
 * retrying the webhook, answers the same call's greeting again) and answer the greeting in the
 * channel's TwiML. An unregistered number hears that it is not in service. Both channels answer
 * their incoming calls here (gather/, relay/).
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
