import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCall } from '../../../test/support/calls.js';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';

// Transcript search and expand on the calls list: what the console's calls table reads.

let t: TestContext;
let home: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const at = (text: string) => [{ speaker: 'caller' as const, text, at: new Date() }];
const ids = (body: string) => (JSON.parse(body) as { data: { id: string }[] }).data.map((c) => c.id);

describe('searching calls', () => {
  it('finds calls by a part of any transcript line or of the summary, ignoring case', async () => {
    const probate = await seedCall(
      t.db,
      home.workspaceId,
      { summary: null },
      at('My Mum passed away in May'),
    );
    const bySummary = await seedCall(
      t.db,
      home.workspaceId,
      { summary: 'Wants a quick sale, MUM PASSED away.' },
      at('hello'),
    );
    await seedCall(t.db, home.workspaceId, { summary: 'Landlord exit.' }, at('the tenants are leaving'));
    const other = await createTenant(t.db, t.clock);
    await seedCall(t.db, other.workspaceId, { summary: null }, at('mum passed away'));
    const res = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?q=mum%20passed');
    expect(res.statusCode).toBe(200);
    expect(ids(res.body).sort()).toEqual([probate.id, bySummary.id].sort());
  });

  it('reads % and _ as the characters they are', async () => {
    const percent = await seedCall(t.db, home.workspaceId, { summary: null }, at('asking 100% of value'));
    const res = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?q=100%25');
    expect(ids(res.body)).toEqual([percent.id]);
    const none = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?q=_sk_ng');
    expect(ids(none.body)).toEqual([]);
  });

  it('takes a blank search as none, and refuses only one over 200 characters', async () => {
    const all = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?limit=200');
    const blank = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?limit=200&q=%20%20');
    expect(blank.statusCode).toBe(200);
    expect(ids(blank.body)).toEqual(ids(all.body));
    expect(
      (await call(t.app, home.callers.viewer, 'GET', `/api/v1/calls?q=${'x'.repeat(200)}`)).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, home.callers.viewer, 'GET', `/api/v1/calls?q=${'x'.repeat(201)}`)).statusCode,
    ).toBe(400);
  });
});

describe('expanding calls', () => {
  it('adds the short lead and opportunity of each call, null when there is none, and leaves them out unasked', async () => {
    const lead = JSON.parse(
      (
        await call(t.app, home.callers.member, 'POST', '/api/v1/leads', {
          name: 'Sarah Jones',
          phone: '07700 900777',
        })
      ).body,
    ) as { id: string };
    const opportunity = await seedOpportunity(t.db, home.workspaceId, { leadId: lead.id }, t.clock.now());
    const linked = await seedCall(t.db, home.workspaceId, {
      lead_id: lead.id,
      opportunity_id: opportunity.id,
      summary: 'expand me',
    });
    const bare = await seedCall(t.db, home.workspaceId, { summary: 'expand me too' });
    const res = await call(
      t.app,
      home.callers.viewer,
      'GET',
      '/api/v1/calls?q=expand%20me&expand=lead,opportunity',
    );
    const rows = (JSON.parse(res.body) as { data: Record<string, unknown>[] }).data;
    expect(rows.find((r) => r.id === linked.id)).toMatchObject({
      lead: { id: lead.id, name: 'Sarah Jones', phone: '+447700900777', status: 'new' },
      opportunity: { id: opportunity.id, score: opportunity.score, outcome: opportunity.outcome },
    });
    expect(rows.find((r) => r.id === bare.id)).toMatchObject({ lead: null, opportunity: null });
    const plain = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?q=expand%20me');
    expect(Object.keys((JSON.parse(plain.body) as { data: object[] }).data[0] ?? {})).not.toContain('lead');
    const bad = await call(t.app, home.callers.viewer, 'GET', '/api/v1/calls?expand=owner');
    expect(bad.statusCode).toBe(400);
  });

  it('never expands another workspace’s records, even when a call names them', async () => {
    const other = await createTenant(t.db, t.clock);
    const foreign = await seedOpportunity(t.db, other.workspaceId, {}, t.clock.now());
    const odd = await seedCall(t.db, home.workspaceId, {
      opportunity_id: foreign.id,
      summary: 'cross check',
    });
    const res = await call(
      t.app,
      home.callers.viewer,
      'GET',
      '/api/v1/calls?q=cross%20check&expand=opportunity',
    );
    const row = (JSON.parse(res.body) as { data: Record<string, unknown>[] }).data.find(
      (r) => r.id === odd.id,
    );
    expect(row?.opportunity).toBeNull();
  });
});
