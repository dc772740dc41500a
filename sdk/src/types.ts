// Request and response objects of the callagent API (/api/v1), written by hand to match the
// server's schemas field for field. Ids are opaque prefixed strings; timestamps are ISO 8601 UTC
// strings with `Z`. Inputs that take an instant accept a string (ISO 8601, `Z` or an offset) or a
// Date, which is sent as its ISO string. The slot names, vocabularies and facts are generated
// from the service's slot table into ./slots.ts.

import type {
  OpportunityFacts,
  PropertyCondition,
  PropertyType,
  SaleReason,
  ScoringCriterion,
  SlotName,
} from './slots.js';

/** An instant sent to the API: an ISO 8601 string (with `Z` or an offset) or a Date. */
export type Instant = string | Date;

// ---------------------------------------------------------------------------------------------
// Lists

/** One page of a list: newest first unless `order: 'asc'`. */
export interface ListPage<T> {
  data: T[];
  /** Pass as `cursor` to get the next page; null on the last page. */
  next_cursor: string | null;
}

/** Query every list accepts. */
export interface ListQuery {
  /** Page size, 1 to 200; default 50. */
  limit?: number;
  /** The `next_cursor` of the previous page. */
  cursor?: string;
  /** `desc` (newest first, the default) or `asc`. */
  order?: 'asc' | 'desc';
}

// ---------------------------------------------------------------------------------------------
// Leads

export type LeadStatus = 'new' | 'working' | 'nurturing' | 'converted' | 'closed';
export type LeadSource = 'call' | 'api';

