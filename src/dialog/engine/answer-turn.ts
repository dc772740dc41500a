/**
 * A spoken answer during the questions: read it, merge it, settle any read-back
 * (read-back-reply.ts), say back what was taken, and move on. Answers come in any order and several at once; a "no" right after an
 * implicit read-back corrects it, and a fact put right later ("no i said four bedrooms", "i'm
 * not asking three million") replaces the one stored.
 */

import { phrase } from '../catalogue/index.js';
import {
  type Correction,
  extractRefusal,
  findNumbers,
  type IntentFlags,
  isCorrection,
  isDenial,
  type Refusal,
  readCorrection,
  readYesNo,
  saysGoodbye,
  talksAboutSelling,
  toTokens,
} from '../extractors/index.js';
import { OPEN_QUESTIONS, type SlotName } from '../slots/index.js';
import { type Applied, acknowledge, applyHeard } from './answers.js';
import { answerUnclear, askQuestion, isAnswered } from './asking.js';
import { closeCall } from './closing.js';
import { implicitKeys } from './confirming.js';
import { readMessage, startMessage } from './message.js';
import { mergeReading } from './model-reading.js';
import { advance, carryOn, reask, switchToCallback } from './next-step.js';
import { offTopicAnswer } from './off-topic.js';
import { answerReadBack } from './read-back-reply.js';
import { slotOfAnswer } from './state.js';
import { say, type Turn } from './turn.js';
import type { AnswerKey } from './types.js';
import { type Heard, type Listening, understand } from './understand.js';

/** Pointing at the number the caller is calling from. */
const THIS_NUMBER =
  /\b(?:(?:this|that|the same) (?:number|one|1|mobile|phone)\b|(?:the )?(?:number|one|phone|mobile) (?:i'm|im|i am|i|i've|ive) (?:(?:calling|ringing|phoning|rang|called|phoned|using|got) )?(?:from|on|with)\b|(?:the )?(?:number|one) (?:i'm|im|i am) using|(?:the )?(?:number|one) you(?:'ve| have)? (?:got|have|can see))/i;
