/**
 * A spoken answer during the questions: read it, merge it, settle any read-back, say back what
 * was taken, and move on. Answers come in any order and several at once; a "no" right after an
 * implicit read-back corrects it.
 */
import type { SlotName } from '../../modules/agent/agent-config.js';
import { type IntentFlags, readCorrection, readYesNo } from '../extractors/index.js';
import { type Applied, acknowledge, applyHeard } from './answers.js';
import { closeCall } from './ending.js';
import { advance, handleUnclear, switchToCallback } from './flow.js';
import { readMessage, startMessage } from './message.js';
import { askQuestion, isAnswered } from './questions.js';
import { acceptReadBack, keepUnconfirmed, rejectReadBack } from './read-back.js';
import { slotOfAnswer } from './state.js';
import { ask, say, type Turn } from './turn.js';
import type { AnswerKey } from './types.js';
import { type Heard, type Listening, understand } from './understand.js';

const CORRECTION =
  /^\s*(?:no|nope|nah|sorry|actually|wait|hang on|oops|not)\b|\bactually\b|\bi meant\b|\bcorrection\b/i;

/** Below this speech-recognition confidence a name or price is read back before it is trusted. */
const DOUBTFUL_CONFIDENCE = 0.5;

export function handleAnswer(t: Turn, text: string, intents: IntentFlags, confidence?: number): void {
  const s = t.state;
  const echoed = s.echoed;
  // "i'm not asking three million", "actually it's 220 not 250": which fact, and the words left.
  const correction = readCorrection(text, echoed);
  // "no mortgage, we own it outright" starts with "no" but takes nothing back.
  const correcting = correction !== null || (CORRECTION.test(text) && readYesNo(text).about === null);
  s.echoed = [];
  // Carrying on without objecting to an implicit read-back accepts it.
  if (!correcting) for (const key of echoed) acceptEcho(t, key);
  const corrected = correction === null ? echoed : [correction.fact, ...echoed];
  const heard = understand(correction?.text ?? text, listeningFor(t, correcting ? corrected : []));
  if (
    correction?.cleared === true &&
    heard.values[correction.fact] === undefined &&
    s.answers[correction.fact] !== null
  ) {
    // Taken back with nothing in its place: drop it and ask again.
    s.answers[correction.fact] = null;
    if (correction.fact === 'postcode') s.answers.district = null;
    askQuestion(t, slotOfAnswer(correction.fact), 'prompt', 'Sorry about that.');
    return;
  }
  if (confidence !== undefined && confidence < DOUBTFUL_CONFIDENCE) doubtHeard(heard);
  const asking = s.phase === 'asking' ? s.asking : null;
  if (asking?.slot === 'phone' && asking.phoneMode === 'caller_id' && heard.values.phone === undefined) {
    if (heard.yesNo === 'yes') heard.values.phone = s.callerNumber;
    if (heard.yesNo === 'no') {
      askQuestion(t, 'phone', 'reprompt', 'No problem.');
      return;
    }
  }
  let tookMessage = false;
  if (asking?.slot === 'message' && s.message !== null) {
    s.message.note = readMessage(text);
    tookMessage = true;
    // Nothing to pass on from a wrong number, or from someone who would not give a name: let them go.
    if (s.message.note === '' && (s.answers.name === null || s.message.kind === 'wrong_number')) {
      say(t, 'No problem.');
      closeCall(t);
      return;
    }
  }
  const applied = applyHeard(s, heard);
  if (s.phase === 'confirming') {
    resolveReadBack(t, heard, applied, intents);
    return;
  }
  if (applied.changed.length === 0 && !tookMessage) {
    handleNothingNew(t, text, heard, intents, { correcting, echoed });
    return;
  }
  if (tookMessage) say(t, "Thank you, I'll pass that on.");
  progress(t, text, applied, intents);
}

function doubtHeard(heard: Heard): void {
  if (heard.values.name !== undefined) heard.readBack.push('name');
  if (heard.values.price !== undefined && !heard.readBack.includes('price')) heard.readBack.push('price');
}

