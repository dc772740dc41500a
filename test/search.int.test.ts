import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateCall } from '../src/modules/calls/calls.repo.js';
import { saveScoredOpportunity } from '../src/modules/opportunities/opportunities.service.js';
import { seedCall } from './support/calls.js';
import { call, createTenant, type Tenant } from './support/factories.js';
import { startTestApp, type TestContext } from './support/harness.js';
import { anEnquiry } from './support/opportunities.js';

// Search as people type it (docs/desk-api.md, "Search"): any part of a number in any usual form,
// a name, a street, a postcode or part of one, on the leads, calls and opportunities lists.

let t: TestContext;
let home: Tenant;

interface Seller {
  lead: string;
  call: string;
  opportunity: string;
}

/** A lead with a call from its number and an opportunity at its address, linked as a call links them. */
async function seedSeller(
  tenant: Tenant,
  spec: { name: string; phone: string; address: string; postcode: string },
): Promise<Seller> {
  // Ids and start times sort by creation: one second apart, the newest is unambiguous.
  t.clock.advance(1_000);
  const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', {
    name: spec.name,
    phone: spec.phone,
  });
  expect(res.statusCode, res.body).toBe(201);
  const lead = JSON.parse(res.body) as { id: string; phone: string };
  const row = await seedCall(t.db, tenant.workspaceId, {
    from_number: lead.phone,
    lead_id: lead.id,
    started_at: t.clock.now(),
    summary: 'Wants a quick sale.',
  });
  const opportunity = await t.db.transaction(async (tx) => {
    const saved = await saveScoredOpportunity(
      tx,
      tenant.workspaceId,
      anEnquiry({ callId: row.id, leadId: lead.id, address: spec.address, postcode: spec.postcode }),
      t.clock.now(),
    );
    await updateCall(tx, tenant.workspaceId, row.id, { opportunity_id: saved.id });
    return saved;
  });
  return { lead: lead.id, call: row.id, opportunity: opportunity.id };
}

let sarah: Seller;
let tom: Seller;
let foreign: Seller;

beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t.db, t.clock);
  sarah = await seedSeller(home, {
    name: 'Sarah Jones',
    phone: '07700 900123',
    address: '14 Union Street, Heaton',
    postcode: 'NE6 5AB',
  });
  tom = await seedSeller(home, {
    name: 'Tom Baker',
    phone: '07700 911456',
    address: '3 Acacia Avenue, Fallowfield',
    postcode: 'M14 6CD',
  });
  // Another workspace with the same seller, number and house: search never crosses over.
  foreign = await seedSeller(await createTenant(t.db, t.clock), {
    name: 'Sarah Jones',
    phone: '07700 900123',
    address: '14 Union Street, Heaton',
    postcode: 'NE6 5AB',
  });
});
afterAll(() => t.close());

const LISTS = [
  ['leads', 'lead'],
  ['calls', 'call'],
  ['opportunities', 'opportunity'],
] as const;

async function found(list: string, q: string): Promise<string[]> {
  const res = await call(t.app, home.callers.viewer, 'GET', `/api/v1/${list}?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: { id: string }[] }).data.map((r) => r.id);
}

describe('search on every list', () => {
  const sarahFinds = [
    // Any part of the number, in any usual form.
    '07700 900123',
    '+44 7700 900123',
    '447700900123',
    '+44 (0)7700 900123',
    '0044 7700 900123',
    '07700-900-123',
    '900 123',
    '900123',
    '07700 90',
    // The name, any case, any part.
    'Sarah Jones',
    'sarah',
    'JONES',
    'rah jo',
    // The street.
    'Heaton',
    'Union Street',
    'union  street',
    '14 union',
    // The postcode or part of it, with or without the space, any case.
    'NE6 5AB',
    'ne65ab',
    'ne6 5a',
    'NE65',
    'ne6',
  ];

  for (const [list, key] of LISTS) {
    it.each(sarahFinds)(`${list}: "%s" finds Sarah's ${key} and nothing else`, async (q) => {
      expect(await found(list, q)).toEqual([sarah[key]]);
    });
  }

  it.each(LISTS)('%s: another seller is found by their own street and number', async (list, key) => {
    expect(await found(list, 'acacia')).toEqual([tom[key]]);
    expect(await found(list, '911 456')).toEqual([tom[key]]);
    expect(await found(list, 'm14 6cd')).toEqual([tom[key]]);
  });

  it.each(LISTS)('%s: a shared part finds both, newest first', async (list, key) => {
    expect(await found(list, '07700 9')).toEqual([tom[key], sarah[key]]);
  });

  it.each(LISTS)('%s: pages through what a search finds', async (list, key) => {
    const url = `/api/v1/${list}?q=${encodeURIComponent('07700 9')}&limit=1`;
    const first = JSON.parse((await call(t.app, home.callers.viewer, 'GET', url)).body) as {
      data: { id: string }[];
      next_cursor: string;
    };
    expect(first.data.map((r) => r.id)).toEqual([tom[key]]);
    const next = await call(t.app, home.callers.viewer, 'GET', `${url}&cursor=${first.next_cursor}`);
    expect((JSON.parse(next.body) as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([sarah[key]]);
  });

  it.each(LISTS)('%s: never finds another workspace’s records', async (list, key) => {
    const everything = await Promise.all(['Sarah', '900123', 'Heaton', 'NE6 5AB'].map((q) => found(list, q)));
    expect(everything.flat()).not.toContain(foreign[key]);
  });
});

describe('search never refuses what a person types', () => {
  const typed = [
    '%',
    '_',
    '\\',
    "O'Brien",
    '"Union Street"',
    '£250,000',
    '12/14 Union St.',
    '(0191)',
    '+',
    '🏠 Heaton',
    'Ünïcödé',
    'a',
    'a'.repeat(200),
    '   ',
  ];
  for (const [list] of LISTS) {
    it.each(typed)(`${list}: answers 200 to "%s"`, async (q) => {
      await found(list, q);
    });
  }

  it.each(['leads.csv', 'opportunities.csv'])('%s: searches too', async (file) => {
    const res = await call(t.app, home.callers.viewer, 'GET', `/api/v1/${file}?q=heaton`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(file === 'leads.csv' ? sarah.lead : sarah.opportunity);
    expect(res.body).not.toContain(file === 'leads.csv' ? tom.lead : tom.opportunity);
  });

  it.each(LISTS)('%s: over 200 characters is 400 validation_failed on q', async (list) => {
    const res = await call(t.app, home.callers.viewer, 'GET', `/api/v1/${list}?q=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'validation_failed' } });
    expect(res.body).toContain('"q"');
  });

  it('keeps the exact filters working beside it', async () => {
    const byPhone = await call(t.app, home.callers.viewer, 'GET', '/api/v1/leads?phone=%2B447700900123');
    expect((JSON.parse(byPhone.body) as { data: { id: string }[] }).data.map((l) => l.id)).toEqual([
      sarah.lead,
    ]);
    const byPostcode = await call(
      t.app,
      home.callers.viewer,
      'GET',
      '/api/v1/opportunities?postcode=ne6&q=sarah',
    );
    expect((JSON.parse(byPostcode.body) as { data: { id: string }[] }).data.map((o) => o.id)).toEqual([
      sarah.opportunity,
    ]);
    const both = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?q=acacia&status=completed');
    expect((JSON.parse(both.body) as { data: { id: string }[] }).data.map((c) => c.id)).toEqual([tom.call]);
  });
});
