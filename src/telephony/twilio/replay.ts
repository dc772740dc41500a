import type { FastifyRequest } from 'fastify';
import type { CallerInput } from '../../dialog/engine/index.js';
import { type KeptAnswer, type TurnOutcome, takeCallTurnOnce } from '../../live-call/live-call.service.js';
import type { TwilioChannel } from './links.js';
import { findReplayAnswer, keepReplayAnswer, type ReplayKey } from './replays.repo.js';
import type { TelephonyEnv } from './telephony-env.js';
import { answerTurn, turnContext } from './turn-twiml.js';

/** Twilio's retry token of this request, or null (a request without one is always acted on). */
export function idempotencyToken(request: FastifyRequest): string | null {
  const token = request.headers['i-twilio-idempotency-token'];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

/**
 * A caller's turn posted by Twilio, answered once per I-Twilio-Idempotency-Token. Twilio
 * re-sends a request it timed out on with the same token, and so may a load balancer whose
 * instance died. The turn's TwiML is kept in the turn's own transaction, so a turn is never
 * committed without its answer: a re-sent request waits behind the first on the call's row lock
 * and then gets the kept TwiML, or, if the first died before committing, takes the turn itself.
 */
export async function takeTwilioTurn(
  env: TelephonyEnv,
  request: FastifyRequest,
  call: { workspaceId: string; callId: string },
  channel: TwilioChannel,
  input: CallerInput,
): Promise<string> {
  const token = idempotencyToken(request);
  const make = (outcome: TurnOutcome) => answerTurn(turnContext(env, channel, call.callId, outcome), outcome);
  const answer: KeptAnswer<string> =
    token === null
      ? { find: async () => null, keep: async (_tx, outcome) => make(outcome) }
      : keptTwiml(env, { ...call, token }, make);
  const twiml = await takeCallTurnOnce(env.calls, call.workspaceId, call.callId, input, answer);
  await env.pause('twilio-turn-committed');
  return twiml;
}

function keptTwiml(
  env: TelephonyEnv,
  key: ReplayKey,
  make: (outcome: TurnOutcome) => string,
): KeptAnswer<string> {
  return {
    find: (db) => findReplayAnswer(db, key),
    async keep(tx, outcome) {
      const twiml = make(outcome);
      await keepReplayAnswer(tx, key, twiml, env.calls.clock.now());
      await env.pause('twilio-turn-written');
      return twiml;
    },
  };
}