/** "not this number", "don't use this one": the caller's number pointed at and turned down. */
const NOT_THIS_NUMBER =
  /\b(?:not|don't|dont|never|rather not|prefer not)\b(?:\s+\w+){0,3}\s+(?:this|that|the same|the) (?:number|one|mobile|phone)\b/i;

/** Questions answered with a bare number, which a correction's number must not answer by mistake. */
const COUNTED: ReadonlySet<string> = new Set(['address', 'bedrooms', 'price']);

/** Below this speech-recognition confidence a name or price is read back before it is trusted. */
const DOUBTFUL_CONFIDENCE = 0.5;

export function handleAnswer(t: Turn, text: string, intents: IntentFlags, confidence?: number): void {
  const s = t.state;
  const echoed = s.echoed;
  // "i'm not asking three million", "actually it's 220 not 250": which fact, and the words left.
  const correction = readCorrection(text, echoed, {
    address: s.answers.address?.value,
    bedrooms: s.answers.bedrooms?.value,
    price: s.answers.price?.value,
  });
  // "no mortgage, we own it outright" starts with "no" but takes nothing back.
  const correcting = correction !== null || (isCorrection(text) && readYesNo(text).about === null);
  s.echoed = [];
  // Carrying on without objecting to an implicit read-back accepts it.
  if (!correcting) for (const key of echoed) acceptEcho(t, key);
  // After "With tenants in, got it. Just to check, ...?" a bare "no" answers the question: the
  // echoed facts are not listened for again (that "no" is no "nobody lives there").
  const echoes = s.phase === 'confirming' ? [] : echoed;
  const corrected = correction === null ? echoes : [correction.fact, ...echoes];
  const listening = forCorrection(listeningFor(t, correcting ? corrected : []), correction, corrected);
  const heard = understand(correction?.text ?? text, listening);
  if (t.reading !== undefined) mergeReading(t, heard, t.reading);
  if (correction?.fact === 'address') renumberAddress(s.answers.address?.value, correction.text, heard);
  if (
    correction?.cleared === true &&
    heard.values[correction.fact] === undefined &&
    s.answers[correction.fact] !== null
  ) {
    // Taken back with nothing in its place: drop it and ask again.
    s.answers[correction.fact] = null;
    if (correction.fact === 'postcode') s.answers.district = null;
    carryOn(t, askQuestion(t, slotOfAnswer(correction.fact), 'prompt', phrase('reply.sorry')));
    return;
  }
  if (confidence !== undefined && confidence < DOUBTFUL_CONFIDENCE) doubtHeard(heard);
  const asking = s.phase === 'asking' ? s.asking : null;
  const refusal =
    asking !== null && asking.slot !== 'message'
      ? // After "A 3-bed semi, got it. What condition is it in?" a bare "no" takes the read-back back.
        extractRefusal(text, { openQuestion: OPEN_QUESTIONS.has(asking.slot) && echoed.length === 0 })
      : null;
  if (asking?.slot === 'phone' && asking.phoneMode === 'caller_id' && heard.values.phone === undefined) {
    // "use this number", "call me back on this one": the number they are calling from.
    // Pointing at it outweighs a "don't know" said first ("I don't know it off by heart, use this one").
    const thisOne = THIS_NUMBER.test(text) && !NOT_THIS_NUMBER.test(text);
    if (thisOne || (refusal === null && heard.yesNo === 'yes')) heard.values.phone = s.callerNumber;
    // "No" is an answer about the number only when nothing else was said ("no wait it's 220 grand").
    if (refusal === null && heard.yesNo === 'no' && Object.keys(heard.values).length === 0) {
      carryOn(t, askQuestion(t, 'phone', 'reprompt', phrase('reply.no_problem')));
      return;
    }
  }
  let tookMessage = false;
  if (asking?.slot === 'message' && s.message !== null) {
    s.message.note = readMessage(text);
    tookMessage = true;
    // Nothing to pass on from a wrong number, or from someone who would not give a name: let them go.
    if (s.message.note === '' && (s.answers.name === null || s.message.kind === 'wrong_number')) {
      say(t, phrase('reply.no_problem'));
      closeCall(t);
      return;
    }
  }
  const denied = correcting ? takeDenied(t, text, heard) : [];
  const applied = applyHeard(s, heard);
  // A question declined earlier and answered now after all is no longer declined.
  const given = new Set(applied.changed.map(slotOfAnswer));
  s.refused = s.refused.filter((slot) => !given.has(slot));
  const aside = intents.offTopic === null ? [] : [offTopicAnswer(t, intents.offTopic)];
  if (s.phase === 'confirming') {
    answerReadBack(t, heard, applied, intents, aside);
    return;
  }
  const deniedKey = denied[0];
  if (deniedKey !== undefined && applied.changed.length === 0) {
    carryOn(t, askQuestion(t, slotOfAnswer(deniedKey), 'prompt', phrase('reply.sorry')));
    return;
  }
  if (asking !== null && asking.slot !== 'message' && refusal !== null && !given.has(asking.slot)) {
    refuse(t, asking.slot, refusal, applied);
    return;
  }
  if (applied.changed.length === 0 && !tookMessage) {
    handleNothingNew(t, text, heard, intents, { correcting, echoed, aside });
    return;
  }
  say(t, ...aside);
  if (tookMessage) say(t, phrase('reply.message_taken'));
  progress(t, text, applied, intents);
}

/**
 * A number in a correction that names its fact belongs to that fact, where both that fact and the
 * question asked are answered with numbers: "sorry, the house number is 21 not 12" asked the price
 * is a house number, not £21,000. Any other correction is listened to as the question asked.
 */
function forCorrection(
  listening: Listening,
  correction: Correction | null,
  corrected: readonly AnswerKey[],
): Listening {
  const numberFor = correction?.named === true ? slotOfAnswer(correction.fact) : null;
  const asked = listening.asked ?? null;
  if (numberFor === null || asked === null || asked === numberFor) return listening;
  if (!COUNTED.has(asked) || !COUNTED.has(numberFor)) return listening;
  return { ...listening, asked: numberFor, expects: new Set(corrected.map(slotOfAnswer)) };
}

/**
 * The facts in a turn that also asks for a person ("can I talk to someone? my number's 07700
 * 900123"): kept for whoever takes the call, read as they would be for the question asked (the
 * name reader takes no request for a name).
 */
export function keepFactsSaid(t: Turn, text: string): void {
  applyHeard(t.state, understand(text, listeningFor(t, [])));
}

/** "I said 14 didn't I? It's 41": the house number put right on the street already known. */
function renumberAddress(known: string | undefined, text: string, heard: Heard): void {
  if (known === undefined || heard.values.address !== undefined) return;
  const number = /\b(\d{1,4}[a-z]?)\b/i.exec(text)?.[1] ?? spokenHouseNumber(text);
  const line = /^((?:flat \d+[a-z]?, )?)\d{1,4}[a-z]?\b(.*)$/i.exec(known);
  if (number === undefined || line === null) return;
  // Said back in passing ("At 41 Oak Road, got it."), as any corrected fact is.
  heard.values.address = `${line[1]}${number.toUpperCase()}${line[2]}`;
}

/** "twenty one": a house number said in words. */
function spokenHouseNumber(text: string): string | undefined {
  const value = findNumbers(toTokens(text))[0]?.value;
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 9999
    ? String(value)
    : undefined;
}

function doubtHeard(heard: Heard): void {
  if (heard.values.name !== undefined) heard.readBack.push('name');
  if (heard.values.price !== undefined && !heard.readBack.includes('price')) heard.readBack.push('price');
}

function listeningFor(t: Turn, corrected: readonly AnswerKey[]): Listening {
  const s = t.state;
  const expects = new Set<SlotName>();
  const asked =
    s.phase === 'asking' && s.asking !== null && s.asking.slot !== 'message' ? s.asking.slot : null;
  if (asked !== null) expects.add(asked);
  if (s.phase === 'confirming' && s.confirming !== null) expects.add(slotOfAnswer(s.confirming));
  for (const key of corrected) expects.add(slotOfAnswer(key));
  return {
    expects,
    asked,
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

/**
 * "I'm not asking three million", "it's not three bedrooms": a correction that repeats a stored
 * value while denying it drops that value, so the question is put again.
 */
function takeDenied(t: Turn, text: string, heard: Heard): AnswerKey[] {
  if (!isDenial(text)) return [];
  const s = t.state;
  const denied: AnswerKey[] = [];
  for (const key of Object.keys(heard.values) as AnswerKey[]) {
    const stored = s.answers[key];
    if (stored === null || stored.value !== heard.values[key]) continue;
    denied.push(key);
    s.answers[key] = null;
    delete heard.values[key];
    if (key === 'postcode') s.answers.district = null;
  }
  return denied;
}

/** "I'd rather not say", "no idea": nothing is stored and the question is not put again. */
function refuse(t: Turn, slot: SlotName, refusal: Refusal, applied: Applied): void {
  const s = t.state;
  if (!s.refused.includes(slot)) s.refused.push(slot);
  s.asking = null;
  const implicit = implicitKeys(s, applied.changed);
  s.echoed = implicit.filter((key) => key !== 'phone');
  say(
    t,
    phrase(refusal === 'refused' ? 'reply.thats_fine' : 'reply.no_problem'),
    acknowledge(implicit, s, applied.corrected),
  );
  advance(t);
}

function progress(t: Turn, text: string, applied: Applied, intents: IntentFlags): void {
  const s = t.state;
  if (s.asking !== null && isAnswered(s, s.asking.slot)) s.asking.tries = 0;
  const implicit = implicitKeys(s, applied.changed);
  say(t, acknowledge(implicit, s, applied.corrected));
  s.echoed = implicit.filter((key) => key !== 'phone');
  // Said alongside an answer, "that's all" may mean "that's all I know"; only a goodbye ends the call then.
  if (intents.wantsToEnd && saysGoodbye(text)) {
    closeCall(t);
    return;
  }
  // Beside an answer, "sorry, I'm driving" excuses the noise: only a call back asked for in words
  // stops the questions ("three beds, I'm driving, can you ring me later?").
  if (intents.asksCallback) {
    t.state.callbackWhen = text;
    switchToCallback(t);
    return;
  }
  advance(t);
}

function handleNothingNew(
  t: Turn,
  text: string,
  heard: Heard,
  intents: IntentFlags,
  { correcting, echoed, aside }: { correcting: boolean; echoed: readonly AnswerKey[]; aside: string[] },
): void {
  const s = t.state;
  if (intents.wantsToEnd) {
    closeCall(t);
    return;
  }
  if (intents.wantsCallback) {
    t.state.callbackWhen = text;
    switchToCallback(t, phrase('reply.of_course'));
    return;
  }
  if (aside.length > 0) {
    reask(t, ...aside);
    return;
  }
  if (intents.repeat) {
    reask(t, phrase('reply.of_course'));
    return;
  }
  if (s.phase === 'open') {
    // "Two houses, I want to sell the one I don't live in": talk of selling outweighs a "no" in it.
    if (heard.yesNo === 'no' && !talksAboutSelling(text)) {
      startMessage(t, 'other');
      return;
    }
    if (heard.yesNo === 'yes' || talksAboutSelling(text)) {
      say(t, phrase('reply.can_help'));
    }
    advance(t);
    return;
  }
  const corrected = echoed[0];
  // "That's wrong, it's M14 5AB" when M14 5AB is what the agent has: nothing to put right.
  const restated = Object.keys(heard.values).length > 0;
  if (correcting && corrected !== undefined && !restated) {
    carryOn(t, askQuestion(t, slotOfAnswer(corrected), 'prompt', phrase('reply.sorry')));
    return;
  }
  carryOn(t, answerUnclear(t, text));
}
