import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { observeEvents } from '../events/outbox.js';
import type { Clock } from '../lib/clock.js';
import { errnoCode, StartError } from '../process/start-error.js';
import { logEvent } from './event-log.js';
import { startMetricsServer } from './server.js';

export interface Operations {
  /** http://host:port/metrics, or null when METRICS_PORT is unset. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** The event log lines, and the metrics listener when METRICS_PORT is set. */
export async function startOperations(
  config: Config,
  deps: { db: Database; clock: Clock; log: Logger },
): Promise<Operations> {
  const stopLogging = observeEvents((event) => logEvent(deps.log, event));
  if (config.METRICS_PORT === undefined) {
    return { metricsUrl: null, close: async () => stopLogging() };
  }
  try {
    const server = await startMetricsServer({
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      ...deps,
    });
    return {
      metricsUrl: `http://${config.METRICS_HOST}:${server.port}/metrics`,
      async close() {
        stopLogging();
        await server.close();
      },
    };
  } catch (error) {
    stopLogging();
    const where = `${config.METRICS_HOST}:${config.METRICS_PORT}`;
    throw new StartError(
      errnoCode(error) === 'EADDRINUSE'
        ? `METRICS_PORT: ${where} is in use by another program`
        : `METRICS_PORT: cannot listen on ${where} (${errnoCode(error) ?? String(error)})`,
    );
  }
}
