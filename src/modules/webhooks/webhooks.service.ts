import type { Database } from '../../db/client.js';
import type { EventType } from '../../events/catalogue.js';
import { stopPendingDeliveries } from '../../events/delivery/delivery.repo.js';
import { exampleEventData } from '../../events/examples.js';
import type { UrlCheck } from '../../events/outbound/guarded-client.js';
import { announceDeliveries, recordTestEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { randomToken } from '../../lib/secrets.js';
import { type DeliveryRow, findDelivery, scheduleNow } from './deliveries.repo.js';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  replaceSecret,
  updateEndpoint,
  type WebhookEndpointRow,
} from './webhooks.repo.js';
import type { CreateWebhookBody, UpdateWebhookBody } from './webhooks.schemas.js';

export const SIGNING_SECRET_PREFIX = 'whsec_';

export interface WebhookDeps {
  db: Database;
  clock: Clock;
  /** Opened on first use, so an app that never touches webhooks never creates a key file. */
  secrets: () => SecretBox;
  checkUrl: (url: string) => Promise<UrlCheck>;
}

function newSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomToken(32)}`;
}

// A refused host name gets the hint too, whatever its lookup found: the message must not tell
// a name resolving to a private address from one that does not resolve.
const PRIVATE_HOST =
  /loopback|private address|local network name|link-local|unique local|to public addresses/;

/** A refused URL is 400 with a message saying why (docs/webhooks.md, URL rules). */
async function vetUrl(deps: WebhookDeps, url: string): Promise<void> {
  const check = await deps.checkUrl(url);
  if (!check.ok) {
    // A developer pointing at a receiver on their own machine learns the one switch for that.
    const message = PRIVATE_HOST.test(check.message)
      ? `${check.message}; for development, set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true on the service to allow loopback and private addresses (still https)`
      : check.message;
    throw new ApiError('validation_failed', `Invalid body: url: ${message}.`, {
      details: [{ path: 'url', message }],
    });
  }
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** `createdBy`: the user who asks, or the creator of the key that asks. */
export async function createWebhook(
  deps: WebhookDeps,
  workspaceId: string,
  createdBy: string,
  input: CreateWebhookBody,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  await vetUrl(deps, input.url);
  const now = deps.clock.now();
  const id = newId('wh', now.getTime());
  const secret = newSigningSecret();
  const row: WebhookEndpointRow = {
    workspace_id: workspaceId,
    id,
    url: input.url,
    events: unique(input.events),
    description: input.description ?? null,
    status: 'enabled',
    disabled_reason: null,
    secret_ciphertext: deps.secrets().seal(secret, id),
    created_by: createdBy,
    created_at: now,
    updated_at: now,
  };
  await insertEndpoint(deps.db, row);
  return { row, secret };
}

export async function updateWebhook(
  deps: WebhookDeps,
  workspaceId: string,
  id: string,
  input: UpdateWebhookBody,
): Promise<WebhookEndpointRow> {
  if (input.url !== undefined) await vetUrl(deps, input.url);
  return deps.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, workspaceId, id, true);
    if (!current) throw notFound('webhook endpoint', id);
    const now = deps.clock.now();
    const status = input.status ?? current.status;
    const updated = await updateEndpoint(tx, workspaceId, id, {
      url: input.url ?? current.url,
      events: input.events ? unique(input.events) : current.events,
      description: input.description === undefined ? current.description : input.description,
      status,
      // A reason the service gave (410 Gone) stays until the endpoint is enabled again.
      disabled_reason:
        status === 'disabled' && current.status === 'disabled' ? current.disabled_reason : null,
      updated_at: now,
    });
    if (!updated) throw notFound('webhook endpoint', id);
    if (status === 'disabled') await stopPendingDeliveries(tx, id, 'stopped: endpoint disabled', now);
    return updated;
  });
}

export async function deleteWebhook(deps: WebhookDeps, workspaceId: string, id: string): Promise<void> {
  if (!(await deleteEndpoint(deps.db, workspaceId, id))) throw notFound('webhook endpoint', id);
}

/** The old secret stops working at once: pending retries are signed with the new one. */
export async function rotateSecret(
  deps: WebhookDeps,
  workspaceId: string,
  id: string,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const secret = newSigningSecret();
  const row = await replaceSecret(
    deps.db,
    workspaceId,
    id,
    deps.secrets().seal(secret, id),
    deps.clock.now(),
  );
  if (!row) throw notFound('webhook endpoint', id);
  return { row, secret };
}

/**
 * One more attempt, now. It follows the schedule afterwards only while the 24 h window of the
 * first attempt lasts: a manual redelivery that fails after that is failed again at once.
 */
export async function redeliver(
  deps: WebhookDeps,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRow> {
  return deps.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, workspaceId, endpointId);
    const delivery = endpoint ? await findDelivery(tx, workspaceId, endpointId, deliveryId) : null;
    if (!endpoint || !delivery) throw notFound('delivery', deliveryId);
    if (endpoint.status !== 'enabled') {
      throw new ApiError('conflict', 'The endpoint is disabled; enable it before redelivering.');
    }
    const row = await scheduleNow(tx, workspaceId, endpointId, deliveryId, deps.clock.now());
    if (!row) throw new ApiError('conflict', 'An attempt of this delivery is being sent right now.');
    await announceDeliveries(tx, workspaceId);
    return row;
  });
}

/**
 * Queues a signed example event for one endpoint (`evt_test_` id), of `type` or, without one, the
 * first type it subscribes to. 400 for a type it does not subscribe to, 409 when disabled.
 */
export async function sendTestEvent(
  deps: WebhookDeps,
  workspaceId: string,
  endpointId: string,
  type: EventType | undefined,
): Promise<DeliveryRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, workspaceId, endpointId);
    if (!endpoint) throw notFound('webhook endpoint', endpointId);
    if (endpoint.status !== 'enabled') {
      throw new ApiError('conflict', 'The endpoint is disabled; enable it before sending a test event.');
    }
    const subscribed = endpoint.events;
    const chosen = type ?? subscribed[0];
    if (chosen === undefined || !subscribed.includes(chosen)) {
      throw new ApiError('validation_failed', `Invalid body: the endpoint does not subscribe to ${chosen}.`, {
        details: [{ path: 'type', message: `One of: ${subscribed.join(', ')}.` }],
      });
    }
    const deliveryId = await recordTestEvent(
      tx,
      workspaceId,
      endpointId,
      chosen,
      exampleEventData(chosen),
      now,
    );
    const row = await findDelivery(tx, workspaceId, endpointId, deliveryId);
    if (!row) throw new Error('test delivery not written');
    return row;
  });
}
