/**
 * Stages and next actions (docs/desk-api.md, Stages and next actions): the workspace's pipeline,
 * the desk moving a deal and setting its next action, the task lists, the follow-up a call
 * sets, and the CSV columns that carry them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';
import type { Opportunity } from './opportunities.schemas.js';
import type { Pipeline } from './pipeline.schemas.js';
import { followUpAfterCall } from './pipeline.service.js';

let t: TestContext;
let tenant: Tenant;

// Tuesday 24 November 2026, 11:00 in London.
const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(TUESDAY_11AM);
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

/** A second apart, so the events of successive changes sort in the order they were made. */
function patch(id: string, body: unknown, caller = tenant.callers.member) {
  t.clock.advance(1000);
  return call(t.app, caller, 'PATCH', `/api/v1/opportunities/${id}`, body);
}

/** The cells of one CSV line (quoted cells may hold commas and doubled quotes). */
function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => {
    const cell = m[1] ?? '';
    return cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
  });
}

async function updatedEvents(ws: string, opportunityId: string): Promise<Opportunity[]> {
  const rows = await t.db.query<{ data: Opportunity }>(
    `SELECT data FROM events WHERE workspace_id = $1 AND type = 'opportunity.updated' AND data->>'id' = $2 ORDER BY id`,
    [ws, opportunityId],
  );
  return rows.map((r) => r.data);
}

async function aSellerLead(ws: Tenant, name: string, phone: string): Promise<string> {
  const res = await call(t.app, ws.callers.member, 'POST', '/api/v1/leads', { name, phone });
  expect(res.statusCode).toBe(201);
  return String(json(res).id);
}

describe('the pipeline', () => {
  it('starts with the default stages and follow-up times, which an admin renames and reorders', async () => {
    const own = await createTenant(t.db, t.clock);
    const first = json<Pipeline>(await call(t.app, own.callers.viewer, 'GET', '/api/v1/pipeline'));
    expect(first.stages.map((s) => s.name)).toEqual([
      'New',
      'Contacted',
      'Appointment set',
      'Offer made',
      'Under offer',
      'Completed',
      'Dead',
    ]);
    expect(first.follow_up).toEqual({ hot_minutes: 60, warm_minutes: 1440 });

    const reordered = [first.stages[1], first.stages[0], ...first.stages.slice(2)].map((s) =>
      s?.key === 'contacted' ? { key: 'contacted', name: 'Spoken to' } : s,
    );
    const denied = await call(t.app, own.callers.member, 'PATCH', '/api/v1/pipeline', { stages: reordered });
    expect(denied.statusCode).toBe(403);
    const res = await call(t.app, own.callers.admin, 'PATCH', '/api/v1/pipeline', {
      stages: reordered,
      follow_up: { hot_minutes: 30, warm_minutes: 240 },
    });
    expect(res.statusCode).toBe(200);
    const again = json<Pipeline>(await call(t.app, own.callers.viewer, 'GET', '/api/v1/pipeline'));
    expect(again.stages.slice(0, 2)).toEqual([
      { key: 'contacted', name: 'Spoken to' },
      { key: 'new', name: 'New' },
    ]);
    expect(again.follow_up).toEqual({ hot_minutes: 30, warm_minutes: 240 });
    // Another workspace keeps its own.
    const others = json<Pipeline>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/pipeline'));
    expect(others.stages[1]).toEqual({ key: 'contacted', name: 'Contacted' });
  });

  it('refuses a pipeline that leaves out or repeats a stage, or an unknown one', async () => {
    const { stages } = json<Pipeline>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/pipeline'));
    for (const bad of [
      stages.slice(1),
      [...stages.slice(1), stages[1]],
      [...stages.slice(1), { key: 'archived', name: 'Archived' }],
      stages.map((s) => ({ ...s, name: ' ' })),
    ]) {
      const res = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/pipeline', { stages: bad });
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    const slow = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/pipeline', {
      follow_up: { hot_minutes: 0, warm_minutes: 60 },
    });
    expect(slow.statusCode).toBe(400);
  });
});

