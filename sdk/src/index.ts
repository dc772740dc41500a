export * from './browser.js';
export type {
  VerifyWebhookOptions,
  WebhookEvent,
  WebhookHeaders,
  WebhookVerificationFailure,
} from './verify-webhook.js';
export { verifyWebhook, WebhookVerificationError } from './verify-webhook.js';
