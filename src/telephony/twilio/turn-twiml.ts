import { normalisePhone } from '../../lib/phone.js';
import type { TurnOutcome } from '../../live-call/live-call.service.js';
import type { TelephonyLinks, TwilioChannel } from './links.js';
import { relayTwiml } from './relay-twiml.js';
import type { TelephonyEnv } from './telephony-env.js';
import { gatherTwiml, goodbyeTwiml, hangupTwiml, type Speech, transferTwiml } from './twiml.js';

export interface TurnAnswerContext {
  links: TelephonyLinks;
  channel: TwilioChannel;
  callId: string;
  callerNumber: string;
  speech: Speech;
  /** The TwiML that speaks `text` and waits for the caller's next turn on this channel. */
  next(text: string): string;
}

/**
 * The TwiML for what the engine decided: hand over (the transfer line, then <Dial>), close
 * (the closing line, then <Hangup/>), or speak and listen again.
 */
export function answerTurn(ctx: TurnAnswerContext, outcome: TurnOutcome): string {
  if (outcome.transfer) {
    return transferTwiml(ctx.speech, outcome.reply, {
      to: outcome.transfer.to,
      callerId: normalisePhone(ctx.callerNumber),
      actionUrl: ctx.links.dialAction(ctx.callId, ctx.channel),
      whisperUrl: ctx.links.whisper(ctx.callId),
    });
  }
  if (outcome.ended) return outcome.reply === '' ? hangupTwiml() : goodbyeTwiml(ctx.speech, outcome.reply);
  return ctx.next(outcome.reply);
}

/**
 * How a call carries on after a turn on its channel: another speech <Gather>, or a new
 * ConversationRelay connection that opens by speaking the reply.
 */
export function turnContext(
  env: TelephonyEnv,
  channel: TwilioChannel,
  callId: string,
  outcome: Pick<TurnOutcome, 'config' | 'callerNumber'>,
): TurnAnswerContext {
  const speech = env.speech(outcome.config);
  const links = env.links;
  return {
    links,
    channel,
    callId,
    callerNumber: outcome.callerNumber,
    speech,
    next:
      channel === 'gather'
        ? (text) => gatherTwiml(speech, text, links.gather(callId))
        : (text) =>
            relayTwiml(speech, {
              greeting: text,
              socketUrl: links.relaySocket(callId),
              actionUrl: links.relayAction(callId),
            }),
  };
}
