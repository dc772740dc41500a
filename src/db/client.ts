import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { openPgliteThread } from './pglite-remote.js';
import { StatementNames } from './statement-names.js';
import { DatabaseUnavailableError } from './unavailable.js';

export { DatabaseUnavailableError };

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Only on a view whose transactions commit after they return (db/held-transaction.ts): runs
   * `fn` once they have, and never if they roll back. Without it, a returned transaction has
   * committed.
   */
  afterCommit?(fn: () => void): void;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` once its transaction commits. Only the embedded
   * database answers it here; on PostgreSQL a dedicated connection listens (events/delivery/wake.ts).
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections, for metrics. PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// int8 (counts, sums) as numbers rather than strings; our values stay far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number.parseInt(value, 10);
    return pg.types.getTypeParser(oid, format);
  },
};

// SQLSTATE classes and codes that mean "this connection is gone", not "this statement is wrong":
// 08 connection exception, 57P01-57P03 admin/crash shutdown and "cannot connect now", 53300 too
// many connections.
const LOST_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const LOST_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres reports a dropped socket and a pool that could not connect in time only in words.
const LOST_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|after calling end on the pool/i;

/** True when `error` says the connection failed rather than the statement. */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (LOST_SQLSTATES.test(code) || LOST_ERRNOS.has(code))) return true;
  return LOST_MESSAGES.test(error.message);
}

function asUnavailable(error: unknown): unknown {
  return isConnectionLoss(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

export interface PostgresOptions {
  /**
   * Prepare statements with parameters once per connection (statement-names.ts). Off for a
   * connection pooler that cannot keep them, such as PgBouncer before 1.21 in transaction mode.
   */
  preparedStatements?: boolean;
}

export function openPostgres(url: string, poolSize = 10, options: PostgresOptions = {}): Database {
  const names = options.preparedStatements === false ? null : new StatementNames();
  const statement = (sql: string, params: readonly unknown[] | undefined): pg.QueryConfig => ({
    text: sql,
    values: params as unknown[] | undefined,
    name: names?.nameFor(sql, params),
  });
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    // A server that does not answer must fail the request, not hold it until the socket times out.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its connection must not crash the process; the pool drops it and
  // the next query opens a new one.
  pool.on('error', () => {});
  // pg-pool hands a released client straight to the next waiter, whose own listener is attached a
  // microtask later; a backend's "terminating connection" parsed from the same chunk of bytes
  // lands in between and, with no listener, ends the process. Every client keeps this one for
  // life; holders still learn of the loss through their failed query.
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    kind: 'postgres',
    async query(sql, params) {
      try {
        const result = await pool.query(statement(sql, params));
        return result.rows;
      } catch (error) {
        // A migration changed what the prepared statement returns: once more, prepared afresh.
        if (names?.retireOnShapeChange(error)) {
          return pool.query(statement(sql, params)).then(
            (r) => r.rows,
            (e: unknown) => {
              throw asUnavailable(e);
            },
          );
        }
        throw asUnavailable(error);
      }
    },
    async transaction(fn) {
      // While a client is checked out the pool does not listen to it: without this listener a
      // backend terminated between two statements emits an unhandled 'error' and ends the process.
      let lost: unknown = null;
      const onError = (error: unknown) => {
        lost ??= error;
      };
      const client = await new Promise<pg.PoolClient>((resolve, reject) => {
        // The callback form, so the listener is on before anything else can happen: a backend
        // terminated as it finished connecting sends its error in the same packet as "ready",
        // before a promise's continuation would run.
        pool.connect((error, connected) => {
          if (error || !connected) return reject(asUnavailable(error ?? new Error('no client')));
          connected.on('error', onError);
          resolve(connected);
        });
      });
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query(sql, params) {
            try {
              const result = await client.query(statement(sql, params));
              return result.rows;
            } catch (error) {
              // The transaction is aborted; the caller's next attempt prepares the text afresh.
              names?.retireOnShapeChange(error);
              throw error;
            }
          },
        };
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        if (lost === null && !isConnectionLoss(error)) await client.query('ROLLBACK').catch(() => {});
        else lost ??= error;
        throw asUnavailable(error);
      } finally {
        if (lost === null) client.release();
        else {
          // A client whose connection failed is destroyed rather than handed to the next request;
          // whatever else its dying socket reports is of no interest.
          client.on('error', () => {});
          client.release(true);
        }
        client.off('error', onError);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
    listen: async (channel, onNotify) => {
      await db.listen(channel, onNotify);
    },
    close: () => db.close(),
  };
}

/**
 * The embedded database in `dataDir/pglite`, created on first use, running in a thread of its own
 * so that its queries never hold up the event loop (docs/architecture.md).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const root = dataDir.replace(/\/+$/, '');
  const dir = `${root}/pglite`;
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(root);
  try {
    const db = await openPgliteThread(dir);
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
