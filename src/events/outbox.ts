import type { Queryable } from '../db/client.js';
import { newId } from '../lib/ids.js';
import { callsEnded, eventsRecorded } from '../metrics/registry.js';
import type { EventCause } from '../notifications/planner.js';
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
 * In the same transaction it queues one delivery per enabled endpoint subscribed to `type`, and
 * the messages the event causes (docs/notifications.md); `cause` says what the event cannot,
 * such as a booking cancelled by the seller's text.
 */
export async function recordEvent(
  tx: Queryable,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
  at: Date,
  cause?: EventCause,
): Promise<EventEnvelope> {
  const event: EventEnvelope = {
    id: newId('evt', at.getTime()),
    type,
    created_at: at.toISOString(),
    workspace_id: workspaceId,
    data,
  };
  if (!planMessages)
    throw new Error('recordEvent: no message planner; the composition root sets it (src/wiring.ts)');
  await insertEventAndDeliveries(tx, event, at);
  await planMessages(tx, event, at, cause);
  eventsRecorded.inc({ type });
  if (type === 'call.completed') callsEnded.inc({ status: String(data.status ?? 'unknown') });
  for (const observe of observers) observe(event);
  return event;
}

/** Queues the messages an event causes, in its transaction (docs/notifications.md). */
export type MessagePlanner = (
  tx: Queryable,
  event: EventEnvelope,
  at: Date,
  cause?: EventCause,
) => Promise<void>;

let planMessages: MessagePlanner | null = null;

/**
 * Gives the outbox the notifications planner. The planner reads the records the features own,
 * and the features record events, so the outbox cannot import it; the composition root hands it
 * in once per process (src/wiring.ts; docs/architecture.md, "Layers").
 */
export function planMessagesWith(planner: MessagePlanner): void {
  planMessages = planner;
}

/** Deliveries queued by the event's own statement; an event for more endpoints queues the rest in a second. */
const DELIVERIES_AT_ONCE = 4;

/**
 * One statement, as most changes that record an event are a turn of a call and each statement
 * is a round trip: the event, its deliveries, the wake-up of the delivery workers when there
 * are any, and the live stream's notice. FOR SHARE holds the subscribed endpoints until this
 * transaction ends, so disabling or deleting one either happens first (no delivery is queued)
 * or waits and then stops the delivery queued here; a delivery can never be left pending for a
 * disabled endpoint. The body is serialised once (the signature at every attempt covers
 * exactly these bytes) from the same text as the event's data: it is JSON.stringify(event).
 */
async function insertEventAndDeliveries(tx: Queryable, event: EventEnvelope, at: Date): Promise<void> {
  const dataJson = JSON.stringify(event.data);
  const { data: _data, ...head } = event;
  const bodyHead = `${JSON.stringify(head).slice(0, -1)},"data":`;
  const ids = Array.from({ length: DELIVERIES_AT_ONCE }, () => newId('dlv', at.getTime()));
  const notice: LiveNotice = { w: event.workspace_id, t: 'event', id: event.id };
  const rows = await tx.query<{ queued: number; more: string[] | null }>(
    `WITH added AS (
       INSERT INTO events (workspace_id, id, type, data, created_at) VALUES ($1, $2, $3, $4::text::jsonb, $5)
     ), subscribed AS (
       SELECT id FROM webhook_endpoints
        WHERE workspace_id = $1 AND status = 'enabled' AND $3 = ANY(events)
        ORDER BY id FOR SHARE
     ), numbered AS (
       SELECT id, row_number() OVER (ORDER BY id) AS n FROM subscribed
     ), queued AS (
       INSERT INTO webhook_deliveries
         (workspace_id, id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
       SELECT $1, ($6::text[])[n], id, $2, $3, $7::text || $4::text || '}', 'pending', $5, $5, $5
         FROM numbered WHERE n <= cardinality($6::text[])
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM queued)::int AS queued,
            (SELECT array_agg(id ORDER BY n) FROM numbered WHERE n > cardinality($6::text[])) AS more,
            (SELECT count(*) FROM (SELECT pg_notify($8, $1::text) WHERE EXISTS (SELECT 1 FROM queued)) w)::int AS woken,
            pg_notify($9, $10::text) AS live`,
    [
      event.workspace_id,
      event.id,
      event.type,
      dataJson,
      at,
      ids,
      bodyHead,
      DELIVERY_CHANNEL,
      LIVE_CHANNEL,
      JSON.stringify(notice),
    ],
  );
  const more = rows[0]?.more ?? [];
  if (more.length > 0) await queueMoreDeliveries(tx, event, `${bodyHead}${dataJson}}`, more, at);
}

async function queueMoreDeliveries(
  tx: Queryable,
  event: EventEnvelope,
  body: string,
  endpointIds: readonly string[],
  at: Date,
): Promise<void> {
  const ids = endpointIds.map(() => newId('dlv', at.getTime()));
  await tx.query(
    `INSERT INTO webhook_deliveries
       (workspace_id, id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
     SELECT $1, d.id, d.endpoint_id, $4, $5, $6, 'pending', $7, $7, $7
       FROM unnest($2::text[], $3::text[]) AS d (id, endpoint_id)`,
    [event.workspace_id, ids, endpointIds, event.id, event.type, body, at],
  );
  await announceDeliveries(tx, event.workspace_id);
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
