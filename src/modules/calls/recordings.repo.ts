import type { Queryable } from '../../db/client.js';
import type { CallRow, RecordingStatus } from './calls.repo.js';

// A call's recording, kept on its row (migration 0026; docs/privacy.md, "Call recordings").

/**
 * Claims the call's request to Twilio: at most one instance asks at a time, and a claim left by
 * an instance that died expires after `staleBefore`. Answers the attempt's number and the
 * carrier's CallSid, or null when there is nothing to ask (started, deleted, failed, or claimed).
 */
export async function claimRecordingRequest(
  db: Queryable,
  workspaceId: string,
  callId: string,
  now: Date,
  staleBefore: Date,
): Promise<{ attempts: number; call_sid: string } | null> {
  const rows = await db.query<{ attempts: number; call_sid: string | null }>(
    `UPDATE calls SET recording_attempts = recording_attempts + 1, recording_attempted_at = $3
      WHERE workspace_id = $1 AND id = $2 AND recording_status = 'requested' AND recording_sid IS NULL
        AND (recording_attempted_at IS NULL OR recording_attempted_at < $4)
      RETURNING recording_attempts AS attempts, provider_call_id AS call_sid`,
    [workspaceId, callId, now, staleBefore],
  );
  const row = rows[0];
  return row && row.call_sid !== null ? { attempts: row.attempts, call_sid: row.call_sid } : null;
}

/** Twilio took the request: the recording's id, and when it began if Twilio said. */
export async function saveRecordingStarted(
  db: Queryable,
  workspaceId: string,
  callId: string,
  sid: string,
  startedAt: Date | null,
): Promise<RecordingStatus | null> {
  const rows = await db.query<{ recording_status: RecordingStatus | null }>(
    `UPDATE calls SET recording_sid = coalesce(recording_sid, $3),
            recording_status = CASE WHEN recording_status = 'requested' THEN 'in_progress' ELSE recording_status END,
            recording_started_at = coalesce(recording_started_at, $4), recording_error = NULL
      WHERE workspace_id = $1 AND id = $2 RETURNING recording_status`,
    [workspaceId, callId, sid, startedAt],
  );
  return rows[0]?.recording_status ?? null;
}

/** A request Twilio refused or did not answer; `final`: no more tries, the recording failed. */
export async function saveRecordingRequestFailed(
  db: Queryable,
  workspaceId: string,
  callId: string,
  reason: string,
  final: boolean,
): Promise<void> {
  await db.query(
    `UPDATE calls SET recording_error = $3,
            recording_status = CASE WHEN $4 THEN 'failed' ELSE recording_status END,
            recording_attempted_at = CASE WHEN $4 THEN recording_attempted_at ELSE NULL END
      WHERE workspace_id = $1 AND id = $2 AND recording_status = 'requested' AND recording_sid IS NULL`,
    [workspaceId, callId, reason, final],
  );
}

/**
 * Requests an instance may have left unasked: still requested, no claim or an expired one, of a
 * call that started since `since`. The oldest first.
 */
export function findUnstartedRecordings(
  db: Queryable,
  since: Date,
  staleBefore: Date,
  limit: number,
): Promise<{ workspace_id: string; id: string }[]> {
  return db.query(
    `SELECT workspace_id, id FROM calls
      WHERE recording_status = 'requested' AND recording_sid IS NULL AND started_at >= $1
        AND (recording_attempted_at IS NULL OR recording_attempted_at < $2)
      ORDER BY started_at LIMIT $3`,
    [since, staleBefore, limit],
  );
}

/** Requests asked too long ago to be worth asking again: failed, with the reason. */
export async function failAbandonedRequests(db: Queryable, before: Date, reason: string): Promise<number> {
  const rows = await db.query(
    `UPDATE calls SET recording_status = 'failed', recording_error = coalesce(recording_error, $2)
      WHERE recording_status = 'requested' AND recording_sid IS NULL AND started_at < $1
      RETURNING id`,
    [before, reason],
  );
  return rows.length;
}

