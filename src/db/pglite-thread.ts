import { parentPort, workerData } from 'node:worker_threads';
import { PgliteConnection } from './pglite-connection.js';
import { type FromThread, serialiseError, type ToThread } from './pglite-protocol.js';
import { openSeededPglite } from './pglite-seed.js';

// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs its
// queries here, so a slow list or a migration never stalls the event loop that answers calls.
// The main thread talks to it through pglite-remote.ts; pglite-connection.ts keeps the order.

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dir } = workerData as { dir: string };

function send(message: FromThread): void {
  port?.postMessage(message);
}

function handle(connection: PgliteConnection, message: ToThread): Promise<unknown> {
  switch (message.kind) {
    case 'query':
      return connection.query(message.sql, message.params, message.tx);
    case 'begin':
      return connection.begin();
    case 'end':
      return connection.end(message.tx, message.commit);
    case 'listen':
      return connection.listen(message.channel);
    case 'close':
      return connection.close();
  }
}

try {
  const db = await openSeededPglite(dir);
  const connection = new PgliteConnection(db, (channel, payload) =>
    send({ kind: 'notify', channel, payload }),
  );
  port.on('message', (message: ToThread) => {
    handle(connection, message).then(
      (value) => send({ kind: 'reply', id: message.id, ok: true, value: value ?? null }),
      (error: unknown) => send({ kind: 'reply', id: message.id, ok: false, error: serialiseError(error) }),
    );
  });
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', error: serialiseError(error) });
}
