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
  /** Sends this worker has room for. */
  limit: number;
  leaseMs: number;
  perEndpoint: number;
  /** Sends this worker already has in flight, per endpoint. */
  busy: ReadonlyMap<string, number>;
}

export interface ClaimResult {
  claimed: ClaimedDelivery[];
  /** More deliveries were due than were claimed: claim again as soon as a send ends. */
  more: boolean;
}

/**
 * Locks due deliveries with SKIP LOCKED (other workers skip them instead of waiting), keeps
 * at most `perEndpoint` in flight per endpoint so one slow endpoint cannot take every send,
 * and leases the chosen ones. A lease that expires (the worker died mid-send) makes the
 * delivery due again: at least once, nothing lost.
 *
 * One statement, so a claim costs one round trip: the rows locked by `candidates` stay locked
 * until it ends, as they would in a transaction. `ranked` numbers each endpoint's candidates
 * after what this worker already has in flight there, in due order; `chosen` keeps those within
 * the endpoint's limit, the earliest due first.
 */
export async function claimDueDeliveries(db: Database, req: ClaimRequest): Promise<ClaimResult> {
  if (req.limit <= 0) return { claimed: [], more: false };
  const saturated = [...req.busy].filter(([, n]) => n >= req.perEndpoint).map(([id]) => id);
  const window = Math.min(req.limit * 4, 200);
  const rows = await db.query<ClaimedDelivery & { candidates: number; chosen: number }>(
    `WITH candidates AS (
       SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= $1
          AND (d.locked_until IS NULL OR d.locked_until <= $1)
          AND d.endpoint_id <> ALL($2::text[])
        ORDER BY d.next_attempt_at, d.id
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     ), ranked AS (
       SELECT c.id, c.next_attempt_at,
              COALESCE(b.n, 0) + row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.id) AS in_flight
         FROM candidates c
         LEFT JOIN unnest($4::text[], $5::int[]) AS b(endpoint_id, n) ON b.endpoint_id = c.endpoint_id
     ), chosen AS (
       SELECT id FROM ranked WHERE in_flight <= $6 ORDER BY next_attempt_at, id LIMIT $7
     )
     UPDATE webhook_deliveries d
        SET locked_until = $8, lease_token = $9, attempts = d.attempts + 1,
            first_attempt_at = COALESCE(d.first_attempt_at, $10), updated_at = $10
       FROM chosen, webhook_endpoints e
      WHERE d.id = chosen.id AND e.id = d.endpoint_id AND e.status = 'enabled'
      RETURNING d.id, d.workspace_id, d.endpoint_id, d.event_id, d.body, d.attempts,
                d.first_attempt_at, e.url, e.secret_ciphertext, d.lease_token,
                (SELECT count(*) FROM candidates)::int AS candidates,
                (SELECT count(*) FROM chosen)::int AS chosen`,
    [
      req.now,
      saturated,
      window,
      [...req.busy.keys()],
      [...req.busy.values()],
      req.perEndpoint,
      req.limit,
      new Date(req.now.getTime() + req.leaseMs),
      randomBytes(12).toString('base64url'),
      req.now,
    ],
  );
  const first = rows[0];
  // Nothing claimed: whether more was due does not matter, the caller waits for a wake or the poll.
  if (!first) return { claimed: [], more: false };
  const more = first.candidates > first.chosen || first.candidates === window;
  return { claimed: rows.map(({ candidates: _c, chosen: _n, ...claim }) => claim), more };
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

/** One finished attempt and what it decided, for `recordAttempts`. */
export interface FinishedAttempt {
  claim: ClaimedDelivery;
  attempt: AttemptRecord;
  outcome: DeliveryOutcome;
}

/**
 * Records one attempt and its outcome. Only the holder of the lease changes the delivery; the
 * attempt row is kept either way. A 410 also disables the endpoint, in the same transaction.
 */
export async function recordAttempt(
  db: Database,
  claim: ClaimedDelivery,
  attempt: AttemptRecord,
  outcome: DeliveryOutcome,
): Promise<{ leaseHeld: boolean }> {
  if (outcome.kind !== 'gone') {
    const [held] = await recordAttempts(db, [{ claim, attempt, outcome }]);
    return { leaseHeld: held ?? false };
  }
  return db.transaction(async (tx) => {
    const [held] = await recordAttempts(tx, [{ claim, attempt, outcome }]);
    await disableEndpoint(tx, claim.endpoint_id, outcome.reason, attempt.finishedAt);
    return { leaseHeld: held ?? false };
  });
}

/**
 * Records several attempts and their outcomes in one statement (one round trip however many),
 * each as `recordAttempt` would; answers, in order, whether each one's lease was still held.
 * A delivery stopped meanwhile (endpoint disabled) stays stopped unless its attempt got through.
 */
export async function recordAttempts(
  db: Queryable,
  finished: readonly FinishedAttempt[],
): Promise<boolean[]> {
  if (finished.length === 0) return [];
  const column = <T>(pick: (f: FinishedAttempt) => T): T[] => finished.map(pick);
  // Times travel as ISO strings, which both database drivers pass through unchanged in arrays.
  const rows = await db.query<{ id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::text[],
                            $7::timestamptz[], $8::text[], $9::timestamptz[], $10::int[], $11::text[], $12::boolean[])
         AS i(id, lease_token, next, next_at, status, error, finished_at, attempt_id, started_at,
              duration_ms, body_start, succeeded)
     ), attempt AS (
       INSERT INTO webhook_attempts
         (workspace_id, id, delivery_id, started_at, duration_ms, response_status, error, response_body_start, succeeded)
       SELECT d.workspace_id, i.attempt_id, d.id, i.started_at, i.duration_ms, i.status, i.error, i.body_start, i.succeeded
         FROM input i JOIN webhook_deliveries d ON d.id = i.id
     )
     UPDATE webhook_deliveries d
        SET status = CASE WHEN i.next = 'succeeded' THEN 'succeeded' WHEN d.status = 'pending' THEN i.next ELSE d.status END,
            next_attempt_at = CASE WHEN i.next = 'pending' AND d.status = 'pending' THEN i.next_at ELSE NULL END,
            last_status = i.status, last_error = i.error, locked_until = NULL, lease_token = NULL,
            updated_at = i.finished_at
       FROM input i
      WHERE d.id = i.id AND d.lease_token = i.lease_token
      RETURNING d.id`,
    [
      column((f) => f.claim.id),
      column((f) => f.claim.lease_token),
      column(({ outcome: o }) =>
        o.kind === 'retry' ? 'pending' : o.kind === 'succeeded' ? 'succeeded' : 'failed',
      ),
      column(({ outcome: o }) => (o.kind === 'retry' ? o.at.toISOString() : null)),
      column((f) => f.attempt.status),
      column((f) => f.attempt.error),
      column((f) => f.attempt.finishedAt.toISOString()),
      column((f) => newId('att', f.attempt.startedAt.getTime())),
      column((f) => f.attempt.startedAt.toISOString()),
      column((f) => f.attempt.durationMs),
      column((f) => f.attempt.responseBodyStart.slice(0, BODY_START_CHARS)),
      column((f) => f.attempt.succeeded),
    ],
  );
  const held = new Set(rows.map((r) => r.id));
  return finished.map((f) => held.has(f.claim.id));
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
