import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type FromThread, serialiseError, type ToThread } from './pglite-protocol.js';
import { openSeededPglite } from './pglite-seed.js';

// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs its
// queries here, so a slow list or a migration never stalls the event loop that answers calls.
// The main thread talks to it through pglite-remote.ts.

interface OpenTransaction {
  tx: Transaction;
  decide: (commit: boolean) => void;
  done: Promise<void>;
}

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dir } = workerData as { dir: string };
const transactions = new Map<number, OpenTransaction>();
let nextTx = 1;

function send(message: FromThread): void {
  port?.postMessage(message);
}

/** Opens a transaction and keeps it open until the main thread decides; PGlite queues every other query meanwhile. */
function begin(db: PGlite): Promise<number> {
  const id = nextTx++;
  return new Promise((opened, failed) => {
    const done = db.transaction(async (tx) => {
      const commit = await new Promise<boolean>((decide) => {
        transactions.set(id, { tx, decide, done });
        opened(id);
      });
      if (!commit) await tx.rollback();
    });
    done.catch(failed).finally(() => transactions.delete(id));
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  open.decide(commit);
  await open.done;
}

async function handle(db: PGlite, message: ToThread): Promise<unknown> {
  switch (message.kind) {
    case 'query': {
      const target = message.tx === null ? db : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`no open transaction ${message.tx}`);
      return (await target.query(message.sql, message.params)).rows;
    }
    case 'begin':
      return begin(db);
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      await db.listen(message.channel, (payload) =>
        send({ kind: 'notify', channel: message.channel, payload }),
      );
      return null;
    case 'close':
      await db.close();
      return null;
  }
}

try {
  const db = await openSeededPglite(dir);
  port.on('message', (message: ToThread) => {
    handle(db, message).then(
      (value) => send({ kind: 'reply', id: message.id, ok: true, value }),
      (error: unknown) => send({ kind: 'reply', id: message.id, ok: false, error: serialiseError(error) }),
    );
  });
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', error: serialiseError(error) });
}
