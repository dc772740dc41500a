import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMobile, seedCall } from '../../../test/support/calls.js';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { anEnquiry } from '../../../test/support/opportunities.js';
import { updateCall } from '../calls/calls.repo.js';
import type { Lead } from '../leads/leads.schemas.js';
import type { Opportunity } from './opportunities.schemas.js';
import { saveCallEnquiry } from './opportunity-merge.js';
import { followUpAfterCall } from './pipeline.service.js';

// Merges and owners carried to a seller's records (docs/desk-api.md, "Merging", "One owner per
// seller") meet the seller and next actions of every opportunity ("Stages and next actions"):
// events carry the seller as the API shows it, a merged deal leaves the task lists, and a booked
// next action follows its booking to the deal's new owner.

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-11-24T09:00:00.000Z'));
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const member = () => tenant.callers.member;

async function aLead(name: string): Promise<Lead> {
  const res = await call(t.app, member(), 'POST', '/api/v1/leads', { name, phone: aMobile() });
  expect(res.statusCode, res.body).toBe(201);
  return json<Lead>(res);
}

async function aDeal(lead: Lead, address: string, postcode: string): Promise<Opportunity> {
  t.clock.advance(60_000);
  const c = await seedCall(t.db, tenant.workspaceId, {
    started_at: t.clock.now(),
    lead_id: lead.id,
    from_number: lead.phone,
  });
  return t.db.transaction(async (tx) => {
    const saved = await saveCallEnquiry(
      tx,
      tenant.workspaceId,
      anEnquiry({ callId: c.id, leadId: lead.id, address, postcode }),
      t.clock.now(),
      undefined,
    );
    await updateCall(tx, tenant.workspaceId, c.id, { opportunity_id: saved.id });
    return saved;
  });
}

async function lastOf(id: string, type: string): Promise<Opportunity | undefined> {
  const rows = await t.db.query<{ data: Opportunity }>(
    `SELECT data FROM events WHERE workspace_id = $1 AND type = $2 AND data->>'id' = $3
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [tenant.workspaceId, type, id],
  );
  return rows[0]?.data;
}

describe('merging deals with sellers and next actions', () => {
  it('writes the merged deal with its seller, and drops it from the tasks', async () => {
    const lead = await aLead('Sam Seller');
    const keep = await aDeal(lead, '3 Keep Road', 'M14 4AA');
    const gone = await aDeal(lead, '3 Gone Road', 'M14 4BB');
    const due = { what: 'Send the offer letter', owner_id: null, due_at: '2026-11-25T09:00:00.000Z' };
    const set = await call(t.app, member(), 'PATCH', `/api/v1/opportunities/${gone.id}`, {
      next_action: due,
    });
    expect(set.statusCode, set.body).toBe(200);
    const before = json<{ data: Opportunity[] }>(
      await call(t.app, member(), 'GET', '/api/v1/tasks?limit=200'),
    );
    expect(before.data.map((o) => o.id)).toContain(gone.id);

    const res = await call(t.app, member(), 'POST', `/api/v1/opportunities/${gone.id}/merge`, {
      into: keep.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastOf(gone.id, 'opportunity.merged'))?.seller).toEqual({
      name: lead.name,
      phone: lead.phone,
    });
    const after = json<{ data: Opportunity[] }>(
      await call(t.app, member(), 'GET', '/api/v1/tasks?limit=200'),
    );
    expect(after.data.map((o) => o.id)).not.toContain(gone.id);
  });

  it("gives a deal moved by a lead merge the survivor's seller in its event", async () => {
    const keep = await aLead('Kept Seller');
    const gone = await aLead('Second Number');
    const deal = await aDeal(gone, '8 Moved Lane', 'M14 6CC');
    const res = await call(t.app, member(), 'POST', `/api/v1/leads/${gone.id}/merge`, { into: keep.id });
    expect(res.statusCode, res.body).toBe(200);
    const read = json<Opportunity>(await call(t.app, member(), 'GET', `/api/v1/opportunities/${deal.id}`));
    expect(read.seller).toEqual({ name: 'Kept Seller', phone: keep.phone });
    expect((await lastOf(deal.id, 'opportunity.updated'))?.seller).toEqual(read.seller);
  });

  it("keeps a returning caller's cross-checks when the later call is scored again", async () => {
    const lead = await aLead('Cross Checked');
    const first = await aDeal(lead, '4 Check Street', 'M14 7DD');
    t.clock.advance(60_000);
    const c = await seedCall(t.db, tenant.workspaceId, {
      started_at: t.clock.now(),
      lead_id: lead.id,
      from_number: lead.phone,
    });
    const checks = [
      {
        fact: 'asking_price' as const,
        rules: 50_000,
        model: 150_000,
        read_back: 150_000,
        answer: 'yes' as const,
      },
    ];
    const again = await t.db.transaction((tx) =>
      saveCallEnquiry(
        tx,
        tenant.workspaceId,
        anEnquiry({
          callId: c.id,
          leadId: lead.id,
          address: '4 Check Street',
          postcode: null,
          facts: { ...first.facts, asking_price: 150_000 },
          checks,
        }),
        t.clock.now(),
        undefined,
      ),
    );
    expect(again.id).toBe(first.id);
    expect(again.facts.asking_price).toBe(150_000);
    expect(again.cross_checks).toEqual(checks);
  });

  it('gives a booked next action to the new owner when its booking follows the deal', async () => {
    const lead = await aLead('Owen Carried');
    const deal = await aDeal(lead, '6 Carry Close', 'M14 8EE');
    const booked = await call(t.app, member(), 'POST', '/api/v1/bookings', {
      kind: 'callback',
      lead_id: lead.id,
      call_id: deal.call_id,
      starts_at: '2026-11-26T09:00:00Z',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.db.transaction((tx) =>
      followUpAfterCall(
        tx,
        { workspace_id: tenant.workspaceId, id: deal.call_id ?? '', opportunity_id: deal.id },
        t.clock.now(),
      ),
    );
    const admin = tenant.users.admin.id;
    const res = await call(t.app, member(), 'PATCH', `/api/v1/opportunities/${deal.id}`, { owner_id: admin });
    expect(res.statusCode, res.body).toBe(200);
    const answered = json<Opportunity>(res);
    expect(answered.next_action).toMatchObject({ source: 'booking', owner_id: admin });
    const read = json<Opportunity>(await call(t.app, member(), 'GET', `/api/v1/opportunities/${deal.id}`));
    expect(read).toEqual(answered);
    // The PATCH and the next action that followed write two events at one instant of the test clock.
    const written = await t.db.query<{ data: Opportunity }>(
      "SELECT data FROM events WHERE workspace_id = $1 AND type = 'opportunity.updated' AND data->>'id' = $2",
      [tenant.workspaceId, deal.id],
    );
    expect(written.map((e) => e.data)).toContainEqual(read);
  });
});
