import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { normalisePhone } from '../../lib/phone.js';
import { liveOpportunitiesOfLead } from '../opportunities/opportunity-merge.repo.js';
import { findMember } from '../workspaces/workspaces.repo.js';
import { addCallName, UNKNOWN_CALLER } from './lead-name.js';
import { mergeCallNote } from './lead-note.js';
import {
  findLead,
  findLeadRowByPhone,
  insertLeadIfNew,
  type LeadChanges,
  type LeadRow,
  lockLead,
  setLeadPhone,
  updateLeadRow,
} from './leads.repo.js';
import {
  type CreateLeadBody,
  LEAD_NAME_MAX,
  LEAD_NOTE_MAX,
  type Lead,
  toLead,
  type UpdateLeadBody,
} from './leads.schemas.js';

function invalid(path: string, message: string): ApiError {
  return new ApiError('validation_failed', `Invalid body: ${path}: ${message}`, {
    details: [{ path, message }],
  });
}

/** An owner is a member of this workspace; anyone else is refused as a bad value (400). */
async function checkOwner(db: Queryable, workspaceId: string, ownerId: string | null | undefined) {
  if (ownerId === null || ownerId === undefined) return;
  if (!(await findMember(db, workspaceId, ownerId))) {
    throw invalid('owner_id', `${ownerId.slice(0, 40)} is not a member of this workspace.`);
  }
}

function duplicatePhone(existing: LeadRow): ApiError {
  return new ApiError('conflict', `Lead ${existing.id} already has the phone number ${existing.phone}.`);
}

/** POST /leads: a phone already on a lead in the workspace is 409 naming that lead. */
export async function createLead(
  db: Database,
  workspaceId: string,
  input: CreateLeadBody,
  at: Date,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    await checkOwner(tx, workspaceId, input.owner_id);
    const row = await insertLeadIfNew(tx, {
      workspace_id: workspaceId,
      id: newId('lead', at.getTime()),
      name: input.name,
      phone: input.phone,
      email: input.email ?? null,
      status: 'new',
      owner_id: input.owner_id ?? null,
      note: input.note ?? null,
      source: 'api',
      created_at: at,
      updated_at: at,
    });
    if (!row) {
      const existing = await findLeadRowByPhone(tx, workspaceId, input.phone);
      if (existing) throw duplicatePhone(existing);
      throw new ApiError('conflict', `A lead already has the phone number ${input.phone}.`);
    }
    const lead = toLead(row);
    await recordEvent(tx, workspaceId, 'lead.created', lead, at);
    return lead;
  });
}

/** Only the fields that differ from the stored row: an unchanged value is not a change. */
function diff(row: LeadRow, wanted: LeadChanges): LeadChanges {
  const changes: LeadChanges = {};
  if (wanted.name !== undefined && wanted.name !== row.name) changes.name = wanted.name;
  if (wanted.email !== undefined && wanted.email !== row.email) changes.email = wanted.email;
  if (wanted.status !== undefined && wanted.status !== row.status) changes.status = wanted.status;
  if (wanted.owner_id !== undefined && wanted.owner_id !== row.owner_id) changes.owner_id = wanted.owner_id;
  if (wanted.note !== undefined && wanted.note !== row.note) changes.note = wanted.note;
  return changes;
}

/**
 * The owner pin after a PATCH: as asked, else set when the new owner is chosen apart from the
 * owners of the lead's deals (docs/desk-api.md, "One owner per seller"). An owner given while no
 * deal has one, or one of the deals' owners, keeps the lead following its deals.
 */
async function pinnedAfter(
  tx: Queryable,
  row: LeadRow,
  asked: boolean | undefined,
  owner: string | null | undefined,
): Promise<boolean> {
  if (asked !== undefined) return asked;
  if (owner === undefined) return row.owner_pinned;
  if (owner === null) return false;
  const dealOwners = (await liveOpportunitiesOfLead(tx, row.workspace_id, row.id))
    .map((o) => o.owner_id)
    .filter((id) => id !== null);
  return dealOwners.length > 0 && !dealOwners.includes(owner);
}

/** PATCH /leads/{id}: emits lead.updated only when something changed; a no-op returns the lead as is. */
export async function updateLead(
  db: Database,
  workspaceId: string,
  leadId: string,
  input: UpdateLeadBody,
  at: Date,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    const row = await lockLead(tx, workspaceId, leadId);
    if (!row) throw notFound('lead', leadId);
    const changes = diff(row, input);
    const pinned = await pinnedAfter(tx, row, input.owner_pinned, changes.owner_id);
    if (pinned !== row.owner_pinned) changes.owner_pinned = pinned;
    if (Object.keys(changes).length === 0) return toLead(row);
    await checkOwner(tx, workspaceId, changes.owner_id);
    const updated = await updateLeadRow(tx, workspaceId, leadId, changes, at);
    if (!updated) throw notFound('lead', leadId);
    const lead = toLead(updated);
    await recordEvent(tx, workspaceId, 'lead.updated', lead, at);
    return lead;
  });
}

/** The lead with this E.164 number in the workspace, or null. Composes into the caller's transaction. */
export async function findLeadByPhone(
  db: Queryable,
  workspaceId: string,
  e164: string,
): Promise<Lead | null> {
  const row = await findLeadRowByPhone(db, workspaceId, e164);
  return row ? toLead(await survivorOf(db, row)) : null;
}

/**
 * The lead that holds a merged lead's history now; the lead itself when it was not merged. A
 * merged lead keeps its phone number, so a caller on that number reaches the survivor.
 */
