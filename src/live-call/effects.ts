import type { Queryable } from '../db/client.js';
import { type CallState, type Effect, readCrossChecks } from '../dialog/engine/index.js';
import { RECORDED_ANSWERS } from '../dialog/slots/index.js';
import { normalisePhone } from '../lib/phone.js';
import { createBookingFromCall } from '../modules/bookings/bookings.service.js';
import type { CallRow } from '../modules/calls/calls.repo.js';
import { findLead } from '../modules/leads/leads.repo.js';
import {
  type CallCapture,
  captureLeadFromCall,
  moveLeadToConfirmedNumber,
} from '../modules/leads/leads.service.js';
import {
  type CrossCheck,
  type FactSources,
  OpportunityFacts,
  type SourcedFact,
} from '../modules/opportunities/opportunities.schemas.js';
import { saveCallEnquiry } from '../modules/opportunities/opportunity-merge.js';

export interface AppliedEffects {
  leadId: string | null;
  /** What the call has now written into its lead's note, for the call row (calls.lead_note). */
  leadNote: string | null;
  opportunityId: string | null;
  transfer: { to: string; brief: string } | null;
  /** Notes for the transcript about effects that could not be applied as the engine hoped. */
  notes: string[];
  /** The time the engine booked was taken by another booking a moment earlier: the caller must be told. */
  timeLost: boolean;
}

/** Each answer the opportunity records, with the fact it is recorded as (the slot table's). */
const SOURCED_ANSWERS: readonly (readonly [keyof CallState['answers'], SourcedFact])[] = RECORDED_ANSWERS;

/** Where each fact the call knows came from: the language model's reading, or the rules'. */
export function factSources(state: CallState): FactSources {
  const sources: FactSources = {};
  for (const [key, fact] of SOURCED_ANSWERS) {
    const answer = state.answers[key];
    if (answer !== null) sources[fact] = answer.source === 'model' ? 'model' : 'rules';
  }
  return sources;
}

/** The facts the rules and the model read differently in the call, as the opportunity records them. */
export function crossChecks(state: CallState): CrossCheck[] {
  return readCrossChecks(state).flatMap((check) => {
    const fact = SOURCED_ANSWERS.find(([key]) => key === check.key)?.[1];
    if (fact === undefined) return [];
    const { rules, model, readBack, answer } = check;
    return [{ fact, rules, model, read_back: readBack, answer }];
  });
}

/**
 * Applies the engine's effects to the records, inside the turn's transaction, through the same
 * services the API uses (so each change writes its event). Test calls on the draft never get here.
 */
export async function applyEffects(
  tx: Queryable,
  call: CallRow,
  effects: readonly Effect[],
  at: Date,
  sources: FactSources = {},
  checks: CrossCheck[] = [],
): Promise<AppliedEffects> {
  const applied: AppliedEffects = {
    leadId: call.lead_id,
    leadNote: call.lead_note,
    opportunityId: call.opportunity_id,
    transfer: null,
    notes: [],
    timeLost: false,
  };
  for (const effect of effects) {
    switch (effect.type) {
      case 'capture_lead': {
        if (normalisePhone(effect.phone) === null) {
          applied.notes.push('No usable phone number, so no lead was captured.');
          break;
        }
        const captured = await captureCaller(tx, call, applied, effect, at);
        applied.leadId = captured.lead.id;
        applied.leadNote = captured.callNote;
        break;
      }
      case 'score_opportunity': {
        const opportunity = await saveCallEnquiry(
          tx,
          call.workspace_id,
          {
            callId: call.id,
            leadId: applied.leadId,
            address: effect.address,
            postcode: effect.postcode,
            // The engine speaks in the extractors' values, which are the API's enums; parse to keep them honest.
            facts: OpportunityFacts.parse(effect.facts),
            score: effect.score,
            breakdown: effect.breakdown,
            outcome: effect.outcome,
            sources,
            checks,
          },
          at,
          applied.opportunityId ?? undefined,
        );
        applied.opportunityId = opportunity.id;
        break;
      }
      case 'book':
        await book(tx, call, applied, effect, at);
        break;
      case 'transfer':
        applied.transfer = { to: effect.to, brief: effect.brief };
        break;
      case 'end':
        break;
    }
  }
  return applied;
}

async function book(
  tx: Queryable,
  call: CallRow,
  applied: AppliedEffects,
  effect: Extract<Effect, { type: 'book' }>,
  at: Date,
) {
  if (applied.leadId === null) {
    // The engine books only once it knows who to call back; a withheld number leaves nobody to book for.
    if (normalisePhone(call.from_number) === null) {
      applied.notes.push(`Could not book the ${effect.kind}: no phone number for the caller.`);
      return;
    }
    const captured = await captureLeadFromCall(
      tx,
      call.workspace_id,
      { name: '', phone: call.from_number, note: null, previousNote: applied.leadNote },
      at,
    );
    applied.leadId = captured.lead.id;
    applied.leadNote = captured.callNote;
  }
  const placed = await createBookingFromCall(
    tx,
    call.workspace_id,
    {
      kind: effect.kind,
      leadId: applied.leadId,
      callId: call.id,
      start: new Date(effect.start),
      end: new Date(effect.end),
      note: effect.note,
    },
    at,
  );
  if (!placed.ok) {
    applied.timeLost = true;
    applied.notes.push(
      `The ${effect.kind} slot at ${effect.start} was taken by another booking a moment earlier; the desk should rebook.`,
    );
  }
}

/**
 * One lead per caller: once the call has a lead, a different number the caller gives later
 * and confirms (a better number than caller ID) becomes that lead's number rather than starting
 * a second lead; when another lead already has it, it is only noted. Whatever the call adds to
 * the note ("Called from ...", "Best number to call back: ...", "Gave the name ...") is part of
 * its one paragraph, which each capture replaces (mergeCallNote). A lead that was there before
 * the call keeps its name unless the call only adds to it (addCallName): caller ID can be faked.
 */
async function captureCaller(
  tx: Queryable,
  call: CallRow,
  applied: AppliedEffects,
  effect: Extract<Effect, { type: 'capture_lead' }>,
  at: Date,
): Promise<CallCapture> {
  const existing = applied.leadId ? await findLead(tx, call.workspace_id, applied.leadId) : null;
  const phone = normalisePhone(effect.phone);
  // Made since this call started: by its own first capture (or, at worst, by another call from
  // the same number at the same moment). A desk's lead is source api, an older one earlier.
  const ownLead = existing?.source === 'call' && existing.created_at >= call.started_at;
  const caller = { name: effect.name ?? '', previousNote: applied.leadNote, ownLead };
  if (existing && phone !== null && phone !== existing.phone) {
    const moved = await moveLeadToConfirmedNumber(
      tx,
      call.workspace_id,
      existing.id,
      { ...caller, phone, note: effect.note },
      at,
    );
    if (moved) return moved;
  }
  if (existing && phone !== existing.phone) {
    const better = `Best number to call back: ${phone ?? effect.phone}.`;
    const note = [effect.note, better].filter((n) => n).join(' ');
    return captureLeadFromCall(tx, call.workspace_id, { ...caller, phone: existing.phone, note }, at);
  }
  return captureLeadFromCall(
    tx,
    call.workspace_id,
    { ...caller, phone: effect.phone, note: effect.note },
    at,
  );
}
