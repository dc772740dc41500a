/**
 * Offering and booking times. The agent offers `booking.offer_count` real free times at once,
 * spread out, spoken in the business's time zone; the caller picks one by order or by time, names
 * another time, or turns them down (time-choice.ts reads which). A booking ends the call.
 */

import { DateTime } from 'luxon';
import { phrase } from '../catalogue/index.js';
import type { AgentConfig } from '../config/agent-config.js';
import { textsOf } from '../config/texts.js';
import type { BusinessHours, ExtractedDateTime, IntentFlags } from '../extractors/index.js';
import { closeCall } from './closing.js';
import { MAX_OFFER_ROUNDS } from './loops.js';
import { modelChoice } from './model-reading.js';
import { offTopicAnswer } from './off-topic.js';
import { bookingNote, syncRecords } from './records.js';
import { daysFromToday, speakClock, speakDay, speakTime } from './speak.js';
import { bestPhone } from './state.js';
import { type ChoiceContext, chooseTime, spreadTimes, type TimeChoice } from './time-choice.js';
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
    say(t, phrase('offer.no_number'));
    closeCall(t);
    return;
  }
  const free = t.ctx.freeTimes[kind];
  if (free.length === 0) {
    if (kind === 'viewing') {
      startOffer(t, 'callback');
      return;
    }
    say(t, phrase('offer.diary_full'));
    closeCall(t);
    return;
  }
  introduceOffer(t, kind);
  const asked = kind === 'callback' ? timesAskedFor(t, free) : null;
  delete s.callbackWhen;
  const offered = asked?.times ?? spreadTimes(free, t.config.booking.offer_count);
  const day = asked?.day ?? null;
  s.offer = { kind, offered, declines: 0, tries: 0, askedPreferred: false, rounds: 0, day };
  s.phase = 'offering';
  s.asking = null;
  s.confirming = null;
  ask(
    t,
    offerQuestion(t, kind, offered),
    ...(asked?.taken === undefined ? [] : [nothingFree(t, asked.taken)]),
  );
}

/**
 * "Ring me tomorrow afternoon": the free times nearest to when the caller asked to be called, to
 * offer first; null when they said no time or nothing near it is free.
 */
function timesAskedFor(
  t: Turn,
  free: readonly FreeTime[],
): { times: FreeTime[]; day: string | null; taken?: ExtractedDateTime } | null {
  const when = t.state.callbackWhen;
  if (when === undefined) return null;
  const read = chooseTime(when, choiceContext(t, [], free, null));
  if (read.type === 'pick') return { times: [read.time], day: null };
  if (read.type !== 'alternatives' || read.times.length === 0) return null;
  // "Ring me after six" when nobody is in after six: said, so the times offered make sense.
  return { times: read.times, day: read.day, ...(read.available ? {} : { taken: read.wanted }) };
}

function choiceContext(
  t: Turn,
  offered: readonly FreeTime[],
  free: readonly FreeTime[],
  day: string | null,
): ChoiceContext {
  return {
    offered,
    free,
    now: t.now,
    zone: t.ctx.timeZone,
    hours: widestHours(t.config),
    count: t.config.booking.offer_count,
    day,
  };
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
  return phrase('offer.question', { times: speakTimes(t, times), kind });
}

/** Re-asks the current offer after a request the agent cannot meet, counting the try. */
export function offerAgain(t: Turn, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  if (offer.offered.length === 0) tryAgain(t, phrase('offer.when'), ...before);
  else tryAgain(t, offerQuestion(t, offer.kind, offer.offered), ...before);
}

export function handleOfferReply(t: Turn, text: string, intents: IntentFlags, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.rounds++;
  const read = chooseTime(text, choiceContext(t, offer.offered, t.ctx.freeTimes[offer.kind], offer.day));
  const choice =
    read.type === 'unclear' || read.type === 'ambiguous' ? (modelChoice(t, offer) ?? read) : read;
  if (choice.type === 'pick') {
    book(t, offer.kind, choice.time);
    return;
  }
  if (intents.wantsToEnd) {
    say(t, phrase('reply.no_problem'));
    closeCall(t);
    return;
  }
  // An offer that has gone round this often is not going to settle on the phone.
  if (offer.rounds > MAX_OFFER_ROUNDS) {
    say(t, phrase('offer.no_agreement'));
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
    tryAgain(t, offerQuestion(t, offer.kind, offer.offered), ...before, phrase('reply.of_course'));
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
  const times = offer.offered.length === 0 ? null : speakTimes(t, offer.offered);
  tryAgain(t, phrase('offer.when_to_call', { times }), ...before, phrase('offer.will_call_back'));
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
    say(t, ...before, phrase('offer.take_first'));
    book(t, offer.kind, first);
    return;
  }
  ask(t, phrase('offer.which', { times: speakTimes(t, offer.offered) }), ...before);
}

/** Asks again, counting the try; past `max_unclear` tries the team follows up instead. */
function tryAgain(t: Turn, question: string, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.tries++;
  if (offer.tries > t.config.reprompts.max_unclear) {
    say(t, ...before, phrase('offer.gave_up'));
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
  const question = phrase('offer.could_do', {
    times: speakTimes(t, choice.times),
    count: choice.times.length,
  });
  ask(t, question, ...before, ...lead);
}

function reofferAfterUnclear(t: Turn, before: readonly string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  if (offer.offered.length === 0) {
    tryAgain(t, phrase('offer.when_again'), ...before);
    return;
  }
  tryAgain(t, phrase('offer.again', { times: speakTimes(t, offer.offered) }), ...before);
}

/** "Nothing's free on Friday morning.", "Tomorrow at 3pm is taken.", "Nothing's free after 4pm today." */
function nothingFree(t: Turn, wanted: ExtractedDateTime): string {
  const zone = t.ctx.timeZone;
  const at = DateTime.fromJSDate(wanted.start, { zone });
  if (wanted.precision === 'exact')
    return phrase('offer.taken', { time: speakTime(wanted.start.toISOString(), t.now, zone) });
  const day = { day: speakDay(at, t.now, zone), offset: daysFromToday(at, t.now, zone) };
  if (wanted.bound !== undefined) {
    const edge = wanted.bound === 'after' ? at : DateTime.fromJSDate(wanted.end ?? wanted.start, { zone });
    return phrase('offer.nothing_free', { ...day, bound: { side: wanted.bound, edge: speakClock(edge) } });
  }
  return phrase('offer.nothing_free', {
    ...day,
    ...(wanted.partOfDay === undefined ? {} : { partOfDay: wanted.partOfDay }),
  });
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
    ask(t, phrase('offer.how_about', { times: speakTimes(t, offer.offered) }), phrase('reply.no_problem'));
    return;
  }
  if (!offer.askedPreferred) {
    offer.askedPreferred = true;
    offer.offered = [];
    ask(t, phrase('offer.when'), phrase('reply.no_problem'));
    return;
  }
  say(t, phrase('offer.declined'));
  closeCall(t);
}

export function book(t: Turn, kind: Kind, time: FreeTime): void {
  const s = t.state;
  // A booking belongs to a lead, so the lead is captured first even without a name.
  syncRecords(t, { final: true, needLead: true });
  t.actions.push({ type: 'book', kind, start: time.start, end: time.end, note: bookingNote(s) });
  s.booking = { kind, start: time.start, end: time.end };
  say(t, phrase('offer.booked', { kind, time: speakTime(time.start, t.now, t.ctx.timeZone) }));
  if (t.ctx.textConfirmation === true) say(t, textsOf(t.config).spoken_promise);
  closeCall(t);
}
