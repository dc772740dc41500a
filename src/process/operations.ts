import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { countPendingDeliveries } from '../events/delivery/delivery.repo.js';
import { observeEvents } from '../events/outbox.js';
import type { Clock } from '../lib/clock.js';
import { logEventLine } from '../metrics/log-lines.js';
import { startMetricsServer } from '../metrics/server.js';
import { countOpenCalls } from '../modules/calls/calls.repo.js';
import { errnoCode, StartError } from './start-error.js';

export interface Operations {
  /** http://host:port/metrics, or null when METRICS_PORT is unset. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** The log lines of calls and bookings, and the metrics listener when METRICS_PORT is set. */
export async function startOperations(
  config: Config,
  deps: { db: Database; clock: Clock; log: Logger },
): Promise<Operations> {
  const stopLogging = observeEvents((event) => logEventLine(deps.log, event));
  if (config.METRICS_PORT === undefined) {
    return { metricsUrl: null, close: async () => stopLogging() };
  }
  try {
    const { db, clock, log } = deps;
    const server = await startMetricsServer({
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      log,
      sources: {
        callsInProgress: () => countOpenCalls(db),
        deliveryBacklog: () => countPendingDeliveries(db, clock.now()),
        pool: () => db.poolStats?.() ?? null,
      },
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
