import type { Database } from '../../db/client.js';
import { listenPostgres } from '../../db/listen.js';

/** NOTIFY channel raised (at commit) whenever deliveries become due. */
export const DELIVERY_CHANNEL = 'callagent_deliveries';

/** How a channel is named in the log: the deliveries' by what they are, any other by its name. */
const label = (channel: string) => (channel === DELIVERY_CHANNEL ? 'delivery' : channel);

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
  channel: string = DELIVERY_CHANNEL,
): { close: () => Promise<void> } {
  const close = listenPostgres(databaseUrl, channel, {
    message: () => wake(),
    gap: () => {},
    // Anything queued while we were not listening is found at once rather than at the next poll.
    listening: () => wake(),
    lost: (error) =>
      log.warn(
        { err: error instanceof Error ? error.message : 'connection ended' },
        `${label(channel)} LISTEN lost; polling`,
      ),
  });
  return { close };
}

/**
 * Calls `wake` whenever a commit makes deliveries due, so one leaves at once rather than at the
 * next poll, on either database (docs/webhooks.md, Operating the delivery worker): PostgreSQL on
 * a LISTEN connection of its own; the embedded database has one connection, in its thread, which
 * passes each NOTIFY back at commit. `serve`, `worker` and the benchmark all wake this way, and
 * the message sender on its own channel (docs/notifications.md, Sending).
 */
export function wakeOnCommit(
  db: Database,
  databaseUrl: string | undefined,
  wake: () => void,
  log: WakeLog,
  channel: string = DELIVERY_CHANNEL,
): { close: () => Promise<void> } {
  if (databaseUrl) return listenForDeliveries(databaseUrl, wake, log, channel);
  if (!db.listen) {
    log.warn({ channel }, 'this database cannot LISTEN; the worker waits for the poll');
    return { close: async () => {} };
  }
  db.listen(channel, () => wake()).then(
    // As on PostgreSQL: anything committed before LISTEN was in place goes out at once.
    () => wake(),
    (err: unknown) =>
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        `${label(channel)} LISTEN failed; polling`,
      ),
  );
  // The embedded database's listener lives as long as the database; a stopped worker ignores it.
  return { close: async () => {} };
}
