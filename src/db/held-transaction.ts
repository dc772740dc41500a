import type { Database, Queryable } from './client.js';

type Last = ((tx: Queryable) => Promise<void>) | null;

/**
 * One transaction held open across a piece of work that opens transactions of its own, so that
 * what the work changes commits together with a last write made after it (an API request's
 * stored answer: src/http/idempotency.ts). The work's first transaction begins it, after
 * `begin`; later ones are savepoints in it; statements run between them join it. Nothing commits
 * until `finish`. Before the work's first transaction the database is used as it is, so work
 * that waits on something else first (a language model, a DNS look-up) holds no connection.
 */
export class HeldTransaction {
  private tx: Promise<Queryable> | null = null;
  private end: Promise<void> | null = null;
  private release: (last: Last) => void = () => {};
  private queue: Promise<unknown> = Promise.resolve();
  private committed: (() => void)[] = [];
  /** Finished or abandoned: anything the work still sends runs on the database as it is. */
  private settled = false;

  constructor(
    private readonly db: Database,
    private readonly begin: (tx: Queryable) => Promise<void>,
  ) {}

  /** The database as the work should use it. */
  view(): Database {
    const db = this.db;
    return {
      kind: db.kind,
      query: async (sql, params) => {
        const tx = this.settled ? null : this.tx;
        return tx === null ? db.query(sql, params) : (await tx).query(sql, params);
      },
      transaction: (fn) => {
        if (this.settled) return db.transaction(fn);
        return this.serially(() => {
          const tx = this.tx;
          return tx === null ? this.first(fn) : this.savepoint(tx, fn);
        });
      },
      afterCommit: (fn) => {
        if (this.settled || this.tx === null) fn();
        else this.committed.push(fn);
      },
      listen: db.listen?.bind(db),
      close: () => db.close(),
      poolStats: db.poolStats?.bind(db),
    };
  }

  /**
   * Runs `last` in the transaction and commits: true once committed, false when the work began
   * no transaction (nothing is run). Rejects, with nothing committed, if either fails.
   */
  async finish(last: (tx: Queryable) => Promise<void>): Promise<boolean> {
    await this.queue.catch(() => {});
    this.settled = true;
    const end = this.end;
    if (end === null) return false;
    this.release(last);
    this.tx = null;
    this.end = null;
    await end;
    for (const fn of this.committed.splice(0)) fn();
    return true;
  }

  /** Rolls back whatever the work changed. */
  async abandon(): Promise<void> {
    await this.queue.catch(() => {});
    this.settled = true;
    await this.rollback();
  }

  private async rollback(): Promise<void> {
    this.committed = [];
    const end = this.end;
    if (end === null) return;
    this.release(null);
    this.tx = null;
    this.end = null;
    await end.catch(() => {});
  }

  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.catch(() => {}).then(fn);
    this.queue = next;
    return next;
  }

  /** The work's first transaction: the held one begins, and `fn` runs at its top. */
  private async first<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let opened: (tx: Queryable) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const tx = new Promise<Queryable>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    const end = this.db.transaction(async (held) => {
      await this.begin(held);
      opened(held);
      const last = await new Promise<Last>((resolve) => {
        this.release = resolve;
      });
      if (last === null) throw new Abandoned();
      await last(held);
    });
    // Settles `tx` only when `begin` failed: it is open by the time anything else can end it.
    end.catch(failed);
    this.tx = tx;
    this.end = end;
    try {
      return await fn(await tx);
    } catch (error) {
      // The first transaction failing ends the held one, as it would have ended on its own.
      await this.rollback();
      throw error;
    }
  }

  private async savepoint<T>(held: Promise<Queryable>, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await held;
    await tx.query('SAVEPOINT held');
    try {
      const value = await fn(tx);
      await tx.query('RELEASE SAVEPOINT held');
      return value;
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT held');
      throw error;
    }
  }
}

class Abandoned extends Error {
  constructor() {
    super('the held transaction was abandoned');
  }
}
