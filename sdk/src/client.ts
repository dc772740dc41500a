import { CallagentError } from './errors.js';
import {
  createTransport,
  defaultSleep,
  type FetchLike,
  type HttpRequest,
  type Method,
  type RequestOptions,
  type Transport,
  type TransportConfig,
} from './http.js';
import type {
  AgentInsights,
  BookingInsights,
  CallInsights,
  EnquiryInsights,
  FunnelInsights,
  InsightsQuery,
  SpeedToLeadInsights,
} from './insights-types.js';
import { type EventStream, openEventStream, type StreamQuery } from './stream.js';
import type {
  Agent,
  AgentDraft,
  AgentVersion,
  AuditEntry,
  AuditLogQuery,
  Booking,
  BookingListQuery,
  CalendarQuery,
  Call,
  CallListQuery,
  CreateBookingParams,
  CreateLeadParams,
  CreateNoteParams,
  CreateWebhookParams,
  Delivery,
  DeliveryDetail,
  DeliveryListQuery,
  EraseParams,
  Erasure,
  EventEnvelope,
  EventListQuery,
  ExpandedCall,
  FreeSlot,
  FreeSlotQuery,
  Lead,
  LeadExportQuery,
  LeadListQuery,
  LeadTexting,
  ListPage,
  ListQuery,
  MergeParams,
  Message,
  MessageListQuery,
  ModelUsage,
  Opportunity,
  OpportunityExportQuery,
  OpportunityListQuery,
  OpportunityNote,
  PersonExport,
  Pipeline,
  PutDraftParams,
  Retention,
  StartTestCallParams,
  TaskListQuery,
  TestCallStarted,
  TestCallTurn,
  TestCallTurnParams,
  Transcript,
  UpdateBookingParams,
  UpdateLeadParams,
  UpdateOpportunityParams,
  UpdateRetentionParams,
  UpdateWebhookParams,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './types.js';

export const SDK_VERSION = '0.1.0';

export interface ClientOptions {
  /** Where the service answers, e.g. `https://callagent.example.com` (paths start with /api/v1). */
  baseUrl: string;
  /** `cak_live_...`. Kept in a closure: never a property of the client, never in an error. */
  apiKey: string;
  /** Default: the global fetch (Node 18+). */
  fetch?: FetchLike;
  /** Per attempt, in milliseconds, including reading the answer. Default 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors, timeouts, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** Prepended to the SDK's own User-Agent, e.g. `my-crm-sync/1.4`. */
  userAgent?: string;
  /** First backoff, in milliseconds; doubles with each retry. Default 500. */
  retryBaseDelayMs?: number;
  /** Longest backoff, in milliseconds. Default 8000. */
  retryMaxDelayMs?: number;
  /** A Retry-After longer than this (seconds) is not waited for: the 429 is thrown. Default 60. */
  maxRetryAfterSeconds?: number;
  /** How the client waits between attempts; for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Random numbers in [0, 1) for the jitter; for tests. */
  random?: () => number;
}

export type { FetchLike, RequestOptions } from './http.js';

/** Follows `next_cursor` from the page `query` names (its `cursor`, or the first) to the last. */
export async function* paginate<T, Q extends ListQuery>(
  fetchPage: (query: Q) => Promise<ListPage<T>>,
  query: Q,
): AsyncGenerator<T, void, undefined> {
  let cursor = query.cursor;
  for (;;) {
    const page = await fetchPage({ ...query, cursor });
    for (const item of page.data) yield item;
    if (page.next_cursor === null) return;
    if (page.next_cursor === cursor) {
      throw new CallagentError({
        status: 200,
        code: 'invalid_response',
        message: 'The API answered the same next_cursor twice; stopping rather than looping.',
        requestId: null,
      });
    }
    cursor = page.next_cursor;
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Methods every listable resource has. */
export interface Listable<T, Q extends ListQuery> {
  /** One page. */
  list(query?: Q, options?: RequestOptions): Promise<ListPage<T>>;
  /** Every item from the page `query` names on, fetching pages as the loop needs them. */
  iterate(query?: Q, options?: RequestOptions): AsyncGenerator<T, void, undefined>;
  /** Every item, in one array. Use `iterate` for long lists. */
  listAll(query?: Q, options?: RequestOptions): Promise<T[]>;
}

export interface LeadsResource extends Listable<Lead, LeadListQuery> {
  /** Every lead the filters find, as CSV text (GET /leads.csv). */
  exportCsv(query?: LeadExportQuery, options?: RequestOptions): Promise<string>;
  get(leadId: string, options?: RequestOptions): Promise<Lead>;
  /** 409 `conflict` when the phone is already on a lead of the workspace. Emits lead.created. */
  create(body: CreateLeadParams, options?: RequestOptions): Promise<Lead>;
  update(leadId: string, body: UpdateLeadParams, options?: RequestOptions): Promise<Lead>;
  /** Merges the lead into `into`; answers the survivor. Emits lead.merged. */
  merge(leadId: string, body: MergeParams, options?: RequestOptions): Promise<Lead>;
}

export interface OpportunitiesResource extends Listable<Opportunity, OpportunityListQuery> {
  /** Every opportunity the filters find, as CSV text (GET /opportunities.csv). */
  exportCsv(query?: OpportunityExportQuery, options?: RequestOptions): Promise<string>;
  get(opportunityId: string, options?: RequestOptions): Promise<Opportunity>;
  update(
    opportunityId: string,
    body: UpdateOpportunityParams,
    options?: RequestOptions,
  ): Promise<Opportunity>;
  addNote(opportunityId: string, body: CreateNoteParams, options?: RequestOptions): Promise<OpportunityNote>;
  /** The stages, named and in board order, and the follow-up times (GET /pipeline). */
  pipeline(options?: RequestOptions): Promise<Pipeline>;
  /** Deals with a next action, soonest due first (GET /tasks): My tasks, Overdue, Due today. */
  tasks(query?: TaskListQuery, options?: RequestOptions): Promise<ListPage<Opportunity>>;
  /** Merges the opportunity into `into`; answers the survivor. Emits opportunity.merged. */
  merge(opportunityId: string, body: MergeParams, options?: RequestOptions): Promise<Opportunity>;
}

export interface CallsResource extends Listable<ExpandedCall, CallListQuery> {
  get(callId: string, options?: RequestOptions): Promise<Call>;
  transcript(callId: string, options?: RequestOptions): Promise<Transcript>;
  modelUsage(callId: string, options?: RequestOptions): Promise<ModelUsage>;
  /** Deletes the call's recording here and at the carrier, for good. Needs privacy:manage. */
  deleteRecording(callId: string, options?: RequestOptions): Promise<void>;
}

export interface BookingsResource extends Listable<Booking, BookingListQuery> {
  get(bookingId: string, options?: RequestOptions): Promise<Booking>;
  create(body: CreateBookingParams, options?: RequestOptions): Promise<Booking>;
  update(bookingId: string, body: UpdateBookingParams, options?: RequestOptions): Promise<Booking>;
  /** The soonest free slots of the shared desk calendar. */
  freeSlots(query?: FreeSlotQuery, options?: RequestOptions): Promise<{ data: FreeSlot[] }>;
  /** The iCalendar feed (`text/calendar`), as text. */
  calendar(query?: CalendarQuery, options?: RequestOptions): Promise<string>;
}

export interface MessagesResource extends Listable<Message, MessageListQuery> {
  get(messageId: string, options?: RequestOptions): Promise<Message>;
  /** Whether a booking of the lead would be confirmed by text (GET /leads/{id}/texting). */
  texting(leadId: string, options?: RequestOptions): Promise<LeadTexting>;
}

export interface EventsResource extends Listable<EventEnvelope, EventListQuery> {
  get(eventId: string, options?: RequestOptions): Promise<EventEnvelope>;
  /**
   * The live stream (GET /events/stream, server-sent events): every event the credential may read
   * as it happens, and calls in progress line by line (those already in progress first, with
   * every line so far). Loop over it; `ready` resolves once the service has subscribed it and sent
   * the calls in progress. It does not reconnect by itself.
   */
  stream(query?: StreamQuery, options?: Pick<RequestOptions, 'signal'>): EventStream;
}

export interface WebhooksResource extends Listable<WebhookEndpoint, ListQuery> {
  create(body: CreateWebhookParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret>;
  get(webhookId: string, options?: RequestOptions): Promise<WebhookEndpoint>;
  update(webhookId: string, body: UpdateWebhookParams, options?: RequestOptions): Promise<WebhookEndpoint>;
  delete(webhookId: string, options?: RequestOptions): Promise<void>;
  rotateSecret(webhookId: string, options?: RequestOptions): Promise<WebhookEndpointWithSecret>;
  deliveries(
    webhookId: string,
    query?: DeliveryListQuery,
    options?: RequestOptions,
  ): Promise<ListPage<Delivery>>;
  iterateDeliveries(
    webhookId: string,
    query?: DeliveryListQuery,
    options?: RequestOptions,
  ): AsyncGenerator<Delivery, void, undefined>;
  getDelivery(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<DeliveryDetail>;
  /** 202: the delivery is due now. */
  redeliver(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<Delivery>;
}

export interface AgentResource {
  get(options?: RequestOptions): Promise<Agent>;
  getDraft(options?: RequestOptions): Promise<AgentDraft>;
  /** 404 `not_found` before the first publish. */
  getPublished(options?: RequestOptions): Promise<AgentVersion>;
  putDraft(body: PutDraftParams, options?: RequestOptions): Promise<AgentDraft>;
  /** 409 `conflict` when the draft equals the live configuration. Emits agent.published. */
  publish(options?: RequestOptions): Promise<AgentVersion>;
  versions(query?: ListQuery, options?: RequestOptions): Promise<ListPage<AgentVersion>>;
  iterateVersions(query?: ListQuery, options?: RequestOptions): AsyncGenerator<AgentVersion, void, undefined>;
  getVersion(version: number, options?: RequestOptions): Promise<AgentVersion>;
  /** Copies a published version into the draft; answers the draft. */
  restore(version: number, options?: RequestOptions): Promise<AgentDraft>;
}

/** How the phone line, the agent and the desk are doing (GET /insights/...; calls:read and opportunities:read). */
export interface InsightsResource {
  calls(query?: InsightsQuery, options?: RequestOptions): Promise<CallInsights>;
  funnel(query?: InsightsQuery, options?: RequestOptions): Promise<FunnelInsights>;
  speedToLead(query?: InsightsQuery, options?: RequestOptions): Promise<SpeedToLeadInsights>;
  bookings(query?: InsightsQuery, options?: RequestOptions): Promise<BookingInsights>;
  agent(query?: InsightsQuery, options?: RequestOptions): Promise<AgentInsights>;
  enquiries(query?: InsightsQuery, options?: RequestOptions): Promise<EnquiryInsights>;
}

export interface TestCallsResource {
  start(body: StartTestCallParams, options?: RequestOptions): Promise<TestCallStarted>;
  say(callId: string, body: TestCallTurnParams, options?: RequestOptions): Promise<TestCallTurn>;
  hangup(callId: string, options?: RequestOptions): Promise<Call>;
}

/** A person's data (docs/privacy.md). Retention and the audit log need a signed-in admin or owner. */
export interface PrivacyResource {
  /** Everything held about the lead's person, as one document. Needs privacy:manage. */
  exportLead(leadId: string, options?: RequestOptions): Promise<PersonExport>;
  /** The leads with this phone number, merged ones included. Needs privacy:manage. */
  lookup(phone: string, options?: RequestOptions): Promise<{ data: Lead[] }>;
  /** Irreversible: erases the lead's person; `confirm` is their phone number. Needs privacy:manage. */
  erase(leadId: string, body: EraseParams, options?: RequestOptions): Promise<Erasure>;
  retention(options?: RequestOptions): Promise<Retention>;
  updateRetention(body: UpdateRetentionParams, options?: RequestOptions): Promise<Retention>;
  /** The owner only. */
  auditLog(query?: AuditLogQuery, options?: RequestOptions): Promise<ListPage<AuditEntry>>;
}

export interface CallagentClient {
  readonly baseUrl: string;
  readonly leads: LeadsResource;
  readonly opportunities: OpportunitiesResource;
  readonly calls: CallsResource;
  readonly bookings: BookingsResource;
  readonly messages: MessagesResource;
  readonly events: EventsResource;
  readonly webhooks: WebhooksResource;
  readonly agent: AgentResource;
  readonly testCalls: TestCallsResource;
  readonly privacy: PrivacyResource;
  readonly insights: InsightsResource;
}

const seg = (value: string): string => {
  if (typeof value !== 'string' || value === '') throw new TypeError('an id must be a non-empty string');
  return encodeURIComponent(value);
};

const versionSeg = (version: number): string => {
  if (!Number.isInteger(version) || version < 1) throw new TypeError('version must be a positive integer');
  return String(version);
};

export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError('baseUrl must be an absolute http(s) URL, such as https://callagent.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('baseUrl must be http(s)');
  if (url.username || url.password) throw new TypeError('baseUrl must not carry credentials');
  if (url.search || url.hash) throw new TypeError('baseUrl must not have a query or fragment');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`${name} must be a non-negative number`);
  return value;
}

/** Options shared by the key client and the browser's session client. */
export type TransportOptions = Omit<ClientOptions, 'apiKey' | 'baseUrl'>;

/** Checks the shared options and builds the transport config for one credential. */
export function transportConfig(
  baseUrl: string,
  options: TransportOptions,
  credential: Pick<TransportConfig, 'apiKey' | 'csrfToken' | 'credentials' | 'userAgent'>,
): TransportConfig {
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new TypeError('no fetch: use Node 18+ or pass options.fetch');
  }
  // The global is looked up at each call (and called unbound, as some runtimes require).
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timeoutMs = nonNegative('timeoutMs', options.timeoutMs, 30_000);
  if (timeoutMs === 0) throw new TypeError('timeoutMs must be above 0');
  return {
    baseUrl,
    ...credential,
    fetch: fetchImpl,
    timeoutMs,
    maxRetries: Math.floor(nonNegative('maxRetries', options.maxRetries, 2)),
    baseDelayMs: nonNegative('retryBaseDelayMs', options.retryBaseDelayMs, 500),
    maxDelayMs: nonNegative('retryMaxDelayMs', options.retryMaxDelayMs, 8_000),
    maxRetryAfterSeconds: nonNegative('maxRetryAfterSeconds', options.maxRetryAfterSeconds, 60),
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
  };
}

/** Creates a client for one workspace's API key. */
export function createClient(options: ClientOptions): CallagentClient {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new TypeError('apiKey is required');
  }
  if (!/^[!-~]+$/.test(options.apiKey)) {
    throw new TypeError('apiKey must be printable ASCII without spaces');
  }
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  // Read through globalThis so the client also loads where there is no `process` (a browser).
  const runtime = (globalThis as { process?: { version?: string } }).process?.version ?? 'unknown';
  const ownAgent = `callagent-sdk-node/${SDK_VERSION} node/${runtime}`;
  const config = transportConfig(baseUrl, options, {
    apiKey: options.apiKey,
    userAgent: options.userAgent ? `${options.userAgent} ${ownAgent}` : ownAgent,
  });
  return labelled(assembleClient(config));
}

/** Gives a client a label that shows its base URL and nothing else (never a credential). */
export function labelled<C extends { baseUrl: string }>(client: C): Readonly<C> {
  return client;
}

/** The resources every client has, over one transport. */
export function assembleClient(config: TransportConfig): CallagentClient {
  const send: Transport = createTransport(config);
  const baseUrl = config.baseUrl;

  const call = <T>(
    method: Method,
    path: string,
    opts: RequestOptions | undefined,
    extra: Omit<HttpRequest, 'method' | 'path' | 'options'> = {},
  ): Promise<T> => send<T>({ method, path: `/api/v1${path}`, options: opts, ...extra });

  function listable<T, Q extends ListQuery>(path: string): Listable<T, Q> {
    const list = (query?: Q, opts?: RequestOptions) => call<ListPage<T>>('GET', path, opts, { query });
    return {
      list,
      iterate: (query, opts) => paginate((q: Q) => list(q, opts), query ?? ({} as Q)),
      listAll: (query, opts) => collect(paginate((q: Q) => list(q, opts), query ?? ({} as Q))),
    };
  }

  const withSecret = (endpoint: WebhookEndpointWithSecret): WebhookEndpointWithSecret => ({
    ...endpoint,
    signing_secret: typeof endpoint.signing_secret === 'string' ? endpoint.signing_secret : null,
  });

  const leads: LeadsResource = {
    ...listable<Lead, LeadListQuery>('/leads'),
    exportCsv: (query, o) => call('GET', '/leads.csv', o, { query, expect: 'text' }),
    get: async (id, o) => call('GET', `/leads/${seg(id)}`, o),
    create: (body, o) => call('POST', '/leads', o, { body }),
    update: async (id, body, o) => call('PATCH', `/leads/${seg(id)}`, o, { body }),
    merge: async (id, body, o) => call('POST', `/leads/${seg(id)}/merge`, o, { body }),
  };

  const opportunities: OpportunitiesResource = {
    ...listable<Opportunity, OpportunityListQuery>('/opportunities'),
    exportCsv: (query, o) => call('GET', '/opportunities.csv', o, { query, expect: 'text' }),
    get: async (id, o) => call('GET', `/opportunities/${seg(id)}`, o),
    update: async (id, body, o) => call('PATCH', `/opportunities/${seg(id)}`, o, { body }),
    addNote: async (id, body, o) => call('POST', `/opportunities/${seg(id)}/notes`, o, { body }),
    pipeline: (o) => call('GET', '/pipeline', o),
    tasks: (query, o) => call('GET', '/tasks', o, { query }),
    merge: async (id, body, o) => call('POST', `/opportunities/${seg(id)}/merge`, o, { body }),
  };

  const calls: CallsResource = {
    ...listable<ExpandedCall, CallListQuery>('/calls'),
    get: async (id, o) => call('GET', `/calls/${seg(id)}`, o),
    transcript: async (id, o) => call('GET', `/calls/${seg(id)}/transcript`, o),
    modelUsage: async (id, o) => call('GET', `/calls/${seg(id)}/model-usage`, o),
    deleteRecording: async (id, o) => call('DELETE', `/calls/${seg(id)}/recording`, o, { expect: 'empty' }),
  };

  const bookings: BookingsResource = {
    ...listable<Booking, BookingListQuery>('/bookings'),
    get: async (id, o) => call('GET', `/bookings/${seg(id)}`, o),
    create: (body, o) => call('POST', '/bookings', o, { body }),
    update: async (id, body, o) => call('PATCH', `/bookings/${seg(id)}`, o, { body }),
    freeSlots: (query, o) => call('GET', '/bookings/free-slots', o, { query }),
    calendar: (query, o) => call('GET', '/bookings.ics', o, { query, expect: 'text' }),
  };

  const messages: MessagesResource = {
    ...listable<Message, MessageListQuery>('/messages'),
    get: async (id, o) => call('GET', `/messages/${seg(id)}`, o),
    texting: async (id, o) => call('GET', `/leads/${seg(id)}/texting`, o),
  };

  const events: EventsResource = {
    ...listable<EventEnvelope, EventListQuery>('/events'),
    stream: (query, o) => openEventStream(config, query, o?.signal),
    get: async (id, o) => call('GET', `/events/${seg(id)}`, o),
  };

  const deliveries = async (id: string, query?: DeliveryListQuery, o?: RequestOptions) =>
    call<ListPage<Delivery>>('GET', `/webhooks/${seg(id)}/deliveries`, o, { query });
  const webhooks: WebhooksResource = {
    ...listable<WebhookEndpoint, ListQuery>('/webhooks'),
    create: async (body, o) =>
      withSecret(await call<WebhookEndpointWithSecret>('POST', '/webhooks', o, { body })),
    get: async (id, o) => call('GET', `/webhooks/${seg(id)}`, o),
    update: async (id, body, o) => call('PATCH', `/webhooks/${seg(id)}`, o, { body }),
    delete: async (id, o) => call('DELETE', `/webhooks/${seg(id)}`, o, { expect: 'empty' }),
    rotateSecret: async (id, o) =>
      withSecret(await call<WebhookEndpointWithSecret>('POST', `/webhooks/${seg(id)}/rotate-secret`, o)),
    deliveries,
    iterateDeliveries: (id, query, o) =>
      paginate((q: DeliveryListQuery) => deliveries(id, q, o), query ?? {}),
    getDelivery: async (id, deliveryId, o) =>
      call('GET', `/webhooks/${seg(id)}/deliveries/${seg(deliveryId)}`, o),
    redeliver: async (id, deliveryId, o) =>
      call('POST', `/webhooks/${seg(id)}/deliveries/${seg(deliveryId)}/redeliver`, o),
  };

  const versions = (query?: ListQuery, o?: RequestOptions) =>
    call<ListPage<AgentVersion>>('GET', '/agent/versions', o, { query });
  const agent: AgentResource = {
    get: (o) => call('GET', '/agent', o),
    getDraft: (o) => call('GET', '/agent/draft', o),
    getPublished: (o) => call('GET', '/agent/published', o),
    putDraft: (body, o) => call('PUT', '/agent/draft', o, { body }),
    publish: (o) => call('POST', '/agent/publish', o),
    versions,
    iterateVersions: (query, o) => paginate((q: ListQuery) => versions(q, o), query ?? {}),
    getVersion: async (version, o) => call('GET', `/agent/versions/${versionSeg(version)}`, o),
    restore: async (version, o) => call('POST', `/agent/versions/${versionSeg(version)}/restore`, o),
  };

  const testCalls: TestCallsResource = {
    start: (body, o) => call('POST', '/test-calls', o, { body }),
    say: async (id, body, o) => call('POST', `/test-calls/${seg(id)}/turns`, o, { body }),
    hangup: async (id, o) => call('POST', `/test-calls/${seg(id)}/hangup`, o),
  };

  const privacy: PrivacyResource = {
    exportLead: async (id, o) => call('GET', `/leads/${seg(id)}/export`, o),
    lookup: (phone, o) => call('GET', '/privacy/lookup', o, { query: { phone } }),
    erase: async (id, body, o) => call('POST', `/leads/${seg(id)}/erase`, o, { body }),
    retention: (o) => call('GET', '/privacy/retention', o),
    updateRetention: (body, o) => call('PATCH', '/privacy/retention', o, { body }),
    auditLog: (query, o) => call('GET', '/audit-log', o, { query }),
  };

  const insights: InsightsResource = {
    calls: (query, o) => call('GET', '/insights/calls', o, { query }),
    funnel: (query, o) => call('GET', '/insights/funnel', o, { query }),
    speedToLead: (query, o) => call('GET', '/insights/speed-to-lead', o, { query }),
    bookings: (query, o) => call('GET', '/insights/bookings', o, { query }),
    agent: (query, o) => call('GET', '/insights/agent', o, { query }),
    enquiries: (query, o) => call('GET', '/insights/enquiries', o, { query }),
  };

  const client: CallagentClient = {
    baseUrl,
    leads,
    opportunities,
    calls,
    bookings,
    messages,
    events,
    webhooks,
    agent,
    testCalls,
    privacy,
    insights,
  };
  const label = `CallagentClient { baseUrl: ${JSON.stringify(baseUrl)} }`;
  Object.defineProperties(client, {
    toString: { value: () => label, enumerable: false },
    [Symbol.toStringTag]: { value: 'CallagentClient', enumerable: false },
    [Symbol.for('nodejs.util.inspect.custom')]: { value: () => label, enumerable: false },
  });
  return Object.freeze(client);
}
