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

export interface ModelUsage {
  /** Requests and tokens this call has used. */
  callRequests: number;
  callTokens: number;
  /** Requests of the whole workspace since `since`. */
  workspaceRequests: number;
}

/** What a call and its workspace have used, for the caps: one query on two indexes. */
export async function readModelUsage(
  db: Queryable,
  workspaceId: string,
  callId: string,
  since: Date,
): Promise<ModelUsage> {
  const rows = await db.query<{ call_requests: number; call_tokens: number; workspace_requests: number }>(
    `SELECT
       (SELECT count(*)::int FROM model_calls WHERE workspace_id = $1 AND call_id = $2) AS call_requests,
       (SELECT coalesce(sum(prompt_tokens + completion_tokens), 0)::int FROM model_calls
         WHERE workspace_id = $1 AND call_id = $2) AS call_tokens,
       (SELECT count(*)::int FROM model_calls WHERE workspace_id = $1 AND created_at >= $3) AS workspace_requests`,
    [workspaceId, callId, since],
  );
  const r = rows[0];
  return {
    callRequests: r?.call_requests ?? 0,
    callTokens: r?.call_tokens ?? 0,
    workspaceRequests: r?.workspace_requests ?? 0,
  };
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
