/**
 * The dialog engine: `(config, state, input, now) -> (reply, state, effects)`. Pure: no I/O, no
 * clock reads, no randomness. The call service loads the state, calls `takeTurn`, applies the
 * effects and saves the state in one transaction.
 */
import { phrase } from '../catalogue/index.js';
import { type AgentConfig, recordingNoticeOf } from '../config/agent-config.js';
import { detectIntent } from '../extractors/index.js';
import { handleAnswer, keepFactsSaid } from './answer-turn.js';
import { closeCall, endCall } from './closing.js';
import { requestHuman, transferFailed } from './handover.js';
import { MAX_TURNS, repeatsTwice } from './loops.js';
import { startMessage } from './message.js';
import { reask } from './next-step.js';
import { offTopicAnswer } from './off-topic.js';
import { handleOfferReply } from './offering.js';
import { syncRecords } from './records.js';
import { createState, knowsAnyFact } from './state.js';
import { ask, beginTurn, finishTurn, say, type Turn } from './turn.js';
import type { CallContext, CallerInput, CallState, TurnResult } from './types.js';
import { capInput } from './utterance.js';
import { fillLine, joinSpeech, lastQuestion } from './wording.js';

/**
 * The greeting, with the out-of-hours line when the office is closed. A caller whose number is on
 * a lead gets the returning greeting, but never the lead's name: caller ID is easily faked, and
 * the name is the caller's to say (docs/agent.md, "Step by step").
 */
export function startCall(config: AgentConfig, ctx: CallContext, now: Date): TurnResult {
  const t = beginTurn(config, createState(ctx), ctx, now);
  const template = ctx.returningLead === null ? config.lines.greeting : config.lines.returning_greeting;
  const greeting = fillLine(config, template, { name: null });
  const question = lastQuestion(greeting);
  const opening = ensureDisclosure(
    greeting.endsWith(question) ? greeting.slice(0, -question.length) : greeting,
  );
  const closed = ctx.withinBusinessHours ? '' : fillLine(config, config.lines.out_of_hours, { name: null });
  // Right after the greeting, only on a recorded call (docs/privacy.md, "Call recordings").
  const notice = ctx.recording === true ? fillLine(config, recordingNoticeOf(config), { name: null }) : '';
  // The out-of-hours line goes before the question, so the caller is left with something to answer.
  ask(t, question, opening, notice, closed);
  syncRecords(t, { final: false });
  return finishTurn(t);
}

/** Callers must hear that they are talking to a virtual assistant, whatever the greeting says. */
function ensureDisclosure(opening: string): string {
  if (/\b(?:virtual|automated|digital|ai)\s+assistant\b/i.test(opening)) return opening;
  return `${opening.trim()} ${phrase('greeting.disclosure')}`;
}

export function takeTurn(
  config: AgentConfig,
  state: CallState,
  ctx: CallContext,
  given: CallerInput,
  now: Date,
): TurnResult {
  const input = capInput(given);
  const t = beginTurn(config, state, ctx, now);
  if (t.state.phase === 'ended') return finishTurn(t);
  t.state.counters.turns++;
  if (input.kind === 'speech' && input.reading !== undefined) t.reading = input.reading;
  handleInput(t, input);
  if (!hasEnded(t.state) && t.state.counters.turns >= MAX_TURNS) wrapUp(t);
  // The third identical reply in a row is never given: the turn is taken again, moving on instead.
  if (!hasEnded(t.state) && repeatsTwice(t.state, joinSpeech(t.parts))) {
    const again = beginTurn(config, state, ctx, now);
    again.state.counters.turns++;
    moveOn(again);
    if (!hasEnded(again.state) && repeatsTwice(again.state, joinSpeech(again.parts))) wrapUp(again);
    return settle(again);
  }
  return settle(t);
}

function settle(t: Turn): TurnResult {
  if (!hasEnded(t.state)) syncRecords(t, { final: false });
  return finishTurn(t);
}

function handleInput(t: Turn, input: CallerInput): void {
  switch (input.kind) {
    case 'hangup':
      endCall(t, t.state.phase === 'transferring' ? 'transferred' : 'caller_hung_up');
      break;
    case 'transfer_failed':
      transferFailed(t, input.reason);
      break;
    case 'silence':
      handleSilence(t);
      break;
    case 'dtmf':
      handleDtmf(t, input.digits);
      break;
    case 'speech':
      handleSpeech(t, input.text, input.confidence);
      break;
  }
}

/** The call has run long: it closes politely, and the team follows up (docs/agent.md, "No loops"). */
function wrapUp(t: Turn): void {
  t.parts.length = 0;
  say(t, phrase('call.wrap_up'));
  closeCall(t);
}

/** Instead of a reply the caller has heard twice: give up on what was being asked and go on. */
function moveOn(t: Turn): void {
  const s = t.state;
  if (s.phase === 'offering') {
    say(t, phrase('offer.gave_up'));
    closeCall(t);
    return;
  }
  if (s.phase === 'transferring') {
    say(t, phrase('transfer.still_connecting'));
    return;
  }
  if (s.askRun !== null) s.askRun.count = Math.max(s.askRun.count, 2);
  reask(t);
}

/** A function, not an inline test, because the handlers above change the phase behind the type checker's back. */
function hasEnded(state: CallState): boolean {
  return state.phase === 'ended';
}

function handleSpeech(t: Turn, raw: string, confidence: number | undefined): void {
  const s = t.state;
  if (s.phase === 'transferring') {
    say(t, phrase('transfer.hold'));
    return;
  }
  s.counters.silence = 0;
  const text = raw.trim();
  const intents = detectIntent(text);
  if (s.phase === 'open' && intents.offTopic !== null && text.split(/\s+/).length <= 8) {
    reask(t, offTopicAnswer(t, intents.offTopic));
    return;
  }
  if (intents.wantsHuman) {
    if (s.phase !== 'offering') keepFactsSaid(t, text);
    requestHuman(t);
    return;
  }
  if (s.phase === 'offering') {
    handleOfferReply(t, text, intents);
    return;
  }
  // Once a caller has described a property they are a seller, whatever they add later.
  if (intents.notSeller !== null && s.goal === 'qualify' && !knowsAnyFact(s)) {
    startMessage(t, intents.notSeller.kind);
    return;
  }
  handleAnswer(t, text, intents, confidence);
}

/** Re-prompt after silence, then close after `reprompts.max_silence` re-prompts. */
function handleSilence(t: Turn): void {
  const s = t.state;
  if (s.phase === 'transferring') return;
  s.counters.silence++;
  if (s.counters.silence > t.config.reprompts.max_silence) {
    say(t, phrase('call.silence_end'));
    closeCall(t, 'silence');
    return;
  }
  if (s.phase === 'offering') {
    handleOfferReply(t, '', detectIntent(''), phrase('reply.still_there'));
    return;
  }
  reask(t, phrase('reply.still_there'));
}

/** Keypad digits are a phone number when one was asked for; otherwise the question is asked again. */
function handleDtmf(t: Turn, digits: string): void {
  const s = t.state;
  if (s.phase === 'transferring') return;
  const number = digits.replace(/\D/g, '');
  if (s.phase === 'asking' && s.asking?.slot === 'phone' && number.length >= 7) {
    handleAnswer(t, number, detectIntent(''));
    return;
  }
  if (s.phase === 'offering') {
    handleOfferReply(t, '', detectIntent(''), phrase('reply.spoken_only'));
    return;
  }
  reask(t, phrase('reply.spoken_only'));
}
