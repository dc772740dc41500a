import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
} from '../../test/support/processes.js';
import { type Database, openPostgres } from './client.js';
import { StatementNames } from './statement-names.js';

const databases: SharedDatabase[] = [];
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await Promise.all(databases.map((d) => d.drop()));
});

/** A pool of one connection, so every statement runs where the previous ones were prepared. */
async function oneConnection(preparedStatements?: boolean): Promise<Database> {
  const shared = await createPostgresForProcesses();
  databases.push(shared);
  const db = openPostgres(shared.url ?? '', 1, { preparedStatements });
  opened.push(db);
  return db;
}

async function prepared(db: Database): Promise<string[]> {
  const rows = await db.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time',
  );
  return rows.map((r) => r.statement);
}

describe('statement names', () => {
  it('names statements with parameters only, by their text, up to a limit', () => {
    const names = new StatementNames(2);
    expect(names.nameFor('SELECT 1', undefined)).toBeUndefined();
    expect(names.nameFor('SELECT 1', [])).toBeUndefined();
    const a = names.nameFor('SELECT $1::int', [1]);
    expect(a).toMatch(/^ca0_[A-Za-z0-9_-]{24}$/);
    expect(names.nameFor('SELECT $1::int', [2])).toBe(a);
    const b = names.nameFor('SELECT $1::text', ['x']);
    expect(b).not.toBe(a);
    // Past the limit a new text goes unnamed; the known ones keep their names.
    expect(names.nameFor('SELECT $1::date', ['2026-11-25'])).toBeUndefined();
    expect(names.nameFor('SELECT $1::int', [3])).toBe(a);
  });

  it('retires every name when a prepared statement’s result shape changed, and nothing else', () => {
    const names = new StatementNames();
    const a = names.nameFor('SELECT * FROM t WHERE id = $1', [1]);
    const other = Object.assign(new Error('relation "t" does not exist'), { code: '42P01' });
    expect(names.retireOnShapeChange(other)).toBe(false);
    expect(names.nameFor('SELECT * FROM t WHERE id = $1', [1])).toBe(a);
    const changed = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(names.retireOnShapeChange(changed)).toBe(true);
    const again = names.nameFor('SELECT * FROM t WHERE id = $1', [1]);
    expect(again).toMatch(/^ca1_/);
    expect(again?.slice(4)).toBe(a?.slice(4));
  });
});

describe.skipIf(!postgresForProcesses)('prepared statements on PostgreSQL', () => {
  it('prepares a statement with parameters once per connection and reuses it', async () => {
    const db = await oneConnection();
    const sql = 'SELECT $1::int + 1 AS n';
    expect(await db.query(sql, [1])).toEqual([{ n: 2 }]);
    expect(await db.query(sql, [41])).toEqual([{ n: 42 }]);
    const statements = await prepared(db);
    expect(statements.filter((s) => s.includes('$1::int + 1'))).toHaveLength(1);
    // Without parameters nothing is prepared, so several statements in one text still run.
    await db.query('CREATE TABLE several (id int); INSERT INTO several VALUES (1)');
    expect(await db.query('SELECT count(*)::int AS n FROM several')).toEqual([{ n: 1 }]);
    expect((await prepared(db)).some((s) => s.includes('several'))).toBe(false);
  });

  it('prepares nothing when told not to', async () => {
    const db = await oneConnection(false);
    expect(await db.query('SELECT $1::int + 1 AS n', [1])).toEqual([{ n: 2 }]);
    expect(await prepared(db)).toEqual([]);
  });

  it('answers with the new columns after a migration changes a table read with *', async () => {
    const db = await oneConnection();
    await db.query('CREATE TABLE leads_shape (id int PRIMARY KEY, name text)');
    await db.query('INSERT INTO leads_shape VALUES (1, $1)', ['Ada']);
    const sql = 'SELECT * FROM leads_shape WHERE id = $1';
    expect(await db.query(sql, [1])).toEqual([{ id: 1, name: 'Ada' }]);
    // What another instance's migration does while this one serves.
    await db.query("ALTER TABLE leads_shape ADD COLUMN phone text NOT NULL DEFAULT '+447700900123'");
    expect(await db.query(sql, [1])).toEqual([{ id: 1, name: 'Ada', phone: '+447700900123' }]);

    // In a transaction the statement that fails cannot be run again: the transaction fails once
    // and the next one prepares afresh.
    await db.query('ALTER TABLE leads_shape ADD COLUMN note text');
    await expect(db.transaction((tx) => tx.query(sql, [1]))).rejects.toThrow(/cached plan/);
    expect(await db.transaction((tx) => tx.query(sql, [1]))).toEqual([
      { id: 1, name: 'Ada', phone: '+447700900123', note: null },
    ]);
  });

  it('re-plans by itself after DDL that keeps the result shape', async () => {
    const db = await oneConnection();
    await db.query('CREATE TABLE by_index (id int, name text)');
    await db.query('INSERT INTO by_index SELECT g, $1 FROM generate_series(1, 50) g', ['x']);
    const sql = 'SELECT id, name FROM by_index WHERE id = $1';
    expect(await db.query(sql, [7])).toEqual([{ id: 7, name: 'x' }]);
    await db.query('CREATE INDEX by_index_id ON by_index (id)');
    await db.query('ALTER TABLE by_index ALTER COLUMN name SET DEFAULT $$y$$');
    expect(await db.query(sql, [7])).toEqual([{ id: 7, name: 'x' }]);
  });
});
