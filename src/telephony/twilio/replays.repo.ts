import type { Queryable } from '../../db/client.js';

export interface ReplayKey {
  workspaceId: string;
  callId: string;
  token: string;
}

/** The TwiML kept for this request's token, or null when no turn has been taken for it. */
export async function findReplayAnswer(db: Queryable, key: ReplayKey): Promise<string | null> {
  const rows = await db.query<{ answer: string | null }>(
    'SELECT answer FROM twilio_replays WHERE workspace_id = $1 AND call_id = $2 AND token = $3',
    [key.workspaceId, key.callId, key.token],
  );
  return rows[0]?.answer ?? null;
}

/**
 * Keeps a turn's TwiML, in the turn's transaction. A row already there can only be a claim
 * without an answer, left by a version that claimed tokens before acting: it is taken over.
 */
export async function keepReplayAnswer(
  db: Queryable,
  key: ReplayKey,
  answer: string,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO twilio_replays (workspace_id, call_id, token, answer, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, call_id, token) DO UPDATE SET answer = EXCLUDED.answer, created_at = EXCLUDED.created_at`,
    [key.workspaceId, key.callId, key.token, answer, now],
  );
}

export async function pruneTwilioReplays(db: Queryable, before: Date): Promise<number> {
  return (await db.query('DELETE FROM twilio_replays WHERE created_at < $1 RETURNING 1', [before])).length;
}
