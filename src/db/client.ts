import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { openSeededPglite } from './pglite-seed.js';

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// int8 (counts, sums) as numbers rather than strings; our values stay far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number.parseInt(value, 10);
    return pg.types.getTypeParser(oid, format);
  },
};

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    async query(sql, params) {
      const result = await pool.query(sql, params as unknown[] | undefined);
      return result.rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query(sql, params) {
            const result = await client.query(sql, params as unknown[] | undefined);
            return result.rows;
          },
        };
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function wrapPglite(db: PGlite): Database {
  return {
    kind: 'pglite',
    async query(sql, params) {
      const result = await db.query(sql, params as unknown[] | undefined);
      return result.rows as never;
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          async query(sql, params) {
            const result = await tx.query(sql, params as unknown[] | undefined);
            return result.rows as never;
          },
        }),
      );
    },
    close: () => db.close(),
  };
}

/** The embedded database in `dataDir/pglite`, created on first use. */
export async function openPglite(dataDir: string): Promise<Database> {
  const root = dataDir.replace(/\/+$/, '');
  const dir = `${root}/pglite`;
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(root);
  try {
    const db = wrapPglite(await openSeededPglite(dir));
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
