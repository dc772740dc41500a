// Its own module so that both database clients (client.ts and the PGlite thread's remote,
// pglite-remote.ts) can throw it without importing each other (docs/architecture.md, "Layers").

/**
 * The database could not be reached, or the connection a statement ran on was lost (the server
 * restarted, an administrator terminated the backend, the network dropped). The request that
 * met it answers 503 with Retry-After; nothing else in the process is affected.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
