import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, keyCaller, type Tenant } from '../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../test/support/harness.js';
import {
  type Agent,
  type AgentConfig,
  type AgentDraft,
  type AgentVersion,
  type AuditEntry,
  type Booking,
  type Call,
  type CallagentClient,
  CallagentError,
  createClient,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryDetail,
  type Erasure,
  type EventEnvelope,
  type FetchLike,
  type FreeSlot,
  type Lead,
  type LeadTexting,
  type Message,
  type Opportunity,
  type OpportunityNote,
  type PersonExport,
  type Retention,
  type ScoreLine,
  type TestCallStarted,
  type TestCallTurn,
  type Transcript,
  type TranscriptTurn,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from './index.js';

// The SDK over real HTTP against the real server: the types it declares are checked, field for
// field, against what the server answers.

const ALL_SCOPES = [
  'calls:read',
  'opportunities:read',
  'leads:read',
  'opportunities:write',
  'leads:write',
  'agent:read',
  'agent:write',
  'webhooks:manage',
  'privacy:manage',
] as const;

// Each table lists every key of its type: the compiler refuses a missing or an extra one, and
// the test compares it with the keys the server sent.
type Fields<T> = Record<keyof T, true>;
const LEAD: Fields<Lead> = {
  id: true,
  name: true,
  phone: true,
  email: true,
  status: true,
  owner_id: true,
  note: true,
  source: true,
  owner_pinned: true,
  merged_into: true,
  created_at: true,
  updated_at: true,
};
const CALL: Fields<Call> = {
  id: true,
  direction: true,
  channel: true,
  from: true,
  to: true,
  status: true,
  started_at: true,
  ended_at: true,
  duration_seconds: true,
  summary: true,
  model_summary: true,
  transferred_to: true,
  transfer_result: true,
  end_reason: true,
  ending: true,
  lead_id: true,
  opportunity_id: true,
  agent_version: true,
  test: true,
  recording: true,
};
const TRANSCRIPT: Fields<Transcript> = { call_id: true, turns: true };
const TURN: Fields<TranscriptTurn> = { speaker: true, text: true, at: true };
const OPPORTUNITY: Fields<Opportunity> = {
  id: true,
  call_id: true,
  lead_id: true,
  address: true,
  postcode: true,
  score: true,
  outcome: true,
  owner_id: true,
  seller: true,
  stage: true,
  dead_reason: true,
  next_action: true,
  notes: true,
  facts: true,
  score_breakdown: true,
  fact_sources: true,
  review: true,
  cross_checks: true,
  merged_into: true,
  created_at: true,
  updated_at: true,
};
const FACTS: Fields<Opportunity['facts']> = {
  property_type: true,
  bedrooms: true,
  condition: true,
  occupancy: true,
  asking_price: true,
  timeline: true,
  reason: true,
};
const SCORE_LINE: Fields<ScoreLine> = { criterion: true, points: true, max: true, reason: true };
const NOTE: Fields<OpportunityNote> = { id: true, body: true, author_id: true, created_at: true };
const BOOKING: Fields<Booking> = {
  id: true,
  kind: true,
  lead_id: true,
  call_id: true,
  starts_at: true,
  ends_at: true,
  assignee_id: true,
  note: true,
  status: true,
  assignee_pinned: true,
  created_at: true,
  updated_at: true,
};
const FREE_SLOT: Fields<FreeSlot> = { starts_at: true, ends_at: true };
const ENDPOINT: Fields<WebhookEndpoint> = {
  id: true,
  url: true,
  events: true,
  description: true,
  status: true,
  disabled_reason: true,
  created_by: true,
  created_at: true,
  updated_at: true,
};
const ENDPOINT_WITH_SECRET: Fields<WebhookEndpointWithSecret> = { ...ENDPOINT, signing_secret: true };
const DELIVERY: Fields<Delivery> = {
  id: true,
  webhook_id: true,
  event_id: true,
  event_type: true,
  status: true,
  attempts: true,
  last_status: true,
  last_error: true,
  next_attempt_at: true,
  created_at: true,
};
const DELIVERY_DETAIL: Fields<DeliveryDetail> = { ...DELIVERY, attempt_log: true };
const ATTEMPT: Fields<DeliveryAttempt> = {
  id: true,
  started_at: true,
  duration_ms: true,
  response_status: true,
  succeeded: true,
  error: true,
  response_body_start: true,
};
const EVENT: Fields<EventEnvelope> = {
  id: true,
  type: true,
  created_at: true,
  workspace_id: true,
  data: true,
};
const DRAFT: Fields<AgentDraft> = {
  config: true,
  updated_at: true,
  updated_by: true,
  based_on_version: true,
};
const VERSION: Fields<AgentVersion> = {
  id: true,
  version: true,
  config: true,
  published_at: true,
  published_by: true,
};
const AGENT: Fields<Agent> = { draft: true, published: true };
const AGENT_CONFIG: Fields<AgentConfig> = {
  business_name: true,
  agent_name: true,
  voice: true,
  language: true,
  lines: true,
  questions: true,
  buy_box: true,
  scoring: true,
  transfer: true,
  hours: true,
  booking: true,
  reprompts: true,
  speech_hints: true,
  language_model: true,
  texts: true,
};
const MESSAGE: Fields<Message> = {
  id: true,
  channel: true,
  direction: true,
  purpose: true,
  status: true,
  status_reason: true,
  to: true,
  from: true,
  subject: true,
  body: true,
  lead_id: true,
  booking_id: true,
  user_id: true,
  send_after: true,
  sent_at: true,
  provider_status: true,
  attempts: true,
  last_error: true,
  created_at: true,
  updated_at: true,
};
const TEXTING: Fields<LeadTexting> = { can_text: true, reason: true, opted_out_at: true };
const STARTED: Fields<TestCallStarted> = { call_id: true, reply: true, ended: true, progress: true };
const TURN_ANSWER: Fields<TestCallTurn> = { reply: true, ended: true, transferred_to: true, progress: true };
const PERSON_EXPORT: Fields<PersonExport> = {
  format: true,
  exported_at: true,
  workspace_id: true,
  lead_id: true,
  leads: true,
  calls: true,
  opportunities: true,
  opportunity_notes: true,
  bookings: true,
  messages: true,
  events: true,
};
const ERASURE: Fields<Erasure> = { lead_id: true, lead_ids: true, erased_at: true };
const RETENTION: Fields<Retention> = {
  transcript_days: true,
  idle_lead_days: true,
  recording_days: true,
  updated_at: true,
};
const AUDIT_ENTRY: Fields<AuditEntry> = {
  id: true,
  at: true,
  actor: true,
  action: true,
  subject: true,
  details: true,
};

function expectFields(value: object, fields: object): void {
  expect(Object.keys(value).sort()).toEqual(Object.keys(fields).sort());
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// Tuesday 24 November 2026, 11:00 in London: inside the default business hours.
const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');

let t: TestContext;
let baseUrl: string;
let tenant: Tenant;
let apiKey: string;
let client: CallagentClient;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  t.clock.set(TUESDAY_11AM);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;
  tenant = await createTenant(t.db, t.clock);
  apiKey = (await keyCaller(t.app, tenant.callers.admin, ALL_SCOPES)).key;
  client = createClient({ baseUrl, apiKey, userAgent: 'sdk-int-test/1' });
});
afterAll(() => t.close());

