import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoints } from '../../test/support/processes.js';
import { DELIVERY_CHANNEL } from '../events/delivery/wake.js';
import { recordEvent } from '../events/outbox.js';
import type { Queryable } from './client.js';
import { migrate } from './migrate.js';
import { openPgliteThread, type ThreadedPglite } from './pglite-remote.js';

let dir: string;
let db: ThreadedPglite;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callagent-pglite-thread-'));
  db = await openPgliteThread(dir);
  await db.query('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, doc jsonb, note text)');
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database in its own thread', () => {
  it('runs queries with parameters, and dates and JSON come back as values', async () => {
    const at = new Date('2026-11-24T10:00:00.000Z');
    await db.query('INSERT INTO t VALUES ($1, $2, $3, $4)', [1, at, JSON.stringify({ a: [1, 2] }), 'x']);
    const rows = await db.query<{ id: number; at: Date; doc: unknown }>(
      'SELECT id, at, doc FROM t WHERE id = 1',
    );
    expect(rows).toEqual([{ id: 1, at, doc: { a: [1, 2] } }]);
  });

  it('commits a transaction when its function resolves and rolls it back when it throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (2)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await db.query<{ id: number }>('SELECT id FROM t WHERE id IN (2, 3) ORDER BY id');
    expect(ids).toEqual([{ id: 2 }]);
  });

  it('keeps a query outside a transaction out of it: it waits, and sees only what was committed', async () => {
    let inside: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release: () => void = () => {};
    const open = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (4)');
      inside();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await tx.query('UPDATE t SET note = $1 WHERE id = 4', ['committed']);
    });
    await held;
    const outside = db.query<{ note: string | null }>('SELECT note FROM t WHERE id = 4');
    release();
    await open;
    expect(await outside).toEqual([{ note: 'committed' }]);
  });

  it('answers a failed statement with its SQLSTATE, and the connection carries on', async () => {
    const error = await db.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505' });
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('carries text of any size and script, NULLs, arrays, booleans and counts both ways', async () => {
    const long = 'é£😀'.repeat(200_000);
    const [row] = await db.query<Record<string, unknown>>(
      'SELECT $1::text AS long, $2::text AS missing, $3::text[] AS tags, $4::boolean AS yes, count(*) AS n FROM t',
      [long, null, ['a', 'b c'], true],
    );
    expect(row).toEqual({ long, missing: null, tags: ['a', 'b c'], yes: true, n: expect.any(Number) });
    const many = await db.query<{ s: string }>(
      "SELECT repeat('x', 100) || g AS s FROM generate_series(1, 20000) g",
    );
    expect(many).toHaveLength(20_000);
    expect(many[19_999]?.s).toBe(`${'x'.repeat(100)}20000`);
  });

  it('reports a statement that does not parse, or a value that does not fit, and carries on', async () => {
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELECT $1::boolean AS b', ['maybe'])).rejects.toThrow(
      'Invalid input for boolean type',
    );
    await expect(db.query('SELECT $1::int AS i', ['one'])).rejects.toMatchObject({ code: '22P02' });
    const duplicate = await db.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', detail: 'Key (id)=(1) already exists.' });
    expect(await db.query('SELECT $1::int AS i', [7])).toEqual([{ i: 7 }]);
  });

  it('fails the commit of a transaction a failed statement aborted, and rolls it back', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (5)');
      await tx.query('INSERT INTO t (id) VALUES (1)').catch(() => {});
    });
    await expect(failed).rejects.toMatchObject({ code: '25P02' });
    expect(await db.query('SELECT id FROM t WHERE id = 5')).toEqual([]);
  });

  it('refuses a statement sent for a transaction after it ended, even while another is open', async () => {
    let ended: Queryable | null = null;
    await db.transaction(async (tx) => {
      ended = tx;
      await tx.query('SELECT 1');
    });
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await expect(ended?.query('INSERT INTO t (id) VALUES (6)')).rejects.toThrow('no open transaction');
    });
    expect(await db.query('SELECT id FROM t WHERE id = 6')).toEqual([]);
  });

  it('delivers a NOTIFY once its transaction commits, and never for one rolled back', async () => {
    const heard: string[] = [];
    await db.listen('wake_test', (payload) => heard.push(payload));
    await db
      .transaction(async (tx) => {
        await tx.query("SELECT pg_notify('wake_test', 'rolled back')");
        throw new Error('roll back');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('wake_test', 'committed')");
    });
    await db.query('SELECT 1');
    expect(heard).toEqual(['committed']);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    await db.query('SELECT count(*) FROM generate_series(1, 3000000)');
    clearInterval(timer);
    // On the main thread the interval could not fire at all while PGlite computed.
    expect(ticks).toBeGreaterThan(5);
  });

  it('wakes the delivery worker when a change with a subscribed endpoint commits', async () => {
    const wakeDir = mkdtempSync(join(tmpdir(), 'callagent-pglite-wake-'));
    const embedded = await openPgliteThread(wakeDir);
    try {
      await migrate(embedded);
      const { workspaceId } = await seedEndpoints(embedded, randomBytes(32).toString('base64'), [
        'https://hooks.example.test/a',
      ]);
      const wakes: string[] = [];
      await embedded.listen(DELIVERY_CHANNEL, (payload) => wakes.push(payload));
      await embedded.transaction((tx) =>
        recordEvent(tx, workspaceId, 'lead.created', { id: 'lead_1' }, new Date()),
      );
      await embedded.query('SELECT 1');
      expect(wakes).toEqual([workspaceId]);
    } finally {
      await embedded.close();
      rmSync(wakeDir, { recursive: true, force: true });
    }
  });
});
