import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/permissions.js';
import type { Database, Queryable } from '../db/client.js';
import { HeldTransaction } from '../db/held-transaction.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from './errors.js';
import { requestHook, sendHook } from './hooks.js';

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

interface StoredRow {
  method: string;
  path: string;
  body_hash: string;
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: Date;
}

interface Answer {
  status: number;
  body: string;
  contentType: string;
}

interface Claim {
  method: string;
  path: string;
  bodyHash: string;
  now: Date;
}

/**
 * A POST answered under a client's X-Request-Id. What its handler changes through `db` commits
 * in one transaction with the answer kept for replays, or not at all: a claim is never left
 * without its answer, so a retry never has to guess whether the first attempt acted.
 */
export class ReplayRecord {
  readonly held: HeldTransaction;
  readonly db: Database;
  /** The answer a concurrent request with the same id kept while this one was at work. */
  answered: StoredRow | null = null;

  constructor(
    readonly principal: string,
    readonly requestId: string,
    readonly claim: Claim,
    deps: { db: Database },
  ) {
    this.held = new HeldTransaction(deps.db, (tx) => this.take(tx));
    this.db = this.held.view();
  }

  /**
   * The transaction's first statement. A concurrent request with the same id that got here first
   * holds the row until its transaction ends (PostgreSQL releases it if that process dies), so
   * this waits for it, then replays its answer, or acts if it rolled back.
   */
  private async take(tx: Queryable): Promise<void> {
    const { claim } = this;
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (principal, request_id, method, path, body_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (principal, request_id) DO UPDATE
           SET method = EXCLUDED.method, path = EXCLUDED.path, body_hash = EXCLUDED.body_hash,
               status_code = NULL, response_body = NULL, content_type = NULL, created_at = EXCLUDED.created_at
           WHERE idempotency_keys.created_at < $7 OR idempotency_keys.status_code IS NULL
         RETURNING request_id`,
      [
        this.principal,
        this.requestId,
        claim.method,
        claim.path,
        claim.bodyHash,
        claim.now,
        windowStart(claim.now),
      ],
    );
    if (claimed.length > 0) return;
    const row = await findRecord(tx, this.principal, this.requestId);
    if (!row || !sameRequest(row, claim)) throw conflict();
    this.answered = row;
    // The error ends the handler; the answer sent in its place is the kept one (settle).
    throw new ApiError('idempotency_conflict', 'A request with this X-Request-Id was answered meanwhile.');
  }
}

/**
 * The database as a POST handler uses it (docs/api.md, Request ids and safe retries): for a POST
 * with the client's X-Request-Id, what the handler changes commits with the answer kept for
 * replays; otherwise, the database itself.
 */
export function dbFor(request: FastifyRequest, db: Database): Database {
  return request.idempotencyRecord?.db ?? db;
}

/** Records made before this are past their replay window, and are taken over. */
function windowStart(now: Date): Date {
  return new Date(now.getTime() - REPLAY_WINDOW_MS);
}

/** `deps` with the database as a POST handler uses it (dbFor). */
export function depsFor<T extends { db: Database }>(request: FastifyRequest, deps: T): T {
  const db = dbFor(request, deps.db);
  return db === deps.db ? deps : { ...deps, db };
}

function principalKey(p: Principal): string {
  return p.kind === 'key' ? `key:${p.keyId}` : `user:${p.userId}:${p.workspaceId}`;
}

function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(body === undefined ? '' : JSON.stringify(body))
    .digest('hex');
}

function sameRequest(row: StoredRow, claim: Claim): boolean {
  return row.path === claim.path && row.method === claim.method && row.body_hash === claim.bodyHash;
}

function conflict(): ApiError {
  return new ApiError('idempotency_conflict', 'This X-Request-Id was already used with a different request.');
}

async function findRecord(
  db: Queryable,
  principal: string,
  requestId: string,
): Promise<StoredRow | undefined> {
  const rows = await db.query<StoredRow>(
    'SELECT method, path, body_hash, status_code, response_body, content_type, created_at FROM idempotency_keys WHERE principal = $1 AND request_id = $2',
    [principal, requestId],
  );
  return rows[0];
}

/**
 * Replay of POSTs (docs/api.md, Request ids and safe retries): the same X-Request-Id from the same
 * credential within 24 h answers the first response without acting again; a different body or
 * path is 409. The answer is kept in the transaction of the change it reports (ReplayRecord).
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  app.decorateRequest('clientRequestId', false);
  app.decorateRequest('idempotencyRecord', null);

  // Only a POST with a client's X-Request-Id has anything to do here (src/http/hooks.ts).
  app.addHook(
    'preHandler',
    requestHook((request, reply) => {
      if (request.method !== 'POST' || !request.clientRequestId || !request.principal) return;
      return replayOrRecord(request, reply, request.principal, deps);
    }),
  );

  app.addHook(
    'onSend',
    sendHook((request, reply, payload) => {
      const record = request.idempotencyRecord;
      if (!record) return payload;
      request.idempotencyRecord = null;
      return settle(request, reply, payload, record, deps);
    }),
  );
}

async function replayOrRecord(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  deps: { db: Database; clock: Clock },
): Promise<FastifyReply | undefined> {
  const key = principalKey(principal);
  const now = deps.clock.now();
  const claim: Claim = {
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    bodyHash: hashBody(request.body),
    now,
  };
  const row = await findRecord(deps.db, key, request.id);
  const live = row && row.created_at >= windowStart(now) ? row : undefined;
  if (live && !sameRequest(live, claim)) throw conflict();
  if (live?.status_code != null) return replay(reply, live);
  request.idempotencyRecord = new ReplayRecord(key, request.id, claim, deps);
  return undefined;
}

/**
 * The answer is leaving: it is kept and the handler's change committed, together. A 5xx keeps
 * nothing and rolls the change back, so the client's retry acts afresh. If the commit fails the
 * client gets the error instead of an answer for a change that did not happen.
 */
async function settle(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  record: ReplayRecord,
  deps: { db: Database },
): Promise<unknown> {
  if (record.answered) {
    await record.held.abandon();
    return replayInto(reply, record.answered);
  }
  if (reply.statusCode >= 500) {
    await record.held.abandon();
    return payload;
  }
  // An answer without a body (204) has nothing worth keeping; its change commits all the same.
  if (typeof payload !== 'string') {
    await record.held.finish(async () => {});
    return payload;
  }
  const answer: Answer = {
    status: reply.statusCode,
    body: redactSecrets(payload, request.routeOptions.config.secretFields ?? []),
    contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
  };
  const kept = await record.held.finish((tx) => keepAnswer(tx, record, answer));
  // The handler changed nothing in a transaction: the answer is kept on its own.
  if (!kept) {
    await keepAnswerAlone(deps.db, record, answer).catch((error: unknown) =>
      request.log.warn({ err: error }, 'idempotent answer not stored'),
    );
  }
  return payload;
}

async function keepAnswer(tx: Queryable, record: ReplayRecord, answer: Answer): Promise<void> {
  await tx.query(
    'UPDATE idempotency_keys SET status_code = $3, response_body = $4, content_type = $5 WHERE principal = $1 AND request_id = $2',
    [record.principal, record.requestId, answer.status, answer.body, answer.contentType],
  );
}

async function keepAnswerAlone(db: Queryable, record: ReplayRecord, answer: Answer): Promise<void> {
  const { claim } = record;
  await db.query(
    `INSERT INTO idempotency_keys
       (principal, request_id, method, path, body_hash, created_at, status_code, response_body, content_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (principal, request_id) DO UPDATE
         SET method = EXCLUDED.method, path = EXCLUDED.path, body_hash = EXCLUDED.body_hash,
             status_code = EXCLUDED.status_code, response_body = EXCLUDED.response_body,
             content_type = EXCLUDED.content_type, created_at = EXCLUDED.created_at
         WHERE idempotency_keys.created_at < $10 OR idempotency_keys.status_code IS NULL`,
    [
      record.principal,
      record.requestId,
      claim.method,
      claim.path,
      claim.bodyHash,
      claim.now,
      answer.status,
      answer.body,
      answer.contentType,
      windowStart(claim.now),
    ],
  );
}

function replay(reply: FastifyReply, row: StoredRow): FastifyReply {
  return reply.serializer((v: unknown) => String(v)).send(replayInto(reply, row));
}

/** Sets the kept answer's status and headers on `reply`; answers its body. */
function replayInto(reply: FastifyReply, row: StoredRow): string {
  reply
    .code(row.status_code ?? 200)
    .header('Idempotent-Replayed', 'true')
    .header('content-type', row.content_type ?? 'application/json; charset=utf-8');
  return row.response_body ?? '';
}

/** A secret is shown once: the copy kept for replays has it removed. */
function redactSecrets(payload: string, fields: readonly string[]): string {
  if (fields.length === 0) return payload;
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    for (const f of fields) delete value[f];
    return JSON.stringify(value);
  } catch {
    return payload;
  }
}

export function markClientRequestId(request: FastifyRequest, clientSent: boolean): void {
  request.clientRequestId = clientSent;
}

/** Deletes replay records past their 24 h window; answers how many. */
export async function pruneReplayRecords(db: Database, now: Date): Promise<number> {
  const rows = await db.query('DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1', [
    new Date(now.getTime() - REPLAY_WINDOW_MS),
  ]);
  return rows.length;
}
