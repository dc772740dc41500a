import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, type Json, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { OFF, sayLines, tenantWith } from '../../../test/support/language-model.js';
import {
  aPhoneCall,
  aTwilioLine,
  callFields,
  callsOf,
  pathOf,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  twilioPost,
  WARM_SELLER,
} from '../../../test/support/twilio.js';
import { newId } from '../../lib/ids.js';
import { find } from '../../telephony/twilio/twiml-parse.js';

// A person's data (docs/privacy.md): the export, the lookup by number and erasure, against a
// seller who really called (a test call of the published agent makes the lead, the deal, the
// booking and the events), with a text to them and a webhook endpoint that was sent their events.

let t: TestContext;
let tenant: Tenant;
let other: Tenant;

const NAME = 'Sarah Jones';
const STREET = 'Acacia';

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  tenant = await tenantWith(t, OFF);
  other = await createTenant(t.db, t.clock);
  // An endpoint subscribed to everything, so the person's events have deliveries.
  await t.db.query(
    `INSERT INTO webhook_endpoints (workspace_id, id, url, events, status, secret_ciphertext, created_at, updated_at)
     VALUES ($1, $2, 'https://hooks.example.com/in', $3, 'enabled', 'sealed', $4, $4)`,
    [
      tenant.workspaceId,
      newId('wh', t.clock.now().getTime()),
      [
        'lead.created',
        'lead.updated',
        'lead.merged',
        'opportunity.created',
        'call.completed',
        'booking.created',
      ],
      t.clock.now(),
    ],
  );
});
afterAll(() => t.close());