function listeningFor(t: Turn, corrected: readonly AnswerKey[]): Listening {
  const s = t.state;
  const expects = new Set<SlotName>();
  if (s.phase === 'asking' && s.asking !== null && s.asking.slot !== 'message') expects.add(s.asking.slot);
  if (s.phase === 'confirming' && s.confirming !== null) expects.add(slotOfAnswer(s.confirming));
  for (const key of corrected) expects.add(slotOfAnswer(key));
  return {
    expects,
    opening: s.phase === 'open',
    facts: s.goal !== 'message',
    street: s.answers.postcode !== null && s.answers.address === null,
    now: t.now,
    zone: t.ctx.timeZone,
  };
}

function acceptEcho(t: Turn, key: AnswerKey): void {
  const answer = t.state.answers[key];
  if (answer !== null && !answer.readBack) answer.confirmed = true;
}

function implicitKeys(t: Turn, changed: readonly AnswerKey[]): AnswerKey[] {
  return changed.filter((key) => t.state.answers[key]?.readBack !== true);
}

/** Said alongside an answer, "that's all" may mean "that's all I know"; only a goodbye ends the call then. */
const GOODBYE = /\b(?:bye|goodbye|ta ?ra|(?:got|have|need) to go|gotta go|hang up|leave it there)\b/i;

function progress(t: Turn, text: string, applied: Applied, intents: IntentFlags): void {
  const s = t.state;
  s.counters.skippedInRow = 0;
  if (s.asking !== null && isAnswered(s, s.asking.slot)) s.asking.tries = 0;
  const implicit = implicitKeys(t, applied.changed);
  say(t, acknowledge(implicit, s, applied.corrected));
  s.echoed = implicit.filter((key) => key !== 'phone');
  if (intents.wantsToEnd && GOODBYE.test(text)) {
    closeCall(t);
    return;
  }
  if (intents.wantsCallback) {
    switchToCallback(t);
    return;
  }
  advance(t);
}

const SELLING_TALK = /\b(?:sell|selling|sale|house|property|flat|home|bungalow|valuation|offer)\b/i;

function handleNothingNew(
  t: Turn,
  text: string,
  heard: Heard,
  intents: IntentFlags,
  { correcting, echoed }: { correcting: boolean; echoed: readonly AnswerKey[] },
): void {
  const s = t.state;
  if (intents.wantsToEnd) {
    closeCall(t);
    return;
  }
  if (intents.wantsCallback) {
    switchToCallback(t, 'Of course.');
    return;
  }
  if (intents.repeat) {
    ask(t, s.lastAsk, 'Of course.');
    return;
  }
  if (s.phase === 'open') {
    if (heard.yesNo === 'no') {
      startMessage(t, 'other');
      return;
    }
    if (heard.yesNo === 'yes' || SELLING_TALK.test(text)) {
      say(t, 'Great, I can help with that.');
    }
    advance(t);
    return;
  }
  const corrected = echoed[0];
  if (correcting && corrected !== undefined) {
    askQuestion(t, slotOfAnswer(corrected), 'prompt', 'Sorry about that.');
    return;
  }
  handleUnclear(t);
}

/** The reply to "Just to check, is the postcode M 1 4, 5 A B?". */
function resolveReadBack(t: Turn, heard: Heard, applied: Applied, intents: IntentFlags): void {
  const s = t.state;
  const key = s.confirming;
  if (key === null) {
    advance(t);
    return;
  }
  const others = implicitKeys(t, applied.changed).filter((k) => k !== key);
  const ack = acknowledge(others, s, false);
  s.echoed = others;
  // A new value replaces the one read back, and is read back in its turn by advance().
  if (applied.changed.includes(key)) {
    say(t, ack);
    advance(t);
    return;
  }
  if (s.answers[key]?.confirmed === true || heard.yesNo === 'yes') {
    acceptReadBack(s, key);
    say(t, 'Great.', ack);
    advance(t);
    return;
  }
  if (heard.yesNo === 'no') {
    const slot = rejectReadBack(s, key);
    say(t, ack);
    askQuestion(t, slot, 'reprompt', 'Sorry about that.');
    return;
  }
  if (others.length > 0) {
    say(t, ack);
    advance(t);
    return;
  }
  if (intents.wantsToEnd) {
    closeCall(t);
    return;
  }
  if (intents.repeat) {
    ask(t, s.lastAsk, 'Of course.');
    return;
  }
  s.counters.confirmTries++;
  if (s.counters.confirmTries > t.config.reprompts.max_unclear) {
    keepUnconfirmed(s, key);
    advance(t);
    return;
  }
  ask(t, s.lastAsk, 'Sorry, I just need a yes or a no.');
}
