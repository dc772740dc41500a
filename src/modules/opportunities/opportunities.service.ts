import { isDeepStrictEqual } from 'node:util';
import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { findMember } from '../workspaces/workspaces.repo.js';
import {
  findOpportunity,
  insertNote,
  insertOpportunity,
  listNotes,
  type NoteRow,
  type OpportunityRow,
  writeOpportunity,
} from './opportunities.repo.js';
import {
  type Opportunity,
  type OpportunityFacts,
  type Outcome,
  type ScoredOutcome,
  type ScoreLine,
  toOpportunity,
} from './opportunities.schemas.js';

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
  input: { owner_id?: string | null | undefined; outcome?: Outcome | undefined },
): Promise<Opportunity> {
  return db.transaction(async (tx) => {
    const row = await findOpportunity(tx, workspaceId, id, { lock: true });
    if (!row) throw notFound('opportunity', id);
    if (input.owner_id != null && !(await findMember(tx, workspaceId, input.owner_id))) {
      throw new ApiError('validation_failed', 'Invalid body: owner_id: must be a member of this workspace.', {
        details: [{ path: 'owner_id', message: 'must be a member of this workspace' }],
      });
    }
    const owner_id = input.owner_id === undefined ? row.owner_id : input.owner_id;
    const outcome = input.outcome ?? row.outcome;
    if (owner_id === row.owner_id && outcome === row.outcome) return withNotes(tx, row);
    const now = clock.now();
    const next = { ...row, owner_id, outcome, updated_at: now };
    await writeOpportunity(tx, next);
    const opportunity = await withNotes(tx, next);
    await recordEvent(tx, workspaceId, 'opportunity.updated', opportunity, now);
    return opportunity;
  });
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
  };
  if (existingId === undefined) {
    const row: OpportunityRow = {
      workspace_id: workspaceId,
      id: newId('opp', at.getTime()),
      call_id: enquiry.callId,
      ...scored,
      outcome: enquiry.outcome,
      owner_id: null,
      created_at: at,
      updated_at: at,
    };
    await insertOpportunity(tx, row);
    const opportunity = toOpportunity(row, []);
    await recordEvent(tx, workspaceId, 'opportunity.created', opportunity, at);
    return opportunity;
  }
  const row = await findOpportunity(tx, workspaceId, existingId, { lock: true });
  if (!row) throw notFound('opportunity', existingId);
  const outcome = DESK_OUTCOMES.includes(row.outcome) ? row.outcome : enquiry.outcome;
  const notes = await listNotes(tx, workspaceId, [row.id]);
  const before = toOpportunity(row, notes);
  const next = { ...row, ...scored, outcome, updated_at: at };
  // Compared as the API shows them, so a change the API would not show emits nothing either.
  if (isDeepStrictEqual(before, toOpportunity({ ...next, updated_at: row.updated_at }, notes))) return before;
  await writeOpportunity(tx, next);
  const opportunity = toOpportunity(next, notes);
  await recordEvent(tx, workspaceId, 'opportunity.updated', opportunity, at);
  return opportunity;
}
