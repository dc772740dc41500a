import type { Principal } from '../../auth/permissions.js';
import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import { normalisePhone } from '../../lib/phone.js';
import { markRecordingsDeleted } from '../calls/recordings.repo.js';
import { findLead } from '../leads/leads.repo.js';
import { type Lead, toLead } from '../leads/leads.schemas.js';
import { type AuditActor, type AuditEntry, writeAudit } from './audit.repo.js';
import {
  anyCallInProgress,
  type ErasureCounts,
  erasePersonData,
  findLeadFamily,
  findLeadIdsByPhone,
  findPersonRecords,
  lockLeads,
  type PersonData,
  readPersonData,
} from './privacy.repo.js';
import {
  findIdleLeads,
  listWorkspaceRetention,
  lockRetention,
  type RetentionRow,
  type RetentionSettings,
  removeOldCallContent,
  saveRetention,
} from './retention.repo.js';

/** Who acted, as the audit log names them: the person, or the key and the person who made it. */
export function auditActor(p: Principal): AuditActor {
  return p.kind === 'session'
    ? { type: 'user', id: p.userId }
    : { type: 'api_key', id: p.keyId, onBehalfOf: p.creatorId };
}

/** The form of the document GET /leads/{id}/export answers (docs/privacy.md, "Access"). */
export const EXPORT_FORMAT = 'callagent.person.v1';

export interface PersonExport extends PersonData {
  format: typeof EXPORT_FORMAT;
  exported_at: string;
  workspace_id: string;
  lead_id: string;
}

/**
 * Everything held about the person a lead is (their merged leads too), as one document. The
 * export is audited in the transaction that reads it, so a read that is answered is recorded.
 */
export async function exportPerson(
  db: Database,
  principal: Principal,
  leadId: string,
  at: Date,
): Promise<PersonExport> {
  const ws = principal.workspaceId;
  return db.transaction(async (tx) => {
    const family = await findLeadFamily(tx, ws, leadId);
    if (family.length === 0) throw notFound('lead', leadId);
    const records = await findPersonRecords(tx, ws, family);
    const data = await readPersonData(tx, ws, records);
    await writeAudit(
      tx,
      ws,
      {
        actor: auditActor(principal),
        action: 'lead.exported',
        subject: { type: 'lead', id: leadId },
        details: { lead_ids: family, counts: countsOf(data) },
      },
      at,
    );
    return {
      format: EXPORT_FORMAT,
      exported_at: at.toISOString(),
      workspace_id: ws,
      lead_id: leadId,
      ...data,
    };
  });
}

function countsOf(data: PersonData): Record<string, number> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, (v as unknown[]).length]));
}

/**
 * The leads with this number, merged ones included, and for a merged one the lead it ended in:
 * where a request about the number is answered. The number itself is not written to the audit
 * log, only how many leads it found.
 */
export async function lookupPhone(
  db: Database,
  principal: Principal,
  e164: string,
  at: Date,
): Promise<Lead[]> {
  const ws = principal.workspaceId;
  return db.transaction(async (tx) => {
    const ids = new Set<string>();
    for (const id of await findLeadIdsByPhone(tx, ws, e164)) {
      for (const member of await findLeadFamily(tx, ws, id)) ids.add(member);
    }
    const leads: Lead[] = [];
    for (const id of [...ids].sort()) {
      const row = await findLead(tx, ws, id);
      if (row) leads.push(toLead(row));
    }
    await writeAudit(
      tx,
      ws,
      {
        actor: auditActor(principal),
        action: 'privacy.lookup',
        details: { lead_ids: leads.map((l) => l.id) },
      },
      at,
    );
    return leads;
  });
}

export interface Erasure {
  lead_id: string;
  /** Every lead of the person that was erased: this one, the one it was merged into, and those merged into it. */
  lead_ids: string[];
  erased_at: string;
}