export interface Lead {
  id: string;
  name: string;
  /** E.164, e.g. +447700900123. One lead per phone number in a workspace. */
  phone: string;
  email: string | null;
  status: LeadStatus;
  owner_id: string | null;
  note: string | null;
  /** `call`: captured by the agent; `api`: created through the API. */
  source: LeadSource;
  /** The owner was chosen on the lead itself, so assigning one of its deals leaves it. */
  owner_pinned: boolean;
  /** The lead this one was merged into (its calls, deals and bookings are there); null: not merged. */
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

/** `lead.erased`'s data: the lead whose person was erased, and when. */
export interface LeadErased {
  id: string;
  erased_at: string;
}

// Privacy (docs/privacy.md)

/** GET /leads/{id}/export: everything held about a lead's person, rows as stored. */
export interface PersonExport {
  format: 'callagent.person.v1';
  exported_at: string;
  workspace_id: string;
  lead_id: string;
  leads: Record<string, unknown>[];
  /** Each with its `transcript`. */
  calls: Record<string, unknown>[];
  opportunities: Record<string, unknown>[];
  opportunity_notes: Record<string, unknown>[];
  bookings: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  events: Record<string, unknown>[];
}

export interface EraseParams {
  /** The lead's phone number, in any usual form: a safeguard against erasing the wrong person. */
  confirm: string;
}

export interface Erasure {
  lead_id: string;
  /** Every lead of the person that was erased (merged ones too). */
  lead_ids: string[];
  erased_at: string;
}

export interface Retention {
  transcript_days: number;
  idle_lead_days: number;
  recording_days: number;
  /** null: the defaults, never changed. */
  updated_at: string | null;
}

export interface UpdateRetentionParams {
  transcript_days?: number;
  idle_lead_days?: number;
  recording_days?: number;
}

export type AuditAction =
  | 'lead.exported'
  | 'lead.erased'
  | 'privacy.lookup'
  | 'retention.changed'
  | 'retention.applied'
  | 'leads.csv_exported'
  | 'opportunities.csv_exported';

export interface AuditEntry {
  id: string;
  at: string;
  actor: { type: 'user' | 'api_key' | 'system'; id: string | null; on_behalf_of: string | null };
  action: AuditAction;
  subject: { type: string; id: string } | null;
  /** Ids and counts; never personal data. */
  details: Record<string, unknown>;
}

export interface AuditLogQuery extends ListQuery {
  action?: AuditAction;
  subject_id?: string;
}

export interface CreateLeadParams {
  /** 1 to 200 characters. */
  name: string;
  /** Any common spelling; read as a UK number when it has no country code. */
  phone: string;
  email?: string | null;
  /** Up to 4,000 characters. */
  note?: string | null;
  /** A member of the workspace; null or absent: unowned. */
  owner_id?: string | null;
}

export interface UpdateLeadParams {
  status?: LeadStatus;
  /** A member of the workspace, or null to unassign. */
  owner_id?: string | null;
  /** true keeps the owner when a deal of the lead is assigned; false lets it follow its deals. */
  owner_pinned?: boolean;
  /** Replaces the note; null clears it. */
  note?: string | null;
  name?: string;
  /** null clears it. */
  email?: string | null;
}

export interface LeadListQuery extends ListQuery {
  status?: LeadStatus;
  owner_id?: string;
  /** Exactly this number, in any spelling, matched on its E.164 form. */
  phone?: string;
  /**
   * Search: part of the name or email, any part of the number in any usual form, or part of the
   * address or postcode of one of the lead's opportunities; case ignored; up to 200 characters.
   */
  q?: string;
}

// ---------------------------------------------------------------------------------------------
// Opportunities

export type OpportunityOutcome = 'hot' | 'warm' | 'cold' | 'disqualified' | 'won' | 'lost';

/** The stage keys, in the default board order; GET /pipeline names and orders them. */
export type OpportunityStage =
  | 'new'
  | 'contacted'
  | 'appointment_set'
  | 'offer_made'
  | 'under_offer'
  | 'completed'
  | 'dead';

/** The next thing to do on a deal. */
export interface NextAction {
  what: string;
  /** Who does it; null: anyone on the desk. */
  owner_id: string | null;
  due_at: string;
  /** call: the follow-up a call set; booking: a callback or viewing booked; desk: set by a person. */
  source: 'call' | 'booking' | 'desk';
  booking_id: string | null;
}

/** The lead a deal is for, as it is now. */
export interface Seller {
  /** Empty when the caller did not give it. */
  name: string;
  /** E.164. */
  phone: string;
}

export interface Pipeline {
  /** Every stage once, in board order, with the workspace's name for it. */
  stages: { key: OpportunityStage; name: string }[];
  /** How soon after a call a hot or warm seller is to be called back. */
  follow_up: { hot_minutes: number; warm_minutes: number };
}

export interface UpdatePipelineParams {
  stages?: { key: OpportunityStage; name: string }[];
  follow_up?: { hot_minutes: number; warm_minutes: number };
}

export interface TaskListQuery {
  /** mine: for the caller; overdue: due before now; today: due today; all (default). */
  list?: 'mine' | 'overdue' | 'today' | 'all';
  owner_id?: string;
  limit?: number;
  cursor?: string;
}

export interface ScoreLine {
  /** location, property_type, bedrooms, price, condition, reason or timeline. */
  criterion: string;
  points: number;
  /** The most this criterion can earn. */
  max: number;
  reason: string;
}

export interface OpportunityNote {
  id: string;
  body: string;
  /** The user who wrote it (for an API key, its creator). */
  author_id: string | null;
  created_at: string;
}

export interface Opportunity {
  id: string;
  call_id: string | null;
  lead_id: string | null;
  address: string | null;
  postcode: string | null;
  /** 0 to 100. */
  score: number;
  outcome: OpportunityOutcome;
  owner_id: string | null;
  /** The lead's name and phone; null when there is no lead. */
  seller: Seller | null;
  /** Where the desk has got to; apart from outcome. */
  stage: OpportunityStage;
  /** Set exactly when stage is dead. */
  dead_reason: string | null;
  next_action: NextAction | null;
  /** Oldest first. */
  notes: OpportunityNote[];
  facts: OpportunityFacts;
  score_breakdown: ScoreLine[];
  /** Where each known fact came from: the agent's rules, the language model, or the desk. */
  fact_sources: Partial<Record<SourcedFact, 'rules' | 'model' | 'desk'>>;
  /** Facts the language model's after-call audit read differently, for the desk to check. */
  review: ReviewItem[];
  /** Facts the rules and the language model read differently during the call, read back to the caller. */
  cross_checks: CrossCheck[];
  /** The opportunity this one was merged into (its calls and notes are there); null: not merged. */
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

/** POST /leads/{id}/merge and /opportunities/{id}/merge: the record that survives. */
export interface MergeParams {
  into: string;
}

export type SourcedFact = keyof OpportunityFacts | 'address' | 'postcode';

export interface ReviewItem {
  fact: SourcedFact;
  stored: string | number | null;
  model: string | number;
}

export interface CrossCheck {
  fact: SourcedFact;
  /** What the agent's own readers took. */
  rules: string | number;
  /** What the language model read in the same words; null: no such fact. */
  model: string | number | null;
  /** The value read back to the caller. */
  read_back: string | number;
  /** Yes: the value read back stands; no: taken back or put right; null: not answered. */
  answer: 'yes' | 'no' | null;
}

export interface UpdateOpportunityParams {
  /** A member of the workspace; null unassigns. */
  owner_id?: string | null;
  outcome?: OpportunityOutcome;
  /** Facts the desk puts right: recorded as the desk's, and the opportunity is scored again. */
  facts?: Partial<OpportunityFacts>;
  /** dead needs dead_reason; completed and dead drop the next action. */
  stage?: OpportunityStage;
  dead_reason?: string;
  /** null: done, nothing planned. */
  next_action?: { what: string; owner_id?: string | null; due_at: Instant } | null;
}

export interface CreateNoteParams {
  /** 1 to 5,000 characters. */
  body: string;
}

export interface OpportunityListQuery extends ListQuery {
  outcome?: OpportunityOutcome;
  stage?: OpportunityStage;
  /** The deals of one lead. */
  lead_id?: string;
  owner_id?: string;
  /** A postcode prefix, compared without case or spaces: `m14` finds `M14 5AB`. */
  postcode?: string;
  /** 0 to 100, inclusive. */
  min_score?: number;
  /**
   * Search: part of the address or postcode (with or without its space), or the seller's name,
   * email or any part of their number; case ignored; up to 200 characters.
   */
  q?: string;
}

// ---------------------------------------------------------------------------------------------
// Calls

export type CallStatus = 'in_progress' | 'completed' | 'transferred' | 'failed';
export type CallChannel = 'twilio' | 'sim';
export type Speaker = 'agent' | 'caller' | 'system';

/**
 * How a call ended, in the desk's words: a booking made, handed to a person, a message left, not
 * a seller (no message), the caller hung up, the line went quiet, closed by the agent without a
 * booking, or never connected.
 */
export type CallEnding =
  | 'booked'
  | 'transferred'
  | 'message'
  | 'not_seller'
  | 'hung_up'
  | 'silence'
  | 'completed'
  | 'failed';

export interface Call {
  id: string;
  direction: 'inbound';
  /** `twilio`: a phone call; `sim`: a test call. */
  channel: CallChannel;
  /** The caller, in E.164. */
  from: string;
  to: string;
  status: CallStatus;
  started_at: string;
  ended_at: string | null;
  duration_seconds: number | null;
  /** Written by the rules from the call's record. */
  summary: string | null;
  /**
   * The language model's summary, shown as the model's: set shortly after the call ends, only
   * with the model on and only when the call's record holds every figure, score, outcome, time,
   * date, sum and phone number in it (and it holds no link or instruction); null otherwise.
   */
  model_summary: string | null;
  transferred_to: string | null;
  /** How a hand-over went, as the carrier reported it (completed, no-answer, busy, ...). */
  transfer_result: string | null;
  /** Why the call ended (completed, caller_hung_up, silence, transferred, error, ...). */
  end_reason: string | null;
  /** How the call ended, in the desk's words; null while in progress. */
  ending: CallEnding | null;
  lead_id: string | null;
  opportunity_id: string | null;
  /** The published agent version the call ran; null: the default or a draft. */
  agent_version: number | null;
  /** true: a test call of the draft (stored, emits no events, left out of lists unless asked). */
  test: boolean;
  /** The call's recording; null when it was not recorded (recording off, or a test call). */
  recording: CallRecording | null;
}

/** A call's recording: the audio stays at Twilio and is streamed through the service. */
export interface CallRecording {
  /** in_progress: being made; completed: ready to play; failed: none was made; deleted: removed. */
  status: 'in_progress' | 'completed' | 'failed' | 'deleted';
  /** 2: the caller and the agent (or the desk) on separate channels; null until known. */
  channels: number | null;
  duration_seconds: number | null;
  /** When the recording began: a transcript line's offset in the audio is its `at` minus this. */
  started_at: string | null;
  /** Relative path that streams the MP3 (range requests); set only when completed. */
  url: string | null;
  deleted_at: string | null;
}

export interface TranscriptTurn {
  speaker: Speaker;
  text: string;
  at: string;
}

export interface ModelRequest {
  id: string;
  purpose: 'turn' | 'summary' | 'audit';
  outcome: 'ok' | 'timeout' | 'error' | 'rate_limited' | 'invalid';
  latency_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: string;
}

/** The language-model requests a call made; empty when the model is off. */
export interface ModelUsage {
  call_id: string;
  requests: ModelRequest[];
  totals: { requests: number; prompt_tokens: number; completion_tokens: number; latency_ms: number };
}

export interface Transcript {
  call_id: string;
  /** In the order spoken. */
  turns: TranscriptTurn[];
}

export interface CallListQuery extends ListQuery {
  status?: CallStatus;
  /** Calls that ended this way. */
  ending?: CallEnding;
  /** Test calls of the draft: `exclude` (the default), `include`, or `only` them. */
  test?: 'exclude' | 'include' | 'only';
  /** The caller's number, any common spelling. */
  from?: string;
  /** The lead's calls, from any of its numbers (a merged lead's calls included). */
  lead_id?: string;
  /** Calls that started at or after this instant. */
  since?: Instant;
  /** Calls that started before this instant. */
  until?: Instant;
  /**
   * Search: any part of the caller's number in any usual form, text in the transcript or summary,
   * or the lead's name or the opportunity's address or postcode; case ignored; up to 200 characters.
   */
  q?: string;
  /** Comma-separated: `lead`, `opportunity`, or both: each call then carries a short form of it. */
  expand?: string;
}

/** The short lead a call list carries with `expand=lead`. */
export interface CallLeadSummary {
  id: string;
  name: string;
  phone: string;
  status: LeadStatus;
}

/** The short opportunity a call list carries with `expand=opportunity`. */
export interface CallOpportunitySummary {
  id: string;
  outcome: OpportunityOutcome;
  score: number;
  postcode: string | null;
  address: string | null;
}

/** A call of a list asked for with `expand`: the expanded records are null when the call has none. */
export interface ExpandedCall extends Call {
  lead?: CallLeadSummary | null;
  opportunity?: CallOpportunitySummary | null;
}

/** Filters of the CSV exports: those of the list, without paging. */
export type LeadExportQuery = Omit<LeadListQuery, 'limit' | 'cursor'>;
export type OpportunityExportQuery = Omit<OpportunityListQuery, 'limit' | 'cursor'>;

// ---------------------------------------------------------------------------------------------
// Bookings

export type BookingKind = 'callback' | 'viewing';
export type BookingStatus = 'scheduled' | 'cancelled';

export interface Booking {
  id: string;
  kind: BookingKind;
  lead_id: string;
  call_id: string | null;
  starts_at: string;
  ends_at: string;
  /** The member it is for; null: the shared desk calendar. */
  assignee_id: string | null;
  note: string | null;
  status: BookingStatus;
  /** The assignee was chosen apart from the lead's owner, so assigning the deal leaves it. */
  assignee_pinned: boolean;
  created_at: string;
  updated_at: string;
}

export interface CreateBookingParams {
  kind: BookingKind;
  lead_id: string;
  starts_at: Instant;
  /** Default: the published configuration's callback_minutes or viewing_minutes after starts_at. */
  ends_at?: Instant;
  assignee_id?: string | null;
  /** Default: pinned when assignee_id names someone other than the lead's owner. */
  assignee_pinned?: boolean;
  /** Up to 2,000 characters. */
  note?: string | null;
  call_id?: string | null;
}

export interface UpdateBookingParams {
  /** Moves the booking; without ends_at it keeps its length. */
  starts_at?: Instant;
  ends_at?: Instant;
  /** Cancels the booking for good. */
  status?: 'cancelled';
  assignee_id?: string | null;
  /** true keeps the assignee when the deal is assigned; false lets it follow the deal again. */
  assignee_pinned?: boolean;
  note?: string | null;
}

export interface BookingListQuery extends ListQuery {
  kind?: BookingKind;
  lead_id?: string;
  status?: BookingStatus;
  /** Bookings that end after this instant. */
  from?: Instant;
  /** Bookings that start before this instant. */
  to?: Instant;
}

/** A message on the log (docs/notifications.md, Message log API). */
export interface Message {
  id: string;
  channel: 'sms' | 'email';
  /** inbound: a seller's text to the workspace's number. */
  direction: 'outbound' | 'inbound';
  purpose: string;
  status: 'pending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'cancelled' | 'received';
  status_reason: string | null;
  to: string;
  from: string | null;
  subject: string | null;
  body: string;
  lead_id: string | null;
  booking_id: string | null;
  user_id: string | null;
  send_after: string;
  sent_at: string | null;
  provider_status: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessageListQuery extends ListQuery {
  lead_id?: string;
  channel?: Message['channel'];
  direction?: Message['direction'];
  status?: Message['status'];
}

/** Whether a booking of the lead would be confirmed by text, and why not. */
export interface LeadTexting {
  can_text: boolean;
  reason: string | null;
  opted_out_at: string | null;
}

export interface FreeSlot {
  starts_at: string;
  ends_at: string;
}

export interface FreeSlotQuery {
  /** Sets the slot length; default `callback`. */
  kind?: BookingKind;
  /** 1 to 50; default 10. */
  limit?: number;
}

export interface CalendarQuery {
  /** Default: 30 days back. */
  from?: Instant;
  to?: Instant;
}

// ---------------------------------------------------------------------------------------------
// Agent configuration

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export interface OpeningWindow {
  /** 24-hour `HH:MM`. */
  start: string;
  end: string;
}

export interface QuestionConfig {
  slot: SlotName;
  /** false: the agent does not ask, but still listens for it. */
  ask: boolean;
  prompt: string;
  reprompt: string;
}

/** The agent configuration as the API answers it (see AgentConfig in the OpenAPI document). */
export interface AgentConfig {
  business_name: string;
  agent_name: string;
  voice: string;
  /** e.g. en-GB. */
  language: string;
  lines: {
    greeting: string;
    /** Said after the greeting on a recorded call. */
    recording_notice: string;
    returning_greeting: string;
    closing: string;
    out_of_hours: string;
    transfer: string;
    callback_offer: string;
    viewing_offer: string;
    not_seller: string;
  };
  questions: QuestionConfig[];
  buy_box: {
    postcode_areas: string[];
    property_types: PropertyType[];
    min_bedrooms: number;
    max_bedrooms: number;
    max_price: number | null;
    conditions: PropertyCondition[];
    motivating_reasons: SaleReason[];
  };
  scoring: {
    weights: Record<ScoringCriterion, number>;
    hot_threshold: number;
    warm_threshold: number;
  };
  transfer: {
    /** E.164; null: never transfer. */
    number: string | null;
    on_request: boolean;
    when_hot: boolean;
  };
  hours: {
    /** IANA time zone, e.g. Europe/London. */
    time_zone: string;
    week: Record<Weekday, OpeningWindow[]>;
  };
  booking: {
    callback_minutes: number;
    viewing_minutes: number;
    lead_time_minutes: number;
    horizon_days: number;
    offer_count: number;
  };
  reprompts: {
    max_silence: number;
    max_unclear: number;
  };
  speech_hints: string[];
  /** The optional language model (docs/agent.md); default off, no effect without one configured. */
  language_model: { enabled: boolean; max_calls_per_day: number };
  /** Texts to the seller about their bookings (docs/notifications.md); default off. */
  texts: TextsConfig;
}

/** The texts a seller gets; each template may use {business} {name} {kind} {address} {day} {time}. */
export interface TextsConfig {
  enabled: boolean;
  /** Reminders before a viewing, in minutes (up to 3, 15 to 10,080). */
  reminders_minutes: number[];
  wording: {
    booking_confirmed: string;
    booking_moved: string;
    booking_cancelled: string;
    booking_reminder: string;
    cancel_confirmed: string;
  };
  /** What the agent adds to its booking confirmation when a text will follow. */
  spoken_promise: string;
}

/**
 * A configuration as sent to PUT /agent/draft: a question's `ask` defaults to true, and `texts`
 * to the defaults (off).
 */
export type AgentConfigInput = Omit<AgentConfig, 'questions' | 'texts'> & {
  questions: (Omit<QuestionConfig, 'ask'> & { ask?: boolean })[];
  texts?: TextsConfig;
};

export interface AgentDraft {
  config: AgentConfig;
  updated_at: string;
  /** null: the default configuration, never changed. */
  updated_by: string | null;
  /** The published version the draft started from; null: none. */
  based_on_version: number | null;
}

export interface AgentVersion {
  id: string;
  /** 1, 2, 3... per workspace. */
  version: number;
  config: AgentConfig;
  published_at: string;
  published_by: string | null;
}

export interface Agent {
  draft: AgentDraft;
  /** null before the first publish. */
  published: AgentVersion | null;
}

export interface PutDraftParams {
  config: AgentConfigInput;
}

// ---------------------------------------------------------------------------------------------
// Events

export type EventType =
  | 'call.completed'
  | 'call.transferred'
  | 'call.updated'
  | 'opportunity.created'
  | 'opportunity.updated'
  | 'opportunity.merged'
  | 'lead.created'
  | 'lead.updated'
  | 'lead.merged'
  | 'lead.erased'
  | 'booking.created'
  | 'booking.updated'
  | 'booking.cancelled'
  | 'agent.published';

/** What each event type carries as `data`: the API object as it was at the event. */
export interface EventDataMap {
  'call.completed': Call;
  'call.transferred': Call;
  'call.updated': Call;
  'opportunity.created': Opportunity;
  'opportunity.updated': Opportunity;
  'opportunity.merged': Opportunity;
  'lead.created': Lead;
  'lead.updated': Lead;
  'lead.merged': Lead;
  'lead.erased': LeadErased;
  'booking.created': Booking;
  'booking.updated': Booking;
  'booking.cancelled': Booking;
  'agent.published': AgentVersion;
}

/**
 * An event envelope, as GET /events answers it and webhook deliveries carry it. A union over
 * the event types, so checking `type` narrows `data`.
 */
export type EventEnvelope<T extends EventType = EventType> = {
  [K in T]: {
    /** evt_...: unique per event, the receiver's idempotency key. */
    id: string;
    type: K;
    created_at: string;
    workspace_id: string;
    data: EventDataMap[K];
  };
}[T];

export interface EventListQuery extends ListQuery {
  type?: EventType;
  /** Events created at or after this instant. */
  since?: Instant;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export type WebhookStatus = 'enabled' | 'disabled';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: EventType[];
  description: string | null;
  status: WebhookStatus;
  /** Why the service disabled it (a 410 answer); null otherwise. */
  disabled_reason: string | null;
  /** Id of the user who made it (for an API key, the key's creator); null if made before this was kept. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /**
   * `whsec_...`, the HMAC key, shown in this answer only. null when the answer was a replay of an
   * earlier request with the same X-Request-Id (the server keeps no copy of the secret, so a
   * create or rotate that was retried after its first answer was lost comes back without it):
   * call `webhooks.rotateSecret(id)` to get a new one.
   */
  signing_secret: string | null;
}

export interface CreateWebhookParams {
  /** https only, publicly reachable, no credentials; up to 2,048 characters. */
  url: string;
  /** At least one event type. */
  events: EventType[];
  /** Up to 500 characters. */
  description?: string;
}

export interface UpdateWebhookParams {
  url?: string;
  events?: EventType[];
  /** null clears it. */
  description?: string | null;
  status?: WebhookStatus;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: EventType;
  status: DeliveryStatus;
  attempts: number;
  /** HTTP status of the last attempt; null when none answered. */
  last_status: number | null;
  last_error: string | null;
  /** null unless pending. */
  next_attempt_at: string | null;
  created_at: string;
}

export interface DeliveryAttempt {
  id: string;
  started_at: string;
  duration_ms: number;
  response_status: number | null;
  succeeded: boolean;
  error: string | null;
  /** The first 1,024 characters of the receiver's answer. */
  response_body_start: string;
}

export interface DeliveryDetail extends Delivery {
  /** Oldest first. */
  attempt_log: DeliveryAttempt[];
}

export interface DeliveryListQuery extends ListQuery {
  status?: DeliveryStatus;
}

// ---------------------------------------------------------------------------------------------
// Test calls

export interface StartTestCallParams {
  /** The caller number to simulate, e.g. +447700900123. */
  from: string;
  /** `published` (default): a real call of channel sim. `draft`: marked test, no events. */
  agent?: 'published' | 'draft';
}

/** What a test call has learnt so far, and the score it would give now. */
export interface TestCallProgress {
  /** What the caller has said, by slot (name, phone, address, postcode, price...); null: not yet. */
  answers: Record<string, string | number | null>;
  facts: OpportunityFacts;
  postcode: string | null;
  /** null until there is a fact to score. */
  score: { score: number; outcome: 'hot' | 'warm' | 'cold' | 'disqualified'; breakdown: ScoreLine[] } | null;
}

export interface TestCallStarted {
  call_id: string;
  reply: string;
  ended: boolean;
  progress: TestCallProgress;
}

export interface TestCallTurnParams {
  /** Up to 2,000 characters; empty is silence. */
  text: string;
}

export interface TestCallTurn {
  /** What the agent says next; empty once the call has ended. */
  reply: string;
  ended: boolean;
  /** Set when the agent handed the caller to a person. */
  transferred_to: string | null;
  progress: TestCallProgress;
}
