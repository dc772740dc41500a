import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { bootstrapOwner } from './bootstrap.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { deferredEmbedded } from './db/deferred.js';
import { startDeliveryWorker } from './events/delivery/run.js';
import { startHousekeeping } from './housekeeping.js';
import { createLogger } from './http/logger.js';
import { systemClock } from './lib/clock.js';
import { openSecretBox } from './lib/encryption.js';
import { startMessageSender } from './notifications/sender/run.js';
import { closeWhenIdle, listenOrExplain } from './process/listen.js';
import { startOperations } from './process/operations.js';
import { prepareSecretsKey } from './process/secrets-key.js';
import { type Readiness, stopOnSignals } from './process/shutdown.js';
import { openStore, removeOnRollback, type Store, startOrExit } from './process/start.js';
import { createRecorder } from './telephony/recordings/recorder.js';

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

const verbose = (config: Config) => config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';

/** The line that says the process is up: at info even when LOG_LEVEL is quieter (never when silent). */
function announce(logger: Logger, config: Config, fields: object, message: string): void {
  const level = config.LOG_LEVEL === 'silent' ? 'silent' : 'info';
  logger.child({}, { level }).info({ event: 'started', ...fields }, message);
}

/** Opens the database (migrated) and the secrets key, or exits with one line and nothing written. */
export async function openStoreOrExit(config: Config, logger: Logger): Promise<Store> {
  // serve's app does this itself (buildApp), so its start does not load the planner first.
  (await import('./wiring.js')).wireEventConsequences();
  return startOrExit(async (rollback) => {
    const store = await openStore(config, rollback);
    await prepareSecretsKey(config, store.db, logger, removeOnRollback(rollback));
    return store;
  }, verbose(config));
}

/** `callagent serve`: the API, telephony webhooks and, unless `withWorker` is false, the delivery worker. */
export async function serve(options: { withWorker?: boolean } = {}): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  const readiness: Readiness = { draining: false };
  const { store, app, operations, model } = await startOrExit(async (rollback) => {
    // The app's modules load, and on the embedded database the app is built, while the database
    // opens: each takes a good part of a start. Nothing is served before the store is ready.
    const opening = openStore(config, rollback);
    const openedDb = opening.then((s) => s.db);
    // A failure is reported where `opening` is awaited below, not as an unhandled rejection meanwhile.
    for (const pending of [opening, openedDb]) pending.catch(() => {});
    const [{ buildApp }, { createLanguageModel }] = await Promise.all([
      import('./app.js'),
      import('./llm/language-model.js'),
    ]);
    // One model for the app and the silence sweep, so a stop waits for the after-call work of both.
    const build = async (db: Database) => {
      const model = createLanguageModel({ config, db, clock: systemClock, logger });
      return { model, app: await buildApp({ config, db, clock: systemClock, logger, readiness, model }) };
    };
    const embedded = config.DATABASE_URL === undefined;
    const early = embedded ? build(deferredEmbedded(openedDb)) : null;
    early?.catch(() => {});
    const store = await opening;
    await prepareSecretsKey(config, store.db, logger, removeOnRollback(rollback));
    await bootstrapOwner(store.db, systemClock, config, logger);
    const { app, model } = (await early) ?? (await build(store.db));
    rollback.add(() => app.close());
    await listenOrExplain(app, config);
    const operations = await startOperations(config, { db: store.db, clock: systemClock, log: logger });
    return { store, app, operations, model };
  }, verbose(config));
  const workerDeps = { config, db: store.db, clock: systemClock, logger };
  const worker = options.withWorker === false ? null : startDeliveryWorker(workerDeps);
  const sender = options.withWorker === false ? null : startMessageSender(workerDeps);
  const recordings = createRecorder({
    db: store.db,
    clock: systemClock,
    logger,
    publicUrl: config.PUBLIC_URL,
    secrets: () => openSecretBox(config, logger),
    twilio: { baseUrl: config.TWILIO_API_URL },
  });
  const stopHousekeeping = startHousekeeping({ db: store.db, clock: systemClock, logger, model, recordings });
  const url = `http://${config.HOST}:${addressPort(app)}`;
  const fields = {
    url,
    database: store.where,
    worker: worker !== null,
    docs: '/docs',
    metrics: operations.metricsUrl,
  };
  announce(logger, config, fields, `callagent listening on ${url}`);
  stopOnSignals(
    readiness,
    stopPlan(config),
    async () => {
      stopHousekeeping();
      // Both drain at once, within SHUTDOWN_TIMEOUT: the worker's sends have a 10 s deadline.
      await Promise.all([
        closeWhenIdle(app),
        worker?.stop(workerDeadline(config)),
        sender?.stop(workerDeadline(config)),
      ]);
      await operations.close();
      await store.close();
    },
    logger,
  );
}

/**
 * `callagent worker`: webhook deliveries and the message sender, for running beside any number of
 * `serve --no-worker`.
 */
export async function runWorker(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  const store = await openStoreOrExit(config, logger);
  const operations = await startOrExit(
    () => startOperations(config, { db: store.db, clock: systemClock, log: logger }),
    verbose(config),
  );
  const workerDeps = { config, db: store.db, clock: systemClock, logger };
  const worker = startDeliveryWorker(workerDeps);
  const sender = startMessageSender(workerDeps);
  const fields = { database: store.where, metrics: operations.metricsUrl };
  announce(logger, config, fields, 'callagent worker delivering webhooks and sending messages');
  stopOnSignals(
    { draining: false },
    stopPlan(config),
    async () => {
      await Promise.all([worker.stop(workerDeadline(config)), sender.stop(workerDeadline(config))]);
      await operations.close();
      await store.close();
    },
    logger,
  );
}

function stopPlan(config: Config) {
  return {
    drainDelayMs: config.SHUTDOWN_DRAIN_DELAY * 1000,
    timeoutMs: config.SHUTDOWN_TIMEOUT * 1000,
    underNpm: config.npm_lifecycle_event !== undefined,
  };
}

/** Sends in flight get what is left of the timeout after the drain delay, less time to close up. */
function workerDeadline(config: Config): number {
  return Math.max(1_000, (config.SHUTDOWN_TIMEOUT - config.SHUTDOWN_DRAIN_DELAY) * 1000 - 3_000);
}

function addressPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}
