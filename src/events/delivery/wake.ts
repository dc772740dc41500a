import pg from 'pg';

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
  let client: pg.Client | null = null;
  let closed = false;
  let pause = 500;
  let timer: NodeJS.Timeout | null = null;

  const retry = (error: unknown): void => {
    if (closed) return;
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'delivery LISTEN lost; polling',
    );
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    timer = setTimeout(connect, pause);
    timer.unref();
    pause = Math.min(pause * 2, 30_000);
  };

  function connect(): void {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('error', retry);
    c.on('notification', () => wake());
    c.connect()
      .then(() => c.query(`LISTEN ${DELIVERY_CHANNEL}`))
      .then(() => {
        pause = 500;
        // Anything queued while we were not listening is found at once rather than at the next poll.
        wake();
      })
      .catch(retry);
  }

  connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
