import pg from 'pg';

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface ListenHandlers {
  /** A NOTIFY payload on the channel (delivered at the sender's commit, never for a rollback). */
  message(payload: string): void;
  /**
   * Notifications may have been missed (the listening connection was lost and is back): whoever
   * shows state built from them should read it afresh.
   */
  gap(): void;
  /** LISTEN is in place (after the first connect and after each reconnect). */
  listening?(): void;
  /** The listening connection was lost; another is tried after a growing pause. */
  lost?(error: unknown): void;
}

/**
 * LISTEN on a connection of its own, outside the pool: a pooled client cannot hold LISTEN. A lost
 * connection is replaced with a growing pause, and `gap` says so once it is back.
 */
export function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Unlisten {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let pause = 500;
  let timer: NodeJS.Timeout | null = null;
  let missed = false;

  // One reconnect per lost client, however many ways (error, end, failed connect) it reports it.
  const lost = (c: pg.Client) => (error?: unknown) => {
    if (closed || client !== c) return;
    client = null;
    missed = true;
    handlers.lost?.(error);
    c.removeAllListeners();
    c.on('error', () => {});
    c.end().catch(() => {});
    timer = setTimeout(connect, pause);
    timer.unref();
    pause = Math.min(pause * 2, 30_000);
  };

  function connect(): void {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    const onLost = lost(c);
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    c.connect()
      .then(() => c.query(`LISTEN ${channel}`))
      .then(() => {
        pause = 500;
        if (missed) handlers.gap();
        missed = false;
        handlers.listening?.();
      })
      .catch(onLost);
  }

  connect();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
}
