import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/permissions.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from './errors.js';
import { requestHook, sendHook } from './hooks.js';

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A claim with no answer after this long belongs to a request that can no longer finish (its
 * answer could not be stored: the database went away, the process died): a retry may act.
 * Requests time out after 30 s, so a live one is never taken over.
 */
export const ABANDONED_CLAIM_MS = 60_000;

interface StoredRow {
  method: string;
  path: string;
  body_hash: string;
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: Date;
}

function principalKey(p: Principal): string {
  return p.kind === 'key' ? `key:${p.keyId}` : `user:${p.userId}:${p.workspaceId}`;
}

function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(body === undefined ? '' : JSON.stringify(body))
    .digest('hex');
}

/**
 * Replay of POSTs (docs/api.md, Request ids and safe retries): the same X-Request-Id from the same credential within 24 h
 * answers the first response without acting again; a different body or path is 409.
 * A row is claimed before the handler runs, so two concurrent repeats cannot both act.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  app.decorateRequest('clientRequestId', false);
  app.decorateRequest('idempotencyRecord', null);

  // Only a POST with a client's X-Request-Id has anything to do here (src/http/hooks.ts).
  app.addHook(
    'preHandler',
    requestHook((request, reply) => {
      if (request.method !== 'POST' || !request.clientRequestId || !request.principal) return;
      return claimOrReplay(request, reply, request.principal, deps);
    }),
  );

  app.addHook(
    'onSend',
    sendHook((request, reply, payload) => {
      const record = request.idempotencyRecord;
      if (!record) return payload;
      request.idempotencyRecord = null;
      return storeAnswer(request, reply, payload, record, deps);
    }),
  );
}

async function claimOrReplay(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  deps: { db: Database; clock: Clock },
): Promise<FastifyReply | undefined> {
  const key = principalKey(principal);
  const path = request.url.split('?')[0] ?? request.url;
  const bodyHash = hashBody(request.body);
  const now = deps.clock.now();
  const claimed = await deps.db.query(
    `INSERT INTO idempotency_keys (principal, request_id, method, path, body_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (principal, request_id) DO UPDATE
         SET method = EXCLUDED.method, path = EXCLUDED.path, body_hash = EXCLUDED.body_hash,
             status_code = NULL, response_body = NULL, content_type = NULL, created_at = EXCLUDED.created_at
         WHERE idempotency_keys.created_at < $7
            OR (idempotency_keys.status_code IS NULL AND idempotency_keys.created_at < $8)
       RETURNING request_id`,
    [
      key,
      request.id,
      request.method,
      path,
      bodyHash,
      now,
      new Date(now.getTime() - REPLAY_WINDOW_MS),
      new Date(now.getTime() - ABANDONED_CLAIM_MS),
    ],
  );
  if (claimed.length > 0) {
    request.idempotencyRecord = { principal: key, requestId: request.id };
    return undefined;
  }
  const rows = await deps.db.query<StoredRow>(
    'SELECT method, path, body_hash, status_code, response_body, content_type, created_at FROM idempotency_keys WHERE principal = $1 AND request_id = $2',
    [key, request.id],
  );
  const row = rows[0];
  if (!row || row.path !== path || row.method !== request.method || row.body_hash !== bodyHash) {
    throw new ApiError(
      'idempotency_conflict',
      'This X-Request-Id was already used with a different request.',
    );
  }
  if (row.status_code === null) {
    throw new ApiError('idempotency_conflict', 'A request with this X-Request-Id is still in progress.');
  }
  return replay(reply, row);
}

async function storeAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  record: { principal: string; requestId: string },
  deps: { db: Database; clock: Clock },
): Promise<unknown> {
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    // A fault may be transient: free the id so the client's retry can act. If the database is
    // the fault, the claim is taken over once abandoned (ABANDONED_CLAIM_MS).
    await deps.db
      .query('DELETE FROM idempotency_keys WHERE principal = $1 AND request_id = $2', [
        record.principal,
        record.requestId,
      ])
      .catch(() => {});
    return payload;
  }
  const stored = redactSecrets(payload, request.routeOptions.config.secretFields ?? []);
  const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
  // The change is committed: its answer goes to the client even if the copy cannot be stored.
  await deps.db
    .query(
      'UPDATE idempotency_keys SET status_code = $3, response_body = $4, content_type = $5 WHERE principal = $1 AND request_id = $2',
      [record.principal, record.requestId, reply.statusCode, stored, contentType],
    )
    .catch((error: unknown) => request.log.warn({ err: error }, 'idempotent answer not stored'));
  return payload;
}

function replay(reply: FastifyReply, row: StoredRow): FastifyReply {
  return reply
    .code(row.status_code ?? 200)
    .header('Idempotent-Replayed', 'true')
    .header('content-type', row.content_type ?? 'application/json; charset=utf-8')
    .serializer((v: unknown) => String(v))
    .send(row.response_body ?? '');
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
