import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { bootstrapOwner } from './bootstrap.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { startDeliveryWorker } from './events/delivery/run.js';
import { startHousekeeping } from './housekeeping.js';
import { createLogger } from './http/logger.js';
import { systemClock } from './lib/clock.js';
import { openSecretBox, SecretsKeyError } from './lib/encryption.js';

/** Parses configuration or exits with the one line that names the bad variable. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`callagent: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens (or first generates) the key for stored secrets, or exits with one line naming SECRETS_KEY. */
function secretsKeyOrExit(config: Config, logger: Logger): void {
  try {
    openSecretBox(config, logger);
  } catch (error) {
    if (error instanceof SecretsKeyError) {
      process.stderr.write(`callagent: Invalid SECRETS_KEY: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export async function openMigratedDatabase(config: Config): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      process.stderr.write(`callagent: ${error.message}\n`);
      process.exit(1);
    },
  );
  await migrate(db);
  return db;
}

/** `callagent serve`: the API, telephony webhooks and, unless `withWorker` is false, the delivery worker. */
export async function serve(options: { withWorker?: boolean } = {}): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  secretsKeyOrExit(config, logger);
  const db = await openMigratedDatabase(config);
  await bootstrapOwner(db, systemClock, config, logger);
  const app = await buildApp({ config, db, clock: systemClock, logger });
  await app.listen({ port: config.PORT, host: config.HOST });
  const worker =
    options.withWorker === false ? null : startDeliveryWorker({ config, db, clock: systemClock, logger });
  const stopHousekeeping = startHousekeeping({ db, clock: systemClock, logger });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`;
  process.stdout.write(
    `callagent listening on http://${config.HOST}:${addressPort(app)} (database: ${where}); API docs at /docs\n`,
  );
  onShutdown(async () => {
    stopHousekeeping();
    // Both drain at once, within the 15 s grace: the worker's sends have a 10 s deadline.
    await Promise.all([app.close(), worker?.stop(12_000)]);
    await db.close();
  });
}

/** `callagent worker`: webhook deliveries only, for running beside any number of `serve --no-worker`. */
export async function runWorker(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  secretsKeyOrExit(config, logger);
  const db = await openMigratedDatabase(config);
  const worker = startDeliveryWorker({ config, db, clock: systemClock, logger });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`;
  process.stdout.write(`callagent worker delivering webhooks (database: ${where})\n`);
  onShutdown(async () => {
    await worker.stop(12_000);
    await db.close();
  });
}

function addressPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** Stops taking requests, lets those in flight finish, then closes the database. */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`callagent: ${signal} received, shutting down\n`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
