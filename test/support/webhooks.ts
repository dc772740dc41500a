import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { EventType } from '../../src/events/catalogue.js';
import { createWebhookClient } from '../../src/events/delivery/client.js';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../../src/events/delivery/worker.js';
import type { GuardedClientOptions } from '../../src/events/outbound/guarded-client.js';
import { type EventEnvelope, recordEvent } from '../../src/events/outbox.js';
import { createLogger } from '../../src/http/logger.js';
import { openSecretBox } from '../../src/lib/encryption.js';
import { type Caller, call, createTenant, keyCaller, type Tenant } from './factories.js';
import { json, startTestApp, type TestContext } from './harness.js';
import {
  type Receiver,
  type ReceiverFixture,
  type ReceiverHandler,
  type TestPki,
  useReceivers,
} from './receivers.js';

// Test-only: an app on a fresh database with private networks allowed (receivers listen on
// loopback) and a fixed SECRETS_KEY, a tenant, and helpers to register endpoints, record
// events and run a worker whose log is captured.

export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

export interface WebhookTest {
  t: TestContext;
  tenant: Tenant;
  /** An API key with webhooks:manage: unlike a session it survives the clock moving a day on. */
  admin: Caller;
  workerLogs: string[];
  logger: Logger;
}

export async function startWebhookTest(): Promise<WebhookTest> {
  const t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', SECRETS_KEY: TEST_SECRETS_KEY });
  const tenant = await createTenant(t.db, t.clock);
  const workerLogs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      workerLogs.push(String(chunk));
      done();
    },
  });
  const admin = await keyCaller(t.app, tenant.callers.admin, ['webhooks:manage']);
  return { t, tenant, admin, workerLogs, logger: createLogger('debug', sink) };
}

export interface CreatedEndpoint {
  id: string;
  signing_secret: string;
  status: string;
}

export async function createEndpoint(
  w: WebhookTest,
  url: string,
  events: EventType[] = ['lead.created'],
  caller: Caller = w.admin,
): Promise<CreatedEndpoint> {
  const res = await call(w.t.app, caller, 'POST', '/api/v1/webhooks', { url, events });
  if (res.statusCode !== 201) throw new Error(`endpoint creation failed: ${res.statusCode} ${res.body}`);
  return json<CreatedEndpoint>(res);
}

/** Records an event the way every service does: inside its own transaction. */
export function emit(
  w: WebhookTest,
  type: EventType = 'lead.created',
  data: Record<string, unknown> = { id: `lead_${randomBytes(6).toString('hex')}`, name: 'Ann Example' },
  workspaceId: string = w.tenant.workspaceId,
): Promise<EventEnvelope> {
  return w.t.db.transaction((tx) => recordEvent(tx, workspaceId, type, data, w.t.clock.now()));
}

export interface TestWorkerOptions extends Partial<Omit<DeliveryWorkerOptions, 'client'>> {
  client?: Partial<GuardedClientOptions>;
}

export function createTestWorker(
  w: WebhookTest,
  caCert: string,
  options: TestWorkerOptions = {},
): DeliveryWorker {
  const { client, ...rest } = options;
  return createDeliveryWorker({
    db: w.t.db,
    clock: w.t.clock,
    logger: w.logger,
    secrets: openSecretBox(w.t.config, w.logger),
    client: createWebhookClient({ allowPrivateNetworks: true, ca: caCert, ...client }),
    random: () => 0,
    ...rest,
  });
}

export interface DeliveryState {
  id: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  first_attempt_at: Date | null;
  locked_until: Date | null;
}

export async function deliveriesOf(w: WebhookTest, endpointId: string): Promise<DeliveryState[]> {
  return w.t.db.query<DeliveryState>(
    `SELECT id, status, attempts, last_status, last_error, next_attempt_at, first_attempt_at, locked_until
       FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`,
    [endpointId],
  );
}

export interface WebhookFixture {
  w: () => WebhookTest;
  pki: () => TestPki;
  receiver: ReceiverFixture['receiver'];
  worker: (options?: TestWorkerOptions) => DeliveryWorker;
  /** A receiver, an endpoint on it for lead.created, and one event: one delivery. */
  oneDelivery: (
    handler: ReceiverHandler,
  ) => Promise<{ r: Receiver; endpoint: CreatedEndpoint; event: EventEnvelope }>;
  /** The single delivery of an endpoint. */
  only: (endpointId: string) => Promise<DeliveryState>;
}

/**
 * Registers the hooks of a worker test file: one app and database for the file, receivers
 * closed after each test, and every endpoint disabled and pending delivery stopped after each
 * test, so nothing one test queued is sent by the next test's worker.
 */
export function useWebhookFixture(): WebhookFixture {
  const { pki, receiver } = useReceivers();
  let current: WebhookTest | undefined;
  beforeAll(async () => {
    current = await startWebhookTest();
  });
  afterAll(async () => {
    await current?.t.close();
  });
  const w = (): WebhookTest => {
    if (!current) throw new Error('useWebhookFixture: not started (call inside a test)');
    return current;
  };
  afterEach(async () => {
    await w().t.db.query(`UPDATE webhook_endpoints SET status = 'disabled' WHERE status = 'enabled'`);
    await w().t.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending'`,
    );
  });
  return {
    w,
    pki,
    receiver,
    worker: (options = {}) => createTestWorker(w(), pki().caCert, options),
    async oneDelivery(handler) {
      const r = await receiver(handler);
      const endpoint = await createEndpoint(w(), r.url('/hook'));
      const event = await emit(w());
      return { r, endpoint, event };
    },
    async only(endpointId) {
      const [d] = await deliveriesOf(w(), endpointId);
      if (!d) throw new Error('no delivery');
      return d;
    },
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