/**
 * Erases the person a lead is, with their merged leads (docs/privacy.md, "Erasure"), in one
 * transaction: the records stay, their content goes; lead.erased is emitted for each lead.
 * `confirm` is the number the person called from, as the desk typed it, checked against the
 * leads' numbers; the retention job passes null. A person already erased is answered as it was
 * and nothing changes. `audit` false: the caller writes its own entry (the retention job's
 * counts for a whole run).
 */
export async function erasePerson(
  db: Queryable & Pick<Database, 'transaction'>,
  workspaceId: string,
  leadId: string,
  options: { confirm: string | null; actor: AuditActor; audit: boolean },
  at: Date,
): Promise<{ erasure: Erasure; counts: ErasureCounts | null }> {
  return db.transaction(async (tx) => {
    const family = await findLeadFamily(tx, workspaceId, leadId);
    if (family.length === 0) throw notFound('lead', leadId);
    const locked = await lockLeads(tx, workspaceId, family);
    const named = locked.find((l) => l.id === leadId);
    if (named === undefined) throw notFound('lead', leadId);
    const standing = locked.filter((l) => l.erased_at === null);
    if (standing.length === 0) {
      return { erasure: answer(leadId, family, named.erased_at ?? at), counts: null };
    }
    if (options.confirm !== null) {
      const typed = normalisePhone(options.confirm);
      if (typed === null || !standing.some((l) => l.phone === typed)) {
        throw new ApiError('validation_failed', 'Invalid body: confirm: must be the lead’s phone number.', {
          details: [{ path: 'confirm', message: 'Must be the lead’s phone number, as the lead shows it.' }],
        });
      }
    }
    const records = await findPersonRecords(tx, workspaceId, family);
    if (await anyCallInProgress(tx, workspaceId, records.callIds)) {
      throw new ApiError('conflict', 'A call with this person is in progress; erase them once it has ended.');
    }
    // Recordings can no longer be played from now; Twilio's copies go once this commits (purge).
    const recordings = await markRecordingsDeleted(tx, workspaceId, { callIds: records.callIds }, at);
    const counts = {
      ...(await erasePersonData(tx, workspaceId, records, at)),
      recordings: recordings.length,
    };
    for (const lead of standing) {
      await recordEvent(tx, workspaceId, 'lead.erased', { id: lead.id, erased_at: at.toISOString() }, at);
    }
    if (options.audit) {
      await writeAudit(
        tx,
        workspaceId,
        {
          actor: options.actor,
          action: 'lead.erased',
          subject: { type: 'lead', id: leadId },
          details: { lead_ids: family, counts },
        },
        at,
      );
    }
    return { erasure: answer(leadId, family, named.erased_at ?? at), counts };
  });
}

function answer(leadId: string, family: string[], erasedAt: Date): Erasure {
  return { lead_id: leadId, lead_ids: family, erased_at: erasedAt.toISOString() };
}

export interface Retention extends RetentionSettings {
  /** null: the defaults, never changed. */
  updated_at: string | null;
}

export function toRetention(row: RetentionRow): Retention {
  return {
    transcript_days: row.transcript_days,
    idle_lead_days: row.idle_lead_days,
    recording_days: row.recording_days,
    updated_at: row.updated_at === null ? null : row.updated_at.toISOString(),
  };
}

/** PATCH /privacy/retention: changes what was sent; a change is audited with before and after. */
export async function updateRetention(
  db: Database,
  principal: Principal,
  changes: Partial<RetentionSettings>,
  at: Date,
): Promise<Retention> {
  const ws = principal.workspaceId;
  return db.transaction(async (tx) => {
    const before = await lockRetention(tx, ws);
    const after: RetentionSettings = {
      transcript_days: changes.transcript_days ?? before.transcript_days,
      idle_lead_days: changes.idle_lead_days ?? before.idle_lead_days,
      recording_days: changes.recording_days ?? before.recording_days,
    };
    const changed = (Object.keys(after) as (keyof RetentionSettings)[]).filter((k) => after[k] !== before[k]);
    if (changed.length === 0) return toRetention(before);
    const saved = await saveRetention(tx, ws, after, at);
    await writeAudit(
      tx,
      ws,
      {
        actor: auditActor(principal),
        action: 'retention.changed',
        details: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: after[k] }])),
      },
      at,
    );
    return toRetention(saved);
  });
}

