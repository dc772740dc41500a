import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
  seedEndpoints,
  waitUntil,
} from '../../../test/support/processes.js';
import { createTestPki, startReceiver } from '../../../test/support/receivers.js';
import { openPglite, openPostgres } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { createLogger } from '../../http/logger.js';
import { systemClock } from '../../lib/clock.js';
import { createSecretBox, parseSecretsKey } from '../../lib/encryption.js';
import { createGuardedClient } from '../outbound/guarded-client.js';
import { recordEvent } from '../outbox.js';
import { DELIVERY_CHANNEL, listenForDeliveries, wakeOnCommit } from './wake.js';
import { createDeliveryWorker } from './worker.js';

const databases: SharedDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

describe.skipIf(!postgresForProcesses)('LISTEN for deliveries (PostgreSQL)', () => {
  it('wakes on NOTIFY, and after losing its connection reconnects and wakes again', async () => {
    const shared = await createPostgresForProcesses();
    databases.push(shared);
    const url = shared.url ?? '';
    const db = openPostgres(url, 2);
    let wakes = 0;
    const warnings: string[] = [];
    const listener = listenForDeliveries(url, () => (wakes += 1), { warn: (_o, m) => warnings.push(m) });
    try {
      // The first wake comes as soon as LISTEN is in place (to catch up on anything queued).
      await waitUntil(() => wakes === 1, 10_000, 'the catch-up wake');
      await db.query('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, 'ws_x']);
      await waitUntil(() => wakes === 2, 10_000, 'a wake on NOTIFY');

      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      await waitUntil(
        () => warnings.length === 1 && wakes === 3,
        15_000,
        'the reconnect and its catch-up wake',
      );
      await db.query('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, 'ws_x']);
      await waitUntil(() => wakes === 4, 10_000, 'a wake after reconnecting');
      expect(warnings).toEqual(['delivery LISTEN lost; polling']);
    } finally {
      await listener.close();
      await db.close();
    }
  });
});

describe('wake on commit (the embedded database, as serve opens it)', () => {
  it('sends a committed delivery at once, with no poll to wait for', async () => {
    const pki = await createTestPki();
    const receiver = await startReceiver(pki.trusted, (_req, res) => res.end());
    const dir = mkdtempSync(join(tmpdir(), 'callagent-wake-'));
    const db = await openPglite(dir);
    const key = randomBytes(32).toString('base64');
    const worker = createDeliveryWorker({
      db,
      clock: systemClock,
      logger: createLogger('silent'),
      secrets: createSecretBox(parseSecretsKey(key)),
      client: createGuardedClient({ allowPrivateNetworks: true, userAgent: 'test', ca: pki.caCert }),
      pollMs: 3_600_000, // far beyond the wait below: only the wake-up can send it
    });
    let listener: { close: () => Promise<void> } | null = null;
    try {
      await migrate(db);
      const { workspaceId } = await seedEndpoints(db, key, [receiver.url()]);
      worker.start();
      listener = wakeOnCommit(db, undefined, () => worker.wake(), { warn: () => {} });
      // The wake once LISTEN is in place finds nothing; the commit's NOTIFY is what sends it.
      await db.transaction((tx) =>
        recordEvent(tx, workspaceId, 'lead.created', { id: 'lead_1' }, new Date()),
      );
      await waitUntil(() => receiver.requests.length === 1, 20_000, 'the delivery after its commit');
      expect(receiver.requests[0]?.path).toBe('/hook');
    } finally {
      await listener?.close();
      await worker.stop();
      await db.close();
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
