import type { Queryable } from '../db/client.js';
import { newId } from '../lib/ids.js';
import { callsEnded, eventsRecorded } from '../metrics/registry.js';
import type { EventType } from './catalogue.js';
import { DELIVERY_CHANNEL } from './delivery/wake.js';
import { LIVE_CHANNEL, type LiveNotice } from './live/notify.js';

export interface EventEnvelope {
  id: string;
  type: EventType;
  created_at: string;
  workspace_id: string;
  data: Record<string, unknown>;
}

/**
 * Writes an event in the caller's transaction, so a committed change always has its event
 * and a rolled-back one never does. `data` is the API object exactly as the API serialises it.
 * In the same transaction it queues one delivery per enabled endpoint subscribed to `type`.
 */
export async function recordEvent(
  tx: Queryable,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
  at: Date,
): Promise<EventEnvelope> {
  const event: EventEnvelope = {
    id: newId('evt', at.getTime()),
    type,
    created_at: at.toISOString(),
    workspace_id: workspaceId,
    data,
  };
  await tx.query(
    'INSERT INTO events (workspace_id, id, type, data, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [workspaceId, event.id, type, JSON.stringify(data), at],
  );
  await queueDeliveries(tx, event, at);
  await notifyLive(tx, { w: workspaceId, t: 'event', id: event.id });
  eventsRecorded.inc({ type });
  if (type === 'call.completed') callsEnded.inc({ status: String(data.status ?? 'unknown') });
  for (const observe of observers) observe(event);
  return event;
}

type EventObserver = (event: EventEnvelope) => void;
const observers: EventObserver[] = [];

/**
 * Calls `observer` with every event this process records (the process's log of calls ended,
 * transfers and bookings hangs on this). It runs inside the recording transaction, so it must
 * not throw; an event whose transaction then rolls back has been observed all the same.
 */
export function observeEvents(observer: EventObserver): () => void {
  observers.push(observer);
  return () => {
    const at = observers.indexOf(observer);
    if (at !== -1) observers.splice(at, 1);
  };
}

/**
 * FOR SHARE holds the subscribed endpoints until this transaction ends, so disabling or
 * deleting one either happens first (no delivery is queued) or waits and then stops the
 * delivery queued here; a delivery can never be left pending for a disabled endpoint.
 */
async function queueDeliveries(tx: Queryable, event: EventEnvelope, at: Date): Promise<void> {
  const endpoints = await tx.query<{ id: string }>(
    `SELECT id FROM webhook_endpoints
      WHERE workspace_id = $1 AND status = 'enabled' AND $2 = ANY(events)
      ORDER BY id FOR SHARE`,
    [event.workspace_id, event.type],
  );
  if (endpoints.length === 0) return;
  // Serialised once: the signature at every attempt covers exactly these bytes.
  const body = JSON.stringify(event);
  const ids = endpoints.map(() => newId('dlv', at.getTime()));
  await tx.query(
    `INSERT INTO webhook_deliveries
       (workspace_id, id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
     SELECT $1, d.id, d.endpoint_id, $4, $5, $6, 'pending', $7, $7, $7
       FROM unnest($2::text[], $3::text[]) AS d (id, endpoint_id)`,
    [event.workspace_id, ids, endpoints.map((e) => e.id), event.id, event.type, body, at],
  );
  await announceDeliveries(tx, event.workspace_id);
}

/**
 * A signed example event for one endpoint (POST /api/v1/webhooks/{id}/test): an `evt_test_` id
 * marks it, it goes to that endpoint only, it is delivered, retried and logged like any other,
 * and the event log leaves it out. Answers the delivery's id.
 */
export async function recordTestEvent(
  tx: Queryable,
  workspaceId: string,
  endpointId: string,
  type: EventType,
  data: Record<string, unknown>,
  at: Date,
): Promise<string> {
  const event: EventEnvelope = {
    id: newId('evt', at.getTime()).replace(/^evt_/, 'evt_test_'),
    type,
    created_at: at.toISOString(),
    workspace_id: workspaceId,
    data,
  };
  await tx.query(
    'INSERT INTO events (workspace_id, id, type, data, created_at, test) VALUES ($1, $2, $3, $4::jsonb, $5, true)',
    [workspaceId, event.id, type, JSON.stringify(data), at],
  );
  const deliveryId = newId('dlv', at.getTime());
  await tx.query(
    `INSERT INTO webhook_deliveries
       (workspace_id, id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $7)`,
    [workspaceId, deliveryId, endpointId, event.id, type, JSON.stringify(event), at],
  );
  await announceDeliveries(tx, workspaceId);
  return deliveryId;
}

/**
 * Wakes listening workers when deliveries become due. NOTIFY is delivered at commit, never
 * before, so a worker wakes as soon as the rows are visible and never for a rolled-back change.
 */
export async function announceDeliveries(tx: Queryable, workspaceId: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, workspaceId]);
}

/**
 * Tells live streams (GET /api/v1/events/stream) about a change. Raised in the caller's
 * transaction, so it is delivered at commit and never for a rollback, to every instance.
 */
export async function notifyLive(tx: Queryable, notice: LiveNotice): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(notice)]);
}
