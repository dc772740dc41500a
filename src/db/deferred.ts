import type { Database, Queryable } from './client.js';

/**
 * A database that is still opening: every call waits for it. The service builds its app while the
 * embedded database opens in its thread (a good part of a start each), since building only keeps
 * a reference; nothing is served before the start has awaited `ready` (docs/architecture.md).
 */
export function deferredEmbedded(ready: Promise<Database>): Database {
  return {
    kind: 'pglite',
    query: (async (sql: string, params?: readonly unknown[]) =>
      (await ready).query(sql, params)) as Queryable['query'],
    transaction: async (fn) => (await ready).transaction(fn),
    async listen(channel, onNotify) {
      const db = await ready;
      if (!db.listen) throw new Error('this database cannot LISTEN');
      await db.listen(channel, onNotify);
    },
    close: async () => (await ready).close(),
  };
}
