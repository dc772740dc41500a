import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCall } from '../../../test/support/calls.js';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { anEnquiry, SEED_FACTS } from '../../../test/support/opportunities.js';
import { ApiError } from '../../http/errors.js';
import type { Opportunity } from './opportunities.schemas.js';
import { type ScoredEnquiry, saveScoredOpportunity } from './opportunities.service.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

async function eventsOf(opportunityId: string) {
  return t.db.query<{ type: string; data: Opportunity }>(
    "SELECT type, data FROM events WHERE workspace_id = $1 AND data->>'id' = $2 ORDER BY created_at, id",
    [tenant.workspaceId, opportunityId],
  );
}

function save(enquiry: ScoredEnquiry, at: Date, existingId?: string): Promise<Opportunity> {
  return t.db.transaction((tx) => saveScoredOpportunity(tx, tenant.workspaceId, enquiry, at, existingId));
}

async function read(id: string): Promise<Opportunity> {
  return json<Opportunity>(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${id}`));
}

// After anything the desk does at the test clock's time, so the call service's saves sort last.
const later = (ms: number) => new Date(t.clock.now().getTime() + 86_400_000 + ms);

describe('saving a scored enquiry for the call service', () => {
  it('creates an opportunity with opportunity.created carrying what the API answers', async () => {
    const c = await seedCall(t.db, tenant.workspaceId);
    const created = await save(anEnquiry({ callId: c.id }), later(0));
    expect(created).toMatchObject({
      call_id: c.id,
      owner_id: null,
      notes: [],
      outcome: 'hot',
      score: 82,
      created_at: later(0).toISOString(),
      updated_at: later(0).toISOString(),
    });
    expect(await read(created.id)).toEqual(created);
    expect(await eventsOf(created.id)).toEqual([{ type: 'opportunity.created', data: created }]);
  });

  it('updates facts, score and outcome of the same call’s opportunity with opportunity.updated', async () => {
    const first = await save(
      anEnquiry({ score: 40, outcome: 'cold', facts: { ...SEED_FACTS, bedrooms: null } }),
      later(0),
    );
    const updated = await save(anEnquiry({ score: 60, outcome: 'warm' }), later(5000), first.id);
    expect(updated).toEqual({
      ...first,
      score: 60,
      outcome: 'warm',
      facts: SEED_FACTS,
      updated_at: later(5000).toISOString(),
    });
    expect(await read(first.id)).toEqual(updated);
    expect((await eventsOf(first.id)).map((e) => [e.type, e.data])).toEqual([
      ['opportunity.created', first],
      ['opportunity.updated', updated],
    ]);
  });

  it('emits nothing when scoring again changes nothing', async () => {
    const first = await save(anEnquiry(), later(0));
    const again = await save(anEnquiry(), later(9000), first.id);
    expect(again).toEqual(first);
    expect((await eventsOf(first.id)).map((e) => e.type)).toEqual(['opportunity.created']);
  });

  it('keeps the desk’s owner, notes and won/lost outcome', async () => {
    const first = await save(anEnquiry(), later(0));
    await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/opportunities/${first.id}`, {
      owner_id: tenant.users.member.id,
      outcome: 'won',
    });
    await call(t.app, tenant.callers.member, 'POST', `/api/v1/opportunities/${first.id}/notes`, {
      body: 'Agreed.',
    });
    const rescored = await save(anEnquiry({ score: 20, outcome: 'cold' }), later(60_000), first.id);
    expect(rescored.owner_id).toBe(tenant.users.member.id);
    expect(rescored.outcome).toBe('won');
    expect(rescored.score).toBe(20);
    expect(rescored.notes.map((n) => n.body)).toEqual(['Agreed.']);
    expect((await eventsOf(first.id)).at(-1)?.data).toEqual(rescored);
  });

  it('refuses an id from another workspace, and a rolled-back save leaves neither record nor event', async () => {
    const other = await createTenant(t.db, t.clock);
    const theirs = await t.db.transaction((tx) =>
      saveScoredOpportunity(tx, other.workspaceId, anEnquiry(), later(0)),
    );
    await expect(save(anEnquiry(), later(1000), theirs.id)).rejects.toThrow(ApiError);

    let createdId = '';
    await expect(
      t.db.transaction(async (tx) => {
        createdId = (await saveScoredOpportunity(tx, tenant.workspaceId, anEnquiry(), later(0))).id;
        throw new Error('the call service failed after scoring');
      }),
    ).rejects.toThrow('the call service failed');
    expect(createdId).toMatch(/^opp_/);
    expect(await eventsOf(createdId)).toEqual([]);
    const rows = await t.db.query('SELECT 1 FROM opportunities WHERE id = $1', [createdId]);
    expect(rows).toHaveLength(0);
  });

  it('answers every fact key even when the stored facts lack some', async () => {
    const partial = { property_type: 'flat' } as unknown as ScoredEnquiry['facts'];
    const saved = await save(anEnquiry({ facts: partial, address: null, postcode: null }), later(0));
    expect(saved.facts).toEqual({
      property_type: 'flat',
      bedrooms: null,
      condition: null,
      occupancy: null,
      asking_price: null,
      timeline: null,
      reason: null,
    });
    expect(await read(saved.id)).toEqual(saved);
  });
});
