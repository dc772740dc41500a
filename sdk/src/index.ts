export type {
  AgentResource,
  BookingsResource,
  CallagentClient,
  CallsResource,
  ClientOptions,
  EventsResource,
  FetchLike,
  LeadsResource,
  Listable,
  OpportunitiesResource,
  RequestOptions,
  TestCallsResource,
  WebhooksResource,
} from './client.js';
export { createClient, paginate, SDK_VERSION } from './client.js';
export type {
  ApiErrorCode,
  CallagentErrorCode,
  CallagentErrorInit,
  ErrorDetail,
  SdkErrorCode,
} from './errors.js';
export { CallagentError } from './errors.js';
export type * from './types.js';
export type {
  VerifyWebhookOptions,
  WebhookEvent,
  WebhookHeaders,
  WebhookVerificationFailure,
} from './verify-webhook.js';
export { verifyWebhook, WebhookVerificationError } from './verify-webhook.js';