export async function survivorOf(
  db: Queryable,
  row: LeadRow,
  options: { lock?: boolean } = {},
): Promise<LeadRow> {
  let lead = row;
  // Merges point straight at the survivor (docs/desk-api.md, Merging); the bound is a guard.
  for (let hop = 0; hop < 5 && lead.merged_into !== null; hop += 1) {
    const next = options.lock
      ? await lockLead(db, lead.workspace_id, lead.merged_into)
      : await findLead(db, lead.workspace_id, lead.merged_into);
    if (next === null) break;
    lead = next;
  }
  return lead;
}

export interface CapturedCaller {
  name: string;
  /** Any format; normalised to E.164 (UK when national). */
  phone: string;
  /** What this call has to say on the lead's note; null or empty: nothing (the note stays). */
  note?: string | null | undefined;
  /** What this call last wrote into the lead's note (calls.lead_note); null before its first capture. */
  previousNote?: string | null | undefined;
  /** The call made this lead, so its name is the call's to correct; otherwise the call only adds to it. */
  ownLead?: boolean | undefined;
}

export interface CallCapture {
  lead: Lead;
  /** The call's own paragraph of the note now, for the call to keep (calls.lead_note). */
  callNote: string | null;
}

/**
 * The agent's capture of a caller, inside the call service's transaction: a new number makes a
 * lead (source call, lead.created) with the call's note as its note; a known number keeps its
 * lead, which the call only adds to: a name where it had none or a fuller form of it (addCallName;
 * another name goes into the note), and the call's note as a paragraph of its own that this call's
 * later captures replace (mergeCallNote), so what the desk wrote is never lost (lead.updated,
 * only when something differs). ON CONFLICT makes two concurrent calls from one number share
 * one lead. Throws validation_failed (path phone) when the number cannot be E.164; check with
 * `normalisePhone` first to avoid that.
 */
export async function captureLeadFromCall(
  tx: Queryable,
  workspaceId: string,
  caller: CapturedCaller,
  at: Date,
): Promise<CallCapture> {
  const phone = normalisePhone(caller.phone);
  if (phone === null) throw invalid('phone', 'not a phone number that can be stored in E.164.');
  // Speech can run long; keep what the API itself would accept.
  const name = caller.name.trim().slice(0, LEAD_NAME_MAX) || UNKNOWN_CALLER;
  const note = caller.note?.trim().slice(0, LEAD_NOTE_MAX) || null;
  const previous = caller.previousNote ?? null;
  const created = await insertLeadIfNew(tx, {
    workspace_id: workspaceId,
    id: newId('lead', at.getTime()),
    name,
    phone,
    email: null,
    status: 'new',
    owner_id: null,
    note,
    source: 'call',
    created_at: at,
    updated_at: at,
  });
  if (created) {
    const lead = toLead(created);
    await recordEvent(tx, workspaceId, 'lead.created', lead, at);
    return { lead, callNote: note };
  }
  const found = await findLeadRowByPhone(tx, workspaceId, phone, { lock: true });
  if (!found) throw new Error(`lead for ${phone} vanished during capture`);
  const existing = await survivorOf(tx, found, { lock: true });
  const named = !caller.name.trim()
    ? { name: existing.name, note: null }
    : caller.ownLead === true
      ? { name, note: null }
      : addCallName(existing.name, name);
  const said =
    [note, named.note]
      .filter((n) => n !== null)
      .join(' ')
      .slice(0, LEAD_NOTE_MAX) || null;
  const changes = diff(existing, {
    name: named.name,
    // The row is locked, so a desk edit either came before this read or waits for the commit.
    ...(said === null ? {} : { note: mergeCallNote(existing.note, previous, said) }),
  });
  // A capture with nothing to say keeps the call's paragraph where it is, for the next one to replace.
  const callNote = said ?? previous;
  if (Object.keys(changes).length === 0) return { lead: toLead(existing), callNote };
  const updated = await updateLeadRow(tx, workspaceId, existing.id, changes, at);
  if (!updated) throw new Error(`lead ${existing.id} vanished during capture`);
  const lead = toLead(updated);
  await recordEvent(tx, workspaceId, 'lead.updated', lead, at);
  return { lead, callNote };
}

/**
 * The caller confirmed a number to be called back on that is not the lead's: it replaces the
 * lead's phone (lead.updated), and the old number goes into the call's paragraph of the note.
 * Null, and nothing written, when another lead of the workspace already has that number; the
 * caller then keeps the lead's number and notes the better one.
 */
export async function moveLeadToConfirmedNumber(
  tx: Queryable,
  workspaceId: string,
  leadId: string,
  caller: CapturedCaller,
  at: Date,
): Promise<CallCapture | null> {
  const phone = normalisePhone(caller.phone);
  if (phone === null) throw invalid('phone', 'not a phone number that can be stored in E.164.');
  const lead = await lockLead(tx, workspaceId, leadId);
  if (!lead) throw new Error(`lead ${leadId} vanished during capture`);
  if (lead.phone !== phone) {
    const other = await findLeadRowByPhone(tx, workspaceId, phone, { lock: true });
    if (other) return null;
    if (!(await setLeadPhone(tx, workspaceId, leadId, phone, at))) {
      throw new Error(`lead ${leadId} vanished during capture`);
    }
  }
  const called = lead.phone === phone ? null : `Called from ${lead.phone}.`;
  // Only the call's own words: the lead's note is merged with them, not copied into them.
  const note = [caller.note?.trim(), called].filter((n) => n).join(' ');
  return captureLeadFromCall(tx, workspaceId, { ...caller, phone, note: note || null }, at);
}