let callers = 0;
/** A warm seller calls from a number of their own; answers the lead and its number. */
async function aSeller(): Promise<{ leadId: string; phone: string; callId: string }> {
  callers++;
  const phone = `+447700900${String(500 + callers).padStart(3, '0')}`;
  const started = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', { from: phone });
  expect(started.statusCode).toBe(201);
  const callId = String(json(started).call_id);
  await sayLines(t, tenant, callId, WARM_SELLER);
  const leads = json<{ data: Json[] }>(
    await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads?phone=${encodeURIComponent(phone)}`),
  ).data;
  expect(leads).toHaveLength(1);
  const leadId = String(leads[0]?.id);
  // A text to them, as the notifications outbox keeps it.
  await t.db.query(
    `INSERT INTO messages (workspace_id, id, channel, direction, purpose, idempotency_key, recipient, sender, lead_id,
                           body, status, send_after, quiet_hours, created_at, updated_at)
     VALUES ($1, $2, 'sms', 'outbound', 'viewing_confirmation', $2, $3, '+441614960000', $4,
             'Hi Sarah, see you at 12 Acacia Avenue', 'sent', $5, false, $5, $5)`,
    [tenant.workspaceId, newId('msg', t.clock.now().getTime()), phone, leadId, t.clock.now()],
  );
  return { leadId, phone, callId };
}

/** Every text the workspace holds about people, as one string (the tables erasure must reach). */
async function everythingHeld(workspaceId: string): Promise<string> {
  const rows = await t.db.query<{ all: string }>(
    `SELECT concat_ws(' ',
       (SELECT string_agg(to_jsonb(l)::text, ' ') FROM leads l WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(c)::text, ' ') FROM calls c WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(x)::text, ' ') FROM call_turns x WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(o)::text, ' ') FROM opportunities o WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(n)::text, ' ') FROM opportunity_notes n WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(b)::text, ' ') FROM bookings b WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(m)::text, ' ') FROM messages m WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(e)::text, ' ') FROM events e WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(d)::text, ' ') FROM webhook_deliveries d WHERE workspace_id = $1),
       (SELECT string_agg(to_jsonb(a)::text, ' ') FROM audit_log a WHERE workspace_id = $1)) AS all`,
    [workspaceId],
  );
  return rows[0]?.all ?? '';
}

async function counts(workspaceId: string): Promise<Json> {
  const rows = await t.db.query(
    `SELECT (SELECT count(*) FROM leads WHERE workspace_id = $1)::int AS leads,
            (SELECT count(*) FROM calls WHERE workspace_id = $1)::int AS calls,
            (SELECT count(*) FROM call_turns WHERE workspace_id = $1)::int AS turns,
            (SELECT count(*) FROM opportunities WHERE workspace_id = $1)::int AS opportunities,
            (SELECT count(*) FROM bookings WHERE workspace_id = $1)::int AS bookings,
            (SELECT count(*) FROM messages WHERE workspace_id = $1)::int AS messages,
            (SELECT count(*) FROM events WHERE workspace_id = $1)::int AS events,
            (SELECT count(*) FROM webhook_deliveries WHERE workspace_id = $1)::int AS deliveries,
            (SELECT count(*) FROM audit_log WHERE workspace_id = $1)::int AS audit`,
    [workspaceId],
  );
  return rows[0] as Json;
}

async function auditOf(action: string): Promise<Json[]> {
  const res = await call(t.app, tenant.callers.owner, 'GET', `/api/v1/audit-log?action=${action}`);
  expect(res.statusCode).toBe(200);
  return json<{ data: Json[] }>(res).data;
}

/** A person's messages: those to or from them, and the desk's alerts about them. */
function byAudience(messages: Json[]): [Json[], Json[]] {
  const alert = (m: Json) => String(m.purpose).startsWith('alert_');
  return [messages.filter((m) => !alert(m)), messages.filter(alert)];
}

describe('GET /leads/{id}/export', () => {
  it('answers everything held about the person as one document, and audits it without their data', async () => {
    const { leadId, phone, callId } = await aSeller();
    const res = await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${leadId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${leadId}.json"`);
    const doc = json(res);
    expect(doc).toMatchObject({
      format: 'callagent.person.v1',
      lead_id: leadId,
      workspace_id: tenant.workspaceId,
    });
    const leads = doc.leads as Json[];
    expect(leads.map((l) => [l.id, l.name, l.phone])).toEqual([[leadId, NAME, phone]]);
    const calls = doc.calls as Json[];
    expect(calls.map((c) => c.id)).toEqual([callId]);
    const transcript = ((calls[0] as Json).transcript as Json[]).map((line) => line.text).join(' ');
    expect(transcript).toContain('12 Acacia Avenue');
    expect(doc.opportunities as Json[]).toHaveLength(1);
    expect((doc.opportunities as Json[])[0]).toMatchObject({ lead_id: leadId });
    expect(doc.bookings as Json[]).toHaveLength(1);
    // The seller's own texts, and the desk's alerts about them (a hot seller), which name them too.
    const [sellers, alerts] = byAudience(doc.messages as Json[]);
    expect(sellers.map((m) => m.body)).toEqual(['Hi Sarah, see you at 12 Acacia Avenue']);
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) expect(alert.body).toContain('Sarah');
    const types = (doc.events as Json[]).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['lead.created', 'opportunity.created', 'booking.created']));
    expect(JSON.stringify(doc)).not.toContain('search_text');

    const [entry] = await auditOf('lead.exported');
    expect(entry).toMatchObject({
      action: 'lead.exported',
      actor: { type: 'user', id: tenant.users.admin.id, on_behalf_of: null },
      subject: { type: 'lead', id: leadId },
      details: {
        lead_ids: [leadId],
        counts: { leads: 1, calls: 1, opportunities: 1, bookings: 1, messages: 1 + alerts.length },
      },
    });
    const said = JSON.stringify(entry);
    expect(said).not.toContain('Sarah');
    expect(said).not.toContain(phone.slice(3));
  });

  it('is for admins and owners, and keys with privacy:manage; another workspace’s lead is 404', async () => {
    const { leadId } = await aSeller();
    for (const role of ['member', 'viewer'] as const) {
      const res = await call(t.app, tenant.callers[role], 'GET', `/api/v1/leads/${leadId}/export`);
      expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
    }
    const reader = await keyCaller(t.app, tenant.callers.admin, ['leads:read', 'leads:write', 'calls:read']);
    const refused = await call(t.app, reader, 'GET', `/api/v1/leads/${leadId}/export`);
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'insufficient_scope']);
    const key = await keyCaller(t.app, tenant.callers.admin, ['privacy:manage']);
    const viaKey = await call(t.app, key, 'GET', `/api/v1/leads/${leadId}/export`);
    expect(viaKey.statusCode).toBe(200);
    expect((await auditOf('lead.exported'))[0]).toMatchObject({
      actor: { type: 'api_key', id: key.keyId, on_behalf_of: tenant.users.admin.id },
    });
    expect(
      (await call(t.app, tenant.callers.owner, 'GET', `/api/v1/leads/${leadId}/export`)).statusCode,
    ).toBe(200);
    const foreign = await call(t.app, other.callers.owner, 'GET', `/api/v1/leads/${leadId}/export`);
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([404, 'not_found']);
    const missing = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/leads/lead_nope/export');
    expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'not_found']);
  });
});

