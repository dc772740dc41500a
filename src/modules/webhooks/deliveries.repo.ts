import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import type { EventType } from '../../events/catalogue.js';

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: EventType;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  created_at: Date;
}

export interface AttemptRow {
  id: string;
  started_at: Date;
  duration_ms: number;
  response_status: number | null;
  succeeded: boolean;
  error: string | null;
  response_body_start: string | null;
}

const COLUMNS = `id, endpoint_id, event_id, event_type, status, attempts, last_status, last_error,
  next_attempt_at, locked_until, created_at`;

export async function listDeliveries(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number; status: string | null },
): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_deliveries
      WHERE workspace_id = $1 AND endpoint_id = $2 AND ${afterId(page.order, 3, 'id', page.after)}
        AND ${optional(page.status, 4, 'text', 'status = $4')}
      ORDER BY id ${page.order} LIMIT $5`,
    [workspaceId, endpointId, page.after, page.status, page.limit + 1],
  );
}

export async function findDelivery(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const rows = await db.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_deliveries WHERE workspace_id = $1 AND endpoint_id = $2 AND id = $3`,
    [workspaceId, endpointId, id],
  );
  return rows[0] ?? null;
}

export async function listAttempts(
  db: Queryable,
  workspaceId: string,
  deliveryId: string,
): Promise<AttemptRow[]> {
  return db.query<AttemptRow>(
    `SELECT id, started_at, duration_ms, response_status, succeeded, error, response_body_start
       FROM webhook_attempts WHERE workspace_id = $1 AND delivery_id = $2 ORDER BY id`,
    [workspaceId, deliveryId],
  );
}

/**
 * Due now, pending again. A lease in force means an attempt is being sent right now; the
 * caller refuses that case rather than racing the worker's write of its outcome.
 */
export async function scheduleNow(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  id: string,
  now: Date,
): Promise<DeliveryRow | null> {
  const rows = await db.query<DeliveryRow>(
    `UPDATE webhook_deliveries
        SET status = 'pending', next_attempt_at = $4, updated_at = $4
      WHERE workspace_id = $1 AND endpoint_id = $2 AND id = $3
        AND NOT (status = 'pending' AND locked_until IS NOT NULL AND locked_until > $4)
      RETURNING ${COLUMNS}`,
    [workspaceId, endpointId, id, now],
  );
  return rows[0] ?? null;
}
