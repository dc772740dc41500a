import { listenPostgres } from '../../db/listen.js';

/** NOTIFY channel raised (at commit) whenever deliveries become due. */
export const DELIVERY_CHANNEL = 'callagent_deliveries';

export interface WakeLog {
  warn(obj: object, message: string): void;
}

/**
 * Listens on PostgreSQL for new deliveries and calls `wake`. Fail-open: polling stays the
 * guarantee, so a lost connection only costs latency; it reconnects with a growing pause.
 * PGlite has no second connection to listen on, so there the worker only polls.
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
