import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCall } from '../../../test/support/calls.js';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import type { CallRow } from './calls.repo.js';
import { type Call, toCall } from './calls.schemas.js';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
const calls: CallRow[] = [];
const BASE = Date.UTC(2026, 10, 21, 9, 0, 0);
const minutes = (n: number) => new Date(BASE + n * 60_000);
const CALLER = '+447700900123';

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
  other = await createTenant(t.db, t.clock);
  const ws = tenant.workspaceId;
  // Inserted out of start order, so the list's order comes from started_at and not insertion.
  calls.push(await seedCall(t.db, ws, { started_at: minutes(30), from_number: CALLER }));
  calls.push(
    await seedCall(t.db, ws, {
      started_at: minutes(10),
      status: 'failed',
      end_reason: 'error',
      ending: 'failed',
    }),
  );
  calls.push(
    await seedCall(t.db, ws, {
      started_at: minutes(20),
      status: 'transferred',
      transferred_to: '+441619998888',
      transfer_result: 'completed',
      end_reason: 'transferred',
      ending: 'transferred',
      agent_version: 3,
    }),
  );
  calls.push(await seedCall(t.db, ws, { started_at: minutes(40), from_number: CALLER, channel: 'sim' }));
  calls.push(
    await seedCall(t.db, ws, {
      started_at: minutes(50),
      status: 'in_progress',
      ended_at: null,
      duration_seconds: null,
      summary: null,
      end_reason: null,
      ending: null,
      test: true,
    }),
  );
  await seedCall(t.db, other.workspaceId, { started_at: minutes(35), from_number: CALLER });
});
afterAll(() => t.close());

async function list(query = ''): Promise<{ data: Call[]; next_cursor: string | null }> {
  const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

const startsOf = (data: Call[]) => data.map((c) => c.started_at);
const byStartDesc = () =>
  [...calls].sort((a, b) => b.started_at.getTime() - a.started_at.getTime()).map(toCall);
/** What a list holds by default: the test call of the draft left out. */
const realByStartDesc = () => byStartDesc().filter((c) => !c.test);

describe('listing calls', () => {
  it('lists this workspace’s calls newest first by start time, as the API objects', async () => {
    expect(await list()).toEqual({ data: realByStartDesc(), next_cursor: null });
    expect(await list('?test=include')).toEqual({ data: byStartDesc(), next_cursor: null });
  });

  it('walks every page with the cursor, in both orders', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const seen: Call[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?test=include&limit=2&order=${order}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data);
        cursor = page.next_cursor;
      } while (cursor);
      const expected = byStartDesc();
      expect(seen).toEqual(order === 'desc' ? expected : expected.reverse());
    }
  });

  it('filters by status', async () => {
    expect((await list('?status=transferred')).data.map((c) => c.id)).toEqual([calls[2]?.id]);
    expect((await list('?status=in_progress')).data).toEqual([]);
    expect((await list('?status=in_progress&test=include')).data.map((c) => c.test)).toEqual([true]);
  });

  it('filters by the caller’s number written any common way', async () => {
    for (const from of ['+447700900123', '07700%20900123', '%2B44%207700%20900123', '0044-7700-900123']) {
      const page = await list(`?from=${from}`);
      expect(startsOf(page.data), from).toEqual([minutes(40).toISOString(), minutes(30).toISOString()]);
    }
    expect((await list('?from=07700900999')).data).toEqual([]);
  });

  it('filters by start time: since inclusive, until exclusive', async () => {
    const page = await list(`?since=${minutes(20).toISOString()}&until=${minutes(40).toISOString()}`);
    expect(startsOf(page.data)).toEqual([minutes(30).toISOString(), minutes(20).toISOString()]);
    const offset = await list('?since=2026-11-21T10:40:00%2B01:00&test=include');
    expect(startsOf(offset.data)).toEqual([minutes(50).toISOString(), minutes(40).toISOString()]);
  });

  it('combines filters', async () => {
    const page = await list(`?from=07700900123&since=${minutes(35).toISOString()}&status=completed`);
    expect(page.data.map((c) => c.channel)).toEqual(['sim']);
  });

  it.each([
    ['?from=not-a-number', 'from'],
    ['?since=yesterday', 'since'],
    ['?until=2026-13-01T00:00:00Z', 'until'],
    ['?status=ringing', 'status'],
    ['?ending=abandoned', 'ending'],
    ['?test=yes', 'test'],
    ['?cursor=garbage', 'cursor'],
    ['?limit=500', 'limit'],
    ['?caller=07700900123', 'caller'],
  ])('answers 400 validation_failed for %s', async (query, path) => {
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls${query}`);
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
    expect(details.map((d) => d.path)).toContain(path);
  });

  it('answers an API key with calls:read', async () => {
    const key = await keyCaller(t.app, tenant.callers.owner, ['calls:read']);
    const res = await call(t.app, key, 'GET', '/api/v1/calls?limit=1');
    expect(json<{ data: Call[] }>(res).data.map((c) => c.id)).toEqual([realByStartDesc()[0]?.id]);
  });
});

describe('reading a call', () => {
  it('answers every field, with the documented extras', async () => {
    const transferred = calls[2];
    if (!transferred) throw new Error('seed missing');
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${transferred.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      id: transferred.id,
      direction: 'inbound',
      channel: 'twilio',
      from: transferred.from_number,
      to: '+441612345678',
      status: 'transferred',
      started_at: minutes(20).toISOString(),
      ended_at: new Date(minutes(20).getTime() + 90_000).toISOString(),
      duration_seconds: 90,
      summary: transferred.summary,
      model_summary: null,
      transferred_to: '+441619998888',
      lead_id: null,
      opportunity_id: null,
      agent_version: 3,
      test: false,
      transfer_result: 'completed',
      end_reason: 'transferred',
      ending: 'transferred',
      recording: null,
    });
  });

  it('answers 404 not_found for an unknown id and for another workspace’s call', async () => {
    const elsewhere = await seedCall(t.db, other.workspaceId);
    for (const id of ['call_nope', elsewhere.id]) {
      for (const path of ['', '/transcript']) {
        const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${id}${path}`);
        expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
      }
    }
  });
});

describe('the transcript', () => {
  it('answers the turns in the order they were spoken', async () => {
    const at = (s: number) => new Date(BASE + s * 1000);
    const seeded = await seedCall(t.db, tenant.workspaceId, {}, [
      { speaker: 'system', text: 'Call started.', at: at(0) },
      { speaker: 'agent', text: 'Hello, how can I help?', at: at(1) },
      { speaker: 'caller', text: 'I want to sell my house.', at: at(4) },
      { speaker: 'agent', text: 'What is the postcode?', at: at(5) },
    ]);
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${seeded.id}/transcript`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      call_id: seeded.id,
      turns: [
        { speaker: 'system', text: 'Call started.', at: at(0).toISOString() },
        { speaker: 'agent', text: 'Hello, how can I help?', at: at(1).toISOString() },
        { speaker: 'caller', text: 'I want to sell my house.', at: at(4).toISOString() },
        { speaker: 'agent', text: 'What is the postcode?', at: at(5).toISOString() },
      ],
    });
  });

  it('is empty for a call with no turns yet', async () => {
    const seeded = await seedCall(t.db, tenant.workspaceId);
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${seeded.id}/transcript`);
    expect(json(res)).toEqual({ call_id: seeded.id, turns: [] });
  });
});
