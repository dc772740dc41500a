import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { openSecretBox } from '../../lib/encryption.js';
import { createWebhookClient } from './client.js';
import { wakeOnCommit } from './wake.js';
import { createDeliveryWorker } from './worker.js';

export interface RunningWorker {
  /** Stops claiming, lets sends in flight finish (up to the deadline), hands back the rest. */
  stop(deadlineMs?: number): Promise<void>;
}

/**
 * Starts the delivery worker of a process (`serve` or `worker`). It LISTENs so a committed event
 * is sent at once (PostgreSQL on a connection of its own, the embedded database in its thread);
 * polling every 500 ms is the guarantee (wake.ts).
 */
export function startDeliveryWorker(deps: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
}): RunningWorker {
  const { config, db, clock, logger } = deps;
  const worker = createDeliveryWorker({
    db,
    clock,
    logger,
    secrets: openSecretBox(config, logger),
    // Extra CAs come from NODE_EXTRA_CA_CERTS, which Node adds to its default store itself.
    client: createWebhookClient({ allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS }),
  });
  const listener = wakeOnCommit(db, config.DATABASE_URL, () => worker.wake(), logger);
  worker.start();
  return {
    async stop(deadlineMs) {
      await listener.close();
      await worker.stop(deadlineMs);
    },
  };
}
