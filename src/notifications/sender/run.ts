import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { wakeOnCommit } from '../../events/delivery/wake.js';
import type { Clock } from '../../lib/clock.js';
import { openSecretBox } from '../../lib/encryption.js';
import { pauseAt } from '../../lib/test-pause.js';
import { MESSAGE_CHANNEL } from '../../modules/messages/outbox.repo.js';
import { createMailer, defaultFrom } from './email.js';
import { createMessageSender } from './worker.js';

export interface RunningSender {
  /** Stops claiming, lets sends in flight finish (up to the deadline), hands back the rest. */
  stop(deadlineMs?: number): Promise<void>;
}

/**
 * Starts the message sender of a process (`serve` or `worker`), beside the webhook delivery
 * worker: woken at commit by the NOTIFY queueMessages raises, on either database, with polling
 * as the guarantee (src/events/delivery/wake.ts).
 */
export function startMessageSender(deps: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
}): RunningSender {
  const { config, db, clock, logger } = deps;
  const sender = createMessageSender({
    db,
    clock,
    logger,
    secrets: openSecretBox(config, logger),
    publicUrl: config.PUBLIC_URL,
    // Extra CAs come from NODE_EXTRA_CA_CERTS, which Node adds to its default store itself.
    twilio: { baseUrl: config.TWILIO_API_URL },
    mailer:
      config.SMTP_URL === undefined
        ? null
        : createMailer({
            smtpUrl: config.SMTP_URL,
            from: config.SMTP_FROM ?? defaultFrom(config.PUBLIC_URL),
            publicUrl: config.PUBLIC_URL,
          }),
    pause: pauseAt(config.TEST_PAUSE_AT, logger),
  });
  const listener = wakeOnCommit(db, config.DATABASE_URL, () => sender.wake(), logger, MESSAGE_CHANNEL);
  sender.start();
  return {
    async stop(deadlineMs) {
      await listener.close();
      await sender.stop(deadlineMs);
    },
  };
}
