import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CONFIG } from '../config/agent-config.js';
import { DEFAULT_TEXTS, TEXT_VARIABLES } from '../config/texts.js';
import { SLOTS } from '../slots/index.js';
import { CATALOGUES, type Catalogue, EN_GB, type MessageId, type Messages, phrase, render } from './index.js';

/** Parameters for every message that takes some; a new message without a sample is a type error here. */
type Samples = {
  [K in MessageId as Messages[K] extends (p: never) => unknown ? K : never]: Messages[K] extends (
    p: infer P,
  ) => unknown
    ? readonly P[]
    : never;
};

const SAMPLES: Samples = {
  'reply.thanks_name': [{ name: 'Sarah' }],
  'reply.got_it': [{ facts: 'A 3-bed semi-detached, in good condition' }],
  'reply.use_number': [{ callerId: true }, { callerId: false }],
  'reply.not_seller': [
    { kind: 'estate_agent' },
    { kind: 'wrong_number' },
    { kind: 'existing_seller_chasing' },
    { kind: 'other' },
  ],
  'fragment.property': [
    { type: 'semi-detached', bedrooms: 3 },
    { type: null, bedrooms: 0 },
    { type: 'bungalow', bedrooms: 0 },
    { type: 'other', bedrooms: null },
    { type: 'flat', bedrooms: null },
    { type: null, bedrooms: 2 },
  ],
  'fragment.bedroom_count': [{ count: 0 }, { count: 1 }, { count: 4 }, { count: 12 }],
  'fragment.at_address': [{ address: '14 Church Lane' }],
  'fragment.in_district': [{ district: 'M14' }],
  'fragment.timeline': [
    { label: 'within 3 months', flexible: false },
    { label: 'flexible', flexible: true },
  ],
  'fragment.price_range': [{ min: '£200,000', max: '£220,000' }],
  'fragment.clock': [
    { hour: 12, minute: 0 },
    { hour: 0, minute: 5 },
    { hour: 14, minute: 30 },
  ],
  'fragment.day_at': [{ day: 'tomorrow', clock: '10am' }],
  'fragment.choices': [{ items: [] }, { items: ['today at 2pm'] }, { items: ['a', 'b', 'c'] }],
  'read_back.postcode': [{ postcode: 'M 1 4, 5 A B' }],
  'read_back.phone': [{ number: '0 7 9 1 1, 1 2 3 4 5 6' }],
  'read_back.price': [{ price: '£250,000' }],
  'read_back.name': [{ name: 'Sarah Jones' }],
  'read_back.timeline': [
    { timeline: 'selling within 3 months', flexible: false },
    { timeline: 'no fixed date to sell', flexible: true },
  ],
  'read_back.property': [{ property: 'a 3-bed terraced' }],
  'read_back.value': [{ said: 'with tenants in' }],
  'offer.question': [
    { times: 'tomorrow at 10am or tomorrow at 2pm', kind: 'viewing' },
    { times: 'today at 3pm', kind: 'callback' },
  ],
  'offer.when_to_call': [{ times: null }, { times: 'today at 3pm' }],
  'offer.which': [{ times: 'tomorrow at 10am or tomorrow at 2pm' }],
  'offer.could_do': [
    { times: 'Friday at 10am', count: 1 },
    { times: 'Friday at 10am or Friday at 2pm', count: 2 },
  ],
  'offer.again': [{ times: 'tomorrow at 10am or tomorrow at 2pm' }],
  'offer.taken': [{ time: 'tomorrow at 3pm' }],
  'offer.nothing_free': [
    { day: 'today', offset: 0 },
    { day: 'today', offset: 0, partOfDay: 'afternoon' },
    { day: 'Friday', offset: 3, partOfDay: 'morning' },
    { day: 'tomorrow', offset: 1, bound: { side: 'after', edge: '4pm' } },
  ],
  'offer.how_about': [{ times: 'Monday at 10am' }],
  'offer.booked': [
    { kind: 'viewing', time: 'Thursday at 2:30pm' },
    { kind: 'callback', time: 'today at 3pm' },
  ],
  'desk.message_kind': [{ kind: 'estate_agent' }, { kind: 'existing_seller_chasing' }],
  'desk.money_note': [
    { kind: 'arrears', said: '4 months' },
    { kind: 'service charge', said: '£1,800 a year' },
  ],
  'desk.message': [
    { label: 'Estate agent', note: '' },
    { label: 'Estate agent', note: 'about 14 Church Lane' },
  ],
  'desk.unclear_answer': [{ slot: 'property_type', said: 'a sort of cottage' }],
  'desk.not_understood': [{ answers: ['price: "about 240"', 'reason: "long story"'] }],
  'desk.lead_name': [{ said: 'Sarah', onLead: 'Sarah Jones' }],
  'desk.score': [{ score: 82, outcome: 'hot' }],
  'desk.asked_for_person': [{ who: 'New seller, Sarah Jones, M14 5AB, score 82, hot' }],
  'desk.price_range': [{ range: '£200,000 to £220,000' }],
  'desk.bedrooms': [{ bedrooms: 3 }],
  'desk.transfer_failed': [{ reason: 'no-answer' }],
  'desk.reason_in_their_words': [{ words: 'we just fancy a change' }],
  'score.unknown': [{ criterion: 'location' }, { criterion: 'reason' }],
  'score.any_area': [{ district: 'M14' }],
  'score.in_area': [{ district: 'M14', area: 'M' }],
  'score.outside_areas': [
    { district: 'LS1', areas: ['M', 'SK'] },
    { district: 'LS1', areas: ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7'] },
  ],
  'score.any_type': [{ type: 'flat' }],
  'score.type_bought': [{ type: 'terraced' }],
  'score.type_not_bought': [{ type: 'flat', types: ['terraced', 'semi-detached'] }],
  'score.bedrooms': [
    { bedrooms: 1, min: 2, max: 4, fit: 'just_outside' },
    { bedrooms: 3, min: 2, max: 4, fit: 'within' },
    { bedrooms: 8, min: 2, max: 4, fit: 'outside' },
  ],
  'score.price': [
    { price: '£250,000', ceiling: null, fit: 'within' },
    { price: '£250,000', ceiling: '£300,000', fit: 'within' },
    { price: '£320,000', ceiling: '£300,000', fit: 'just_above' },
    { price: '£400,000', ceiling: '£300,000', fit: 'above' },
    { price: '£900,000', ceiling: '£300,000', fit: 'far_above' },
  ],
  'score.condition': [
    { condition: 'good', fit: 'any' },
    { condition: 'needs modernisation', fit: 'bought' },
    { condition: 'good', fit: 'not_bought' },
  ],
  'score.reason': [
    { reason: 'probate', fit: 'none_set' },
    { reason: 'probate', fit: 'motivating' },
    { reason: 'downsizing', fit: 'not_motivating' },
  ],
  'score.timeline': [
    { label: 'flexible, no rush', weeks: 'flexible' },
    { label: 'as soon as possible', weeks: 0 },
    { label: 'within 3 months', weeks: 13 },
    { label: 'within 1 week', weeks: 1 },
    { label: 'by Christmas', weeks: 1 },
  ],
  'score.timeline_unrated': [{ label: 'after the wedding' }],
  'summary.lead_is': [{ name: 'Sarah Jones' }],
  'summary.who': [
    { name: 'Sarah', kind: 'new_seller', lead: 'the lead is Sarah Jones', number: '07911 123456' },
    { name: 'Name not given', kind: 'new_caller', lead: null, number: 'number withheld' },
    { name: 'Danny Ryan', kind: 'returning_seller', lead: null, number: '07911 123456' },
    { name: 'Sarah', kind: 'not_seller', lead: 'the lead is Sarah Jones', number: '07911 123456' },
    { name: 'Sarah', kind: 'not_seller', lead: null, number: '07911 123456' },
  ],
  'summary.caller_said': [{ quote: 'is this the right number for the boiler' }],
  'summary.property': [
    { what: 'a 3-bed semi-detached', where: '14 Church Lane, M14 5AB', details: ['asking £250,000'] },
    { what: 'a property', where: '', details: [] },
  ],
  'summary.message': [{ message: 'Estate agent: about 14 Church Lane' }],
  'summary.score': [
    { score: 82, outcome: 'hot', partial: false },
    { score: 55, outcome: 'warm', partial: true },
  ],
  'summary.transferred': [
    { to: '0161 234 5678', why: 'hot' },
    { to: '0161 234 5678', why: 'request' },
  ],
  'summary.transfer_failed': [{ to: '0161 234 5678', failed: 'no-answer' }],
  'summary.booked': [
    { kind: 'viewing', at: 'Thu 14 Nov, 10:00' },
    { kind: 'callback', at: 'Thu 14 Nov, 10:00' },
  ],
  'summary.nothing_booked': [
    { ending: 'completed' },
    { ending: 'in_progress' },
    { ending: 'caller_hung_up' },
  ],
  'summary.notes': [{ notes: ['Mortgage arrears: 4 months', 'Service charge: £1,200 a year'] }],
  'summary.missing': [{ missing: ['price', 'timeline'] }],
};

/** Every rendering of every message of a catalogue: the list of all it can say. */
function everything(catalogue: Catalogue): { id: MessageId; text: string }[] {
  const samples: Partial<Record<MessageId, readonly unknown[]>> = SAMPLES;
  return (Object.keys(catalogue.messages) as MessageId[]).flatMap((id) => {
    const message: unknown = catalogue.messages[id];
    const rendered: unknown[] =
      typeof message === 'function'
        ? (samples[id] ?? []).map((p) =>
            (render as (c: Catalogue, i: MessageId, p: unknown) => unknown)(catalogue, id, p),
          )
        : [message];
    return rendered.flatMap((r) =>
      typeof r === 'string'
        ? [{ id, text: r }]
        : Object.values(r as object).map((text: string) => ({ id, text })),
    );
  });
}

/** Lines filled in at the call ({business}, {agent}, {name}): configured lines' defaults, and answers about the call. */
const FILLED_AT_CALL = /^(?:line|off_topic)\./;
/** Texts to the seller, filled when sent ({business} {name} {kind} {address} {day} {time}). */
const FILLED_WHEN_SENT = /^text\./;
/** Pieces of a sentence, and what the desk reads (notes, scoring reasons, summaries): none is spoken. */
const NOT_SENTENCES = /^(?:fragment|desk|score|summary)\./;

describe('the en-GB catalogue', () => {
  const all = everything(EN_GB);

  it('renders every message, with a sample for each that takes parameters', () => {
    const ids = Object.keys(EN_GB.messages) as MessageId[];
    for (const id of ids)
      expect(
        all.some((m) => m.id === id),
        id,
      ).toBe(true);
    for (const id of Object.keys(SAMPLES)) expect(ids, id).toContain(id);
    expect(CATALOGUES['en-GB']).toBe(EN_GB);
    // The count is in docs/agent.md ("Wording"): keep both in step.
    expect(ids.length).toBe(147);
  });

  it('leaves no placeholder unfilled, no "undefined", and no stray space', () => {
    for (const { id, text } of all) {
      const braces = text.match(/\{[^}]*\}/g) ?? [];
      const allowed = FILLED_AT_CALL.test(id)
        ? ['{business}', '{agent}', '{name}']
        : FILLED_WHEN_SENT.test(id)
          ? TEXT_VARIABLES.map((v) => `{${v}}`)
          : [];
      for (const brace of braces) expect(allowed, `${id}: ${text}`).toContain(brace);
      expect(text, id).not.toMatch(/undefined|null|NaN|\[object/);
      expect(text, id).toBe(text.trim());
      expect(text, id).not.toMatch(/\s{2,}|\s[,.?!]/);
    }
  });

  it('says whole sentences: a capital first, a full stop, question or exclamation mark last', () => {
    for (const { id, text } of all) {
      if (NOT_SENTENCES.test(id)) continue;
      expect(text, id).toMatch(/^[A-Z{]/);
      expect(text, id).toMatch(/[.?!]$/);
    }
  });

  it('is where the default configuration and the slot table take their wording from', () => {
    const { lines } = DEFAULT_AGENT_CONFIG;
    expect(lines.greeting).toBe(phrase('line.greeting'));
    expect(lines.returning_greeting).toBe(phrase('line.returning_greeting'));
    expect(lines.recording_notice).toBe(phrase('line.recording_notice'));
    expect(lines.closing).toBe(phrase('line.closing'));
    expect(lines.not_seller).toBe(phrase('line.not_seller'));
    expect(DEFAULT_TEXTS.spoken_promise).toBe(phrase('line.text_promise'));
    for (const slot of SLOTS) {
      expect(slot.question, slot.name).toEqual(EN_GB.messages[`question.${slot.name}` as 'question.name']);
    }
  });

  it('words the examples of docs/agent.md as they are written there', () => {
    expect(phrase('fragment.choices', { items: ['a', 'b', 'c'] })).toBe('a, b or c');
    expect(phrase('fragment.clock', { hour: 14, minute: 30 })).toBe('2:30pm');
    expect(phrase('offer.nothing_free', { day: 'today', offset: 0, partOfDay: 'afternoon' })).toBe(
      "Nothing's free this afternoon.",
    );
    expect(phrase('offer.nothing_free', { day: 'Friday', offset: 3, partOfDay: 'morning' })).toBe(
      "Nothing's free on Friday morning.",
    );
    expect(phrase('fragment.property', { type: null, bedrooms: 0 })).toBe('a studio flat');
    expect(phrase('score.timeline', { label: 'by Christmas', weeks: 1 })).toBe(
      'wants to sell by Christmas (about 1 week)',
    );
    expect(
      phrase('score.outside_areas', { district: 'LS1', areas: ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7'] }),
    ).toBe('LS1 is outside the target areas (M1, M2, M3, M4, M5 and 2 more)');
  });
});
