import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionCaller, type Tenant } from '../../../test/support/factories.js';
import { type Json, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { OFF, sayLines, TUESDAY_11AM, tenantWith } from '../../../test/support/language-model.js';
import { WARM_SELLER } from '../../../test/support/twilio.js';
import { applyRetention } from './privacy.service.js';

// The retention job (docs/privacy.md, "How long") on a clock the test moves: what is past its
// time is anonymised, nothing younger is touched, and a second run changes nothing.

const DAY = 24 * 60 * 60 * 1000;

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await tenantWith(t, OFF);
});
afterAll(() => t.close());

/** Sessions expire as the clock moves on years: each member signs in again. */
async function signInAgain(): Promise<void> {
  for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
    tenant.callers[role] = await sessionCaller(t.db, t.clock, tenant.users[role], tenant.workspaceId);
  }
}

async function aSellerCall(phone: string): Promise<{ callId: string; leadId: string }> {
  const started = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', { from: phone });
  expect(started.statusCode).toBe(201);
  const callId = String(json(started).call_id);
  await sayLines(t, tenant, callId, WARM_SELLER);
  const leads = json<{ data: Json[] }>(
    await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads?phone=${encodeURIComponent(phone)}`),
  ).data;
  return { callId, leadId: String(leads[0]?.id) };
}

async function aLead(name: string, phone: string, status?: string): Promise<string> {
  const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', { name, phone });
  expect(res.statusCode).toBe(201);
  const id = String(json(res).id);
  if (status) await call(t.app, tenant.callers.admin, 'PATCH', `/api/v1/leads/${id}`, { status });
  return id;
}

async function transcriptOf(callId: string): Promise<string[]> {
  const res = await call(t.app, tenant.callers.admin, 'GET', `/api/v1/calls/${callId}/transcript`);
  expect(res.statusCode).toBe(200);
  const body = json(res);
  const lines = body.turns as Json[];
  return lines.map((l) => String(l.text));
}

async function callOf(callId: string): Promise<Json> {
  return json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/calls/${callId}`));
}

async function leadOf(id: string): Promise<Json> {
  return json(await call(t.app, tenant.callers.admin, 'GET', `/api/v1/leads/${id}`));
}

/** Every row of the workspace's records, to show a run changed nothing. */
async function snapshot(): Promise<string> {
  const rows = await t.db.query(
    `SELECT (SELECT json_agg(l ORDER BY id) FROM leads l WHERE workspace_id = $1) AS leads,
            (SELECT json_agg(c ORDER BY id) FROM calls c WHERE workspace_id = $1) AS calls,
            (SELECT json_agg(x ORDER BY call_id, seq) FROM call_turns x WHERE workspace_id = $1) AS turns,
            (SELECT json_agg(o ORDER BY id) FROM opportunities o WHERE workspace_id = $1) AS opportunities,
            (SELECT json_agg(e ORDER BY id) FROM events e WHERE workspace_id = $1) AS events,
            (SELECT json_agg(a ORDER BY id) FROM audit_log a WHERE workspace_id = $1) AS audit`,
    [tenant.workspaceId],
  );
  return JSON.stringify(rows[0]);
}

async function retentionEntries(): Promise<Json[]> {
  const res = await call(t.app, tenant.callers.owner, 'GET', '/api/v1/audit-log?action=retention.applied');
  return json<{ data: Json[] }>(res).data;
}

describe('the retention job', () => {
  it('anonymises what is past its time, touches nothing younger, and changes nothing when run again', async () => {
    // Two years ago (and a day): a seller who called and has a deal, a lead that never became one,
    // and a lead the desk closed.
    t.clock.set(TUESDAY_11AM);
    const old = await aSellerCall('+447700900601');
    const oldIdle = await aLead('Old Enquirer', '+447700900602');
    const oldClosed = await aLead('Old Closed', '+447700900603', 'closed');
    const oldConverted = await aLead('Old Converted', '+447700900604', 'converted');
    // Thirty-one days before the run: the same again.
    t.clock.set(TUESDAY_11AM + 700 * DAY);
    await signInAgain();
    const recent = await aSellerCall('+447700900611');
    const recentIdle = await aLead('New Enquirer', '+447700900612');
    const recentClosed = await aLead('New Closed', '+447700900613', 'closed');

    t.clock.set(TUESDAY_11AM + 731 * DAY);
    await signInAgain();
    const recentTranscript = await transcriptOf(recent.callId);
    const run = await applyRetention(t.db, t.clock.now());
    expect(run).toMatchObject({ transcripts: 1, leads: 2 });

    // The old call keeps its row, times and links; its words are gone.
    expect((await transcriptOf(old.callId)).every((line) => line === '')).toBe(true);
    expect(await callOf(old.callId)).toMatchObject({
      summary: null,
      status: 'completed',
      lead_id: old.leadId,
    });
    // Its lead has a deal: kept, with its name.
    expect((await leadOf(old.leadId)).name).toBe('Sarah Jones');
    // Leads that went nowhere are erased; a converted one stays.
    for (const id of [oldIdle, oldClosed])
      expect(await leadOf(id)).toMatchObject({ name: 'Erased', phone: `erased:${id}` });
    expect((await leadOf(oldConverted)).name).toBe('Old Converted');
    // Nothing younger is touched.
    expect(await transcriptOf(recent.callId)).toEqual(recentTranscript);
    expect((await callOf(recent.callId)).summary).toContain('Sarah Jones');
    expect((await leadOf(recentIdle)).name).toBe('New Enquirer');
    expect((await leadOf(recentClosed)).name).toBe('New Closed');

    const [entry] = await retentionEntries();
    expect(entry).toMatchObject({
      actor: { type: 'system', id: null, on_behalf_of: null },
      action: 'retention.applied',
      details: { transcripts_removed: 1, leads_erased: 2, lead_ids: [oldIdle, oldClosed].sort() },
    });
    const erasedEvents = json<{ data: Json[] }>(
      await call(t.app, tenant.callers.admin, 'GET', '/api/v1/events?type=lead.erased'),
    ).data;
    expect(erasedEvents.map((e) => (e.data as Json).id).sort()).toEqual([oldIdle, oldClosed].sort());

    // Again, later the same day: nothing to do, nothing changes, nothing is written.
    const before = await snapshot();
    t.clock.advance(10 * 60 * 1000);
    expect(await applyRetention(t.db, t.clock.now())).toEqual({
      workspaces: 0,
      transcripts: 0,
      leads: 0,
      recordings: 0,
    });
    expect(await snapshot()).toBe(before);
  });

  it('follows the workspace’s own periods once changed', async () => {
    const recent = await t.db.query<{ id: string }>(
      `SELECT id FROM calls WHERE workspace_id = $1 AND content_removed_at IS NULL AND ended_at IS NOT NULL`,
      [tenant.workspaceId],
    );
    expect(recent).toHaveLength(1);
    const changed = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/privacy/retention', {
      transcript_days: 30,
      idle_lead_days: 30,
    });
    expect(changed.statusCode).toBe(200);
    const run = await applyRetention(t.db, t.clock.now());
    expect(run).toMatchObject({ transcripts: 1, leads: 2 });
    expect((await transcriptOf(String(recent[0]?.id))).every((line) => line === '')).toBe(true);
    expect((await retentionEntries())[0]).toMatchObject({
      details: { transcripts_removed: 1, leads_erased: 2, transcript_days: 30, idle_lead_days: 30 },
    });
  });
});