describe('moving a deal along the pipeline', () => {
  it('starts new, moves with an event, and keeps the score outcome apart', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const leadId = await aSellerLead(tenant, 'Ann Lee', '07700 900321');
    const withLead = await seedOpportunity(t.db, tenant.workspaceId, { leadId }, t.clock.now());
    expect(opp).toMatchObject({ stage: 'new', dead_reason: null, next_action: null, outcome: 'hot' });
    t.clock.advance(60_000);
    const res = await patch(opp.id, { stage: 'offer_made' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ stage: 'offer_made', outcome: 'hot' });
    expect((await updatedEvents(tenant.workspaceId, opp.id)).map((e) => e.stage)).toEqual(['offer_made']);
    const listed = json<{ data: Opportunity[] }>(
      await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/opportunities?stage=offer_made'),
    );
    const ofLead = json<{ data: Opportunity[] }>(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities?lead_id=${leadId}`),
    );
    expect(ofLead.data.map((o) => o.id)).toEqual([withLead.id]);
    expect(listed.data.map((o) => o.id)).toContain(opp.id);
    expect(listed.data.every((o) => o.stage === 'offer_made')).toBe(true);
  });

  it('needs a reason to call a deal dead, drops its next action, and clears the reason on revival', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    await patch(opp.id, { next_action: { what: 'Send offer letter', due_at: '2026-11-25T10:00:00Z' } });
    const noReason = await patch(opp.id, { stage: 'dead' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).error).toMatchObject({ details: [{ path: 'dead_reason' }] });

    const dead = await patch(opp.id, { stage: 'dead', dead_reason: 'Sold to a neighbour' });
    expect(dead.statusCode).toBe(200);
    expect(json(dead)).toMatchObject({
      stage: 'dead',
      dead_reason: 'Sold to a neighbour',
      next_action: null,
    });
    expect(
      (await patch(opp.id, { next_action: { what: 'Ring', due_at: '2026-11-25T10:00:00Z' } })).statusCode,
    ).toBe(400);
    const reworded = await patch(opp.id, { dead_reason: 'Sold privately' });
    expect(json(reworded)).toMatchObject({ stage: 'dead', dead_reason: 'Sold privately' });

    const revived = await patch(opp.id, { stage: 'contacted' });
    expect(json(revived)).toMatchObject({ stage: 'contacted', dead_reason: null });
    expect((await patch(opp.id, { dead_reason: 'Changed mind' })).statusCode).toBe(400);
    const events = await updatedEvents(tenant.workspaceId, opp.id);
    expect(events.map((e) => [e.stage, e.dead_reason])).toEqual([
      ['new', null],
      ['dead', 'Sold to a neighbour'],
      ['dead', 'Sold privately'],
      ['contacted', null],
    ]);
  });

  it('lets viewers read but not move, and answers 404 for another workspace’s deal', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    expect((await patch(opp.id, { stage: 'contacted' }, tenant.callers.viewer)).statusCode).toBe(403);
    const other = await createTenant(t.db, t.clock);
    expect((await patch(opp.id, { stage: 'contacted' }, other.callers.member)).statusCode).toBe(404);
    expect((await patch(opp.id, { stage: 'archived' })).statusCode).toBe(400);
  });
});

describe('the next action set by the desk', () => {
  it('records what, who and when as the desk’s, with an event; null marks it done', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const res = await patch(opp.id, {
      next_action: {
        what: 'Send offer letter',
        owner_id: tenant.users.member.id,
        due_at: '2026-11-25T10:00:00Z',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json<Opportunity>(res).next_action).toEqual({
      what: 'Send offer letter',
      owner_id: tenant.users.member.id,
      due_at: '2026-11-25T10:00:00.000Z',
      source: 'desk',
      booking_id: null,
    });
    const stranger = await createTenant(t.db, t.clock);
    const bad = await patch(opp.id, {
      next_action: { what: 'Ring', owner_id: stranger.users.member.id, due_at: '2026-11-25T10:00:00Z' },
    });
    expect(bad.statusCode).toBe(400);
    for (const body of [
      { next_action: { what: '', due_at: '2026-11-25T10:00:00Z' } },
      { next_action: { what: 'Ring', due_at: 'tomorrow' } },
      { next_action: { what: 'x'.repeat(201), due_at: '2026-11-25T10:00:00Z' } },
      { next_action: { what: 'Ring' } },
    ]) {
      expect((await patch(opp.id, body)).statusCode).toBe(400);
    }
    const done = await patch(opp.id, { next_action: null });
    expect(json<Opportunity>(done).next_action).toBeNull();
    const events = await updatedEvents(tenant.workspaceId, opp.id);
    expect(events.map((e) => e.next_action?.what ?? null)).toEqual(['Send offer letter', null]);
  });
});

describe('the task lists', () => {
  it('lists my tasks, the overdue and those due today, soonest first, in pages', async () => {
    const own = await createTenant(t.db, t.clock);
    const me = own.users.member.id;
    const now = t.clock.now().getTime();
    const made: Record<string, string> = {};
    for (const [label, dueIn, owner] of [
      ['yesterday', -24 * HOUR, me],
      ['an hour ago', -HOUR, null],
      ['this afternoon', 4 * HOUR, me],
      ['tomorrow', 24 * HOUR, own.users.admin.id],
    ] as const) {
      const opp = await seedOpportunity(t.db, own.workspaceId, {}, t.clock.now());
      made[label] = opp.id;
      const res = await patch(
        opp.id,
        { next_action: { what: label, owner_id: owner, due_at: new Date(now + dueIn).toISOString() } },
        own.callers.member,
      );
      expect(res.statusCode).toBe(200);
    }
    const closed = await seedOpportunity(t.db, own.workspaceId, {}, t.clock.now());
    await patch(closed.id, { stage: 'completed' }, own.callers.member);
    await seedOpportunity(t.db, own.workspaceId, {}, t.clock.now());

    const list = async (query: string) =>
      json<{ data: Opportunity[] }>(
        await call(t.app, own.callers.member, 'GET', `/api/v1/tasks?${query}`),
      ).data.map((o) => o.next_action?.what);
    expect(await list('list=all')).toEqual(['yesterday', 'an hour ago', 'this afternoon', 'tomorrow']);
    expect(await list('list=mine')).toEqual(['yesterday', 'this afternoon']);
    expect(await list('list=overdue')).toEqual(['yesterday', 'an hour ago']);
    expect(await list('list=today')).toEqual(['an hour ago', 'this afternoon']);
    expect(await list(`owner_id=${own.users.admin.id}`)).toEqual(['tomorrow']);

    const first = json<{ data: Opportunity[]; next_cursor: string }>(
      await call(t.app, own.callers.viewer, 'GET', '/api/v1/tasks?limit=3'),
    );
    expect(first.data.map((o) => o.id)).toEqual([
      made.yesterday,
      made['an hour ago'],
      made['this afternoon'],
    ]);
    const second = json<{ data: Opportunity[]; next_cursor: null }>(
      await call(t.app, own.callers.viewer, 'GET', `/api/v1/tasks?limit=3&cursor=${first.next_cursor}`),
    );
    expect(second).toEqual({ data: [expect.objectContaining({ id: made.tomorrow })], next_cursor: null });
    for (const bad of ['list=soon', 'cursor=nonsense', 'limit=0']) {
      const res = await call(t.app, own.callers.viewer, 'GET', `/api/v1/tasks?${bad}`);
      expect(res.statusCode).toBe(400);
    }
    // Another workspace's tasks are not here.
    expect(
      json<{ data: unknown[] }>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/tasks?list=overdue'))
        .data,
    ).not.toContainEqual(expect.objectContaining({ id: made.yesterday }));
  });
});

describe('the next action a call sets', () => {
  async function afterCall(opportunityId: string, callId: string | null, ws = tenant.workspaceId) {
    await t.db.transaction((tx) =>
      followUpAfterCall(
        tx,
        { workspace_id: ws, id: callId ?? 'call_none', opportunity_id: opportunityId },
        t.clock.now(),
      ),
    );
    return json<Opportunity>(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${opportunityId}`),
    );
  }

  it('asks for a call back within the hot or warm follow-up time, and nothing for a cold seller', async () => {
    const hot = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'hot' }, t.clock.now());
    const warm = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'warm' }, t.clock.now());
    const cold = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'cold' }, t.clock.now());
    const now = t.clock.now().getTime();
    expect((await afterCall(hot.id, hot.call_id)).next_action).toEqual({
      what: 'Call the seller back',
      owner_id: null,
      due_at: new Date(now + HOUR).toISOString(),
      source: 'call',
      booking_id: null,
    });
    expect((await afterCall(warm.id, warm.call_id)).next_action?.due_at).toBe(
      new Date(now + 24 * HOUR).toISOString(),
    );
    expect((await afterCall(cold.id, cold.call_id)).next_action).toBeNull();
    expect((await updatedEvents(tenant.workspaceId, hot.id)).map((e) => e.next_action?.source)).toEqual([
      'call',
    ]);
    expect(await updatedEvents(tenant.workspaceId, cold.id)).toEqual([]);
  });

  it('keeps a next action a person set', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'hot' }, t.clock.now());
    await patch(opp.id, { next_action: { what: 'Send offer letter', due_at: '2026-11-30T10:00:00Z' } });
    expect((await afterCall(opp.id, opp.call_id)).next_action?.what).toBe('Send offer letter');
  });

  it('becomes the viewing the call booked, for its assignee, and the deal has an appointment', async () => {
    const leadId = await aSellerLead(tenant, 'Claire Dunne', '07700 900456');
    const opp = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'hot', leadId }, t.clock.now());
    const booked = await call(t.app, tenant.callers.member, 'POST', '/api/v1/bookings', {
      kind: 'viewing',
      lead_id: leadId,
      call_id: opp.call_id,
      starts_at: '2026-11-25T14:00:00Z',
      assignee_id: tenant.users.member.id,
    });
    expect(booked.statusCode).toBe(201);
    const after = await afterCall(opp.id, opp.call_id);
    expect(after).toMatchObject({
      stage: 'appointment_set',
      seller: { name: 'Claire Dunne', phone: '+447700900456' },
      next_action: {
        what: 'Viewing',
        owner_id: tenant.users.member.id,
        due_at: '2026-11-25T14:00:00.000Z',
        source: 'booking',
        booking_id: String(json(booked).id),
      },
    });
  });
});

