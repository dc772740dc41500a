// Everything of the SDK that runs in a browser as well as in Node: the API clients and their
// types. The webhook verifier needs node:crypto and is exported from the package root only.
export type {
  AgentResource,
  BookingsResource,
  CallagentClient,
  CallsResource,
  ClientOptions,
  EventsResource,
  FetchLike,
  InsightsResource,
  LeadsResource,
  Listable,
  MessagesResource,
  OpportunitiesResource,
  PrivacyResource,
  RequestOptions,
  TestCallsResource,
  TransportOptions,
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
export type * from './insights-types.js';
export type { SessionClient, SessionClientOptions } from './session-client.js';
export { createSessionClient } from './session-client.js';
export type * from './session-types.js';
// The slot names and vocabularies, generated from the service's slot table.
export * from './slots.js';
export type {
  CallTurnData,
  EventStream,
  LiveEvent,
  LiveEventType,
  LiveOnlyType,
  StreamQuery,
} from './stream.js';
export type * from './types.js';
