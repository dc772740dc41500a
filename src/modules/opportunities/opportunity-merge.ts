import { isDeepStrictEqual } from 'node:util';
import type { Database, Queryable } from '../../db/client.js';
import { scoreEnquiry } from '../../dialog/scoring/score.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import { loadPublishedAgent } from '../agent/agent.service.js';
import { moveCallsToOpportunity } from '../calls/call-moves.repo.js';
import { findSeller, listNotes, type OpportunityRow, writeOpportunity } from './opportunities.repo.js';
import { type Opportunity, type OpportunityFacts, toOpportunity } from './opportunities.schemas.js';
import { type ScoredEnquiry, saveScoredOpportunity } from './opportunities.service.js';
import {
  liveOpportunitiesOfLead,
  lockOpportunityPair,
  markOpportunityMerged,
  moveNotes,
} from './opportunity-merge.repo.js';
import { laterPostcode, sameProperty } from './same-property.js';

async function withNotes(db: Queryable, row: OpportunityRow): Promise<Opportunity> {
  return toOpportunity(row, await listNotes(db, row.workspace_id, [row.id]));
}

/** The facts of `first`, with those it does not know taken from `second`. */
function fillFacts(first: OpportunityFacts, second: OpportunityFacts): OpportunityFacts {
  const out: Record<string, unknown> = { ...second };
  for (const [key, value] of Object.entries(first)) if (value !== null) out[key] = value;
  return out as OpportunityFacts;
}

/** Scored again against the published buy box, keeping an outcome the desk decided. */
async function rescored(tx: Queryable, row: OpportunityRow): Promise<OpportunityRow> {
  const { config } = await loadPublishedAgent(tx, row.workspace_id);
  const scored = scoreEnquiry(
    config.buy_box,
    config.scoring.weights,
    config.scoring,
    row.facts,
    row.postcode,
  );
  const deskDecided = row.outcome === 'won' || row.outcome === 'lost';
  return {
    ...row,
    score: scored.score,
    score_breakdown: scored.breakdown,
    outcome: deskDecided ? row.outcome : scored.outcome,
  };
}

/**
 * Folds `source` into `target` inside the caller's transaction: notes and calls move, facts the
 * target lacks are filled from the source and scored again, the source is marked merged and
 * stays readable. Emits opportunity.merged (the source) and opportunity.updated (the target).
 */
export async function foldOpportunity(
  tx: Queryable,
  source: OpportunityRow,
  target: OpportunityRow,
  at: Date,
): Promise<Opportunity> {
  const ws = target.workspace_id;
  await moveNotes(tx, ws, source.id, target.id);
  await moveCallsToOpportunity(tx, ws, source.id, target.id);
  const merged = await markOpportunityMerged(tx, ws, source.id, target.id, at);
  const filled = {
    ...target,
    lead_id: target.lead_id ?? source.lead_id,
    address: target.address ?? source.address,
    postcode: laterPostcode(source.postcode, target.postcode),
    owner_id: target.owner_id ?? source.owner_id,
    facts: fillFacts(target.facts, source.facts),
    fact_sources: { ...source.fact_sources, ...target.fact_sources },
    review: [...target.review, ...source.review.filter((r) => !target.review.some((t) => t.fact === r.fact))],
    updated_at: at,
  };
  if (filled.lead_id !== target.lead_id) Object.assign(filled, await findSeller(tx, ws, filled.lead_id));
  const next =
    isDeepStrictEqual(filled.facts, target.facts) && filled.postcode === target.postcode
      ? filled
      : await rescored(tx, filled);
  await writeOpportunity(tx, next);
  await recordEvent(tx, ws, 'opportunity.merged', toOpportunity(merged, []), at);
  const survivor = await withNotes(tx, next);
  await recordEvent(tx, ws, 'opportunity.updated', survivor, at);
  return survivor;
}

/** POST /opportunities/{id}/merge: 404 for either one not in the workspace, 409 when either was merged. */
export async function mergeOpportunities(
  db: Database,
  workspaceId: string,
  sourceId: string,
  targetId: string,
  at: Date,
): Promise<Opportunity> {
  if (sourceId === targetId) {
    throw new ApiError('validation_failed', 'Invalid body: into: must be another opportunity.', {
      details: [{ path: 'into', message: 'must be another opportunity' }],
    });
  }
  return db.transaction(async (tx) => {
    const rows = await lockOpportunityPair(tx, workspaceId, [sourceId, targetId]);
    const source = rows.find((r) => r.id === sourceId);
    const target = rows.find((r) => r.id === targetId);
    if (!source) throw notFound('opportunity', sourceId);
    if (!target) throw notFound('opportunity', targetId);
    for (const row of [source, target]) {
      if (row.merged_into !== null) {
        throw new ApiError('conflict', `Opportunity ${row.id} was already merged into ${row.merged_into}.`);
      }
    }
    return foldOpportunity(tx, source, target, at);
  });
}

/**
 * For the call service: a caller's enquiry goes to the lead's opportunity for the same house
 * when there is one (docs/desk-api.md, "One seller, one deal"), otherwise to the call's own
 * opportunity or a new one. An opportunity this call made before it knew the house is folded
 * into the older one once it turns out to be the same house.
 */
export async function saveCallEnquiry(
  tx: Queryable,
  workspaceId: string,
  enquiry: ScoredEnquiry,
  at: Date,
  currentId: string | undefined,
): Promise<Opportunity> {
  const known = enquiry.address !== null || enquiry.postcode !== null;
  if (enquiry.leadId === null || !known)
    return saveScoredOpportunity(tx, workspaceId, enquiry, at, currentId);
  const live = await liveOpportunitiesOfLead(tx, workspaceId, enquiry.leadId);
  const current = live.find((o) => o.id === currentId);
  if (currentId !== undefined && current === undefined)
    return saveScoredOpportunity(tx, workspaceId, enquiry, at, currentId);
  const older = live.find((o) => o.id !== currentId && sameProperty(o, enquiry));
  if (older === undefined) return saveScoredOpportunity(tx, workspaceId, enquiry, at, currentId);
  // Only what this call made is folded: an opportunity it was given is the desk's to merge.
  if (current !== undefined) {
    if (current.call_id !== enquiry.callId)
      return saveScoredOpportunity(tx, workspaceId, enquiry, at, currentId);
    // Locked and read again in id order, as a desk merge of the two locks them.
    const locked = await lockOpportunityPair(tx, workspaceId, [current.id, older.id]);
    const source = locked.find((o) => o.id === current.id);
    const target = locked.find((o) => o.id === older.id);
    if (source?.merged_into === null && target?.merged_into === null)
      await foldOpportunity(tx, source, target, at);
  }
  return saveScoredOpportunity(tx, workspaceId, enquiry, at, older.id);
}
