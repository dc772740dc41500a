/**
 * Offering and booking times. The agent offers `booking.offer_count` real free times at once,
 * spread out, spoken in the business's time zone; the caller picks one by order or by time, names
 * another time, or turns them down. A booking ends the call.
 */

import { DateTime } from 'luxon';
import type { AgentConfig } from '../config/agent-config.js';
import { textsOf } from '../config/texts.js';
import type { BusinessHours, ExtractedDateTime, IntentFlags } from '../extractors/index.js';
import { closeCall } from './ending.js';
import { MAX_OFFER_ROUNDS } from './loops.js';
import { modelChoice } from './model-reading.js';
import { offTopicAnswer } from './off-topic.js';
import { bookingNote, syncRecords } from './records.js';
import { speakClock, speakDay, speakTime } from './speak.js';
import { bestPhone } from './state.js';
import { chooseTime, spreadTimes, type TimeChoice } from './time-choice.js';
import { ask, line, say, type Turn } from './turn.js';
import type { FreeTime } from './types.js';
import { listChoices } from './wording.js';

type Kind = 'callback' | 'viewing';

/** The widest opening window of the week, for reading "at 2" as 2pm rather than 2am. */
function widestHours(config: AgentConfig): BusinessHours {
  const windows = Object.values(config.hours.week).flat();
  if (windows.length === 0) return { open: '09:00', close: '17:30' };
  const open = windows.reduce((min, w) => (w.start < min ? w.start : min), '23:59');
  const close = windows.reduce((max, w) => (w.end > max ? w.end : max), '00:00');
  return { open, close };
}

export function startOffer(t: Turn, kind: Kind): void {
  const s = t.state;
  if (bestPhone(s) === null) {
    say(t, "I'm sorry, without a number the team won't be able to call you back.");
    closeCall(t);
    return;
  }
  const free = t.ctx.freeTimes[kind];
  if (free.length === 0) {
    if (kind === 'viewing') {
      startOffer(t, 'callback');
      return;
    }
    say(
      t,
      "I can't see a free time in the diary just now, so one of the team will call you as soon as they can.",
    );
    closeCall(t);
    return;
  }
  introduceOffer(t, kind);
  const offered = spreadTimes(free, t.config.booking.offer_count);
  s.offer = { kind, offered, declines: 0, tries: 0, askedPreferred: false, rounds: 0, day: null };
  s.phase = 'offering';
  s.asking = null;
  s.confirming = null;
  ask(t, offerQuestion(t, kind, offered));
}

/** The configured offer line, said once per call. */
function introduceOffer(t: Turn, kind: Kind): void {
  if (t.state.introduced.includes(kind)) return;
  const template = kind === 'viewing' ? t.config.lines.viewing_offer : t.config.lines.callback_offer;
  say(t, line(t, template));
  t.state.introduced.push(kind);
}

export function offerCallbackLine(t: Turn): void {
  introduceOffer(t, 'callback');
}

function speakTimes(t: Turn, times: readonly FreeTime[]): string {
  return listChoices(times.map((time) => speakTime(time.start, t.now, t.ctx.timeZone)));
}

function offerQuestion(t: Turn, kind: Kind, times: readonly FreeTime[]): string {
  return `Would ${speakTimes(t, times)} suit you for ${kind === 'viewing' ? 'a viewing' : 'a call back'}?`;
}

/** Re-asks the current offer after a request the agent cannot meet, counting the try. */
export function offerAgain(t: Turn, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  if (offer.offered.length === 0) tryAgain(t, 'What day and time would suit you best?', ...before);
  else tryAgain(t, offerQuestion(t, offer.kind, offer.offered), ...before);
}

export function handleOfferReply(t: Turn, text: string, intents: IntentFlags, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.rounds++;
  const read = chooseTime(text, {
    offered: offer.offered,
    free: t.ctx.freeTimes[offer.kind],
    now: t.now,
    zone: t.ctx.timeZone,
    hours: widestHours(t.config),
    count: t.config.booking.offer_count,
    day: offer.day,
  });
  const choice =
    read.type === 'unclear' || read.type === 'ambiguous' ? (modelChoice(t, offer) ?? read) : read;
  if (choice.type === 'pick') {
    book(t, offer.kind, choice.time);
    return;
  }
  if (intents.wantsToEnd) {
    say(t, 'No problem.');
    closeCall(t);
    return;
  }
  // An offer that has gone round this often is not going to settle on the phone.
  if (offer.rounds > MAX_OFFER_ROUNDS) {
    say(t, "I'm sorry we couldn't settle on a time. One of the team will be in touch.");
    closeCall(t);
    return;
  }
  if (choice.type === 'alternatives' && choice.times.length > 0) {
    offerAlternatives(t, choice, before);
    return;
  }
  if (intents.offTopic !== null) {
    tryAgain(t, offerQuestion(t, offer.kind, offer.offered), ...before, offTopicAnswer(t, intents.offTopic));
    return;
  }
  if (choice.type === 'unclear' && intents.repeat) {
    tryAgain(t, offerQuestion(t, offer.kind, offer.offered), ...before, 'Of course.');
    return;
  }
  // "I'm driving, can you ring me back later": never a yes-or-no prompt, always a call back.
  if (intents.wantsCallback) {
    if (offer.kind === 'viewing') startOffer(t, 'callback');
    else askWhenToCall(t, before);
    return;
  }
  if (choice.type === 'decline') {
    declineOffer(t);
    return;
  }
  if (choice.type === 'ambiguous') {
    chooseForCaller(t, before);
    return;
  }
  reofferAfterUnclear(t, before);
}

