import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from './client.js';
import { type FromThread, type Request, reviveError, type ThreadError } from './pglite-protocol.js';
import { DatabaseUnavailableError } from './unavailable.js';

/** The embedded database, served from a thread of its own (pglite-thread.ts). */
export interface ThreadedPglite extends Database {
  /** Calls `onNotify` for every NOTIFY on `channel` once committed. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

// File-system failures the operator must fix (a full or read-only disk): the request that met one
// answers 503, like a lost PostgreSQL connection, rather than 500.
const UNAVAILABLE_CODES = new Set(['ENOSPC', 'EROFS', 'EACCES', 'EIO', 'EPERM']);

function toError(error: ThreadError): Error {
  const revived = reviveError(error);
  return error.code !== undefined && UNAVAILABLE_CODES.has(error.code)
    ? new DatabaseUnavailableError(revived)
    : revived;
}

/**
 * Starts the thread: the compiled JavaScript beside this file, or, running from source (tests and
 * scripts), the TypeScript through a loader the thread registers itself.
 */
function startThread(dir: string): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-thread.js', import.meta.url), { workerData: { dir } });
  }
  const entry = JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href);
  const boot = `import('jiti/register').then(() => import(${entry}))`;
  return new Worker(boot, { eval: true, workerData: { dir } });
}

/** Opens the embedded database in `dir` (created on first use) in its own thread. */
export async function openPgliteThread(dir: string): Promise<ThreadedPglite> {
  const worker = startThread(dir);
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | null = null;

  const stop = (reason: Error) => {
    stopped ??= reason;
    for (const p of pending.values()) p.reject(new DatabaseUnavailableError(reason));
    pending.clear();
  };

  await new Promise<void>((ready, failed) => {
    const settle = (outcome: () => void) => {
      worker.off('message', onStart).off('error', failed).off('exit', onExit);
      outcome();
    };
    const onStart = (message: FromThread) => {
      if (message.kind === 'ready') settle(ready);
      else if (message.kind === 'failed') settle(() => failed(toError(message.error)));
    };
    const onExit = (code: number) =>
      settle(() => failed(new Error(`the embedded database thread exited (${code}) while opening`)));
    worker.on('message', onStart).once('error', failed).once('exit', onExit);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  worker.on('message', (message: FromThread) => {
    if (message.kind === 'notify') listeners.get(message.channel)?.(message.payload);
    if (message.kind !== 'reply') return;
    const p = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) p?.resolve(message.value);
    else p?.reject(toError(message.error));
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`the embedded database thread exited (${code})`)));

  function call<T>(request: Request): Promise<T> {
    if (stopped) return Promise.reject(new DatabaseUnavailableError(stopped));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const queryIn =
    (tx: number | null) =>
    <T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> =>
      call<T[]>({ kind: 'query', sql, params: params ? [...params] : undefined, tx });

  return {
    kind: 'pglite',
    query: queryIn(null),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = await call<number>({ kind: 'begin' });
      let value: T;
      try {
        value = await fn({ query: queryIn(tx) });
      } catch (error) {
        await call({ kind: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ kind: 'end', tx, commit: true });
      return value;
    },
    async listen(channel, onNotify) {
      listeners.set(channel, onNotify);
      await call({ kind: 'listen', channel });
    },
    async close() {
      if (!stopped) await call({ kind: 'close' }).catch(() => {});
      stop(new Error('the embedded database is closed'));
      await worker.terminate();
    },
  };
}
