/**
 * The scale-out benchmark's webhook deliveries: endpoints on one local HTTPS receiver (a
 * throwaway CA the worker processes trust through NODE_EXTRA_CA_CERTS, as production trusts a
 * private CA), deliveries queued through the real outbox in one transaction, and every one of
 * them checked off as it arrives (docs/webhooks.md).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client.js';
import { recordEvent } from '../src/events/outbox.js';
import { createSecretBox, parseSecretsKey } from '../src/lib/encryption.js';
import { newId } from '../src/lib/ids.js';
import { insertEndpoint } from '../src/modules/webhooks/webhooks.repo.js';
import { insertWorkspace } from '../src/modules/workspaces/workspaces.repo.js';
import { type KeyAndCert, type Receiver, startReceiver } from '../test/support/receivers.js';
import { sleep } from './support.js';

const ENDPOINTS = 4;

export interface DeliveryTarget {
  receiver: Receiver;
  workspaceId: string;
  /** `${path} ${event id}` of every request that arrived, with how many times it did. */
  arrivals: Map<string, number>;
  /** performance.now() of the latest arrival. */
  lastArrival: () => number;
}

/** The receiver (answers 200 at once) and a workspace with four endpoints for lead.created. */
export async function seedDeliveryTarget(
  db: Database,
  secretsKey: string,
  tls: KeyAndCert,
): Promise<DeliveryTarget> {
  const arrivals = new Map<string, number>();
  let lastArrival = 0;
  const receiver = await startReceiver(tls, (req, res) => {
    const id = (JSON.parse(req.body.toString('utf8')) as { id?: string }).id ?? '?';
    const key = `${req.path} ${id}`;
    arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
    lastArrival = performance.now();
    res.writeHead(200);
    res.end();
  });
  const target = { receiver, workspaceId: newId('ws'), arrivals, lastArrival: () => lastArrival };
  const now = new Date();
  await insertWorkspace(db, target.workspaceId, 'Scale deliveries', now);
  const box = createSecretBox(parseSecretsKey(secretsKey));
  for (let i = 0; i < ENDPOINTS; i++) {
    const id = newId('wh');
    await insertEndpoint(db, {
      workspace_id: target.workspaceId,
      id,
      url: receiver.url(`/e${i}`),
      events: ['lead.created'],
      description: null,
      status: 'enabled',
      disabled_reason: null,
      secret_ciphertext: box.seal(`whsec_${randomBytes(32).toString('base64url')}`, id),
      created_at: now,
      updated_at: now,
    });
  }
  return target;
}

/**
 * Records enough lead.created events for `deliveries` deliveries (one per endpoint each) in one
 * transaction, so all of them fall due at once and one NOTIFY wakes every worker; answers their ids.
 */
export async function queueDeliveries(
  db: Database,
  t: DeliveryTarget,
  deliveries: number,
): Promise<string[]> {
  const events = Math.ceil(deliveries / ENDPOINTS);
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < events; i++) {
      const data = { id: `lead_${i}`, name: 'Scale Caller', n: i };
      ids.push((await recordEvent(tx, t.workspaceId, 'lead.created', data, new Date())).id);
    }
    return ids;
  });
}

export interface DeliveryCheck {
  arrived: number;
  expected: number;
  duplicates: number;
  /** Rows not `succeeded` after one attempt. */
  notSucceeded: number;
}

/** Waits until every delivery of `eventIds` has arrived, or `timeoutMs` passed. */
export async function waitForArrivals(t: DeliveryTarget, eventIds: readonly string[], timeoutMs: number) {
  const keys = eventIds.flatMap((id) => Array.from({ length: ENDPOINTS }, (_v, i) => `/e${i} ${id}`));
  const deadline = performance.now() + timeoutMs;
  let arrived = 0;
  while (performance.now() < deadline) {
    arrived = keys.filter((k) => t.arrivals.has(k)).length;
    if (arrived === keys.length) break;
    await sleep(20);
  }
  return { arrived, expected: keys.length, keys };
}

/** After the arrivals: each delivery row succeeded at its first attempt, none arrived twice. */
export async function checkDeliveries(
  db: Database,
  t: DeliveryTarget,
  eventIds: readonly string[],
  keys: readonly string[],
  arrived: number,
): Promise<DeliveryCheck> {
  let notSucceeded = Number.NaN;
  // The last attempts are recorded just after their answers arrive.
  for (let i = 0; i < 100; i++) {
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries
        WHERE event_id = ANY($1::text[]) AND NOT (status = 'succeeded' AND attempts = 1)`,
      [eventIds],
    );
    notSucceeded = rows[0]?.n ?? Number.NaN;
    if (notSucceeded === 0) break;
    await sleep(100);
  }
  t.receiver.requests.length = 0; // the arrivals map is the record
  const duplicates = keys.reduce((sum, k) => sum + Math.max(0, (t.arrivals.get(k) ?? 0) - 1), 0);
  return { arrived, expected: keys.length, duplicates, notSucceeded };
}
