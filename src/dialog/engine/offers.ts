/**
 * Offering and booking slots. The agent offers `booking.offer_count` real free slots at a time,
 * spread out, spoken in the business's time zone; the caller picks one by order or by time, names
 * another time, or turns them down. A booking ends the call.
 */

import { DateTime } from 'luxon';
import type { AgentConfig } from '../../modules/agent/agent-config.js';
import type { BusinessHours, ExtractedDateTime, IntentFlags } from '../extractors/index.js';
import { closeCall } from './ending.js';
import { bookingNote, syncRecords } from './records.js';
import { chooseSlot, type SlotChoice, spreadSlots } from './slot-choice.js';
import { speakDay, speakSlot } from './speak.js';
import { bestPhone } from './state.js';
import { ask, line, say, type Turn } from './turn.js';
import type { Slot } from './types.js';
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
  const free = t.ctx.freeSlots[kind];
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
  const offered = spreadSlots(free, t.config.booking.offer_count);
  s.offer = { kind, offered, declines: 0, tries: 0, askedPreferred: false };
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

function speakSlots(t: Turn, slots: readonly Slot[]): string {
  return listChoices(slots.map((slot) => speakSlot(slot.start, t.now, t.ctx.timeZone)));
}

function offerQuestion(t: Turn, kind: Kind, slots: readonly Slot[]): string {
  return `Would ${speakSlots(t, slots)} suit you for ${kind === 'viewing' ? 'a viewing' : 'a call back'}?`;
}

/** Re-asks the current offer, after "pardon?" or a request the agent cannot meet. */
export function repeatOffer(t: Turn, ...before: string[]): void {
  const offer = t.state.offer;
  if (offer === null) return;
  if (offer.offered.length === 0) ask(t, 'What day and time would suit you best?', ...before);
  else ask(t, offerQuestion(t, offer.kind, offer.offered), ...before);
}

export function handleOfferReply(t: Turn, text: string, intents: IntentFlags): void {
  const offer = t.state.offer;
  if (offer === null) return;
  const choice = chooseSlot(text, {
    offered: offer.offered,
    free: t.ctx.freeSlots[offer.kind],
    now: t.now,
    zone: t.ctx.timeZone,
    hours: widestHours(t.config),
    count: t.config.booking.offer_count,
  });
  if (choice.type !== 'pick' && intents.wantsToEnd) {
    say(t, 'No problem.');
    closeCall(t);
    return;
  }
  if (choice.type === 'pick') {
    book(t, offer.kind, choice.slot);
    return;
  }
  if (choice.type === 'unclear' && intents.repeat) {
    repeatOffer(t, 'Of course.');
    return;
  }
  if (offer.kind === 'viewing' && intents.wantsCallback && choice.type !== 'alternatives') {
    startOffer(t, 'callback');
    return;
  }
  if (choice.type === 'decline') {
    declineOffer(t);
    return;
  }
  if (choice.type === 'alternatives' && choice.slots.length > 0) {
    offerAlternatives(t, choice);
    return;
  }
  if (choice.type === 'ambiguous') {
    ask(t, `Which would suit you better, ${speakSlots(t, offer.offered)}?`);
    return;
  }
  reofferAfterUnclear(t);
}

/** Slots near the time the caller asked for, saying so when that time itself is not free. */
function offerAlternatives(t: Turn, choice: Extract<SlotChoice, { type: 'alternatives' }>): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.offered = choice.slots;
  offer.tries = 0;
  const lead = choice.available ? [] : [`Sorry, I don't have ${describeWanted(t, choice.wanted)} free.`];
  const times = speakSlots(t, choice.slots);
  const question =
    choice.slots.length === 1
      ? `I could do ${times}. Would that suit you?`
      : `I could do ${times}. Which would suit you?`;
  ask(t, question, ...lead);
}

function reofferAfterUnclear(t: Turn): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.tries++;
  if (offer.tries > t.config.reprompts.max_unclear) {
    say(t, "I'm sorry, I couldn't find a time with you. One of the team will be in touch.");
    closeCall(t);
    return;
  }
  if (offer.offered.length === 0) {
    ask(t, 'Sorry, what day and time would suit you best?');
    return;
  }
  const times = speakSlots(t, offer.offered);
  ask(t, `Sorry, would ${times} suit you? Or tell me a day and time that works for you.`);
}

function describeWanted(t: Turn, wanted: ExtractedDateTime): string {
  const at = DateTime.fromJSDate(wanted.start, { zone: t.ctx.timeZone });
  if (wanted.precision === 'exact') return speakSlot(wanted.start.toISOString(), t.now, t.ctx.timeZone);
  const day = speakDay(at, t.now, t.ctx.timeZone);
  return wanted.partOfDay === undefined ? `anything ${day}` : `anything ${day} ${wanted.partOfDay}`;
}

/** Two batches turned down, then the caller is asked for a time; after that the team follows up. */
function declineOffer(t: Turn): void {
  const offer = t.state.offer;
  if (offer === null) return;
  offer.declines++;
  const last = offer.offered.reduce((max, s) => (s.start > max ? s.start : max), '');
  const later = t.ctx.freeSlots[offer.kind].filter((s) => s.start > last);
  if (offer.declines < 2 && later.length > 0) {
    offer.offered = spreadSlots(later, t.config.booking.offer_count);
    ask(t, `How about ${speakSlots(t, offer.offered)}?`, 'No problem.');
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

export function book(t: Turn, kind: Kind, slot: Slot): void {
  const s = t.state;
  // A booking belongs to a lead, so the lead is captured first even without a name.
  syncRecords(t, { final: true, needLead: true });
  t.actions.push({ type: 'book', kind, start: slot.start, end: slot.end, note: bookingNote(s) });
  s.booking = { kind, start: slot.start, end: slot.end };
  const what = kind === 'viewing' ? 'a viewing' : 'a call back';
  say(t, `Lovely, I've booked ${what} for ${speakSlot(slot.start, t.now, t.ctx.timeZone)}.`);
  closeCall(t);
}
