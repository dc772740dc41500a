import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { errnoCode, oneLine, StartError } from './start-error.js';

/** Listens on HOST:PORT; a port in use, or an address this machine does not have, is one line. */
export async function listenOrExplain(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const where = `${config.HOST}:${config.PORT}`;
    switch (errnoCode(error)) {
      case 'EADDRINUSE':
        throw new StartError(`${where} is in use by another program: stop it, or set PORT to a free port`);
      case 'EACCES':
        throw new StartError(`${where} needs privileges this process lacks: set PORT to 1024 or above`);
      case 'EADDRNOTAVAIL':
      case 'ENOTFOUND':
        throw new StartError(`HOST ${config.HOST} is not an address of this machine`);
    }
    throw new StartError(`cannot listen on ${where}: ${oneLine(String(error))}`);
  }
}

/**
 * Closes the listener and waits for requests in flight. A keep-alive connection whose request
 * finishes during the close would otherwise stay open until the client drops it (Fastify keeps
 * them 72 s), holding the stop up: connections are closed as soon as they fall idle.
 */
export async function closeWhenIdle(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
