import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';

// The worker's queries. Claims are short transactions that only set a lease and commit; the
// send happens outside any transaction; the outcome is written in a second short one.

export interface ClaimedDelivery {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  /** Attempts made so far, the one being claimed included. */
  attempts: number;
  first_attempt_at: Date;
  url: string;
  secret_ciphertext: string;
  lease_token: string;
}

export interface ClaimRequest {
  now: Date;
  /** Free send slots in this worker. */
  limit: number;
  leaseMs: number;
  perEndpoint: number;
  /** Sends this worker already has in flight, per endpoint. */
  busy: ReadonlyMap<string, number>;
}

export interface ClaimResult {
  claimed: ClaimedDelivery[];
  /** More deliveries were due than were claimed: claim again as soon as a slot frees. */
  more: boolean;
}

/**
 * Locks due deliveries with SKIP LOCKED (other workers skip them instead of waiting), keeps
 * at most `perEndpoint` in flight per endpoint so one slow endpoint cannot take every slot,
 * and leases the chosen ones. A lease that expires (the worker died mid-send) makes the
 * delivery due again: at least once, nothing lost.
 */
export async function claimDueDeliveries(db: Database, req: ClaimRequest): Promise<ClaimResult> {
  const saturated = [...req.busy].filter(([, n]) => n >= req.perEndpoint).map(([id]) => id);
  const window = Math.min(req.limit * 4, 200);
  return db.transaction(async (tx) => {
    const candidates = await tx.query<{ id: string; endpoint_id: string }>(
      `SELECT d.id, d.endpoint_id FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= $1
          AND (d.locked_until IS NULL OR d.locked_until <= $1)
          AND d.endpoint_id <> ALL($2::text[])
        ORDER BY d.next_attempt_at, d.id
        LIMIT $3
        FOR UPDATE SKIP LOCKED`,
      [req.now, saturated, window],
    );
    const taken = new Map<string, number>();
    const chosen: string[] = [];
    for (const c of candidates) {
      if (chosen.length >= req.limit) break;
      const inUse = (req.busy.get(c.endpoint_id) ?? 0) + (taken.get(c.endpoint_id) ?? 0);
      if (inUse >= req.perEndpoint) continue;
      taken.set(c.endpoint_id, (taken.get(c.endpoint_id) ?? 0) + 1);
      chosen.push(c.id);
    }
    const more = candidates.length > chosen.length || candidates.length === window;
    if (chosen.length === 0) return { claimed: [], more };
    const token = randomBytes(12).toString('base64url');
    const claimed = await tx.query<ClaimedDelivery>(
      `UPDATE webhook_deliveries d
          SET locked_until = $2, lease_token = $3, attempts = d.attempts + 1,
              first_attempt_at = COALESCE(d.first_attempt_at, $4), updated_at = $4
         FROM webhook_endpoints e
        WHERE d.id = ANY($1::text[]) AND e.id = d.endpoint_id AND e.status = 'enabled'
        RETURNING d.id, d.workspace_id, d.endpoint_id, d.event_id, d.body, d.attempts,
                  d.first_attempt_at, e.url, e.secret_ciphertext, d.lease_token`,
      [chosen, new Date(req.now.getTime() + req.leaseMs), token, req.now],
    );
    return { claimed, more };
  });
}

export type DeliveryOutcome =
  | { kind: 'succeeded' }
  | { kind: 'retry'; at: Date }
  | { kind: 'failed' }
  /** 410 Gone: the delivery fails and the endpoint is disabled with its pending deliveries. */
  | { kind: 'gone'; reason: string };

export interface AttemptRecord {
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  status: number | null;
  error: string | null;
  responseBodyStart: string;
  succeeded: boolean;
}

const BODY_START_CHARS = 1024;

/**
 * Records one attempt and its outcome in one statement (the common path costs one round trip).
 * Only the holder of the lease changes the delivery; the attempt row is kept either way.
 */