/** The call locked, for a change of its recording. */
export async function lockRecordingCall(
  db: Queryable,
  workspaceId: string,
  callId: string,
): Promise<CallRow | null> {
  const rows = await db.query<CallRow>('SELECT * FROM calls WHERE workspace_id = $1 AND id = $2 FOR UPDATE', [
    workspaceId,
    callId,
  ]);
  return rows[0] ?? null;
}

export interface RecordingReport {
  sid: string;
  status: RecordingStatus;
  channels: number | null;
  durationSeconds: number | null;
  startedAt: Date | null;
  error: string | null;
}

/** What Twilio's callback said, on the locked row: fields it left out keep what is known. */
export async function saveRecordingReport(
  db: Queryable,
  workspaceId: string,
  callId: string,
  report: RecordingReport,
  at: Date,
): Promise<CallRow | null> {
  const rows = await db.query<CallRow>(
    `UPDATE calls SET recording_sid = $3,
            recording_status = CASE WHEN recording_status = 'deleted' THEN 'deleted' ELSE $4 END,
            recording_channels = coalesce($5, recording_channels),
            recording_duration_seconds = coalesce($6, recording_duration_seconds),
            recording_started_at = coalesce($7, recording_started_at),
            recording_error = $8, updated_at = $9
      WHERE workspace_id = $1 AND id = $2 RETURNING *`,
    [
      workspaceId,
      callId,
      report.sid,
      report.status,
      report.channels,
      report.durationSeconds,
      report.startedAt,
      report.error,
      at,
    ],
  );
  return rows[0] ?? null;
}

/**
 * Marks recordings deleted here, so they can no longer be played: the calls named, or (calls
 * null) up to `limit` of the workspace's calls that started before `before`. Only recordings
 * that may hold audio (requested, in progress, completed); Twilio's copy goes next (purge).
 */
export async function markRecordingsDeleted(
  db: Queryable,
  workspaceId: string,
  target: { callIds: readonly string[] } | { before: Date; limit: number },
  at: Date,
): Promise<string[]> {
  const byIds = 'callIds' in target;
  const rows = await db.query<{ id: string }>(
    `WITH due AS (
       SELECT id FROM calls
        WHERE workspace_id = $1 AND recording_status IN ('requested', 'in_progress', 'completed')
          AND ${byIds ? 'id = ANY($2::text[])' : 'started_at < $2'}
        ORDER BY started_at LIMIT $4 FOR UPDATE SKIP LOCKED
     )
     UPDATE calls SET recording_status = 'deleted', recording_deleted_at = $3, updated_at = $3
      WHERE workspace_id = $1 AND id IN (SELECT id FROM due)
     RETURNING id`,
    [
      workspaceId,
      byIds ? [...target.callIds] : target.before,
      at,
      byIds ? target.callIds.length : target.limit,
    ],
  );
  return rows.map((r) => r.id);
}

/** Recordings deleted here and still at Twilio (their id known, not yet confirmed gone). */
export function findUnpurgedRecordings(
  db: Queryable,
  workspaceId: string | null,
  limit: number,
): Promise<{ workspace_id: string; id: string; recording_sid: string }[]> {
  return db.query(
    `SELECT workspace_id, id, recording_sid FROM calls
      WHERE recording_status = 'deleted' AND recording_purged_at IS NULL AND recording_sid IS NOT NULL
        AND ($1::text IS NULL OR workspace_id = $1)
      ORDER BY started_at LIMIT $2`,
    [workspaceId, limit],
  );
}

export async function markRecordingPurged(
  db: Queryable,
  workspaceId: string,
  callId: string,
  sid: string,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE calls SET recording_purged_at = $4, recording_error = NULL
      WHERE workspace_id = $1 AND id = $2 AND recording_sid = $3`,
    [workspaceId, callId, sid, at],
  );
}

export async function saveRecordingPurgeFailed(
  db: Queryable,
  workspaceId: string,
  callId: string,
  reason: string,
): Promise<void> {
  await db.query('UPDATE calls SET recording_error = $3 WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    callId,
    reason,
  ]);
}
