import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMobile, seedCall } from '../../../test/support/calls.js';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { anEnquiry, SEED_FACTS } from '../../../test/support/opportunities.js';
import type { Booking } from '../bookings/bookings.schemas.js';
import { findCall, updateCall } from '../calls/calls.repo.js';
import type { Lead } from '../leads/leads.schemas.js';
import { findLeadByPhone } from '../leads/leads.service.js';
import type { Opportunity } from './opportunities.schemas.js';
import { saveCallEnquiry } from './opportunity-merge.js';

// docs/desk-api.md, "One seller, one deal" and "One owner per seller".

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-11-24T09:00:00.000Z'));
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const member = () => tenant.callers.member;

async function aLead(name = 'Sam Seller', who = tenant): Promise<Lead> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/leads', { name, phone: aMobile() });
  expect(res.statusCode, res.body).toBe(201);
  return json<Lead>(res);
}

/** A call of the lead whose enquiry is saved as the call service saves it; answers the deal. */
async function aCallAbout(
  lead: Lead,
  place: { address: string | null; postcode: string | null },
  facts = SEED_FACTS,
  ws = tenant.workspaceId,
): Promise<Opportunity> {
  t.clock.advance(60_000);
  const c = await seedCall(t.db, ws, {
    started_at: t.clock.now(),
    lead_id: lead.id,
    from_number: lead.phone,
  });
  return t.db.transaction(async (tx) => {
    const saved = await saveCallEnquiry(
      tx,
      ws,
      anEnquiry({ callId: c.id, leadId: lead.id, ...place, facts }),
      t.clock.now(),
      undefined,
    );
    await updateCall(tx, ws, c.id, { opportunity_id: saved.id });
    return saved;
  });
}

async function eventsOf(id: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return t.db.query(
    "SELECT type, data FROM events WHERE workspace_id = $1 AND data->>'id' = $2 ORDER BY created_at, id",
    [tenant.workspaceId, id],
  );
}

/** The latest event of the type about the record (events of one instant have no order among them). */
async function lastOf(id: string, type: string) {
  return (await eventsOf(id)).filter((e) => e.type === type).at(-1)?.data;
}

async function read<T>(path: string): Promise<T> {
  return json<T>(await call(t.app, tenant.callers.viewer, 'GET', path));
}

describe('a call about a house the lead already has a deal for', () => {
  it('joins that deal when the address matches in another form, and folds a deal it made before knowing the house', async () => {
    const lead = await aLead();
    const first = await aCallAbout(lead, { address: '12 Acacia Avenue, Manchester', postcode: 'M14 5AB' });
    const again = await aCallAbout(lead, { address: '12, acacia ave.', postcode: null });
    expect(again.id).toBe(first.id);
    // A call that scored before it heard the address made its own deal; the address folds it in.
    t.clock.advance(60_000);
    const c = await seedCall(t.db, tenant.workspaceId, { started_at: t.clock.now(), lead_id: lead.id });
    const early = await t.db.transaction((tx) =>
      saveCallEnquiry(
        tx,
        tenant.workspaceId,
        anEnquiry({ callId: c.id, leadId: lead.id, address: null, postcode: null }),
        t.clock.now(),
        undefined,
      ),
    );
    expect(early.id).not.toBe(first.id);
    const later = await t.db.transaction((tx) =>
      saveCallEnquiry(
        tx,
        tenant.workspaceId,
        anEnquiry({
          callId: c.id,
          leadId: lead.id,
          address: null,
          postcode: 'M14 5AB',
          facts: { ...SEED_FACTS, asking_price: 150_000 },
        }),
        t.clock.now(),
        early.id,
      ),
    );
    expect(later.id).toBe(first.id);
    expect(later.facts.asking_price).toBe(150_000);
    expect((await read<Opportunity>(`/api/v1/opportunities/${early.id}`)).merged_into).toBe(first.id);
    expect((await eventsOf(early.id)).map((e) => e.type)).toEqual([
      'opportunity.created',
      'opportunity.merged',
    ]);
    const board = await read<{ data: Opportunity[] }>('/api/v1/opportunities?limit=100');
    expect(board.data.filter((o) => o.lead_id === lead.id).map((o) => o.id)).toEqual([first.id]);
  });

  it('keeps a different house, or one named only by its district, a deal of its own', async () => {
    const lead = await aLead();
    const first = await aCallAbout(lead, { address: '12 Acacia Avenue', postcode: 'M14 5AB' });
    const neighbour = await aCallAbout(lead, { address: '14 Acacia Avenue', postcode: 'M14 5AB' });
    const district = await aCallAbout(lead, { address: null, postcode: 'M14' });
    expect(new Set([first.id, neighbour.id, district.id]).size).toBe(3);
  });
});