export async function recordAttempt(
  db: Database,
  claim: ClaimedDelivery,
  attempt: AttemptRecord,
  outcome: DeliveryOutcome,
): Promise<{ leaseHeld: boolean }> {
  if (outcome.kind !== 'gone') return writeAttempt(db, claim, attempt, outcome);
  return db.transaction(async (tx) => {
    const written = await writeAttempt(tx, claim, attempt, outcome);
    await disableEndpoint(tx, claim.endpoint_id, outcome.reason, attempt.finishedAt);
    return written;
  });
}

async function writeAttempt(
  db: Queryable,
  claim: ClaimedDelivery,
  attempt: AttemptRecord,
  outcome: DeliveryOutcome,
): Promise<{ leaseHeld: boolean }> {
  const next = outcome.kind === 'retry' ? 'pending' : outcome.kind === 'succeeded' ? 'succeeded' : 'failed';
  // A delivery stopped meanwhile (endpoint disabled) stays stopped unless this attempt got through.
  const rows = await db.query(
    `WITH attempt AS (
       INSERT INTO webhook_attempts
         (workspace_id, id, delivery_id, started_at, duration_ms, response_status, error, response_body_start, succeeded)
       SELECT workspace_id, $8, id, $9, $10, $5, $6, $11, $12 FROM webhook_deliveries WHERE id = $1
     )
     UPDATE webhook_deliveries
        SET status = CASE WHEN $3 = 'succeeded' THEN 'succeeded' WHEN status = 'pending' THEN $3 ELSE status END,
            next_attempt_at = CASE WHEN $3 = 'pending' AND status = 'pending' THEN $4::timestamptz ELSE NULL END,
            last_status = $5, last_error = $6, locked_until = NULL, lease_token = NULL, updated_at = $7
      WHERE id = $1 AND lease_token = $2
      RETURNING id`,
    [
      claim.id,
      claim.lease_token,
      next,
      outcome.kind === 'retry' ? outcome.at : null,
      attempt.status,
      attempt.error,
      attempt.finishedAt,
      newId('att', attempt.startedAt.getTime()),
      attempt.startedAt,
      attempt.durationMs,
      attempt.responseBodyStart.slice(0, BODY_START_CHARS),
      attempt.succeeded,
    ],
  );
  return { leaseHeld: rows.length > 0 };
}

async function disableEndpoint(tx: Queryable, endpointId: string, reason: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $2, updated_at = $3
      WHERE id = $1 AND status = 'enabled'`,
    [endpointId, reason, at],
  );
  await stopPendingDeliveries(tx, endpointId, `stopped: ${reason}`, at);
}

/** A disabled or deleted endpoint sends nothing more: its pending deliveries become failed. */
export async function stopPendingDeliveries(
  tx: Queryable,
  endpointId: string,
  reason: string,
  at: Date,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE webhook_deliveries
        SET status = 'failed', next_attempt_at = NULL, last_error = $2, updated_at = $3
      WHERE endpoint_id = $1 AND status = 'pending'
      RETURNING id`,
    [endpointId, reason, at],
  );
  return rows.length;
}

/** Hands unfinished claims back at shutdown, so another worker sends them now, not in 60 s. */
export async function releaseLeases(db: Database, claims: readonly ClaimedDelivery[]): Promise<void> {
  for (const c of claims) {
    await db.query(
      'UPDATE webhook_deliveries SET locked_until = NULL, lease_token = NULL WHERE id = $1 AND lease_token = $2',
      [c.id, c.lease_token],
    );
  }
}

/** Deliveries waiting in every workspace, and those due by `now`, for metrics. */
export async function countPendingDeliveries(
  db: Queryable,
  now: Date,
): Promise<{ pending: number; due: number }> {
  const rows = await db.query<{ pending: number; due: number }>(
    `SELECT count(*)::int AS pending, count(*) FILTER (WHERE next_attempt_at <= $1)::int AS due
       FROM webhook_deliveries WHERE status = 'pending'`,
    [now],
  );
  return { pending: rows[0]?.pending ?? 0, due: rows[0]?.due ?? 0 };
}
