import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
  waitUntil,
} from '../../../test/support/processes.js';
import { openPostgres } from '../../db/client.js';
import { DELIVERY_CHANNEL, listenForDeliveries } from './wake.js';

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