describe('POST /api/v1/opportunities/{id}/merge', () => {
  it('moves notes and calls to the survivor, keeps the merged one readable, and emits both events', async () => {
    const lead = await aLead();
    const keep = await aCallAbout(lead, { address: '1 Keep Street', postcode: 'M14 1AA' });
    const gone = await aCallAbout(
      lead,
      { address: '1 Gone Street', postcode: 'M14 2AA' },
      {
        ...SEED_FACTS,
        reason: 'divorce',
      },
    );
    await call(t.app, member(), 'POST', `/api/v1/opportunities/${gone.id}/notes`, {
      body: 'Rang about the roof',
    });
    const res = await call(t.app, member(), 'POST', `/api/v1/opportunities/${gone.id}/merge`, {
      into: keep.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const survivor = json<Opportunity>(res);
    expect(survivor.id).toBe(keep.id);
    expect(survivor.notes.map((n) => n.body)).toEqual(['Rang about the roof']);
    const merged = await read<Opportunity>(`/api/v1/opportunities/${gone.id}`);
    expect(merged.merged_into).toBe(keep.id);
    const calls = await t.db.query<{ opportunity_id: string }>(
      'SELECT opportunity_id FROM calls WHERE workspace_id = $1 AND lead_id = $2',
      [tenant.workspaceId, lead.id],
    );
    expect(calls.map((c) => c.opportunity_id)).toEqual([keep.id, keep.id]);
    expect(await lastOf(gone.id, 'opportunity.merged')).toEqual(merged);
    expect(await lastOf(keep.id, 'opportunity.updated')).toEqual(survivor);
    // A call still going on the merged deal carries on with the one kept.
    const carried = await t.db.transaction((tx) =>
      saveCallEnquiry(
        tx,
        tenant.workspaceId,
        anEnquiry({ callId: gone.call_id, leadId: lead.id, address: '1 Gone Street', postcode: 'M14 2AA' }),
        t.clock.now(),
        gone.id,
      ),
    );
    expect(carried.id).toBe(keep.id);
    const again = await call(t.app, member(), 'POST', `/api/v1/opportunities/${gone.id}/merge`, {
      into: keep.id,
    });
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'conflict']);
    const itself = await call(t.app, member(), 'POST', `/api/v1/opportunities/${keep.id}/merge`, {
      into: keep.id,
    });
    expect(itself.statusCode).toBe(400);
  });

  it('answers 404 for a deal of another workspace on either side, and 403 without the scope', async () => {
    const other = await createTenant(t.db, t.clock);
    const theirs = await aCallAbout(
      await aLead('Theirs', other),
      { address: '9 Far Lane', postcode: 'SK4 2AA' },
      SEED_FACTS,
      other.workspaceId,
    );
    const mine = await aCallAbout(await aLead(), { address: '9 Near Lane', postcode: 'M14 9ZZ' });
    const into = await call(t.app, member(), 'POST', `/api/v1/opportunities/${mine.id}/merge`, {
      into: theirs.id,
    });
    expect([into.statusCode, errorCode(into)]).toEqual([404, 'not_found']);
    const from = await call(t.app, member(), 'POST', `/api/v1/opportunities/${theirs.id}/merge`, {
      into: mine.id,
    });
    expect(from.statusCode).toBe(404);
    const reader = await keyCaller(t.app, tenant.callers.admin, ['opportunities:read']);
    const denied = await call(t.app, reader, 'POST', `/api/v1/opportunities/${mine.id}/merge`, {
      into: mine.id,
    });
    expect(denied.statusCode).toBe(403);
    expect((await read<Opportunity>(`/api/v1/opportunities/${mine.id}`)).merged_into).toBeNull();
  });
});