/** Rows per statement of the retention job: each batch is its own short transaction. */
const CALL_BATCH = 200;
const LEAD_BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  workspaces: number;
  transcripts: number;
  leads: number;
  recordings: number;
}

/** Deletes at Twilio the recordings deleted here (src/telephony/recordings/recorder.ts). */
export interface RecordingPurge {
  purge(workspaceId: string | null): Promise<number>;
}

/**
 * The retention job (docs/privacy.md, "How long"): in every workspace, deletes the recordings of
 * calls that started more than recording_days ago (here, and at Twilio through `recordings`),
 * removes the words of calls that ended more than transcript_days ago and erases leads that went
 * nowhere and have been quiet for idle_lead_days, in batches until none is left. What it did is written to the
 * audit log as the system's act, one entry per workspace that had something to do; a run with
 * nothing to do writes nothing, so running it again changes nothing.
 */
export async function applyRetention(
  db: Database,
  now: Date,
  recordings: RecordingPurge | null = null,
): Promise<RetentionRun> {
  const run: RetentionRun = { workspaces: 0, transcripts: 0, leads: 0, recordings: 0 };
  for (const ws of await listWorkspaceRetention(db)) {
    // Recordings first: they are kept the shortest. Each batch is deleted here in its own
    // transaction; Twilio's copies go after (the purge), and again at the next run if Twilio failed.
    const recordingsBefore = new Date(now.getTime() - ws.recording_days * DAY_MS);
    const recordingIds: string[] = [];
    for (;;) {
      const ids = await db.transaction((tx) =>
        markRecordingsDeleted(tx, ws.workspace_id, { before: recordingsBefore, limit: CALL_BATCH }, now),
      );
      recordingIds.push(...ids);
      if (ids.length < CALL_BATCH) break;
    }
    const transcriptsBefore = new Date(now.getTime() - ws.transcript_days * DAY_MS);
    let transcripts = 0;
    for (;;) {
      const n = await db.transaction((tx) =>
        removeOldCallContent(tx, ws.workspace_id, transcriptsBefore, CALL_BATCH, now),
      );
      transcripts += n;
      if (n < CALL_BATCH) break;
    }
    const leadsBefore = new Date(now.getTime() - ws.idle_lead_days * DAY_MS);
    const erased: string[] = [];
    const skipped = new Set<string>();
    for (;;) {
      const due = (await findIdleLeads(db, ws.workspace_id, leadsBefore, LEAD_BATCH + skipped.size)).filter(
        (id) => !skipped.has(id),
      );
      if (due.length === 0) break;
      for (const id of due) {
        try {
          const { counts } = await erasePerson(
            db,
            ws.workspace_id,
            id,
            { confirm: null, actor: { type: 'system' }, audit: false },
            now,
          );
          // null: another instance's run erased them first, and counts them itself.
          if (counts !== null) erased.push(id);
          else skipped.add(id);
        } catch (error) {
          // A lead whose person is on a call now is left for the next run.
          if (!(error instanceof ApiError)) throw error;
          skipped.add(id);
        }
      }
    }
    if (recordings !== null && recordingIds.length + erased.length > 0)
      await recordings.purge(ws.workspace_id);
    if (transcripts === 0 && erased.length === 0 && recordingIds.length === 0) continue;
    run.workspaces++;
    run.transcripts += transcripts;
    run.leads += erased.length;
    run.recordings += recordingIds.length;
    const entry: AuditEntry = {
      actor: { type: 'system' },
      action: 'retention.applied',
      details: {
        transcripts_removed: transcripts,
        leads_erased: erased.length,
        lead_ids: erased,
        recordings_deleted: recordingIds.length,
        recording_call_ids: recordingIds,
        transcript_days: ws.transcript_days,
        idle_lead_days: ws.idle_lead_days,
        recording_days: ws.recording_days,
      },
    };
    await db.transaction((tx) => writeAudit(tx, ws.workspace_id, entry, now));
  }
  return run;
}