/** The caller asked for a call back while one is being arranged: ask when, offering the times again. */
function askWhenToCall(t: Turn, before: readonly string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  const question =
    offer.offered.length === 0
      ? 'When would be a good time to call you?'
      : `When would be a good time to call you? I could do ${speakTimes(t, offer.offered)}.`;
  tryAgain(t, question, ...before, 'Of course, one of the team will call you back.');
}

/**
 * "Yes, that's fine" to a choice of two: asked once which, then the first is taken and said, so
 * the caller hears what was booked and the question never comes round again.
 */
function chooseForCaller(t: Turn, before: readonly string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.tries++;
  const first = offer.offered[0];
  if (
    offer.tries > 1 &&
    first !== undefined &&
    t.ctx.freeTimes[offer.kind].some((s) => s.start === first.start)
  ) {
    say(t, ...before, "I'll put you down for the first one then.");
    book(t, offer.kind, first);
    return;
  }
  ask(t, `Which would suit you better, ${speakTimes(t, offer.offered)}?`, ...before);
}

/** Asks again, counting the try; past `max_unclear` tries the team follows up instead. */
function tryAgain(t: Turn, question: string, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.tries++;
  if (offer.tries > t.config.reprompts.max_unclear) {
    say(t, ...before, "I'm sorry, I couldn't find a time with you. One of the team will be in touch.");
    closeCall(t);
    return;
  }
  ask(t, question, ...before);
}

/** Times near the time the caller asked for, saying so when that time itself is not free. */
function offerAlternatives(
  t: Turn,
  choice: Extract<TimeChoice, { type: 'alternatives' }>,
  before: readonly string[],
): void {
  const offer = t.state.offer;
  if (offer === null) return;
  if (choice.day !== null) offer.day = choice.day;
  const same =
    choice.available &&
    choice.times.length === offer.offered.length &&
    choice.times.every((s, i) => s.start === offer.offered[i]?.start);
  // The same times again would be the same question again: treat it as "which one?".
  if (same) {
    chooseForCaller(t, before);
    return;
  }
  offer.offered = choice.times;
  const lead = choice.available ? [] : [nothingFree(t, choice.wanted)];
  const times = speakTimes(t, choice.times);
  const question =
    choice.times.length === 1
      ? `I could do ${times}. Would that suit you?`
      : `I could do ${times}. Which would suit you?`;
  ask(t, question, ...before, ...lead);
}

function reofferAfterUnclear(t: Turn, before: readonly string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  if (offer.offered.length === 0) {
    tryAgain(t, 'Sorry, what day and time would suit you best?', ...before);
    return;
  }
  const times = speakTimes(t, offer.offered);
  tryAgain(t, `Sorry, would ${times} suit you? Or tell me a day and time that works for you.`, ...before);
}

/** "Nothing's free on Friday morning.", "Tomorrow at 3pm is taken.", "Nothing's free after 4pm today." */
function nothingFree(t: Turn, wanted: ExtractedDateTime): string {
  const zone = t.ctx.timeZone;
  const at = DateTime.fromJSDate(wanted.start, { zone });
  if (wanted.precision === 'exact')
    return `I'm sorry, ${speakTime(wanted.start.toISOString(), t.now, zone)} isn't free.`;
  const day = speakDay(at, t.now, zone);
  const on = day === 'today' || day === 'tomorrow' ? day : `on ${day}`;
  if (wanted.bound !== undefined) {
    const edge = wanted.bound === 'after' ? at : DateTime.fromJSDate(wanted.end ?? wanted.start, { zone });
    return `Nothing's free ${wanted.bound} ${speakClock(edge)} ${on}.`;
  }
  if (wanted.partOfDay === undefined) return `Nothing's free ${on}.`;
  const when = day === 'today' ? `this ${wanted.partOfDay}` : `${on} ${wanted.partOfDay}`;
  return `Nothing's free ${when}.`;
}

/** Two batches turned down, then the caller is asked for a time; after that the team follows up. */
function declineOffer(t: Turn): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.declines++;
  const last = offer.offered.reduce((max, s) => (s.start > max ? s.start : max), '');
  const later = t.ctx.freeTimes[offer.kind].filter((s) => s.start > last);
  if (offer.declines < 2 && later.length > 0) {
    offer.offered = spreadTimes(later, t.config.booking.offer_count);
    ask(t, `How about ${speakTimes(t, offer.offered)}?`, 'No problem.');
    return;
  }
  if (!offer.askedPreferred) {
    offer.askedPreferred = true;
    offer.offered = [];
    ask(t, 'What day and time would suit you best?', 'No problem.');
    return;
  }
  say(t, 'No problem. One of the team will be in touch.');
  closeCall(t);
}

export function book(t: Turn, kind: Kind, time: FreeTime): void {
  const s = t.state;
  // A booking belongs to a lead, so the lead is captured first even without a name.
  syncRecords(t, { final: true, needLead: true });
  t.actions.push({ type: 'book', kind, start: time.start, end: time.end, note: bookingNote(s) });
  s.booking = { kind, start: time.start, end: time.end };
  const what = kind === 'viewing' ? 'a viewing' : 'a call back';
  say(t, `Lovely, I've booked ${what} for ${speakTime(time.start, t.now, t.ctx.timeZone)}.`);
  if (t.ctx.textConfirmation === true) say(t, textsOf(t.config).spoken_promise);
  closeCall(t);
}
