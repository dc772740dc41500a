import type { PGlite } from '@electric-sql/pglite';
import {
  describeMessage,
  type ErrorFields,
  executeMessage,
  type Reply,
  ReplyBuffer,
  readReply,
  simpleMessage,
  syncMessage,
} from './pglite-wire.js';

// The embedded database's one connection, as its thread serves it (pglite-thread.ts). Statements
// run one after another in the order they arrive, each started the moment the previous one ends;
// an open transaction holds the connection, and everything else waits until it ends, as a
// statement waits for a row lock on PostgreSQL (docs/architecture.md).

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A failed statement, shaped as PGlite reports it: the SQLSTATE in `code`. */
export class EmbeddedDatabaseError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;

  constructor(fields: ErrorFields) {
    super(fields.M ?? 'database error');
    // PGlite names its database errors "error"; callers and logs have always seen that name.
    this.name = 'error';
    this.code = fields.C;
    this.detail = fields.D;
  }
}

/** PostgreSQL's folding of an unquoted identifier; a NOTIFY names the channel folded. */
function foldedName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}

export class PgliteConnection {
  readonly #db: PGlite;
  readonly #onNotify: (channel: string, payload: string) => void;
  readonly #out = new ReplyBuffer();
  /** Statements outside any transaction, and BEGINs, in arrival order. */
  readonly #waiting: Job[] = [];
  /** Statements of the open transaction, which go before everything waiting. */
  readonly #inTransaction: Job[] = [];
  /** Channel as PostgreSQL names it → channel as the caller named it. */
  readonly #channels = new Map<string, string>();
  #open: number | null = null;
  #nextTx = 1;
  #busy = false;
  #closed = false;

  constructor(db: PGlite, onNotify: (channel: string, payload: string) => void) {
    this.#db = db;
    this.#onNotify = onNotify;
  }

  /** Runs one statement, in the open transaction `tx` or outside any (null); resolves to its rows. */
  query(sql: string, params: readonly unknown[] | undefined, tx: number | null): Promise<object[]> {
    return this.#enqueue(tx, () => this.#statement(sql, params ?? []));
  }

  /** Opens a transaction once the connection is free; resolves to its id. */
  begin(): Promise<number> {
    return this.#enqueue(null, async () => {
      await this.#simple('BEGIN');
      this.#open = this.#nextTx++;
      return this.#open;
    });
  }

  /** Commits or rolls back transaction `tx`; a COMMIT that rolled back fails with 25P02, as in PGlite. */
  end(tx: number, commit: boolean): Promise<void> {
    return this.#enqueue(tx, async () => {
      try {
        const reply = await this.#simple(commit ? 'COMMIT' : 'ROLLBACK');
        if (commit && reply.command === 'ROLLBACK') {
          throw new EmbeddedDatabaseError({
            C: '25P02',
            M: 'Transaction was rolled back instead of committed',
          });
        }
      } finally {
        this.#open = null;
        // A statement sent for this transaction after its end must not run in the next one.
        for (const late of this.#inTransaction.splice(0)) late.reject(new Error(`no open transaction ${tx}`));
      }
    });
  }

  /** LISTENs on `channel`; its NOTIFYs reach `onNotify` under the name given here. */
  listen(channel: string): Promise<void> {
    return this.#enqueue(null, async () => {
      const folded = foldedName(channel);
      const before = this.#channels.get(folded);
      this.#channels.set(folded, channel);
      try {
        await this.#simple(`LISTEN ${channel}`);
      } catch (error) {
        if (before === undefined) this.#channels.delete(folded);
        throw error;
      }
    });
  }

  /** Closes the database once everything before has run; later calls fail. */
  close(): Promise<void> {
    return this.#enqueue(null, async () => {
      this.#closed = true;
      await this.#db.close();
    });
  }

  #enqueue<T>(tx: number | null, run: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    if (tx !== null && tx !== this.#open) return Promise.reject(new Error(`no open transaction ${tx}`));
    return new Promise<T>((resolve, reject) => {
      const job = { run, resolve: resolve as (value: unknown) => void, reject };
      (tx === null ? this.#waiting : this.#inTransaction).push(job);
      if (!this.#busy) void this.#pump();
    });
  }

  /** Runs jobs back to back while there are any the connection may take. */
  async #pump(): Promise<void> {
    this.#busy = true;
    try {
      for (;;) {
        const job = this.#open === null ? this.#waiting.shift() : this.#inTransaction.shift();
        if (!job) return;
        if (this.#closed) {
          job.reject(new Error('the embedded database is closed'));
          continue;
        }
        try {
          job.resolve(await job.run());
        } catch (error) {
          job.reject(error);
        }
      }
    } finally {
      this.#busy = false;
    }
  }

  async #statement(sql: string, params: readonly unknown[]): Promise<object[]> {
    const described = await this.#exchange(describeMessage(sql), false);
    let values: (string | null)[];
    try {
      if (described.error) throw new EmbeddedDatabaseError(described.error);
      values = params.map((value, i) => this.#serialise(value, described.paramTypes[i]));
    } catch (error) {
      // The server skips to the next Sync after an error; a value that would not serialise
      // leaves the unnamed statement parsed and waiting. Either way the connection is reset.
      await this.#exchange(syncMessage(), false);
      throw error;
    }
    const reply = await this.#exchange(executeMessage(values), this.#open === null);
    if (reply.error) throw new EmbeddedDatabaseError(reply.error);
    return this.#rows(reply);
  }

  async #simple(sql: string): Promise<Reply> {
    const reply = await this.#exchange(simpleMessage(sql), true);
    if (reply.error) throw new EmbeddedDatabaseError(reply.error);
    return reply;
  }

  /**
   * One round through the engine; NOTIFYs it carries go out before its caller hears back. With
   * `syncToFs`, what was committed is on disk when it answers, as with PGlite's query().
   */
  async #exchange(message: Uint8Array, syncToFs: boolean): Promise<Reply> {
    try {
      await this.#db.execProtocolRawStream(message, { syncToFs, onRawData: this.#out.push });
    } catch (error) {
      // The engine itself failed (a full disk): what it wrote so far belongs to no reply.
      this.#out.take();
      throw error;
    }
    const reply = readReply(this.#out.take());
    for (const { channel, payload } of reply.notifications) {
      this.#onNotify(this.#channels.get(channel) ?? channel, payload);
    }
    return reply;
  }

  /** A parameter as text, by PGlite's own serialiser for the type PostgreSQL inferred. */
  #serialise(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serialise = type === undefined ? undefined : this.#db.serializers[type];
    return serialise ? serialise(value) : String(value);
  }

  /** Rows as objects, each value by PGlite's own parser for its type. */
  #rows(reply: Reply): object[] {
    const columns = reply.fields.map(({ name, type }) => ({ name, type, parse: this.#db.parsers[type] }));
    return reply.rows.map((raw) => {
      const row: Record<string, unknown> = {};
      columns.forEach(({ name, type, parse }, i) => {
        const text = raw[i] ?? null;
        row[name] = text === null || !parse ? text : parse(text, type);
      });
      return row;
    });
  }
}
