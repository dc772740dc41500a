import { parentPort, workerData } from 'node:worker_threads';
import { type FromThread, serialiseError, type ToThread } from './pglite-protocol.js';
import { openSeededPglite } from './pglite-seed.js';
import { PgliteSession } from './pglite-session.js';

// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs its
// queries here, so a slow list or a migration never stalls the event loop that answers calls.
// The main thread talks to it through pglite-remote.ts; pglite-session.ts keeps the order.

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dir } = workerData as { dir: string };

function send(message: FromThread): void {
  port?.postMessage(message);
}

function handle(session: PgliteSession, message: ToThread): Promise<unknown> {
  switch (message.kind) {
    case 'query':
      return session.query(message.sql, message.params, message.tx);
    case 'begin':
      return session.begin();
    case 'end':
      return session.end(message.tx, message.commit);
    case 'listen':
      return session.listen(message.channel);
    case 'close':
      return session.close();
  }
}

try {
  const db = await openSeededPglite(dir);
  const session = new PgliteSession(db, (channel, payload) => send({ kind: 'notify', channel, payload }));
  port.on('message', (message: ToThread) => {
    handle(session, message).then(
      (value) => send({ kind: 'reply', id: message.id, ok: true, value: value ?? null }),
      (error: unknown) => send({ kind: 'reply', id: message.id, ok: false, error: serialiseError(error) }),
    );
  });
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', error: serialiseError(error) });
}
