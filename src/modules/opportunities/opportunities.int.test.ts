import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';
import type { Opportunity } from './opportunities.schemas.js';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
const seeded: Opportunity[] = [];

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
  other = await createTenant(t.db, t.clock);
  const ws = tenant.workspaceId;
  const base = Date.UTC(2026, 10, 21, 9, 0, 0);
  const specs = [
    { postcode: 'M14 5AB', score: 82, outcome: 'hot' },
    { postcode: 'm1 1aa', score: 55, outcome: 'warm' },
    { postcode: 'M145 2XY', score: 30, outcome: 'cold' },
    { postcode: 'SK4 1AA', score: 0, outcome: 'disqualified' },
    { postcode: null, score: 75, outcome: 'hot' },
  ] as const;
  for (const [i, spec] of specs.entries()) {
    seeded.push(await seedOpportunity(t.db, ws, spec, new Date(base + i * 60_000)));
  }
  await seedOpportunity(t.db, other.workspaceId, { postcode: 'M14 5AB' });
  const assigned = await call(
    t.app,
    tenant.callers.member,
    'PATCH',
    `/api/v1/opportunities/${seeded[1]?.id}`,
    {
      owner_id: tenant.users.member.id,
    },
  );
  expect(assigned.statusCode).toBe(200);
  seeded[1] = json<Opportunity>(assigned);
});
afterAll(() => t.close());

async function list(query = ''): Promise<{ data: Opportunity[]; next_cursor: string | null }> {
  const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}
const ids = (data: Opportunity[]) => data.map((o) => o.id);
const seededIds = (...indexes: number[]) => indexes.map((i) => seeded[i]?.id);

describe('listing opportunities', () => {
  it('lists this workspace’s opportunities newest first, as the API objects', async () => {
    expect(await list()).toEqual({ data: [...seeded].reverse(), next_cursor: null });
  });

  it('walks every page with the cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page.data));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(seededIds(4, 3, 2, 1, 0));
    expect(ids((await list('?order=asc')).data)).toEqual(seededIds(0, 1, 2, 3, 4));
  });

  it('filters by outcome, owner and minimum score', async () => {
    expect(ids((await list('?outcome=hot')).data)).toEqual(seededIds(4, 0));
    expect(ids((await list(`?owner_id=${tenant.users.member.id}`)).data)).toEqual(seededIds(1));
    expect(ids((await list('?min_score=75')).data)).toEqual(seededIds(4, 0));
    expect(ids((await list('?min_score=0')).data)).toHaveLength(5);
    expect(ids((await list('?outcome=hot&min_score=80')).data)).toEqual(seededIds(0));
  });

  it('filters by postcode prefix, ignoring case and spaces', async () => {
    expect(ids((await list('?postcode=M14')).data)).toEqual(seededIds(2, 0));
    expect(ids((await list('?postcode=m14%205')).data)).toEqual(seededIds(2, 0));
    expect(ids((await list('?postcode=M145A')).data)).toEqual(seededIds(0));
    expect(ids((await list('?postcode=M1')).data)).toEqual(seededIds(2, 1, 0));
    expect(ids((await list('?postcode=M11AA')).data)).toEqual(seededIds(1));
    expect(ids((await list('?postcode=sk')).data)).toEqual(seededIds(3));
    expect((await list('?postcode=B')).data).toEqual([]);
  });

  it.each([
    ['?outcome=maybe', 'outcome'],
    ['?min_score=101', 'min_score'],
    ['?min_score=high', 'min_score'],
    ['?postcode=M%25', 'postcode'],
    ['?postcode=%20', 'postcode'],
    ['?cursor=garbage', 'cursor'],
    ['?owner=me', 'owner'],
  ])('answers 400 validation_failed for %s', async (query, path) => {
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities${query}`);
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
    expect(details.map((d) => d.path)).toContain(path);
  });
});

describe('reading an opportunity', () => {
  it('answers every field, facts and breakdown included', async () => {
    const first = seeded[0];
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${first?.id}`);
    expect(res.statusCode).toBe(200);
    const body = json<Opportunity>(res);
    expect(body).toEqual(first);
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'call_id',
        'lead_id',
        'address',
        'postcode',
        'score',
        'outcome',
        'owner_id',
        'seller',
        'stage',
        'dead_reason',
        'next_action',
        'notes',
        'facts',
        'score_breakdown',
        'fact_sources',
        'review',
        'cross_checks',
        'merged_into',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(body.facts).toEqual({
      property_type: 'semi-detached',
      bedrooms: 3,
      condition: 'needs_modernisation',
      occupancy: 'vacant',
      asking_price: 180_000,
      timeline: 'within 3 months',
      reason: 'probate',
    });
    expect(body.score_breakdown[0]).toEqual({
      criterion: 'location',
      points: 25,
      max: 25,
      reason: 'M14 is in the buy box.',
    });
    const linked = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${body.call_id}`);
    expect(json<{ opportunity_id: string }>(linked).opportunity_id).toBe(body.id);
  });

  it('answers 404 not_found for an unknown id and for another workspace’s opportunity', async () => {
    const elsewhere = await seedOpportunity(t.db, other.workspaceId);
    for (const id of ['opp_nope', elsewhere.id]) {
      const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${id}`);
      expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    }
  });
});
