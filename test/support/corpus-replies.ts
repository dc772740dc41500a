/**
 * Reading the agent's replies from outside, as a caller hears them: the times it offers, the
 * question it asks, and loops (the same reply three times in a row, or the same question asked
 * more than twice in a row).
 */
import type { DateTime } from 'luxon';
import type { Asked, OfferedTime } from '../corpus/types.js';
import { corpusConfig } from './corpus-config.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const SPOKEN_TIME =
  /\b(today|tomorrow|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: (\d{1,2}) ([a-z]+))?) at (midday|(\d{1,2})(?::(\d{2}))?(am|pm))/gi;
/** Sentences that put times to the caller, not ones that say a time is taken or booked. */
const OFFERING = /suit you|how about|could do|would you like/i;

function sentences(reply: string): string[] {
  return reply.split(/(?<=[.?!])\s+/);
}

function dayOf(
  word: string,
  dayNumber: string | undefined,
  month: string | undefined,
  now: DateTime,
): DateTime {
  const today = now.startOf('day');
  const w = word.toLowerCase();
  if (w === 'today') return today;
  if (w.startsWith('tomorrow')) return today.plus({ days: 1 });
  if (dayNumber && month) {
    const m = MONTHS.indexOf(month.toLowerCase()) + 1;
    const date = today.set({ month: m, day: Number(dayNumber) });
    return date < today ? date.plus({ years: 1 }) : date;
  }
  const weekday = WEEKDAYS.indexOf(w.split(' ')[0] ?? '') + 1;
  const ahead = (weekday - today.weekday + 7) % 7;
  return today.plus({ days: ahead === 0 ? 7 : ahead });
}

/** The times offered in a reply, in the order spoken, as London times relative to `now`. */
export function parseOffers(reply: string, now: DateTime): OfferedTime[] {
  const times: OfferedTime[] = [];
  for (const sentence of sentences(reply).filter((x) => OFFERING.test(x))) {
    for (const m of sentence.matchAll(SPOKEN_TIME)) {
      const [spoken, day = '', dayNumber, month, clock, hourText, minuteText, half] = m;
      const date = dayOf(day, dayNumber, month, now);
      let hour = 12;
      if (clock !== 'midday') hour = (Number(hourText) % 12) + (half?.toLowerCase() === 'pm' ? 12 : 0);
      times.push({ spoken, at: date.set({ hour, minute: Number(minuteText ?? 0) }) });
    }
  }
  return times;
}

const SLOT_WORDS = corpusConfig().questions.map((q) => ({
  slot: q.slot as Asked,
  texts: [q.prompt, q.reprompt].map((t) => t.replace(/^Sorry, /, '').toLowerCase()),
}));

const FIXED: readonly [Asked, RegExp][] = [
  ['confirm', /just to check|yes or a no|is that right\?|is that correct\?/i],
  ['street', /house number and street/i],
  ['when', /what day and time/i],
  ['message', /what message/i],
];

export interface Question {
  asked: Asked;
  /** The question in enough detail to tell a repeat: the slot, the read-back, the times offered. */
  key: string;
}

/** What a reply asks for, or null when it asks nothing (the call ended, a hand-over). */
export function questionOf(reply: string, now: DateTime): Question | null {
  const text = reply.toLowerCase();
  const offers = parseOffers(reply, now);
  if (offers.length > 0)
    return { asked: 'offer', key: `offer of ${offers.map((o) => o.spoken).join(' / ')}` };
  for (const [asked, re] of FIXED) {
    if (re.test(reply)) return { asked, key: `${asked}: ${sentences(reply).find((x) => re.test(x)) ?? ''}` };
  }
  // The slot whose question comes last in the reply: a reply can say one fact back and ask the next.
  let best: { slot: Asked; at: number } | null = null;
  for (const { slot, texts } of SLOT_WORDS) {
    for (const t of texts) {
      const at = text.lastIndexOf(t);
      if (at >= 0 && (best === null || at > best.at)) best = { slot, at };
    }
  }
  if (best) return { asked: best.slot, key: best.slot };
  const last = sentences(reply).at(-1) ?? '';
  return last.endsWith('?') ? { asked: 'other', key: last } : null;
}

/**
 * The first loop in a call's replies: the same reply three times in a row, or the same question
 * (a slot, a read-back, the same offered times) more than twice in a row.
 */
export function findLoop(replies: readonly string[], now: DateTime): string | null {
  for (let i = 2; i < replies.length; i++) {
    const [a, b, c] = [replies[i - 2], replies[i - 1], replies[i]];
    if (a && a === b && b === c) return `the same reply three times: "${c}"`;
    const [qa, qb, qc] = [a, b, c].map((r) => (r ? questionOf(r, now) : null));
    // Only what the agent must learn counts: the greeting's "How can I help?" after silence is
    // bounded by the silence rules instead.
    const [ka, kb, kc] = [qa?.asked, qb?.asked, qc?.asked];
    if (qa && kc !== 'other' && qa.key === qb?.key && qb.key === qc?.key && ka === kb && kb === kc) {
      return `asked three times in a row: ${qc.key}`;
    }
  }
  return null;
}