describe('a booked next action', () => {
  it('follows its booking when it moves, and goes when it is cancelled', async () => {
    const leadId = await aSellerLead(tenant, 'Joe Bloggs', '07700 900654');
    const opp = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'warm', leadId }, t.clock.now());
    const booked = json<{ id: string }>(
      await call(t.app, tenant.callers.member, 'POST', '/api/v1/bookings', {
        kind: 'callback',
        lead_id: leadId,
        call_id: opp.call_id,
        starts_at: '2026-11-26T09:00:00Z',
      }),
    );
    await t.db.transaction((tx) =>
      followUpAfterCall(
        tx,
        { workspace_id: tenant.workspaceId, id: opp.call_id ?? '', opportunity_id: opp.id },
        t.clock.now(),
      ),
    );
    const read = async () =>
      json<Opportunity>(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${opp.id}`));
    expect((await read()).next_action).toMatchObject({
      booking_id: booked.id,
      due_at: '2026-11-26T09:00:00.000Z',
    });

    t.clock.advance(1000);
    const moved = await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/bookings/${booked.id}`, {
      starts_at: '2026-11-26T15:00:00Z',
      assignee_id: tenant.users.admin.id,
    });
    expect(moved.statusCode).toBe(200);
    expect((await read()).next_action).toMatchObject({
      booking_id: booked.id,
      due_at: '2026-11-26T15:00:00.000Z',
      owner_id: tenant.users.admin.id,
    });
    t.clock.advance(1000);
    await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/bookings/${booked.id}`, {
      status: 'cancelled',
    });
    expect((await read()).next_action).toBeNull();
    const events = await updatedEvents(tenant.workspaceId, opp.id);
    expect(events.map((e) => e.next_action?.due_at ?? null)).toEqual([
      '2026-11-26T09:00:00.000Z',
      '2026-11-26T15:00:00.000Z',
      null,
    ]);
  });
});

describe('a booking the desk makes', () => {
  const book = (leadId: string, kind: 'callback' | 'viewing', startsAt: string) =>
    call(t.app, tenant.callers.member, 'POST', '/api/v1/bookings', {
      kind,
      lead_id: leadId,
      starts_at: startsAt,
    });
  const read = async (id: string) =>
    json<Opportunity>(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${id}`));

  it("becomes the lead's open deal's next action, unless a sooner booking or a person's comes first", async () => {
    const leadId = await aSellerLead(tenant, 'Nia Roberts', '07700 900777');
    const opp = await seedOpportunity(t.db, tenant.workspaceId, { outcome: 'hot', leadId }, t.clock.now());
    await t.db.transaction((tx) =>
      followUpAfterCall(
        tx,
        { workspace_id: tenant.workspaceId, id: opp.call_id ?? '', opportunity_id: opp.id },
        t.clock.now(),
      ),
    );
    expect((await read(opp.id)).next_action?.source).toBe('call');

    t.clock.advance(1000);
    const viewing = json<{ id: string }>(await book(leadId, 'viewing', '2026-11-27T10:00:00Z'));
    expect(await read(opp.id)).toMatchObject({
      stage: 'appointment_set',
      next_action: {
        what: 'Viewing',
        due_at: '2026-11-27T10:00:00.000Z',
        source: 'booking',
        booking_id: viewing.id,
      },
    });
    // A later callback does not push the sooner viewing aside.
    t.clock.advance(1000);
    expect((await book(leadId, 'callback', '2026-11-30T10:00:00Z')).statusCode).toBe(201);
    expect((await read(opp.id)).next_action?.booking_id).toBe(viewing.id);

    await patch(opp.id, { next_action: { what: 'Send offer letter', due_at: '2026-12-01T10:00:00Z' } });
    t.clock.advance(1000);
    expect((await book(leadId, 'callback', '2026-11-26T16:00:00Z')).statusCode).toBe(201);
    expect((await read(opp.id)).next_action?.what).toBe('Send offer letter');
  });

  it('leaves a lead without an open deal as it is', async () => {
    const leadId = await aSellerLead(tenant, 'Owen Pugh', '07700 900778');
    expect((await book(leadId, 'callback', '2026-11-26T11:00:00Z')).statusCode).toBe(201);
  });
});

