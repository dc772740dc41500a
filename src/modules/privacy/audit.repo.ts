import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import { newId } from '../../lib/ids.js';

/** What the audit log records (docs/privacy.md, "The audit log"). */
export const AUDIT_ACTIONS = [
  'lead.exported',
  'lead.erased',
  'privacy.lookup',
  'retention.changed',
  'retention.applied',
  'leads.csv_exported',
  'opportunities.csv_exported',
  'workspace.call_recording_changed',
  'recording.read',
  'recording.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a person, a key (and the person who made it), or the service itself. */
export type AuditActor =
  | { type: 'user'; id: string }
  | { type: 'api_key'; id: string; onBehalfOf: string }
  | { type: 'system' };

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  subject?: { type: string; id: string } | undefined;
  /** Ids and counts only: never a name, a number, an address or a caller's words. */
  details?: Record<string, unknown>;
}

export interface AuditRow {
  workspace_id: string;
  id: string;
  actor_type: 'user' | 'api_key' | 'system';
  actor_id: string | null;
  on_behalf_of: string | null;
  action: AuditAction;
  subject_type: string | null;
  subject_id: string | null;
  details: Record<string, unknown>;
  at: Date;
}

/** Writes one entry in the caller's transaction, so the entry and the act commit together. */
export async function writeAudit(
  tx: Queryable,
  workspaceId: string,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  const a = entry.actor;
  await tx.query(
    `INSERT INTO audit_log (workspace_id, id, actor_type, actor_id, on_behalf_of, action, subject_type, subject_id, details, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10)`,
    [
      workspaceId,
      newId('aud', at.getTime()),
      a.type,
      a.type === 'system' ? null : a.id,
      a.type === 'api_key' ? a.onBehalfOf : null,
      entry.action,
      entry.subject?.type ?? null,
      entry.subject?.id ?? null,
      JSON.stringify(entry.details ?? {}),
      at,
    ],
  );
}

/** Whether this actor has an entry of `action` about `subjectId` since `since` (plays audited once a while). */
export async function auditedSince(
  db: Queryable,
  workspaceId: string,
  action: AuditAction,
  subjectId: string,
  actorId: string,
  since: Date,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM audit_log WHERE workspace_id = $1 AND action = $2 AND subject_id = $3 AND actor_id = $4 AND at > $5
      LIMIT 1`,
    [workspaceId, action, subjectId, actorId, since],
  );
  return rows.length > 0;
}

/** A workspace's entries in the order they were written (ids sort by time), newest first unless asc. */
export function listAudit(
  db: Queryable,
  workspaceId: string,
  filters: { action?: AuditAction | undefined; subjectId?: string | undefined },
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT * FROM audit_log
      WHERE workspace_id = $1
        AND ${optional(filters.action, 2, 'text', 'action = $2')}
        AND ${optional(filters.subjectId, 3, 'text', 'subject_id = $3')}
        AND ${afterId(page.order, 4, 'id', page.after)}
      ORDER BY id ${page.order} LIMIT $5`,
    [workspaceId, filters.action ?? null, filters.subjectId ?? null, page.after, page.limit + 1],
  );
}
