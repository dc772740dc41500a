import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Queryable } from '../db/client.js';
import { currentCreatorRole, withCreatorRoleColumn } from '../modules/api-keys/api-keys.repo.js';
import type { Role } from './permissions.js';

/**
 * A read made with a cached API key (docs/api.md, "How a key is checked") still checks the key on
 * the database before its answer leaves: in the same round trip as the route's first SELECT when
 * it can, on its own just before the response otherwise. So a revoked key, or a creator removed or
 * demoted on any instance, takes effect on the very next request, and the common read costs one
 * statement instead of two.
 */
export interface KeyCheck {
  readonly keyId: string;
  readonly workspaceId: string;
  /** The creator's role when the key was last looked up in full. */
  readonly creatorRole: Role;
  state: 'pending' | 'settled';
  /**
   * Takes the creator's current role (null when the key is revoked or gone, or its creator left).
   * Resolves when the request may go on; throws the request's 401/403 otherwise.
   */
  settle(currentRole: Role | null): Promise<void>;
}

const storage = new AsyncLocalStorage<KeyCheck>();

/** Runs `fn`, and everything it starts, with `check` pending on the first eligible query. */
export function runWithKeyCheck(check: KeyCheck, fn: () => void): void {
  storage.run(check, fn);
}

/** Checks the key on its own: the one extra round trip, for requests that made no plain SELECT. */
export async function checkKeyNow(db: Queryable, check: KeyCheck): Promise<void> {
  if (check.state !== 'pending') return;
  await check.settle(await currentCreatorRole(db, check.workspaceId, check.keyId));
}

const CHECK_COLUMN = '__callagent_key_role';
const PLAIN_SELECT = /^\s*SELECT\b/i;
// Row locks cannot be taken inside a subquery in the select list's FROM; such reads run as they are.
const LOCKING = /\bFOR\s+(UPDATE|SHARE|NO\s+KEY\s+UPDATE|KEY\s+SHARE)\b/i;

/**
 * The database as routes see it: a plain SELECT made while a key check is pending carries the
 * check as a last column, so it costs no round trip of its own. Transactions, writes and
 * anything outside a request pass through untouched.
 */
export function withKeyRecheck(db: Database): Database {
  async function query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    const check = storage.getStore();
    if (check?.state !== 'pending' || !PLAIN_SELECT.test(sql) || LOCKING.test(sql)) {
      return db.query<T>(sql, params);
    }
    const n = params?.length ?? 0;
    const body = sql.replace(/;\s*$/, '');
    let rows: Array<Record<string, unknown>>;
    try {
      rows = await db.query(withCreatorRoleColumn(body, n, CHECK_COLUMN), [
        ...(params ?? []),
        check.keyId,
        check.workspaceId,
      ]);
    } catch (error) {
      // A statement that cannot stand as a subquery (SQLSTATE class 42: syntax or naming) runs as
      // it was written; the check then waits for the next query or the response.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('42')) return db.query<T>(sql, params);
      throw error;
    }
    // No rows carry no answer: the check stays pending.
    if (rows.length > 0 && check.state === 'pending') {
      await check.settle((rows[0]?.[CHECK_COLUMN] as Role | null) ?? null);
    }
    for (const row of rows) delete row[CHECK_COLUMN];
    return rows as T[];
  }
  return {
    get kind() {
      return db.kind;
    },
    query: query as Database['query'],
    transaction: (fn) => db.transaction(fn),
    listen: db.listen
      ? (channel, onNotify) => db.listen?.(channel, onNotify) ?? Promise.resolve()
      : undefined,
    close: () => db.close(),
    poolStats: db.poolStats ? () => db.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 } : undefined,
  };
}
