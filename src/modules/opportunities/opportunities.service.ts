import { isDeepStrictEqual } from 'node:util';
import type { Database, Queryable } from '../../db/client.js';
import { scoreEnquiry } from '../../dialog/scoring/score.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { loadPublishedAgent } from '../agent/agent.service.js';
import { lockLead } from '../leads/leads.repo.js';
import { findMember } from '../workspaces/workspaces.repo.js';
import type { UpdateOpportunityBody } from './opportunities.query.js';
import {
  findOpportunity,
  findSeller,
  insertNote,
  insertOpportunity,
  listNotes,
  lockOpportunityWithNotes,
  type NoteRow,
  type OpportunityRow,
  writeOpportunity,
} from './opportunities.repo.js';
import {
  type CrossCheck,
  type FactSources,
  type Opportunity,
  type OpportunityFacts,
  type Outcome,
  type ReviewItem,
  type ScoredOutcome,
  type ScoreLine,
  toOpportunity,
} from './opportunities.schemas.js';
import { carryOwner } from './ownership.js';
import { editPipeline } from './pipeline.service.js';
import { laterAddress, laterPostcode } from './same-property.js';

/** An enquiry as scoring sees it: what the call learnt, and what the buy box made of it. */
export interface ScoredEnquiry {
  callId: string | null;
  leadId: string | null;
  address: string | null;
  postcode: string | null;
  facts: OpportunityFacts;
  score: number;
  breakdown: ScoreLine[];
  outcome: ScoredOutcome;
  /** Where each fact came from (rules or model); none recorded when left out. */
  sources?: FactSources;
  /** Facts the rules and the model read differently, read back to the caller; none when left out. */
  checks?: CrossCheck[];
}

/** Outcomes the desk decided; scoring a call again never overrides them. */
const DESK_OUTCOMES: readonly Outcome[] = ['won', 'lost'];

async function withNotes(db: Queryable, row: OpportunityRow): Promise<Opportunity> {
  return toOpportunity(row, await listNotes(db, row.workspace_id, [row.id]));
}

export async function getOpportunity(db: Queryable, workspaceId: string, id: string): Promise<Opportunity> {
  const row = await findOpportunity(db, workspaceId, id);
  if (!row) throw notFound('opportunity', id);
  return withNotes(db, row);
}

/** The API objects of a page of rows, with their notes fetched in one query. */
export async function withNotesOfPage(
  db: Queryable,
  workspaceId: string,
  rows: readonly OpportunityRow[],
): Promise<Opportunity[]> {
  const notes = await listNotes(
    db,
    workspaceId,
    rows.map((r) => r.id),
  );
  const byOpportunity = new Map<string, NoteRow[]>();
  for (const n of notes)
    byOpportunity.set(n.opportunity_id, [...(byOpportunity.get(n.opportunity_id) ?? []), n]);
  return rows.map((r) => toOpportunity(r, byOpportunity.get(r.id) ?? []));
}

/**
 * Assigns an owner (null: unassign) and/or sets the outcome. Emits opportunity.updated only
 * when something changed, so a repeated PATCH does not wake every webhook receiver.
 */
export async function updateOpportunity(
  db: Database,
  clock: Clock,
  workspaceId: string,
  id: string,
  input: UpdateOpportunityBody,
): Promise<Opportunity> {
  return db.transaction(async (tx) => {
    // An owner carries to the lead (carryOwner), and leads are locked before their opportunities.
    if (input.owner_id !== undefined) {
      const leadId = (await findOpportunity(tx, workspaceId, id))?.lead_id;
      if (leadId) await lockLead(tx, workspaceId, leadId);
    }
    const row = await findOpportunity(tx, workspaceId, id, { lock: true });
    if (!row) throw notFound('opportunity', id);
    if (input.owner_id != null && !(await findMember(tx, workspaceId, input.owner_id))) {
      throw new ApiError('validation_failed', 'Invalid body: owner_id: must be a member of this workspace.', {
        details: [{ path: 'owner_id', message: 'must be a member of this workspace' }],
      });
    }
    const owner_id = input.owner_id === undefined ? row.owner_id : input.owner_id;
    const edited = await editFacts(tx, row, input.facts ?? {});
    const outcome = input.outcome ?? (DESK_OUTCOMES.includes(row.outcome) ? row.outcome : edited.outcome);
    const pipeline = await editPipeline(tx, row, input);
    const now = clock.now();
    const next = { ...row, ...edited, owner_id, outcome, ...pipeline, updated_at: now };
    if (isDeepStrictEqual({ ...next, updated_at: row.updated_at }, row)) return withNotes(tx, row);
    await writeOpportunity(tx, next);
    const opportunity = await withNotes(tx, next);
    await recordEvent(tx, workspaceId, 'opportunity.updated', opportunity, now);
    if (owner_id === row.owner_id || next.lead_id === null) return opportunity;
    await carryOwner(tx, workspaceId, next.lead_id, owner_id, now);
    // A booked next action may have followed its booking to the new owner (its own event).
    const carried = await findOpportunity(tx, workspaceId, id);
    return carried ? withNotes(tx, carried) : opportunity;
  });
}

