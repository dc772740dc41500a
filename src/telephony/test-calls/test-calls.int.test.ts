import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';
import { call, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { aTenantWithPublishedAgent } from '../../../test/support/twilio.js';
import { MAX_UTTERANCE_CHARS } from '../../dialog/engine/index.js';
import { endLiveCall, startLiveCall, takeCallTurn } from '../../live-call/live-call.service.js';
import { DEFAULT_AGENT_CONFIG } from '../../modules/agent/agent-config.js';

let t: TestContext;

// Tuesday 24 November 2026, 11:00 in London: inside the default business hours.
const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');
const WARM_STEPS = sellerSteps(WARM_SELLER);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function freshTenant(config: Partial<typeof DEFAULT_AGENT_CONFIG> = {}): Promise<Tenant> {
  t.clock.set(TUESDAY_11AM);
  return aTenantWithPublishedAgent(t, config);
}

async function converse(
  tenant: Tenant,
  from: string,
  lines: string[],
  agent: 'published' | 'draft' = 'published',
) {
  const started = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', { from, agent });
  expect(started.statusCode).toBe(201);
  const callId = String(json(started).call_id);
  const replies = [String(json(started).reply)];
  let last = json(started);
  for (const text of lines) {
    t.clock.advance(5_000);
    const res = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, {
      text,
    });
    expect(res.statusCode).toBe(200);
    last = json(res);
    replies.push(String(last.reply));
    if (last.ended) break;
  }
  return { callId, replies, last };
}

async function eventsOf(workspaceId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return t.db.query('SELECT type, data FROM events WHERE workspace_id = $1 ORDER BY id', [workspaceId]);
}