describe('the opportunities CSV', () => {
  it('carries the seller, the stage by its name, labels and people by name', async () => {
    const own = await createTenant(t.db, t.clock);
    const { stages } = json<Pipeline>(await call(t.app, own.callers.viewer, 'GET', '/api/v1/pipeline'));
    await call(t.app, own.callers.admin, 'PATCH', '/api/v1/pipeline', {
      stages: stages.map((s) => (s.key === 'offer_made' ? { key: s.key, name: 'Offer sent' } : s)),
    });
    const leadId = await aSellerLead(own, 'Claire Dunne', '07700 900456');
    const opp = await seedOpportunity(t.db, own.workspaceId, { leadId }, t.clock.now());
    const member = (
      await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [own.users.member.id])
    )[0]?.name;
    await patch(
      opp.id,
      {
        stage: 'offer_made',
        owner_id: own.users.member.id,
        next_action: {
          what: 'Chase the answer',
          owner_id: own.users.member.id,
          due_at: '2026-11-26T09:00:00Z',
        },
      },
      own.callers.member,
    );
    const res = await call(t.app, own.callers.viewer, 'GET', '/api/v1/opportunities.csv');
    const [header, line] = res.body.split('\r\n');
    const values = cellsOf(line ?? '');
    const cells = Object.fromEntries(cellsOf(header ?? '').map((name, i) => [name, values[i]]));
    expect(cells).toMatchObject({
      stage: 'Offer sent',
      outcome: 'Hot',
      seller_name: 'Claire Dunne',
      seller_phone: "'+447700900456",
      condition: 'Needs modernisation',
      occupancy: 'Vacant',
      owner: member,
      next_action: 'Chase the answer',
      next_action_owner: member,
      next_action_due: '2026-11-26T09:00:00.000Z',
    });
    expect(res.body).not.toContain('usr_');
    expect(res.body).not.toContain('needs_modernisation');
  });
});
