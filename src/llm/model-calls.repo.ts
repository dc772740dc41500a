import type { Queryable } from '../db/client.js';

export const MODEL_PURPOSES = ['turn', 'summary', 'audit'] as const;
export type ModelPurpose = (typeof MODEL_PURPOSES)[number];
export const MODEL_OUTCOMES = ['ok', 'timeout', 'error', 'rate_limited', 'invalid'] as const;

export interface ModelCallRow {
  workspace_id: string;
  id: string;
  call_id: string;
  purpose: ModelPurpose;
  outcome: (typeof MODEL_OUTCOMES)[number];
  latency_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: Date;
}

export async function insertModelCall(db: Queryable, row: ModelCallRow): Promise<void> {
  await db.query(
    `INSERT INTO model_calls (workspace_id, id, call_id, purpose, outcome, latency_ms, prompt_tokens,
       completion_tokens, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.workspace_id,
      row.id,
      row.call_id,
      row.purpose,
      row.outcome,
      row.latency_ms,
      row.prompt_tokens,
      row.completion_tokens,
      row.created_at,
    ],
  );
}

export interface Reservation {
  workspaceId: string;
  callId: string;
  now: Date;
  /** The workspace's requests a day: the lower of its own cap and the operator's. */
  dailyCap: number;
  /** The call's caps on requests and tokens. */
  callRequests: number;
  callTokens: number;
}

/**
 * Takes one request from the workspace's allowance for today (UTC), in one statement, unless the
 * call has used its requests or tokens, the workspace its day's requests, or a 429 paused the
 * workspace. The upsert locks the workspace's row, so concurrent requests are counted one after
 * another and never overshoot the cap. False: the rules work alone.
 */
export async function reserveModelRequest(db: Queryable, r: Reservation): Promise<boolean> {
  const rows = await db.query<{ requests: number }>(
    `WITH used AS (
       SELECT count(*) AS requests, coalesce(sum(prompt_tokens + completion_tokens), 0) AS tokens
         FROM model_calls WHERE workspace_id = $1 AND call_id = $2)
     INSERT INTO model_budgets AS b (workspace_id, day, requests)
     SELECT $1, $3::date, 1 FROM used WHERE used.requests < $5 AND used.tokens < $6
     ON CONFLICT (workspace_id) DO UPDATE
       SET requests = CASE WHEN b.day = EXCLUDED.day THEN b.requests + 1 ELSE 1 END, day = EXCLUDED.day
       WHERE (b.day <> EXCLUDED.day OR b.requests < $4) AND (b.paused_until IS NULL OR b.paused_until <= $7)
     RETURNING b.requests`,
    [
      r.workspaceId,
      r.callId,
      r.now.toISOString().slice(0, 10),
      r.dailyCap,
      r.callRequests,
      r.callTokens,
      r.now,
    ],
  );
  return rows.length > 0;
}

/** After a 429 answered to one of its calls: no request of this workspace before `until`. */
export async function pauseModel(db: Queryable, workspaceId: string, until: Date): Promise<void> {
  await db.query(
    `UPDATE model_budgets SET paused_until = GREATEST(coalesce(paused_until, $2), $2)
      WHERE workspace_id = $1`,
    [workspaceId, until],
  );
}

export async function listModelCalls(
  db: Queryable,
  workspaceId: string,
  callId: string,
): Promise<ModelCallRow[]> {
  return db.query<ModelCallRow>(
    'SELECT * FROM model_calls WHERE workspace_id = $1 AND call_id = $2 ORDER BY id',
    [workspaceId, callId],
  );
}