describe('POST /api/v1/leads/{id}/merge', () => {
  it('moves calls, deals and bookings to the survivor, and a caller on the merged number reaches it', async () => {
    const keep = await aLead('Unknown caller');
    const gone = await aLead('Pat Jones');
    await call(t.app, member(), 'PATCH', `/api/v1/leads/${gone.id}`, { note: 'Prefers evenings' });
    const deal = await aCallAbout(gone, { address: '5 Moss Lane', postcode: 'M14 3BB' });
    const booked = json<Booking>(
      await call(t.app, member(), 'POST', '/api/v1/bookings', {
        kind: 'viewing',
        lead_id: gone.id,
        starts_at: '2026-12-01T10:00:00Z',
      }),
    );
    const res = await call(t.app, member(), 'POST', `/api/v1/leads/${gone.id}/merge`, { into: keep.id });
    expect(res.statusCode, res.body).toBe(200);
    const survivor = json<Lead>(res);
    expect(survivor).toMatchObject({ id: keep.id, name: 'Pat Jones', phone: keep.phone, merged_into: null });
    expect(survivor.note).toContain(gone.phone);
    expect(survivor.note).toContain('Prefers evenings');
    const merged = await read<Lead>(`/api/v1/leads/${gone.id}`);
    expect(merged.merged_into).toBe(keep.id);
    expect((await read<Opportunity>(`/api/v1/opportunities/${deal.id}`)).lead_id).toBe(keep.id);
    const moved = await read<Booking>(`/api/v1/bookings/${booked.id}`);
    expect(moved.lead_id).toBe(keep.id);
    const c = await findCall(t.db, tenant.workspaceId, deal.call_id ?? '');
    expect(c?.lead_id).toBe(keep.id);
    // The survivor's calls include the merged lead's, made from its other number.
    const calls = await read<{ data: { id: string; from: string }[] }>(`/api/v1/calls?lead_id=${keep.id}`);
    expect(calls.data.map((x) => x.id)).toContain(c?.id);
    expect((await read<{ data: unknown[] }>(`/api/v1/calls?lead_id=${gone.id}`)).data).toEqual([]);
    expect(await lastOf(gone.id, 'lead.merged')).toEqual(merged);
    expect(await lastOf(keep.id, 'lead.updated')).toEqual(survivor);
    expect(await lastOf(booked.id, 'booking.updated')).toEqual(moved);
    const list = await read<{ data: Lead[] }>('/api/v1/leads?limit=100');
    expect(list.data.map((l) => l.id)).not.toContain(gone.id);
    expect((await findLeadByPhone(t.db, tenant.workspaceId, gone.phone))?.id).toBe(keep.id);
  });

  it('answers 404 across workspaces, 409 for a merged lead, 403 without the scope', async () => {
    const other = await createTenant(t.db, t.clock);
    const theirs = await aLead('Theirs', other);
    const mine = await aLead();
    const into = await call(t.app, member(), 'POST', `/api/v1/leads/${mine.id}/merge`, { into: theirs.id });
    expect([into.statusCode, errorCode(into)]).toEqual([404, 'not_found']);
    expect(
      (await call(t.app, member(), 'POST', `/api/v1/leads/${theirs.id}/merge`, { into: mine.id })).statusCode,
    ).toBe(404);
    const reader = await keyCaller(t.app, tenant.callers.admin, ['leads:read']);
    const denied = await call(t.app, reader, 'POST', `/api/v1/leads/${mine.id}/merge`, { into: mine.id });
    expect(denied.statusCode).toBe(403);
    const gone = await aLead();
    await call(t.app, member(), 'POST', `/api/v1/leads/${gone.id}/merge`, { into: mine.id });
    const twice = await call(t.app, member(), 'POST', `/api/v1/leads/${gone.id}/merge`, { into: mine.id });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'conflict']);
    const bad = await call(t.app, member(), 'POST', `/api/v1/leads/${mine.id}/merge`, { into: 42 });
    expect(bad.statusCode).toBe(400);
  });
});

