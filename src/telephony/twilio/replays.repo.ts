import type { Queryable } from '../../db/client.js';

export interface ReplayKey {
  workspaceId: string;
  callId: string;
  token: string;
}

/** True when this request is the first with its token (it now owns the answer). */
export async function claimReplay(db: Queryable, key: ReplayKey, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO twilio_replays (workspace_id, call_id, token, answer, created_at) VALUES ($1, $2, $3, NULL, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [key.workspaceId, key.callId, key.token, now],
  );
  return rows.length === 1;
}

/** The first request's answer; null while it is still being worked out, undefined when unclaimed. */
export async function readReplayAnswer(db: Queryable, key: ReplayKey): Promise<string | null | undefined> {
  const rows = await db.query<{ answer: string | null }>(
    'SELECT answer FROM twilio_replays WHERE workspace_id = $1 AND call_id = $2 AND token = $3',
    [key.workspaceId, key.callId, key.token],
  );
  return rows.length === 0 ? undefined : (rows[0]?.answer ?? null);
}

export async function storeReplayAnswer(db: Queryable, key: ReplayKey, answer: string): Promise<void> {
  await db.query(
    'UPDATE twilio_replays SET answer = $4 WHERE workspace_id = $1 AND call_id = $2 AND token = $3',
    [key.workspaceId, key.callId, key.token, answer],
  );
}

/** Gives a claim up (its request failed), so the next try acts afresh. */
export async function releaseReplay(db: Queryable, key: ReplayKey): Promise<void> {
  await db.query('DELETE FROM twilio_replays WHERE workspace_id = $1 AND call_id = $2 AND token = $3', [
    key.workspaceId,
    key.callId,
    key.token,
  ]);
}

export async function pruneTwilioReplays(db: Queryable, before: Date): Promise<number> {
  return (await db.query('DELETE FROM twilio_replays WHERE created_at < $1 RETURNING 1', [before])).length;
}
