import {
  createGuardedClient,
  type GuardedClient,
  type GuardedClientOptions,
} from '../outbound/guarded-client.js';

export const WEBHOOK_USER_AGENT = 'callagent-webhooks/1';

/** A receiver has 10 seconds to answer 2xx (docs/webhooks.md, The delivery). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type WebhookClientOptions = Omit<GuardedClientOptions, 'userAgent'>;

/** The one client deliveries go through: SSRF guard, pinned address, no redirects, deadline. */
export function createWebhookClient(opts: WebhookClientOptions): GuardedClient {
  return createGuardedClient({ timeoutMs: DELIVERY_TIMEOUT_MS, ...opts, userAgent: WEBHOOK_USER_AGENT });
}
