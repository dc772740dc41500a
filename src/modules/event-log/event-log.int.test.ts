import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';
import { publishDraft, saveDraft } from '../agent/agent.service.js';
import { DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;

interface Envelope {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  data: Record<string, unknown>;
}

/** What happened in the tenant's workspace, oldest first, a minute apart. */
const history: { type: string; at: Date; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
  other = await createTenant(t.db, t.clock);
  const ws = tenant.workspaceId;
  for (let i = 0; i < 3; i++) {
    t.clock.advance(60_000);
    const opp = await seedOpportunity(t.db, ws, { score: 50 + i, outcome: 'warm' }, t.clock.now());
    history.push({ type: 'opportunity.created', at: t.clock.now(), data: opp });
  }
  t.clock.advance(60_000);
  await saveDraft(t.db, t.clock, ws, tenant.owner.id, { ...DEFAULT_AGENT_CONFIG, agent_name: 'Jo' });
  const version = await publishDraft(t.db, t.clock, ws, tenant.owner.id);
  history.push({ type: 'agent.published', at: t.clock.now(), data: { version: version.version } });
  t.clock.advance(60_000);
  const patched = await call(
    t.app,
    tenant.callers.member,
    'PATCH',
    `/api/v1/opportunities/${history[0]?.data.id}`,
    {
      outcome: 'lost',
    },
  );
  history.push({ type: 'opportunity.updated', at: t.clock.now(), data: json(patched) });
  await seedOpportunity(t.db, other.workspaceId, {}, t.clock.now());
});
afterAll(() => t.close());

async function list(
  query = '',
  caller = tenant.callers.admin,
): Promise<{ data: Envelope[]; next_cursor: string | null }> {
  const res = await call(t.app, caller, 'GET', `/api/v1/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

describe('the event log', () => {
  it('lists this workspace’s envelopes newest first, data as the API answered it', async () => {
    const page = await list();
    expect(page.next_cursor).toBeNull();
    expect(page.data.map((e) => [e.type, e.created_at])).toEqual(
      [...history].reverse().map((h) => [h.type, h.at.toISOString()]),
    );
    for (const e of page.data) {
      expect(Object.keys(e).sort()).toEqual(['created_at', 'data', 'id', 'type', 'workspace_id']);
      expect(e.id).toMatch(/^evt_/);
      expect(e.workspace_id).toBe(tenant.workspaceId);
    }
    expect(page.data[0]?.data).toEqual(history[4]?.data);
    expect(page.data.at(-1)?.data).toEqual(history[0]?.data);
    const published = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/agent/versions/1');
    expect(page.data[1]?.data).toEqual(json(published));
  });

  it('walks every page with the cursor, in both orders', async () => {
    const all = (await list()).data.map((e) => e.id);
    for (const order of ['desc', 'asc'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?limit=2&order=${order}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((e) => e.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual(order === 'desc' ? all : [...all].reverse());
    }
  });

  it('filters by type and by since (inclusive)', async () => {
    expect((await list('?type=opportunity.created')).data.map((e) => e.created_at)).toEqual(
      history
        .slice(0, 3)
        .reverse()
        .map((h) => h.at.toISOString()),
    );
    expect((await list('?type=booking.created')).data).toEqual([]);
    const since = history[3]?.at.toISOString() ?? '';
    expect((await list(`?since=${since}`)).data.map((e) => e.type)).toEqual([
      'opportunity.updated',
      'agent.published',
    ]);
    expect((await list(`?since=${since}&type=agent.published`)).data).toHaveLength(1);
  });

  it.each([
    ['?type=opportunity.deleted', 'type'],
    ['?type=', 'type'],
    ['?since=last-tuesday', 'since'],
    ['?cursor=garbage', 'cursor'],
    ['?workspace_id=ws_x', 'workspace_id'],
  ])('answers 400 validation_failed for %s', async (query, path) => {
    const res = await call(t.app, tenant.callers.admin, 'GET', `/api/v1/events${query}`);
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
    expect(details.map((d) => d.path)).toContain(path);
  });

  it('reads one event, and answers 404 for an unknown one and for another workspace’s', async () => {
    const newest = (await list('?limit=1')).data[0];
    const res = await call(t.app, tenant.callers.admin, 'GET', `/api/v1/events/${newest?.id}`);
    expect(json(res)).toEqual(newest);
    const theirs = (await list('?limit=1', other.callers.admin)).data[0];
    expect(theirs?.workspace_id).toBe(other.workspaceId);
    for (const id of ['evt_nope', theirs?.id]) {
      const missing = await call(t.app, tenant.callers.admin, 'GET', `/api/v1/events/${id}`);
      expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'not_found']);
    }
  });

  it('is for admins and keys with webhooks:manage', async () => {
    const member = await call(t.app, tenant.callers.member, 'GET', '/api/v1/events');
    expect([member.statusCode, errorCode(member)]).toEqual([403, 'forbidden']);
    const key = await keyCaller(t.app, tenant.callers.owner, ['webhooks:manage']);
    expect((await list('?limit=1', key)).data).toHaveLength(1);
  });
});
