import type { Queryable } from '../../db/client.js';
import { SCRUBBED_STATE } from './privacy.repo.js';

/** Retention periods in days (docs/privacy.md, "How long"). */
export interface RetentionSettings {
  transcript_days: number;
  idle_lead_days: number;
  recording_days: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  transcript_days: 730,
  idle_lead_days: 730,
  recording_days: 90,
};

export interface RetentionRow extends RetentionSettings {
  updated_at: Date | null;
}

/** The workspace's periods, the defaults where it never chose (updated_at null then). */
export async function loadRetention(db: Queryable, workspaceId: string): Promise<RetentionRow> {
  const rows = await db.query<RetentionRow>(
    'SELECT transcript_days, idle_lead_days, recording_days, updated_at FROM privacy_settings WHERE workspace_id = $1',
    [workspaceId],
  );
  return rows[0] ?? { ...DEFAULT_RETENTION, updated_at: null };
}

/** The row locked (or the defaults, with the workspace row locked so two first saves queue). */
export async function lockRetention(db: Queryable, workspaceId: string): Promise<RetentionRow> {
  await db.query('SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
  return loadRetention(db, workspaceId);
}

export async function saveRetention(
  db: Queryable,
  workspaceId: string,
  s: RetentionSettings,
  at: Date,
): Promise<RetentionRow> {
  const rows = await db.query<RetentionRow>(
    `INSERT INTO privacy_settings (workspace_id, transcript_days, idle_lead_days, recording_days, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id) DO UPDATE SET transcript_days = $2, idle_lead_days = $3, recording_days = $4, updated_at = $5
     RETURNING transcript_days, idle_lead_days, recording_days, updated_at`,
    [workspaceId, s.transcript_days, s.idle_lead_days, s.recording_days, at],
  );
  const row = rows[0];
  if (!row) throw new Error('saving the retention settings answered no row');
  return row;
}

/** Every workspace with its periods (the defaults where it has no row). */
export function listWorkspaceRetention(
  db: Queryable,
): Promise<({ workspace_id: string } & RetentionSettings)[]> {
  return db.query(
    `SELECT w.id AS workspace_id,
            coalesce(s.transcript_days, $1) AS transcript_days,
            coalesce(s.idle_lead_days, $2) AS idle_lead_days,
            coalesce(s.recording_days, $3) AS recording_days
       FROM workspaces w LEFT JOIN privacy_settings s ON s.workspace_id = w.id
      ORDER BY w.id`,
    [DEFAULT_RETENTION.transcript_days, DEFAULT_RETENTION.idle_lead_days, DEFAULT_RETENTION.recording_days],
  );
}

/**
 * Removes the words of up to `limit` calls that ended before `before` and still hold them:
 * transcript lines, summaries, the lead note and the engine's record of the answers. The call
 * row, its times, status and links stay. Rows another run holds are skipped, not waited for.
 */
export async function removeOldCallContent(
  db: Queryable,
  workspaceId: string,
  before: Date,
  limit: number,
  at: Date,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH due AS (
       SELECT id FROM calls
        WHERE workspace_id = $1 AND content_removed_at IS NULL AND ended_at IS NOT NULL AND ended_at < $2
        ORDER BY ended_at LIMIT $3 FOR UPDATE SKIP LOCKED
     ), c AS (
       UPDATE calls SET summary = NULL, model_summary = NULL, lead_note = NULL, content_removed_at = $4,
                        state = ${SCRUBBED_STATE}
        WHERE workspace_id = $1 AND id IN (SELECT id FROM due)
       RETURNING id
     ), t AS (
       UPDATE call_turns SET text = '' WHERE workspace_id = $1 AND call_id IN (SELECT id FROM due) AND text <> ''
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM c)::int AS n, (SELECT count(*) FROM t)::int AS turns`,
    [workspaceId, before, limit, at],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Up to `limit` leads that went nowhere and have been quiet since `before`: not erased, not
 * merged into another (the survivor speaks for them), not converted, closed or without any
 * opportunity, and nothing about them (the lead itself, a call, an opportunity, a booking, a
 * message) has moved since.
 */
export async function findIdleLeads(
  db: Queryable,
  workspaceId: string,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT l.id FROM leads l
      WHERE l.workspace_id = $1 AND l.erased_at IS NULL AND l.merged_into IS NULL AND l.status <> 'converted'
        AND l.updated_at < $2
        AND (l.status = 'closed'
             OR NOT EXISTS (SELECT 1 FROM opportunities o WHERE o.workspace_id = $1 AND o.lead_id = l.id))
        AND NOT EXISTS (SELECT 1 FROM calls c WHERE c.workspace_id = $1 AND c.lead_id = l.id
                         AND (c.started_at >= $2 OR c.status = 'in_progress'))
        AND NOT EXISTS (SELECT 1 FROM opportunities o WHERE o.workspace_id = $1 AND o.lead_id = l.id
                         AND o.updated_at >= $2)
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.workspace_id = $1 AND b.lead_id = l.id
                         AND (b.updated_at >= $2 OR b.ends_at >= $2))
        AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.lead_id = l.id
                         AND m.created_at >= $2)
      ORDER BY l.updated_at, l.id LIMIT $3`,
    [workspaceId, before, limit],
  );
  return rows.map((r) => r.id);
}
