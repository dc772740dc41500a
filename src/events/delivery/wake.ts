import type { Database } from '../../db/client.js';
import { listenPostgres } from '../../db/listen.js';

/** NOTIFY channel raised (at commit) whenever deliveries become due. */
export const DELIVERY_CHANNEL = 'callagent_deliveries';

export interface WakeLog {
  warn(obj: object, message: string): void;
}

/**
 * Listens on PostgreSQL for new deliveries and calls `wake`. Fail-open: polling stays the
 * guarantee, so a lost connection only costs latency; it reconnects with a growing pause.
 */
export function listenForDeliveries(
  databaseUrl: string,
  wake: () => void,
  log: WakeLog,
): { close: () => Promise<void> } {
  const close = listenPostgres(databaseUrl, DELIVERY_CHANNEL, {
    message: () => wake(),
    gap: () => {},
    // Anything queued while we were not listening is found at once rather than at the next poll.
    listening: () => wake(),
    lost: (error) =>
      log.warn(
        { err: error instanceof Error ? error.message : 'connection ended' },
        'delivery LISTEN lost; polling',
      ),
  });
  return { close };
}

/**
 * Calls `wake` whenever a commit makes deliveries due, so one leaves at once rather than at the
 * next poll, on either database (docs/webhooks.md, Operating the delivery worker): PostgreSQL on
 * a LISTEN connection of its own; the embedded database has one connection, in its thread, which
 * passes each NOTIFY back at commit. `serve`, `worker` and the benchmark all wake this way.
 */
export function wakeOnCommit(
  db: Database,
  databaseUrl: string | undefined,
  wake: () => void,
  log: WakeLog,
): { close: () => Promise<void> } {
  if (databaseUrl) return listenForDeliveries(databaseUrl, wake, log);
  if (!db.listen) {
    log.warn({}, 'this database cannot LISTEN; deliveries wait for the poll');
    return { close: async () => {} };
  }
  db.listen(DELIVERY_CHANNEL, () => wake()).then(
    // As on PostgreSQL: anything committed before LISTEN was in place goes out at once.
    () => wake(),
    (err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'delivery LISTEN failed; polling'),
  );
  // The embedded database's listener lives as long as the database; a stopped worker ignores it.
  return { close: async () => {} };
}