/**
 * The desk puts facts right: each given fact becomes the desk's, leaves the review, and the
 * opportunity is scored again against the published buy box (docs/desk-api.md).
 */
async function editFacts(
  tx: Queryable,
  row: OpportunityRow,
  facts: Partial<OpportunityFacts>,
): Promise<
  Pick<OpportunityRow, 'facts' | 'fact_sources' | 'review' | 'score' | 'score_breakdown' | 'outcome'>
> {
  const keys = Object.keys(facts) as (keyof OpportunityFacts)[];
  const kept = { facts: row.facts, fact_sources: row.fact_sources, review: row.review };
  if (keys.length === 0)
    return { ...kept, score: row.score, score_breakdown: row.score_breakdown, outcome: row.outcome };
  const next = { ...row.facts, ...facts };
  const fact_sources = { ...row.fact_sources };
  for (const key of keys) fact_sources[key] = 'desk';
  const { config } = await loadPublishedAgent(tx, row.workspace_id);
  const scored = scoreEnquiry(config.buy_box, config.scoring.weights, config.scoring, next, row.postcode);
  return {
    facts: next,
    fact_sources,
    review: row.review.filter((r) => !keys.includes(r.fact as keyof OpportunityFacts)),
    score: scored.score,
    score_breakdown: scored.breakdown,
    outcome: scored.outcome,
  };
}

/** Adds a desk note; the opportunity's updated_at moves and opportunity.updated carries all notes. */
export async function addNote(
  db: Database,
  clock: Clock,
  workspaceId: string,
  id: string,
  authorId: string,
  body: string,
): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const row = await findOpportunity(tx, workspaceId, id, { lock: true });
    if (!row) throw notFound('opportunity', id);
    const now = clock.now();
    const note: NoteRow = {
      workspace_id: workspaceId,
      id: newId('note', now.getTime()),
      opportunity_id: id,
      body,
      author_id: authorId,
      created_at: now,
    };
    await insertNote(tx, note);
    const next = { ...row, updated_at: now };
    await writeOpportunity(tx, next);
    await recordEvent(tx, workspaceId, 'opportunity.updated', await withNotes(tx, next), now);
    return note;
  });
}

/**
 * For the call service, inside its transaction: stores a scored enquiry as a new opportunity
 * (opportunity.created), or, given the id this call created earlier, updates its facts, score
 * and outcome (opportunity.updated, only when something changed). Owner and notes are the
 * desk's and are kept, as is an outcome the desk set (won, lost).
 */