async function failure(promise: Promise<unknown>): Promise<CallagentError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof CallagentError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('the SDK against the real server', () => {
  it('declares every field the served OpenAPI document lists for each response object', async () => {
    const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    type Schema = { properties?: Record<string, unknown>; required?: string[] };
    const doc = (await res.json()) as { components: { schemas: Record<string, Schema | undefined> } };
    const declared: [string, object][] = [
      ['Lead', LEAD],
      ['Call', CALL],
      ['Transcript', TRANSCRIPT],
      ['TranscriptTurn', TURN],
      ['Opportunity', OPPORTUNITY],
      ['OpportunityFacts', FACTS],
      ['ScoreLine', SCORE_LINE],
      ['OpportunityNote', NOTE],
      ['Booking', BOOKING],
      ['FreeSlot', FREE_SLOT],
      ['WebhookEndpoint', ENDPOINT],
      ['WebhookEndpointWithSecret', ENDPOINT_WITH_SECRET],
      ['WebhookDelivery', DELIVERY],
      ['WebhookDeliveryDetail', DELIVERY_DETAIL],
      ['WebhookAttempt', ATTEMPT],
      ['Event', EVENT],
      ['AgentDraft', DRAFT],
      ['AgentVersion', VERSION],
      ['Agent', AGENT],
      ['AgentConfig', AGENT_CONFIG],
      ['Message', MESSAGE],
      ['LeadTexting', TEXTING],
      ['TestCallStarted', STARTED],
      ['TestCallTurn', TURN_ANSWER],
      ['PersonExport', PERSON_EXPORT],
      ['Erasure', ERASURE],
      ['Retention', RETENTION],
      ['AuditEntry', AUDIT_ENTRY],
    ];
    for (const [name, fields] of declared) {
      const schema = doc.components.schemas[name];
      expect(Object.keys(schema?.properties ?? {}).sort(), name).toEqual(Object.keys(fields).sort());
      expect([...(schema?.required ?? [])].sort(), `${name} required`).toEqual(Object.keys(fields).sort());
    }
  });

  let webhook: WebhookEndpointWithSecret;
  let lead: Lead;

  it('creates a webhook endpoint, its secret shown once', async () => {
    webhook = await client.webhooks.create({
      url: 'https://127.0.0.1:9/hook',
      events: ['lead.created', 'lead.updated', 'call.completed'],
      description: 'CRM sync',
    });
    expectFields(webhook, ENDPOINT_WITH_SECRET);
    expect(webhook).toMatchObject({
      url: 'https://127.0.0.1:9/hook',
      events: ['lead.created', 'lead.updated', 'call.completed'],
      description: 'CRM sync',
      status: 'enabled',
      disabled_reason: null,
    });
    expect(webhook.id).toMatch(/^wh_/);
    expect(webhook.signing_secret).toMatch(/^whsec_/);
    expect(webhook.created_at).toMatch(ISO);

    const fetched = await client.webhooks.get(webhook.id);
    expectFields(fetched, ENDPOINT);
    const page = await client.webhooks.list();
    expect(page.data.map((w) => w.id)).toContain(webhook.id);
    expect(page.next_cursor).toBeNull();

    const updated = await client.webhooks.update(webhook.id, { description: null });
    expect(updated.description).toBeNull();
    const rotated = await client.webhooks.rotateSecret(webhook.id);
    expectFields(rotated, ENDPOINT_WITH_SECRET);
    expect(rotated.signing_secret).toMatch(/^whsec_/);
    expect(rotated.signing_secret).not.toBe(webhook.signing_secret);

    const refused = await failure(
      client.webhooks.create({ url: 'http://127.0.0.1:9/hook', events: ['lead.created'] }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(refused.message).toContain('https');
  });

  it('creates, reads, updates and lists leads', async () => {
    lead = await client.leads.create({ name: 'Sam Smith', phone: '07700 900123', note: 'From the web form' });
    expectFields(lead, LEAD);
    expect(lead).toMatchObject({
      name: 'Sam Smith',
      phone: '+447700900123',
      email: null,
      status: 'new',
      owner_id: null,
      note: 'From the web form',
      source: 'api',
    });
    expect(lead.id).toMatch(/^lead_/);
    expect(lead.created_at).toMatch(ISO);

    expect(await client.leads.get(lead.id)).toEqual(lead);

    t.clock.advance(1000);
    const updated = await client.leads.update(lead.id, { status: 'working', email: 'sam@example.test' });
    expectFields(updated, LEAD);
    expect(updated).toMatchObject({ id: lead.id, status: 'working', email: 'sam@example.test' });
    expect(updated.updated_at > lead.updated_at).toBe(true);
    lead = updated;

    for (let i = 0; i < 4; i++) {
      await client.leads.create({ name: `Bulk ${i}`, phone: `07700 90020${i}` });
    }
    const first = await client.leads.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    for (const l of first.data) expectFields(l, LEAD);

    const iterated: string[] = [];
    for await (const l of client.leads.iterate({ limit: 2 })) iterated.push(l.id);
    expect(iterated).toHaveLength(5);
    expect(new Set(iterated).size).toBe(5);
    expect(iterated).toEqual((await client.leads.listAll({ limit: 200 })).map((l) => l.id));

    const oldestFirst = await client.leads.listAll({ order: 'asc', limit: 3 });
    expect(oldestFirst.map((l) => l.id)).toEqual([...iterated].reverse());

    const working = await client.leads.listAll({ status: 'working', limit: 1 });
    expect(working.map((l) => l.id)).toEqual([lead.id]);
    expect((await client.leads.list({ phone: '+44 7700 900123' })).data.map((l) => l.id)).toEqual([lead.id]);
    expect((await client.leads.list({ q: 'bulk' })).data).toHaveLength(4);
  });

  it('maps the server’s errors: conflict, not_found, validation_failed, unauthenticated, insufficient_scope', async () => {
    const duplicate = await failure(client.leads.create({ name: 'Someone Else', phone: '+447700900123' }));
    expect(duplicate).toMatchObject({ status: 409, code: 'conflict' });
    expect(duplicate.message).toContain(lead.id);
    expect(duplicate.requestId).toMatch(/^sdk_/);

    const missing = await failure(client.leads.get('lead_nothing'));
    expect(missing).toMatchObject({ status: 404, code: 'not_found', details: [] });

    const invalid = await failure(client.leads.create({ name: 'X', phone: 'not a phone' }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(invalid.details).toEqual([{ path: 'phone', message: expect.any(String) }]);

    const badLimit = await failure(client.leads.list({ limit: 500 }));
    expect(badLimit).toMatchObject({ status: 400, code: 'validation_failed' });

    const stranger = createClient({
      baseUrl,
      apiKey: 'cak_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(await failure(stranger.leads.list())).toMatchObject({ status: 401, code: 'unauthenticated' });

    const readOnly = createClient({
      baseUrl,
      apiKey: (await keyCaller(t.app, tenant.callers.admin, ['leads:read'])).key,
    });
    const denied = await failure(readOnly.leads.create({ name: 'Nope', phone: '07700900999' }));
    expect(denied).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(denied.message).toContain('leads:write');
  });

  it('a POST whose answer was lost is retried with the same X-Request-Id and acts once', async () => {
    const seen: string[] = [];
    let dropped = 0;
    // A network that loses the first answer of every POST after the server has acted on it.
    const lossy: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      seen.push(`${init.method} ${(init.headers as Record<string, string>)['X-Request-Id']}`);
      if (init.method === 'POST' && dropped++ % 2 === 0) {
        await response.arrayBuffer();
        throw new TypeError('fetch failed');
      }
      return response;
    };
    const flaky = createClient({ baseUrl, apiKey, fetch: lossy, sleep: async () => {} });

    const created = await flaky.leads.create({ name: 'Pat Lost', phone: '07700 900555' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(created).toMatchObject({ name: 'Pat Lost', phone: '+447700900555' });
    const matches = await client.leads.listAll({ phone: '07700900555' });
    expect(matches.map((l) => l.id)).toEqual([created.id]);

    // A caller's own id makes a deliberate repeat answer the first result, not a 409.
    const again = await client.leads.create(
      { name: 'Pat Lost', phone: '07700 900555' },
      { requestId: seen[0]?.split(' ')[1] ?? '' },
    );
    expect(again).toEqual(created);

    // The secret is shown once: a create whose answer was lost comes back from the replay without it.
    const hook = await flaky.webhooks.create({
      url: 'https://127.0.0.1:9/other',
      events: ['booking.created'],
    });
    expect(hook.signing_secret).toBeNull();
    expect(
      (await client.webhooks.listAll()).map((w) => w.url).filter((u) => u.endsWith('/other')),
    ).toHaveLength(1);
    const fresh = await client.webhooks.rotateSecret(hook.id);
    expect(fresh.signing_secret).toMatch(/^whsec_/);
    await client.webhooks.delete(hook.id);
    expect(await failure(client.webhooks.get(hook.id))).toMatchObject({ code: 'not_found' });
  });

  it('edits, publishes and restores the agent configuration', async () => {
    const agent = await client.agent.get();
    expectFields(agent, AGENT);
    expect(agent.published).toBeNull();
    expect(await failure(client.agent.getPublished())).toMatchObject({ status: 404, code: 'not_found' });

    const draft = await client.agent.getDraft();
    expectFields(draft, DRAFT);
    const saved = await client.agent.putDraft({ config: { ...draft.config, business_name: 'Acme Homes' } });
    expect(saved.config.business_name).toBe('Acme Homes');

    const bad = await failure(
      client.agent.putDraft({
        config: { ...draft.config, buy_box: { ...draft.config.buy_box, min_bedrooms: 9, max_bedrooms: 2 } },
      }),
    );
    expect(bad.code).toBe('validation_failed');
    expect(bad.details.map((d) => d.path)).toContain('config.buy_box.min_bedrooms');

    const v1 = await client.agent.publish();
    expectFields(v1, VERSION);
    expect(v1).toMatchObject({ version: 1, config: { business_name: 'Acme Homes' } });
    expect(await failure(client.agent.publish())).toMatchObject({ status: 409, code: 'conflict' });
    expect(await client.agent.getPublished()).toEqual(v1);
    expect(await client.agent.getVersion(1)).toEqual(v1);
    expect((await client.agent.versions()).data).toEqual([v1]);

    const restored = await client.agent.restore(1);
    expectFields(restored, DRAFT);
    expect(restored.based_on_version).toBe(1);
  });

  let callId: string;

  it('runs a test call, then reads it back with its transcript', async () => {
    const started = await client.testCalls.start({ from: '07700 900777' });
    expectFields(started, STARTED);
    expect(started.reply).toMatch(/Acme Homes/);
    expect(started.ended).toBe(false);
    callId = started.call_id;

    for (const text of [
      "Hi, I'm looking to sell my house",
      'Sarah Jones',
      '12 Acacia Avenue, M14 5AB',
      'yes',
    ]) {
      t.clock.advance(5_000);
      const turn = await client.testCalls.say(callId, { text });
      expectFields(turn, TURN_ANSWER);
      expect(turn.ended).toBe(false);
      expect(turn.reply.length).toBeGreaterThan(0);
    }
    t.clock.advance(5_000);
    const ended = await client.testCalls.hangup(callId);
    expectFields(ended, CALL);
    expect(ended).toMatchObject({
      id: callId,
      channel: 'sim',
      direction: 'inbound',
      agent_version: 1,
      test: false,
    });
    expect(ended.status).not.toBe('in_progress');

    const calls = await client.calls.list({ status: ended.status });
    expect(calls.data.map((c) => c.id)).toEqual([callId]);
    for (const c of calls.data) expectFields(c, CALL);
    expect((await client.calls.listAll({ from: '+447700900777' })).map((c) => c.id)).toEqual([callId]);
    expect(await client.calls.get(callId)).toEqual(ended);

    const transcript = await client.calls.transcript(callId);
    expectFields(transcript, TRANSCRIPT);
    expect(transcript.call_id).toBe(callId);
    expect(transcript.turns.length).toBeGreaterThanOrEqual(9);
    for (const turn of transcript.turns) {
      expectFields(turn, TURN);
      expect(['agent', 'caller', 'system']).toContain(turn.speaker);
      expect(turn.at).toMatch(ISO);
    }
    expect(transcript.turns.filter((x) => x.speaker === 'caller').map((x) => x.text)).toContain(
      'Sarah Jones',
    );

    expect(await failure(client.testCalls.say('call_nothing', { text: 'hello' }))).toMatchObject({
      code: 'not_found',
    });
  });

  it('reads and works the opportunity the call made', async () => {
    const page = await client.opportunities.list({ postcode: 'm14' });
    expect(page.data).toHaveLength(1);
    const [opportunity] = page.data;
    if (!opportunity) throw new Error('no opportunity');
    expectFields(opportunity, OPPORTUNITY);
    expectFields(opportunity.facts, FACTS);
    expect(opportunity).toMatchObject({ call_id: callId, postcode: 'M14 5AB' });

    const note = await client.opportunities.addNote(opportunity.id, { body: 'Called back, keen.' });
    expectFields(note, NOTE);
    const won = await client.opportunities.update(opportunity.id, { outcome: 'won' });
    expect(won.outcome).toBe('won');
    expect(won.notes.map((n) => n.body)).toEqual(['Called back, keen.']);
    expect(await client.opportunities.get(opportunity.id)).toEqual(won);
    expect(await client.opportunities.listAll({ outcome: 'won' })).toEqual([won]);

    const pipeline = await client.opportunities.pipeline();
    expect(pipeline.stages.map((s) => s.key)).toContain('offer_made');
    const due = new Date(Date.now() + 3_600_000).toISOString();
    const offered = await client.opportunities.update(opportunity.id, {
      stage: 'offer_made',
      next_action: { what: 'Chase the answer', due_at: due },
    });
    expect(offered).toMatchObject({
      stage: 'offer_made',
      next_action: { what: 'Chase the answer', source: 'desk' },
    });
    const tasks = await client.opportunities.tasks({ list: 'all' });
    expect(tasks.data.map((o) => o.id)).toContain(opportunity.id);
  });

  it('books a callback and reads the free slots and the calendar feed', async () => {
    const slots = await client.bookings.freeSlots({ kind: 'callback', limit: 2 });
    expect(Object.keys(slots)).toEqual(['data']);
    expect(slots.data).toHaveLength(2);
    const [slot] = slots.data;
    if (!slot) throw new Error('no free slot');
    expectFields(slot, FREE_SLOT);

    const booking = await client.bookings.create({
      kind: 'callback',
      lead_id: lead.id,
      starts_at: new Date(slot.starts_at),
      note: 'Ask about the garden',
    });
    expectFields(booking, BOOKING);
    expect(booking).toMatchObject({
      kind: 'callback',
      lead_id: lead.id,
      status: 'scheduled',
      starts_at: slot.starts_at,
    });
    const clash = await failure(
      client.bookings.create({ kind: 'callback', lead_id: lead.id, starts_at: slot.starts_at }),
    );
    expect(clash).toMatchObject({ status: 409, code: 'conflict' });

    expect((await client.bookings.listAll({ lead_id: lead.id })).map((b) => b.id)).toEqual([booking.id]);
    const feed = await client.bookings.calendar();
    expect(feed).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed).toContain(`UID:${booking.id}@callagent`);

    const cancelled = await client.bookings.update(booking.id, { status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
    expect(await client.bookings.get(booking.id)).toEqual(cancelled);
  });

  it('reads the message log and whether a lead can be texted', async () => {
    // Texts are off in this workspace: nothing is on the log for the lead, and it says why.
    expect(await client.messages.listAll({ lead_id: lead.id, channel: 'sms' })).toEqual([]);
    const texting = await client.messages.texting(lead.id);
    expectFields(texting, TEXTING);
    expect(texting).toEqual({
      can_text: false,
      reason: 'Texts are off in the agent configuration',
      opted_out_at: null,
    });
    const missing = await failure(client.messages.get('msg_missing'));
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('lists the events, typed by their type, and the webhook’s deliveries', async () => {
    const created = await client.events.listAll({ type: 'lead.created' });
    expect(created.length).toBeGreaterThanOrEqual(6);
    for (const event of created) {
      expectFields(event, EVENT);
      expect(event.id).toMatch(/^evt_/);
      expect(event.workspace_id).toBe(tenant.workspaceId);
      if (event.type !== 'lead.created') throw new Error(`unexpected ${event.type}`);
      expectFields(event.data, LEAD); // narrowed to Lead by the type
    }
    const all = await client.events.listAll({ limit: 3 });
    const types = new Set(all.map((e) => e.type));
    for (const type of [
      'lead.created',
      'lead.updated',
      'agent.published',
      'booking.created',
      'opportunity.created',
    ])
      expect(types).toContain(type);
    const published = all.find((e) => e.type === 'agent.published');
    if (published?.type !== 'agent.published') throw new Error('no agent.published');
    expectFields(published.data, VERSION);
    expect(await client.events.get(published.id)).toEqual(published);

    const deliveries = await client.webhooks.deliveries(webhook.id);
    expect(deliveries.data.length).toBeGreaterThan(0);
    for (const d of deliveries.data) expectFields(d, DELIVERY);
    const subscribed = new Set(deliveries.data.map((d) => d.event_type));
    expect(
      [...subscribed].every((type) => ['lead.created', 'lead.updated', 'call.completed'].includes(type)),
    ).toBe(true);
    const [delivery] = deliveries.data;
    if (!delivery) throw new Error('no delivery');
    const detail = await client.webhooks.getDelivery(webhook.id, delivery.id);
    expectFields(detail, DELIVERY_DETAIL);
    const again = await client.webhooks.redeliver(webhook.id, delivery.id);
    expectFields(again, DELIVERY);
    expect(again.status).toBe('pending');

    const iterated: string[] = [];
    for await (const d of client.webhooks.iterateDeliveries(webhook.id, { limit: 1 })) iterated.push(d.id);
    expect(iterated).toEqual(deliveries.data.map((d) => d.id));
  });
});

describe('a person’s data through the SDK', () => {
  it('exports, looks up and erases a person with a key holding privacy:manage', async () => {
    const person = await client.leads.create({ name: 'Pat Privacy', phone: '07700 900787' });
    const doc = await client.privacy.exportLead(person.id);
    expectFields(doc, PERSON_EXPORT);
    expect(doc.leads.map((l) => l.name)).toEqual(['Pat Privacy']);
    expect((await client.privacy.lookup('07700 900787')).data.map((l) => l.id)).toEqual([person.id]);
    const wrong = await failure(client.privacy.erase(person.id, { confirm: '07700 900788' }));
    expect([wrong.status, wrong.code]).toEqual([400, 'validation_failed']);
    const erasure = await client.privacy.erase(person.id, { confirm: '+44 7700 900787' });
    expectFields(erasure, ERASURE);
    expect(erasure).toMatchObject({ lead_id: person.id, lead_ids: [person.id] });
    expect((await client.leads.get(person.id)).name).toBe('Erased');
    expect(await client.privacy.erase(person.id, { confirm: 'anything' })).toEqual(erasure);
    // Retention and the audit log are for people signed in. Each request is made only when its
    // refusal is awaited: a second one made up front could be refused before anything listened.
    for (const refused of [() => client.privacy.retention(), () => client.privacy.auditLog()]) {
      const error = await failure(refused());
      expect([error.status, error.code]).toEqual([403, 'forbidden']);
    }
  });
});