describe('assigning a deal', () => {
  it('assigns its lead and its bookings to come, unless they were chosen apart', async () => {
    const lead = await aLead();
    const deal = await aCallAbout(lead, { address: '7 Owner Road', postcode: 'M14 4CC' });
    const book = async (starts_at: string, extra: Record<string, unknown> = {}) =>
      json<Booking>(
        await call(t.app, member(), 'POST', '/api/v1/bookings', {
          kind: 'callback',
          lead_id: lead.id,
          starts_at,
          ...extra,
        }),
      );
    const follows = await book('2026-12-02T10:00:00Z');
    const past = await book('2026-11-20T10:00:00Z');
    const chosen = await book('2026-12-03T10:00:00Z', { assignee_id: tenant.users.admin.id });
    expect(chosen.assignee_pinned).toBe(true);
    const memberId = tenant.users.member.id;
    const res = await call(t.app, member(), 'PATCH', `/api/v1/opportunities/${deal.id}`, {
      owner_id: memberId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const owned = await read<Lead>(`/api/v1/leads/${lead.id}`);
    expect(owned).toMatchObject({ owner_id: memberId, owner_pinned: false });
    expect((await read<Booking>(`/api/v1/bookings/${follows.id}`)).assignee_id).toBe(memberId);
    expect((await read<Booking>(`/api/v1/bookings/${past.id}`)).assignee_id).toBeNull();
    expect((await read<Booking>(`/api/v1/bookings/${chosen.id}`)).assignee_id).toBe(tenant.users.admin.id);
    expect(await lastOf(lead.id, 'lead.updated')).toEqual(owned);
    expect(await lastOf(follows.id, 'booking.updated')).toMatchObject({ assignee_id: memberId });

    // The desk gives the lead to someone else: that choice stands when the deal changes hands.
    const apart = json<Lead>(
      await call(t.app, member(), 'PATCH', `/api/v1/leads/${lead.id}`, { owner_id: tenant.users.owner.id }),
    );
    expect(apart.owner_pinned).toBe(true);
    await call(t.app, member(), 'PATCH', `/api/v1/opportunities/${deal.id}`, {
      owner_id: tenant.users.admin.id,
    });
    expect((await read<Lead>(`/api/v1/leads/${lead.id}`)).owner_id).toBe(tenant.users.owner.id);
    expect((await read<Booking>(`/api/v1/bookings/${follows.id}`)).assignee_id).toBe(tenant.users.admin.id);

    // Let go, the lead follows its deal again.
    await call(t.app, member(), 'PATCH', `/api/v1/leads/${lead.id}`, { owner_pinned: false });
    await call(t.app, member(), 'PATCH', `/api/v1/opportunities/${deal.id}`, { owner_id: memberId });
    expect((await read<Lead>(`/api/v1/leads/${lead.id}`)).owner_id).toBe(memberId);

    // Unassigned, the deal takes its lead and its bookings back to the shared desk; one chosen
    // apart stays with whom it was given.
    t.clock.advance(1000);
    const unassigned = await call(t.app, member(), 'PATCH', `/api/v1/opportunities/${deal.id}`, {
      owner_id: null,
    });
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect((await read<Lead>(`/api/v1/leads/${lead.id}`)).owner_id).toBeNull();
    expect((await read<Booking>(`/api/v1/bookings/${follows.id}`)).assignee_id).toBeNull();
    expect((await read<Booking>(`/api/v1/bookings/${chosen.id}`)).assignee_id).toBe(tenant.users.admin.id);
    expect(await lastOf(follows.id, 'booking.updated')).toMatchObject({ assignee_id: null });
  });
});
