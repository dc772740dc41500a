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

  // One reconnect per lost client, however many ways (error, end, failed connect) it reports it.
  const lost = (c: pg.Client) => (error?: unknown) => {
    if (closed || client !== c) return;
    client = null;
    log.warn(
      { err: error instanceof Error ? error.message : 'connection ended' },
      'delivery LISTEN lost; polling',
    );
    c.removeAllListeners();
    c.on('error', () => {});
    c.end().catch(() => {});
    timer = setTimeout(connect, pause);
    timer.unref();
    pause = Math.min(pause * 2, 30_000);
  };

  function connect(): void {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    const onLost = lost(c);
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', () => wake());
    c.connect()
      .then(() => c.query(`LISTEN ${DELIVERY_CHANNEL}`))
      .then(() => {
        pause = 500;
        // Anything queued while we were not listening is found at once rather than at the next poll.
        wake();
      })
      .catch(onLost);
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
