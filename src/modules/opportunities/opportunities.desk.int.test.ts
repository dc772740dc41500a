import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';
import type { Opportunity, OpportunityNote } from './opportunities.schemas.js';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
  other = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

async function updatedEvents(opportunityId: string): Promise<{ data: Opportunity; created_at: Date }[]> {
  return t.db.query(
    `SELECT data, created_at FROM events
      WHERE workspace_id = $1 AND type = 'opportunity.updated' AND data->>'id' = $2 ORDER BY id`,
    [tenant.workspaceId, opportunityId],
  );
}

const patch = (id: string, body: unknown, caller = tenant.callers.member) =>
  call(t.app, caller, 'PATCH', `/api/v1/opportunities/${id}`, body);
const addNote = (id: string, body: unknown, caller = tenant.callers.member) =>
  call(t.app, caller, 'POST', `/api/v1/opportunities/${id}/notes`, body);

describe('assigning an owner and changing the outcome', () => {
  it('changes both, moves updated_at, and writes opportunity.updated with the answered object', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    t.clock.advance(60_000);
    const res = await patch(opp.id, { owner_id: tenant.users.member.id, outcome: 'won' });
    expect(res.statusCode).toBe(200);
    const body = json<Opportunity>(res);
    expect(body).toEqual({
      ...opp,
      owner_id: tenant.users.member.id,
      outcome: 'won',
      updated_at: t.clock.now().toISOString(),
    });
    const events = await updatedEvents(opp.id);
    expect(events.map((e) => e.data)).toEqual([body]);
    expect(events[0]?.created_at.toISOString()).toBe(body.updated_at);
  });

  it('emits nothing and keeps updated_at when nothing changes', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const first = json<Opportunity>(await patch(opp.id, { owner_id: tenant.users.admin.id }));
    t.clock.advance(60_000);
    for (const body of [{ owner_id: tenant.users.admin.id }, { outcome: 'hot' }, {}]) {
      const res = await patch(opp.id, body);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(first);
    }
    expect(await updatedEvents(opp.id)).toHaveLength(1);
  });

  it("takes facts from the desk, records them as the desk's and scores the enquiry again", async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const res = await patch(opp.id, { facts: { property_type: 'flat', bedrooms: 2 } });
    expect(res.statusCode).toBe(200);
    const body = json<Opportunity>(res);
    expect(body.facts).toMatchObject({
      property_type: 'flat',
      bedrooms: 2,
      condition: 'needs_modernisation',
    });
    expect(body.fact_sources).toMatchObject({ property_type: 'desk', bedrooms: 'desk' });
    expect(body.score_breakdown).not.toEqual(opp.score_breakdown);
    expect(await updatedEvents(opp.id)).toHaveLength(1);
  });

  it('unassigns with owner_id null', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    await patch(opp.id, { owner_id: tenant.users.viewer.id });
    t.clock.advance(1000);
    const res = await patch(opp.id, { owner_id: null });
    expect(json<Opportunity>(res).owner_id).toBeNull();
    expect((await updatedEvents(opp.id)).map((e) => e.data.owner_id)).toEqual([tenant.users.viewer.id, null]);
  });

  it('answers 400 for an owner who is not a member here, and emits nothing', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const outsider = await addMember(t.db, t.clock, other.workspaceId, 'member');
    for (const owner_id of [outsider.id, 'usr_nobody']) {
      const res = await patch(opp.id, { owner_id, outcome: 'lost' });
      expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
      const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
      expect(details.map((d) => d.path)).toEqual(['owner_id']);
    }
    const unchanged = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${opp.id}`);
    expect(json(unchanged)).toEqual(opp);
    expect(await updatedEvents(opp.id)).toEqual([]);
  });

  it.each([
    [{ outcome: 'maybe' }, 'outcome'],
    [{ owner_id: 42 }, 'owner_id'],
    [{ score: 100 }, 'score'],
    [{ facts: { bedrooms: 'many' } }, 'facts.bedrooms'],
    [{ facts: { colour: 'red' } }, 'facts.colour'],
  ])('answers 400 validation_failed for %j and emits nothing', async (body, path) => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const res = await patch(opp.id, body);
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
    expect(details.map((d) => d.path)).toContain(path);
    expect(await updatedEvents(opp.id)).toEqual([]);
  });

  it('answers 404 for an unknown or another workspace’s opportunity', async () => {
    const elsewhere = await seedOpportunity(t.db, other.workspaceId);
    for (const id of ['opp_nope', elsewhere.id]) {
      const res = await patch(id, { outcome: 'won' });
      expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    }
  });

  it('is refused to a viewer', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const res = await patch(opp.id, { outcome: 'won' }, tenant.callers.viewer);
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
  });
});

describe('desk notes', () => {
  it('answers 201 with the note, and writes opportunity.updated with every note', async () => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    t.clock.advance(60_000);
    const first = await addNote(opp.id, { body: '  Rang back, wants an offer by Friday.  ' });
    expect(first.statusCode).toBe(201);
    const note = json<OpportunityNote>(first);
    expect(note).toEqual({
      id: expect.stringMatching(/^note_/),
      body: 'Rang back, wants an offer by Friday.',
      author_id: tenant.users.member.id,
      created_at: t.clock.now().toISOString(),
    });
    t.clock.advance(60_000);
    const key = await keyCaller(t.app, tenant.callers.admin, ['opportunities:write']);
    const second = json<OpportunityNote>(await addNote(opp.id, { body: 'Offer sent.' }, key));
    expect(second.author_id).toBe(tenant.users.admin.id);

    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${opp.id}`);
    const current = json<Opportunity>(res);
    expect(current.notes).toEqual([note, second]);
    expect(current.updated_at).toBe(t.clock.now().toISOString());
    const events = await updatedEvents(opp.id);
    expect(events.map((e) => e.data.notes.length)).toEqual([1, 2]);
    expect(events.at(-1)?.data).toEqual(current);
  });

  it.each([
    [{ body: '' }, 'body'],
    [{ body: '   ' }, 'body'],
    [{ body: 'x'.repeat(5001) }, 'body'],
    [{}, 'body'],
    [{ body: 'ok', pinned: true }, 'pinned'],
  ])('answers 400 validation_failed for %j and emits nothing', async (body, path) => {
    const opp = await seedOpportunity(t.db, tenant.workspaceId, {}, t.clock.now());
    const res = await addNote(opp.id, body);
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
    expect(details.map((d) => d.path)).toContain(path);
    expect(await updatedEvents(opp.id)).toEqual([]);
  });

  it('answers 404 for another workspace’s opportunity and stores nothing', async () => {
    const elsewhere = await seedOpportunity(t.db, other.workspaceId);
    const res = await addNote(elsewhere.id, { body: 'Not mine.' });
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    const rows = await t.db.query('SELECT 1 FROM opportunity_notes WHERE opportunity_id = $1', [
      elsewhere.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});