export async function saveScoredOpportunity(
  tx: Queryable,
  workspaceId: string,
  enquiry: ScoredEnquiry,
  at: Date,
  existingId?: string,
): Promise<Opportunity> {
  const scored = {
    lead_id: enquiry.leadId,
    address: enquiry.address,
    postcode: enquiry.postcode,
    score: enquiry.score,
    facts: enquiry.facts,
    score_breakdown: enquiry.breakdown,
    fact_sources: enquiry.sources ?? {},
    cross_checks: enquiry.checks ?? [],
  };
  if (existingId === undefined) {
    const row: OpportunityRow = {
      workspace_id: workspaceId,
      id: newId('opp', at.getTime()),
      call_id: enquiry.callId,
      ...scored,
      outcome: enquiry.outcome,
      owner_id: null,
      review: [],
      stage: 'new',
      dead_reason: null,
      next_action: null,
      next_action_owner_id: null,
      next_action_due: null,
      next_action_source: null,
      next_action_booking_id: null,
      merged_into: null,
      created_at: at,
      updated_at: at,
      ...(await findSeller(tx, workspaceId, enquiry.leadId)),
    };
    await insertOpportunity(tx, row);
    const opportunity = toOpportunity(row, []);
    await recordEvent(tx, workspaceId, 'opportunity.created', opportunity, at);
    return opportunity;
  }
  const found = await lockOpportunityWithNotes(tx, workspaceId, existingId);
  if (!found) throw notFound('opportunity', existingId);
  const { row, notes } = found;
  // Merged by the desk while the call went on: the call carries on with the one kept.
  if (row.merged_into !== null) return saveScoredOpportunity(tx, workspaceId, enquiry, at, row.merged_into);
  const before = toOpportunity(row, notes);
  const fresh =
    row.call_id === enquiry.callId
      ? { ...scored, outcome: enquiry.outcome }
      : await laterWord(tx, row, scored, enquiry.outcome);
  const outcome = DESK_OUTCOMES.includes(row.outcome) ? row.outcome : fresh.outcome;
  const seller = fresh.lead_id === row.lead_id ? {} : await findSeller(tx, workspaceId, fresh.lead_id);
  const next = { ...row, ...fresh, ...seller, outcome, updated_at: at };
  // Compared as the API shows them, so a change the API would not show emits nothing either.
  if (isDeepStrictEqual(before, toOpportunity({ ...next, updated_at: row.updated_at }, notes))) return before;
  await writeOpportunity(tx, next);
  const opportunity = toOpportunity(next, notes);
  await recordEvent(tx, workspaceId, 'opportunity.updated', opportunity, at);
  return opportunity;
}

type Scored = Pick<
  OpportunityRow,
  'lead_id' | 'address' | 'postcode' | 'score' | 'facts' | 'score_breakdown' | 'fact_sources' | 'cross_checks'
>;

/**
 * A returning caller's call about a house the opportunity already holds: what this call said
 * wins fact by fact, what it did not say is kept, and the whole is scored again against the
 * published buy box (docs/desk-api.md, "One seller, one deal").
 */
async function laterWord(
  tx: Queryable,
  row: OpportunityRow,
  scored: Scored,
  outcome: ScoredOutcome,
): Promise<Scored & { outcome: Outcome }> {
  const facts = { ...row.facts };
  for (const [key, value] of Object.entries(scored.facts) as [keyof OpportunityFacts, never][]) {
    if (value !== null) facts[key] = value;
  }
  const postcode = laterPostcode(row.postcode, scored.postcode);
  const place = {
    lead_id: scored.lead_id ?? row.lead_id,
    address: laterAddress(row.address, scored.address),
    postcode,
    fact_sources: { ...row.fact_sources, ...scored.fact_sources },
    cross_checks: scored.cross_checks,
  };
  if (isDeepStrictEqual(facts, scored.facts) && postcode === scored.postcode) {
    return { ...scored, ...place, outcome };
  }
  const { config } = await loadPublishedAgent(tx, row.workspace_id);
  const result = scoreEnquiry(config.buy_box, config.scoring.weights, config.scoring, facts, postcode);
  return { ...place, facts, score: result.score, score_breakdown: result.breakdown, outcome: result.outcome };
}

/**
 * For the after-call audit: the facts the language model read differently, for the desk to
 * check. Emits opportunity.updated when the list changed.
 */
export async function markForReview(
  tx: Queryable,
  workspaceId: string,
  id: string,
  review: ReviewItem[],
  at: Date,
): Promise<void> {
  const row = await findOpportunity(tx, workspaceId, id, { lock: true });
  if (!row || isDeepStrictEqual(row.review, review)) return;
  const next = { ...row, review, updated_at: at };
  await writeOpportunity(tx, next);
  await recordEvent(tx, workspaceId, 'opportunity.updated', await withNotes(tx, next), at);
}