describe('GET /privacy/lookup', () => {
  it('finds the leads with a number in any usual form, merged ones and their survivor included', async () => {
    const { leadId, phone } = await aSeller();
    const national = `0${phone.slice(3, 7)} ${phone.slice(7)}`;
    const found = await call(
      t.app,
      tenant.callers.admin,
      'GET',
      `/api/v1/privacy/lookup?phone=${encodeURIComponent(national)}`,
    );
    expect(found.statusCode).toBe(200);
    expect(json<{ data: Json[] }>(found).data.map((l) => l.id)).toEqual([leadId]);

    // A second lead for the same seller, merged into the first: its number finds both.
    const second = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', {
      name: 'S Jones',
      phone: '+447700900999',
    });
    const secondId = String(json(second).id);
    const merged = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/leads/${secondId}/merge`, {
      into: leadId,
    });
    expect(merged.statusCode).toBe(200);
    const byOld = await call(
      t.app,
      tenant.callers.admin,
      'GET',
      '/api/v1/privacy/lookup?phone=%2B447700900999',
    );
    expect(
      json<{ data: Json[] }>(byOld)
        .data.map((l) => l.id)
        .sort(),
    ).toEqual([leadId, secondId].sort());
    // The export speaks of the whole person too.
    const doc = json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${secondId}/export`));
    expect((doc.leads as Json[]).map((l) => l.id).sort()).toEqual([leadId, secondId].sort());

    const none = await call(
      t.app,
      tenant.callers.admin,
      'GET',
      '/api/v1/privacy/lookup?phone=%2B447700900998',
    );
    expect(json<{ data: Json[] }>(none).data).toEqual([]);
    const elsewhere = await call(
      t.app,
      other.callers.owner,
      'GET',
      `/api/v1/privacy/lookup?phone=${encodeURIComponent(phone)}`,
    );
    expect(json<{ data: Json[] }>(elsewhere).data).toEqual([]);

    const [entry] = await auditOf('privacy.lookup');
    expect(JSON.stringify(entry)).not.toContain('900999');
  });

  it('answers 400 for a missing or unreadable number, and 403 to a member', async () => {
    for (const url of [
      '/api/v1/privacy/lookup',
      '/api/v1/privacy/lookup?phone=call%20me',
      '/api/v1/privacy/lookup?phone=1&x=2',
    ]) {
      const res = await call(t.app, tenant.callers.admin, 'GET', url);
      expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    }
    const member = await call(
      t.app,
      tenant.callers.member,
      'GET',
      '/api/v1/privacy/lookup?phone=07700900123',
    );
    expect([member.statusCode, errorCode(member)]).toEqual([403, 'forbidden']);
  });
});