async function count(table: string, workspaceId: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`,
    [workspaceId],
  );
  return rows[0]?.n ?? 0;
}

describe('a test call on the published agent is a real call of channel sim', () => {
  it('greets, qualifies, scores, books a viewing, summarises, and emits each event once', async () => {
    const tenant = await freshTenant();
    const { callId, replies, last } = await converse(tenant, '07700 900123', [
      ...WARM_STEPS,
      'the first one',
    ]);
    expect(replies[0]).toMatch(/Acme Homes.*virtual assistant/);
    expect(last.ended).toBe(true);

    const callRes = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`);
    const theCall = json(callRes);
    expect(theCall).toMatchObject({
      channel: 'sim',
      status: 'completed',
      from: '+447700900123',
      agent_version: 1,
      test: false,
    });
    expect(String(theCall.summary)).toMatch(/Sarah Jones/);
    expect(theCall.lead_id).toMatch(/^lead_/);
    expect(theCall.opportunity_id).toMatch(/^opp_/);

    const opp = json(
      await call(
        t.app,
        tenant.callers.viewer,
        'GET',
        `/api/v1/opportunities/${String(theCall.opportunity_id)}`,
      ),
    );
    expect(opp).toMatchObject({
      postcode: 'M14 5AB',
      call_id: callId,
      lead_id: theCall.lead_id,
    });
    expect(['hot', 'warm']).toContain(opp.outcome);
    expect((opp.score_breakdown as unknown[]).length).toBeGreaterThan(3);

    const lead = json(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${String(theCall.lead_id)}`),
    );
    expect(lead).toMatchObject({ name: 'Sarah Jones', phone: '+447700900123', source: 'call' });

    const bookings = json(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/bookings?lead_id=${String(theCall.lead_id)}`),
    );
    expect(bookings.data).toEqual([
      expect.objectContaining({ kind: 'viewing', call_id: callId, status: 'scheduled' }),
    ]);

    const transcript = json(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}/transcript`),
    );
    const turns = transcript.turns as { speaker: string; text: string }[];
    expect(turns[0]).toMatchObject({ speaker: 'agent' });
    expect(turns.filter((x) => x.speaker === 'caller').map((x) => x.text)).toEqual([
      ...WARM_STEPS,
      'the first one',
    ]);

    const types = (await eventsOf(tenant.workspaceId)).map((e) => e.type);
    expect(types.filter((x) => x === 'lead.created')).toHaveLength(1);
    expect(types.filter((x) => x === 'opportunity.created')).toHaveLength(1);
    expect(types.filter((x) => x === 'booking.created')).toHaveLength(1);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
    const completed = (await eventsOf(tenant.workspaceId)).find((e) => e.type === 'call.completed');
    expect(completed?.data).toEqual(theCall);
  });

  it('recognises a returning caller by number and links the call to the same lead, without naming them', async () => {
    const tenant = await freshTenant();
    await converse(tenant, '+447700900555', WARM_STEPS.slice(0, 3));
    const again = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', {
      from: '07700 900555',
      agent: 'published',
    });
    expect(String(json(again).reply)).toMatch(/^Hello, welcome back to Acme Homes\./);
    expect(String(json(again).reply)).not.toMatch(/Sarah|Jones/);
    await call(
      t.app,
      tenant.callers.admin,
      'POST',
      `/api/v1/test-calls/${String(json(again).call_id)}/hangup`,
    );
    expect(await count('leads', tenant.workspaceId)).toBe(1);
    const second = json(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${String(json(again).call_id)}`),
    );
    expect(second.lead_id).toMatch(/^lead_/);
  });

  it('leaves a lead’s name as it was when a call from its number gives another, and tells the desk', async () => {
    const tenant = await freshTenant();
    const lead = json(
      await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', {
        name: 'Sarah Jones',
        phone: '+447700900556',
        note: 'Spoke 12/11, wants 260k',
      }),
    );
    const { callId, replies } = await converse(tenant, '07700 900556', [
      "I'd like to sell my house",
      'John Smith',
    ]);
    expect(replies.join(' ')).not.toMatch(/Sarah|Jones/);
    expect(replies[2]).toMatch(/^Thanks, John\./);
    await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/hangup`);
    const after = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${String(lead.id)}`));
    expect(after.name).toBe('Sarah Jones');
    expect(after.note).toBe('Spoke 12/11, wants 260k\n\nGave the name John Smith.');
    const theCall = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`));
    expect(theCall.lead_id).toBe(lead.id);
    expect(String(theCall.summary)).toMatch(/^John Smith \(returning seller; the lead is Sarah Jones\)/);
    const renamed = (await eventsOf(tenant.workspaceId)).filter(
      (e) => e.type === 'lead.updated' && e.data.name !== 'Sarah Jones',
    );
    expect(renamed).toEqual([]);
  });

  it('keeps what was learnt when the caller hangs up mid-call, and closes the call exactly once', async () => {
    const tenant = await freshTenant();
    const { callId } = await converse(tenant, '+447700900777', WARM_STEPS.slice(0, 6));
    const hung = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/hangup`);
    expect(hung.statusCode).toBe(200);
    expect(json(hung)).toMatchObject({ status: 'completed', end_reason: 'caller_hung_up' });
    expect(String(json(hung).summary)).toMatch(/Sarah Jones/);
    const again = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/hangup`);
    expect(json(again)).toEqual(json(hung));
    const types = (await eventsOf(tenant.workspaceId)).map((e) => e.type);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
    expect(types).toContain('lead.created');
    expect(types).toContain('opportunity.created');
    const after = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, {
      text: 'hello?',
    });
    expect(json(after)).toMatchObject({ reply: '', ended: true });
  });

  it('hands the caller to a person on request, with call.transferred and then call.completed', async () => {
    const tenant = await freshTenant({
      transfer: { number: '+441610000000', on_request: true, when_hot: false },
    });
    const { callId, last } = await converse(tenant, '+447700900888', ['can I speak to a real person please']);
    expect(last.transferred_to).toBe('+441610000000');
    t.clock.advance(60_000);
    await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/hangup`);
    const theCall = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`));
    expect(theCall).toMatchObject({
      status: 'transferred',
      transferred_to: '+441610000000',
      end_reason: 'transferred',
    });
    const types = (await eventsOf(tenant.workspaceId)).map((e) => e.type);
    expect(types.indexOf('call.transferred')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('call.completed')).toBeGreaterThan(types.indexOf('call.transferred'));
  });
});

describe('a turn longer than any breath', () => {
  it('is accepted up to the body limit, read up to the cap, and kept that long in the transcript', async () => {
    const tenant = await freshTenant();
    const text = `my name is sarah jones and ${'it is a three bed semi '.repeat(100)}`.slice(0, 2000);
    const { callId, replies } = await converse(tenant, '+447700900611', [text]);
    expect(replies[1]).toMatch(/Sarah/);
    const transcript = json(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}/transcript`),
    );
    const said = (transcript.turns as { speaker: string; text: string }[]).filter(
      (x) => x.speaker === 'caller',
    );
    expect(said).toHaveLength(1);
    expect(said[0]?.text.endsWith(' …')).toBe(true);
    expect(said[0]?.text.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS + 2);
    const tooLong = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, {
      text: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('a caller who gives a better number than caller ID', () => {
  it('keeps one lead, moved to the confirmed number, with caller ID in its note', async () => {
    const tenant = await freshTenant();
    const steps = [...WARM_STEPS.slice(0, -1), 'no, call me on 07911 123456', 'yes'];
    const { callId } = await converse(tenant, '+447700900444', steps);
    await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/hangup`);
    const leads = await t.db.query<{ phone: string; note: string | null }>(
      'SELECT phone, note FROM leads WHERE workspace_id = $1',
      [tenant.workspaceId],
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]?.phone).toBe('+447911123456');
    expect(leads[0]?.note).toMatch(/Called from \+447700900444/);
  });
});

describe('closing a call', () => {
  it('keeps the status the carrier gives, and a hang-up while the desk rings is a hang-up', async () => {
    const tenant = await freshTenant({
      transfer: { number: '+441610000000', on_request: true, when_hot: false },
    });
    const callDeps = { db: t.db, clock: t.clock };
    const failed = await startLiveCall(callDeps, {
      workspaceId: tenant.workspaceId,
      channel: 'sim',
      from: '+447700900201',
      to: 'test',
      agent: 'published',
    });
    await takeCallTurn(callDeps, tenant.workspaceId, failed.call.id, { kind: 'speech', text: 'hello' });
    const closed = await endLiveCall(callDeps, tenant.workspaceId, failed.call.id, {
      status: 'failed',
      endReason: 'busy',
    });
    expect(closed).toMatchObject({ status: 'failed', end_reason: 'busy' });

    const ringing = await startLiveCall(callDeps, {
      workspaceId: tenant.workspaceId,
      channel: 'sim',
      from: '+447700900202',
      to: 'test',
      agent: 'published',
    });
    const turn = await takeCallTurn(callDeps, tenant.workspaceId, ringing.call.id, {
      kind: 'speech',
      text: 'can I speak to a real person',
    });
    expect(turn.transfer?.to).toBe('+441610000000');
    t.clock.advance(10_000);
    const hungUp = await endLiveCall(callDeps, tenant.workspaceId, ringing.call.id);
    expect(hungUp).toMatchObject({
      status: 'completed',
      end_reason: 'caller_hung_up',
      transferred_to: '+441610000000',
    });
  });
});

describe('a test call on the draft', () => {
  it('stores only the call, marked test, and emits no events', async () => {
    const tenant = await freshTenant();
    const before = (await eventsOf(tenant.workspaceId)).length;
    const { callId, last } = await converse(
      tenant,
      '+447700900999',
      [...WARM_STEPS, 'the first one'],
      'draft',
    );
    expect(last.ended).toBe(true);
    const theCall = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`));
    expect(theCall).toMatchObject({
      test: true,
      agent_version: null,
      lead_id: null,
      opportunity_id: null,
      status: 'completed',
    });
    expect((await eventsOf(tenant.workspaceId)).length).toBe(before);
    expect(await count('leads', tenant.workspaceId)).toBe(0);
    expect(await count('opportunities', tenant.workspaceId)).toBe(0);
    expect(await count('bookings', tenant.workspaceId)).toBe(0);
  });

  it('runs the draft, not the published version', async () => {
    const tenant = await freshTenant();
    await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: { ...DEFAULT_AGENT_CONFIG, business_name: 'Draft Homes' },
    });
    const draft = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', {
      from: '+447700900111',
      agent: 'draft',
    });
    expect(String(json(draft).reply)).toMatch(/Draft Homes/);
    const published = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', {
      from: '+447700900111',
    });
    expect(String(json(published).reply)).toMatch(/Acme Homes/);
  });
});
