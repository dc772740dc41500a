/**
 * The summary a desk member reads in ten seconds after a call: who, what property, the score,
 * what was agreed, and what is still missing. Three to five short lines, built from the engine's
 * final state; the transcript fills in only when the caller gave nothing else to go on.
 */
import { DateTime } from 'luxon';
import { phrase } from '../catalogue/index.js';
import { describeMessage, unconfirmedLeadName } from '../engine/records.js';
import { writePhone } from '../engine/speak.js';
import { bestPhone, knowsAnyFact, readFacts, readPostcode } from '../engine/state.js';
import type { CallState, EndReason } from '../engine/types.js';
import { describeProperty, FACT_SLOTS, SLOTS, type SlotDefinition, type SlotName } from '../slots/index.js';

export interface TranscriptLine {
  speaker: string;
  text: string;
}

export interface CallOutcomeInfo {
  /** config.hours.time_zone, for the time of a booking. */
  timeZone: string;
  /** When the service knows better than the state (a carrier hang-up the engine never saw). */
  endReason?: EndReason | null;
}

const QUOTE_LENGTH = 80;

export function summariseCall(
  state: CallState,
  transcript: readonly TranscriptLine[],
  info: CallOutcomeInfo,
): string {
  const lines = [describeWho(state)];
  if (state.message !== null) lines.push(phrase('summary.message', { message: describeMessage(state) }));
  else lines.push(describePropertyLine(state, transcript));
  if (state.message === null) lines.push(describeScore(state));
  lines.push(describeOutcome(state, info));
  const notes = state.notes ?? [];
  if (notes.length > 0) lines.push(phrase('summary.notes', { notes }));
  const missing = listMissing(state);
  if (missing.length > 0) lines.push(phrase('summary.missing', { missing }));
  return lines.join('\n');
}

function describeWho(state: CallState): string {
  const name = state.answers.name?.value ?? phrase('summary.no_name');
  const phone = bestPhone(state);
  const number = phone === null ? phrase('summary.number_withheld') : writePhone(phone);
  const onLead = unconfirmedLeadName(state);
  const lead = onLead === null ? null : phrase('summary.lead_is', { name: onLead });
  const kind =
    state.message !== null
      ? 'not_seller'
      : state.returningLeadId !== null
        ? 'returning_seller'
        : knowsAnyFact(state)
          ? 'new_seller'
          : 'new_caller';
  return phrase('summary.who', { name, kind, lead, number });
}

function describePropertyLine(state: CallState, transcript: readonly TranscriptLine[]): string {
  if (!knowsAnyFact(state)) {
    const said = transcript.find((l) => l.speaker === 'caller' && l.text.trim().length > 0)?.text.trim();
    if (said === undefined) return phrase('summary.caller_said_nothing');
    const quote = said.length > QUOTE_LENGTH ? `${said.slice(0, QUOTE_LENGTH - 1)}…` : said;
    return phrase('summary.caller_said', { quote });
  }
  const where = [state.answers.address?.value ?? null, readPostcode(state)]
    .filter((p) => p !== null)
    .join(', ');
  const what = describeProperty(state.answers) ?? phrase('summary.a_property');
  const details = SLOTS.flatMap((slot) => {
    const answer = state.answers[slot.name];
    if (!('summarise' in slot) || answer === null) return [];
    return [
      slot.summarise(answer.value as never, {
        ...(answer.range === undefined ? {} : { range: answer.range }),
      }),
    ];
  });
  return phrase('summary.property', { what, where, details });
}

function describeScore(state: CallState): string {
  const score = state.lastScore;
  if (score === null) return phrase('summary.not_scored');
  // Occupancy is recorded for the desk but is not a scoring criterion, so it cannot make a score partial.
  const facts: Record<string, unknown> = readFacts(state);
  const partial =
    FACT_SLOTS.some((slot) => 'scoring' in slot && facts[slot.fact.key] === null) ||
    readPostcode(state) === null;
  return phrase('summary.score', { ...score, partial });
}

/** What was agreed, or how the call ended when nothing was: one sentence. */
export function describeOutcome(state: CallState, info: CallOutcomeInfo): string {
  const reason = info.endReason ?? state.endReason;
  const parts: string[] = [];
  const transfer = state.transfer;
  if (transfer !== null) {
    const to = writePhone(transfer.to);
    parts.push(
      transfer.failed === null
        ? phrase('summary.transferred', { to, why: transfer.why })
        : phrase('summary.transfer_failed', { to, failed: transfer.failed }),
    );
  }
  const booking = state.booking;
  if (booking !== null) {
    const at = DateTime.fromISO(booking.start, { zone: 'utc' })
      .setZone(info.timeZone)
      .toFormat('ccc d LLL, HH:mm');
    parts.push(phrase('summary.booked', { kind: booking.kind, at }));
  } else if (transfer === null || transfer.failed !== null) {
    parts.push(phrase('summary.nothing_booked', { ending: reason ?? 'in_progress' }));
  }
  return parts.join(' ');
}

function isKnown(state: CallState, slot: SlotName): boolean {
  if (slot === 'phone') return bestPhone(state) !== null;
  // The desk places a property by its postcode; a street line alone does not.
  if (slot === 'address') return state.answers.postcode !== null;
  return state.answers[slot] !== null;
}

/** What the desk still has to ask. Non-sellers are asked only for a name and a number. */
function listMissing(state: CallState): string[] {
  const missing = (slots: readonly SlotDefinition[]): string[] =>
    slots.filter((slot) => !isKnown(state, slot.name as SlotName)).map((slot) => slot.missing);
  const who = SLOTS.filter((slot) => !slot.aboutProperty);
  if (state.message !== null) return missing(who);
  if (!knowsAnyFact(state)) return [...missing(who), phrase('summary.all_property_details')];
  return missing(SLOTS);
}
