import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import { updateBookingRow } from '../bookings/bookings.repo.js';
import { toBooking } from '../bookings/bookings.schemas.js';
import { lockBookingsOfLead } from '../bookings/lead-bookings.repo.js';
import { moveCallsToLead } from '../calls/call-moves.repo.js';
import { listNotes, writeOpportunity } from '../opportunities/opportunities.repo.js';
import { toOpportunity } from '../opportunities/opportunities.schemas.js';
import { lockOpportunitiesOfLead } from '../opportunities/opportunity-merge.repo.js';
import { UNKNOWN_CALLER } from './lead-name.js';
import { type LeadChanges, type LeadRow, lockLeadPair, markLeadMerged, updateLeadRow } from './leads.repo.js';
import { LEAD_NOTE_MAX, type Lead, toLead } from './leads.schemas.js';

/**
 * What the survivor takes from the merged lead: a name where it had none, an owner and an email
 * where it had none, and a line naming the merged lead's number (the survivor keeps its own, and
 * a caller on the other still reaches it) with the merged lead's note.
 */
function taken(target: LeadRow, source: LeadRow): LeadChanges {
  const changes: LeadChanges = {};
  if (target.name === UNKNOWN_CALLER && source.name !== UNKNOWN_CALLER) changes.name = source.name;
  if (target.owner_id === null && source.owner_id !== null) changes.owner_id = source.owner_id;
  if (target.email === null && source.email !== null) changes.email = source.email;
  const line = [`Merged from ${source.name} (${source.phone}).`, source.note].filter((p) => p).join(' ');
  changes.note = [target.note, line]
    .filter((p) => p)
    .join('\n\n')
    .slice(0, LEAD_NOTE_MAX);
  return changes;
}

async function moveRecords(tx: Queryable, source: LeadRow, target: LeadRow, at: Date): Promise<void> {
  const ws = target.workspace_id;
  await moveCallsToLead(tx, ws, source.id, target.id);
  for (const row of await lockOpportunitiesOfLead(tx, ws, source.id)) {
    const next = {
      ...row,
      lead_id: target.id,
      seller_name: target.name,
      seller_phone: target.phone,
      updated_at: at,
    };
    await writeOpportunity(tx, next);
    // A merged opportunity moves silently: it is no longer a record anyone works.
    if (row.merged_into === null) {
      const notes = await listNotes(tx, ws, [row.id]);
      await recordEvent(tx, ws, 'opportunity.updated', toOpportunity(next, notes), at);
    }
  }
  for (const booking of await lockBookingsOfLead(tx, ws, source.id)) {
    const updated = await updateBookingRow(tx, ws, booking.id, { lead_id: target.id }, at);
    if (updated) await recordEvent(tx, ws, 'booking.updated', toBooking(updated), at);
  }
}

/**
 * POST /leads/{id}/merge: the lead's calls, opportunities and bookings move to `into`, which
 * takes what it lacked; the lead stays readable, marked merged_into. Emits lead.merged, then
 * lead.updated for the survivor and opportunity.updated / booking.updated for what moved, in one
 * transaction. 404 for either lead not in the workspace; 409 when either was merged already.
 */
export async function mergeLeads(
  db: Database,
  workspaceId: string,
  sourceId: string,
  targetId: string,
  at: Date,
): Promise<Lead> {
  if (sourceId === targetId) {
    throw new ApiError('validation_failed', 'Invalid body: into: must be another lead.', {
      details: [{ path: 'into', message: 'must be another lead' }],
    });
  }
  return db.transaction(async (tx) => {
    const rows = await lockLeadPair(tx, workspaceId, [sourceId, targetId]);
    const source = rows.find((r) => r.id === sourceId);
    const target = rows.find((r) => r.id === targetId);
    if (!source) throw notFound('lead', sourceId);
    if (!target) throw notFound('lead', targetId);
    for (const row of [source, target]) {
      if (row.merged_into !== null) {
        throw new ApiError('conflict', `Lead ${row.id} was already merged into ${row.merged_into}.`);
      }
    }
    await moveRecords(tx, source, target, at);
    const merged = await markLeadMerged(tx, workspaceId, source.id, target.id, at);
    await recordEvent(tx, workspaceId, 'lead.merged', toLead(merged), at);
    const updated = await updateLeadRow(tx, workspaceId, target.id, taken(target, source), at);
    if (!updated) throw notFound('lead', targetId);
    const survivor = toLead(updated);
    await recordEvent(tx, workspaceId, 'lead.updated', survivor, at);
    return survivor;
  });
}
