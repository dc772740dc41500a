/**
 * The records a call leaves behind: the lead (capture_lead) and the opportunity
 * (score_opportunity). Each is emitted when its rule is met and again only when what it would
 * store has changed, so the service can apply every effect it receives as an upsert.
 */
import { phrase } from '../catalogue/index.js';
import { humanise } from '../scoring/criteria.js';
import { type ScoreResult, scoreEnquiry } from '../scoring/score.js';
import { sayPrice } from './answers.js';
import { readCrossChecks } from './cross-check.js';
import { bestPhone, knowsAnyFact, readFacts, readPostcode } from './state.js';
import type { Turn } from './turn.js';
import type { CallState } from './types.js';

export interface SyncOptions {
  /** The call is ending or being handed over: keep whatever is known, even without a name. */
  final: boolean;
  /** A booking or transfer needs the lead, whatever else is known. */
  needLead?: boolean;
}

export function scoreNow(t: Turn): ScoreResult {
  const { buy_box, scoring } = t.config;
  const result = scoreEnquiry(buy_box, scoring.weights, scoring, readFacts(t.state), readPostcode(t.state));
  t.state.lastScore = { score: result.score, outcome: result.outcome };
  return result;
}

/**
 * Enough to score: where (postcode or district), what (type or bedrooms), and one of price or
 * condition. Before that the score would be mostly guesswork.
 */
function hasEnoughToScore(state: CallState): boolean {
  const f = readFacts(state);
  const where = readPostcode(state) !== null;
  const what = f.property_type !== null || f.bedrooms !== null;
  return where && what && (f.asking_price !== null || f.condition !== null);
}

export function syncRecords(t: Turn, options: SyncOptions): void {
  syncLead(t, options);
  syncOpportunity(t, options);
}

/**
 * The lead needs a number. It is captured once the name is known (for a message, once the note
 * is), and at the end with whatever is known.
 */
function syncLead(t: Turn, { final, needLead = false }: SyncOptions): void {
  const s = t.state;
  const phone = bestPhone(s);
  // A number being read back may be misheard; the lead waits for the caller's yes unless the call is ending.
  if (phone === null || (s.answers.phone?.readBack === true && !final && !needLead)) return;
  // A doubtful name waits for its read-back too.
  if (s.answers.name?.readBack === true && !final && !needLead) return;
  const name = s.answers.name?.value ?? null;
  const note = s.message === null ? deskNote(s) : describeMessage(s);
  const ready = s.message === null ? name !== null : s.message.note !== null;
  // A wrong number who leaves neither name nor message is not a lead.
  const worthKeeping = s.message === null || name !== null || (s.message.note ?? '') !== '';
  if (!needLead && !(ready || (final && worthKeeping))) return;
  const key = JSON.stringify([name, phone, note]);
  if (key === s.emitted.lead) return;
  s.emitted.lead = key;
  t.records.push({ type: 'capture_lead', name, phone, note });
}

/** Callers who are not selling leave a message, not an opportunity. */
function syncOpportunity(t: Turn, { final }: SyncOptions): void {
  const s = t.state;
  if (s.message !== null) return;
  if (!(hasEnoughToScore(s) || (final && knowsAnyFact(s)))) return;
  const facts = readFacts(s);
  const postcode = readPostcode(s);
  const address = s.answers.address?.value ?? null;
  // A caller's answer to a cross-check's read-back is recorded even when no fact changes.
  const checks = readCrossChecks(s);
  const key = JSON.stringify([facts, postcode, address, ...(checks.length > 0 ? [checks] : [])]);
  if (key === s.emitted.score) return;
  const result = scoreNow(t);
  s.emitted.score = key;
  t.records.push({ type: 'score_opportunity', facts, address, postcode, ...result });
}

export function describeMessage(state: CallState): string {
  const label = phrase('desk.message_kind', { kind: state.message?.kind ?? 'other' });
  return phrase('desk.message', { label, note: state.message?.note ?? '' });
}

/**
 * Answers the agent could not read, word for word, for the questions it gave up on: the team
 * reads them rather than lose them (price said as "about 240 with the tenant in").
 */
/**
 * The lead's note from a seller's call: what the desk should know that has no field of its own
 * (arrears, service charge, mortgage left) and the answers the agent could not read.
 */
function deskNote(state: CallState): string | null {
  const parts = deskFacts(state);
  if (state.unclear.length > 0) {
    const answers = state.unclear.map((u) => phrase('desk.unclear_answer', { slot: u.slot, said: u.said }));
    parts.push(phrase('desk.not_understood', { answers }));
  }
  return parts.length === 0 ? null : parts.join('. ');
}

/** Who is calling, for a transfer brief or a booking note: "New seller, Sarah Jones, M14 5AB, score 82, hot". */
function describeCaller(state: CallState): string {
  const who =
    state.message !== null
      ? phrase('desk.message_kind', { kind: state.message.kind })
      : state.returningLeadId !== null
        ? phrase('desk.returning_seller')
        : phrase('desk.new_seller');
  const onLead = unconfirmedLeadName(state);
  const said = state.answers.name?.value ?? phrase('desk.no_name');
  const name = onLead === null ? said : phrase('desk.lead_name', { said, onLead });
  if (state.message !== null) return `${who}, ${name}`;
  const where = readPostcode(state) ?? phrase('desk.no_postcode');
  const score = state.lastScore === null ? phrase('desk.not_scored') : phrase('desk.score', state.lastScore);
  return `${who}, ${name}, ${where}, ${score}`;
}

/**
 * The name on the lead of the caller's number when the caller did not say it (none, or another):
 * caller ID can be faked, so the desk is told what the record says, never the caller.
 */
export function unconfirmedLeadName(state: CallState): string | null {
  const onLead = state.returningName ?? null;
  return onLead !== null && state.answers.name?.value !== onLead ? onLead : null;
}

export function transferBrief(state: CallState, why: 'request' | 'hot'): string {
  const who = describeCaller(state);
  // What the desk should know first (arrears, service charge) goes to the person picking up.
  return [why === 'request' ? phrase('desk.asked_for_person', { who }) : who, ...deskFacts(state)].join('; ');
}

/**
 * What the desk should know that the opportunity's fields cannot hold: arrears, service charge
 * and the like, and a price range (the opportunity keeps its midpoint).
 */
function deskFacts(state: CallState): string[] {
  const price = state.answers.price;
  const range = price?.range === undefined ? [] : [phrase('desk.price_range', { range: sayPrice(price) })];
  return [...range, ...(state.notes ?? [])];
}

/** The note on a booking: who, what property, and anything the desk should know first. */
export function bookingNote(state: CallState): string {
  const parts = [describeCaller(state)];
  if (state.message !== null) parts.push(describeMessage(state));
  const f = readFacts(state);
  const property = [
    f.bedrooms === null ? null : phrase('desk.bedrooms', { bedrooms: f.bedrooms }),
    f.property_type,
    f.condition === null ? null : humanise(f.condition),
  ].filter((p): p is string => p !== null);
  if (property.length > 0) parts.push(property.join(' '));
  parts.push(...(state.notes ?? []));
  const failed = state.transfer?.failed ?? null;
  if (failed !== null) parts.push(phrase('desk.transfer_failed', { reason: failed }));
  return parts.join('; ');
}
