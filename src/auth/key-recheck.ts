import type { Database, Queryable } from '../db/client.js';
import { currentCreatorRole, withCreatorRoleColumn } from './api-keys.repo.js';
import type { Role } from './permissions.js';

/**
 * A read made with a cached API key (docs/api.md, "How a key is checked") still checks the key on
 * the database before its answer leaves: in the same round trip as the first plain SELECT its
 * handler sends, on its own just before the response otherwise. So a revoked key, or a creator
 * removed or demoted on any instance, takes effect on the very next request, and the common read
 * costs one statement instead of two.
 */
export class KeyCheck {
  private outcome: Promise<void> | null = null;

  constructor(
    readonly keyId: string,
    readonly workspaceId: string,
    /**
     * Decides the request from the creator's current role (null when the key is revoked or gone,
     * or its creator left): resolves when it may go on, rejects with its 401/403 otherwise.
     */
    private readonly decide: (currentRole: Role | null) => Promise<void>,
  ) {}

  /** True until the first answer from the database. */
  get pending(): boolean {
    return this.outcome === null;
  }

  /** The first answer decides; later ones change nothing. Rejects as the decision does. */
  settle(currentRole: Role | null): Promise<void> {
    this.outcome ??= this.decide(currentRole);
    return this.outcome;
  }

  /**
   * Before an answer leaves: asks the database now if no statement carried the check (the one
   * extra round trip), and waits for the decision, however it was reached.
   */
  async confirm(db: Queryable): Promise<void> {
    if (this.outcome === null) {
      const role = await currentCreatorRole(db, this.workspaceId, this.keyId);
      this.outcome ??= this.decide(role);
    }
    await this.outcome;
  }
}

/**
 * The check a handler's statements may carry, set only while the handler's synchronous part runs
 * (attachKeyCheck). A handler's first statement is usually sent before its first await; one sent
 * later carries nothing, and the answer then waits for `confirm`. JavaScript runs one thing at a
 * time, so no other request's statement can be sent in that window. (AsyncLocalStorage would
 * follow the awaits too, but on Node 20 it slows every promise in the process.)
 */
let attached: KeyCheck | null = null;

/** Runs `fn` with `check` offered to the plain SELECTs it sends synchronously. */
export function attachKeyCheck<T>(check: KeyCheck, fn: () => T): T {
  const outer = attached;
  attached = check;
  try {
    return fn();
  } finally {
    attached = outer;
  }
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
    const check = attached;
    if (check === null || !check.pending || !PLAIN_SELECT.test(sql) || LOCKING.test(sql)) {
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
      // it was written; the answer then waits for the check on its own.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('42')) return db.query<T>(sql, params);
      throw error;
    }
    // No rows carry no answer: the check stays pending.
    if (rows.length > 0) await check.settle((rows[0]?.[CHECK_COLUMN] as Role | null) ?? null);
    // Cleared, not deleted: deleting a property turns each of the page's rows into a slow
    // dictionary object (measured: a tenth of the list's CPU). An undefined value is what every
    // consumer sees for a missing key: JSON and the response schemas leave it out.
    for (const row of rows) row[CHECK_COLUMN] = undefined;
    return rows as T[];
  }
  return {
    get kind() {
      return db.kind;
    },
    query: query as Database['query'],
    transaction: (fn) => db.transaction(fn),
    listen: db.listen?.bind(db),
    close: () => db.close(),
    poolStats: db.poolStats?.bind(db),
  };
}