describe('POST /leads/{id}/erase', () => {
  it('refuses without the lead’s number, and to members and viewers, changing nothing', async () => {
    const { leadId, phone } = await aSeller();
    const before = await counts(tenant.workspaceId);
    for (const body of [
      {},
      { confirm: '' },
      { confirm: '+447700900000' },
      { confirm: phone, extra: 1 },
      { confirm: 'x'.repeat(41) },
    ]) {
      const res = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/leads/${leadId}/erase`, body);
      expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    }
    for (const role of ['member', 'viewer'] as const) {
      const res = await call(t.app, tenant.callers[role], 'POST', `/api/v1/leads/${leadId}/erase`, {
        confirm: phone,
      });
      expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
    }
    const foreign = await call(t.app, other.callers.owner, 'POST', `/api/v1/leads/${leadId}/erase`, {
      confirm: phone,
    });
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([404, 'not_found']);
    expect(await counts(tenant.workspaceId)).toEqual(before);
    const lead = json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${leadId}`));
    expect(lead.name).toBe(NAME);
  });

  it('removes the person everywhere, merged leads too, keeping every row; once', async () => {
    const { leadId, phone, callId } = await aSeller();
    const alias = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', {
      name: 'Sarah J',
      phone: '+447700900888',
      note: 'Lives at 12 Acacia Avenue',
    });
    const aliasId = String(json(alias).id);
    expect(
      (await call(t.app, tenant.callers.admin, 'POST', `/api/v1/leads/${aliasId}/merge`, { into: leadId }))
        .statusCode,
    ).toBe(200);
    const [opportunity] = json<{ data: Json[] }>(
      await call(t.app, tenant.callers.admin, 'GET', `/api/v1/opportunities?lead_id=${leadId}`),
    ).data;
    const opportunityId = String(opportunity?.id);
    expect(
      (
        await call(t.app, tenant.callers.admin, 'POST', `/api/v1/opportunities/${opportunityId}/notes`, {
          body: 'Sarah said her mum passed away',
        })
      ).statusCode,
    ).toBe(201);
    // A reminder not yet sent to them.
    await t.db.query(
      `INSERT INTO messages (workspace_id, id, channel, direction, purpose, idempotency_key, recipient, sender, lead_id,
                             body, status, send_after, quiet_hours, next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, 'sms', 'outbound', 'viewing_reminder', $2, $3, '+441614960000', $4,
               'Reminder: viewing at 12 Acacia Avenue tomorrow', 'pending', $5, true, $5, $5, $5)`,
      [tenant.workspaceId, newId('msg', t.clock.now().getTime()), phone, leadId, t.clock.now()],
    );
    // Everyone else's data stays: another seller of the same workspace.
    const bystander = await aSeller();
    const withBystander = await counts(tenant.workspaceId);

    const res = await call(t.app, tenant.callers.owner, 'POST', `/api/v1/leads/${aliasId}/erase`, {
      confirm: `0${phone.slice(3)}`,
    });
    expect(res.statusCode).toBe(200);
    const erasure = json(res);
    expect(erasure).toEqual({
      lead_id: aliasId,
      lead_ids: [leadId, aliasId].sort(),
      erased_at: t.clock.now().toISOString(),
    });

    // Rows stay; only lead.erased events are new, one per lead, and one audit entry.
    const after = await counts(tenant.workspaceId);
    expect(after).toEqual({
      ...withBystander,
      events: Number(withBystander.events) + 2,
      audit: Number(withBystander.audit) + 1,
    });

    // Nothing anywhere holds their numbers now (the bystander has a number of their own).
    const held = await everythingHeld(tenant.workspaceId);
    for (const digits of [phone.slice(3), '7700900888']) {
      const at = held.indexOf(digits);
      expect(at === -1 ? '' : held.slice(Math.max(0, at - 600), at + 100)).toBe('');
    }
    const bystanderHeld = JSON.stringify(
      json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${bystander.leadId}/export`)),
    );
    expect(bystanderHeld).toContain(NAME);
    expect(bystanderHeld).toContain('12 Acacia Avenue');

    const lead = json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${leadId}`));
    expect(lead).toMatchObject({ name: 'Erased', phone: `erased:${leadId}`, email: null, note: null });
    const doc = json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${leadId}/export`));
    const docText = JSON.stringify(doc);
    expect(docText).not.toContain('Sarah');
    expect(docText).not.toContain(STREET);
    expect(docText).not.toContain(phone.slice(3));
    const erasedCall = (doc.calls as Json[])[0] as Json;
    expect(erasedCall).toMatchObject({ id: callId, from_number: '', summary: null, lead_note: null });
    expect((erasedCall.transcript as Json[]).every((line) => line.text === '')).toBe(true);
    const opp = (doc.opportunities as Json[])[0] as Json;
    expect(opp).toMatchObject({
      address: null,
      postcode: 'M14',
      score: opportunity?.score,
      outcome: opportunity?.outcome,
    });
    expect(opp.facts).toMatchObject({ reason: null, bedrooms: 3 });
    expect((doc.opportunity_notes as Json[]).map((n) => n.body)).toEqual(['']);
    const [texts, alerts] = byAudience(doc.messages as Json[]);
    expect(texts.map((m) => [m.body, m.recipient, m.status]).sort()).toEqual([
      ['', '', 'cancelled'],
      ['', '', 'sent'],
    ]);
    // The desk's alerts about them keep only whom they went to.
    for (const alert of alerts) expect(alert.body).toBe('');
    for (const event of doc.events as Json[]) {
      if (event.type === 'lead.erased') continue;
      expect(Object.keys(event.data as Json).sort()).toEqual(['erased', 'id']);
    }

    // Search no longer finds them by their words.
    for (const url of [
      '/api/v1/leads?q=sarah%20j',
      `/api/v1/calls?q=${STREET}`,
      '/api/v1/opportunities?q=acacia',
    ]) {
      const ids = json<{ data: Json[] }>(await call(t.app, tenant.callers.admin, 'GET', url)).data.map(
        (r) => r.id,
      );
      expect(ids).not.toContain(leadId);
      expect(ids).not.toContain(callId);
      expect(ids).not.toContain(opportunityId);
    }

    // Integrators are told, one event per lead.
    const events = json<{ data: Json[] }>(
      await call(t.app, tenant.callers.admin, 'GET', '/api/v1/events?type=lead.erased'),
    ).data;
    expect(
      events.map((e) => e.data as Json).sort((a, b) => String(a.id).localeCompare(String(b.id))),
    ).toEqual([leadId, aliasId].sort().map((id) => ({ id, erased_at: erasure.erased_at })));
    const deliveries = await t.db.query<{ body: string }>(
      `SELECT d.body FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.workspace_id = $1 AND (e.data ->> 'id') = ANY($2::text[])`,
      [tenant.workspaceId, [leadId, aliasId, callId, opportunityId]],
    );
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) expect(JSON.parse(d.body).data).toMatchObject({ erased: true });

    const [entry] = await auditOf('lead.erased');
    expect(entry).toMatchObject({
      actor: { type: 'user', id: tenant.users.owner.id },
      subject: { type: 'lead', id: aliasId },
      details: {
        lead_ids: [leadId, aliasId].sort(),
        counts: { leads: 2, calls: 1, opportunities: 1, messages: 2 + alerts.length },
      },
    });

    // Again: the same answer, and nothing changes.
    const held2 = await everythingHeld(tenant.workspaceId);
    const counted = await counts(tenant.workspaceId);
    t.clock.advance(60_000);
    const again = await call(t.app, tenant.callers.owner, 'POST', `/api/v1/leads/${leadId}/erase`, {
      confirm: phone,
    });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ ...erasure, lead_id: leadId });
    expect(await counts(tenant.workspaceId)).toEqual(counted);
    expect(await everythingHeld(tenant.workspaceId)).toBe(held2);
  });
});

describe('erasing a caller who rang on the phone', () => {
  it('removes the TwiML kept for Twilio’s re-sent webhooks with the rest', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line, '+447700900951');
    const path = pathOf(t, find(await ring(t, c), 'Gather')?.attrs.action);
    const fields = {
      ...callFields(line, c.callSid, c.from),
      SpeechResult: 'My name is Jo Bloggs',
      Confidence: '0.9',
    };
    const said = await twilioPost(t, line.token, path, fields, {
      headers: { 'i-twilio-idempotency-token': `${c.callSid}-turn-1` },
    });
    expect(said.statusCode).toBe(200);
    await statusCallback(t, c);
    const [phoneCall] = await callsOf(t, line);
    const kept = () =>
      t.db
        .query('SELECT answer FROM twilio_replays WHERE call_id = $1', [phoneCall?.id])
        .then((r) => r.length);
    expect(await kept()).toBe(1);
    // Whether or not the call made a lead, the desk has one for the number; the call is theirs.
    const admin = line.tenant.callers.admin;
    const found = json<{ data: Json[] }>(
      await call(t.app, admin, 'GET', `/api/v1/leads?phone=${encodeURIComponent(c.from)}`),
    ).data;
    const leadId =
      found.length > 0
        ? String(found[0]?.id)
        : String(
            json(await call(t.app, admin, 'POST', '/api/v1/leads', { name: 'Jo Bloggs', phone: c.from })).id,
          );
    const doc = json(await call(t.app, line.tenant.callers.admin, 'GET', `/api/v1/leads/${leadId}/export`));
    expect((doc.calls as Json[]).map((x) => x.id)).toEqual([phoneCall?.id]);
    const erased = await call(t.app, line.tenant.callers.admin, 'POST', `/api/v1/leads/${leadId}/erase`, {
      confirm: c.from,
    });
    expect(erased.statusCode).toBe(200);
    expect(await kept()).toBe(0);
    const [row] = await t.db.query<{ from_number: string }>('SELECT from_number FROM calls WHERE id = $1', [
      phoneCall?.id,
    ]);
    expect(row?.from_number).toBe('');
  });
});

describe('retention settings and the audit log', () => {
  it('answers the defaults, takes a change from an admin and audits it with before and after', async () => {
    const res = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/privacy/retention');
    expect(json(res)).toEqual({
      transcript_days: 730,
      idle_lead_days: 730,
      recording_days: 90,
      updated_at: null,
    });
    const changed = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/privacy/retention', {
      transcript_days: 365,
    });
    expect(json(changed)).toEqual({
      transcript_days: 365,
      idle_lead_days: 730,
      recording_days: 90,
      updated_at: t.clock.now().toISOString(),
    });
    const [entry] = await auditOf('retention.changed');
    expect(entry).toMatchObject({
      actor: { type: 'user', id: tenant.users.admin.id },
      details: { transcript_days: { from: 730, to: 365 } },
    });
    // The same values again change nothing and write nothing.
    await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/privacy/retention', { transcript_days: 365 });
    expect(await auditOf('retention.changed')).toHaveLength(1);
  });

  it('refuses bad settings with 400, and members; the audit log is the owner’s alone', async () => {
    for (const body of [
      {},
      { transcript_days: 5 },
      { idle_lead_days: 4000 },
      { recording_days: 1.5 },
      { transcript_days: '365' },
      { keep: 1 },
    ]) {
      const res = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/privacy/retention', body);
      expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    }
    const member = await call(t.app, tenant.callers.member, 'GET', '/api/v1/privacy/retention');
    expect([member.statusCode, errorCode(member)]).toEqual([403, 'forbidden']);
    const admin = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/audit-log');
    expect([admin.statusCode, errorCode(admin)]).toEqual([403, 'forbidden']);
    const badCursor = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/audit-log?cursor=nope');
    expect([badCursor.statusCode, errorCode(badCursor)]).toEqual([400, 'validation_failed']);
    const badAction = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/audit-log?action=lead.read');
    expect([badAction.statusCode, errorCode(badAction)]).toEqual([400, 'validation_failed']);
  });

  it('pages the audit log by keyset, and another workspace sees none of it', async () => {
    const page1 = json<{ data: Json[]; next_cursor: string | null }>(
      await call(t.app, tenant.callers.owner, 'GET', '/api/v1/audit-log?limit=2'),
    );
    expect(page1.data).toHaveLength(2);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = json<{ data: Json[] }>(
      await call(t.app, tenant.callers.owner, 'GET', `/api/v1/audit-log?limit=2&cursor=${page1.next_cursor}`),
    );
    expect(page2.data.length).toBeGreaterThan(0);
    expect(String(page2.data[0]?.id) < String(page1.data[1]?.id)).toBe(true);
    const theirs = json<{ data: Json[] }>(await call(t.app, other.callers.owner, 'GET', '/api/v1/audit-log'));
    expect(theirs.data.map((e) => [e.action, (e.actor as Json).id])).toEqual([
      ['privacy.lookup', other.users.owner.id],
    ]);
  });

  it('records who exported leads and opportunities as CSV, naming the filters but not their values', async () => {
    const res = await call(t.app, tenant.callers.member, 'GET', '/api/v1/leads.csv?q=sarah&status=new');
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf('leads.csv_exported');
    expect(entry).toMatchObject({
      actor: { type: 'user', id: tenant.users.member.id },
      details: { filters: ['q', 'status'] },
    });
    expect(JSON.stringify(entry)).not.toContain('sarah');
    expect((await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/opportunities.csv')).statusCode).toBe(
      200,
    );
    expect((await auditOf('opportunities.csv_exported'))[0]).toMatchObject({
      actor: { type: 'user', id: tenant.users.viewer.id },
      details: { filters: [] },
    });
  });
});
