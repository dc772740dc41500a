import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';
import { call, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { aTenantWithPublishedAgent } from '../../../test/support/twilio.js';
import { closeSilentCalls } from '../../live-call/sweep.js';
import type { DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';

// How each call ended, as the desk reads it (docs/desk-api.md, "Calls"), and test calls of the
// draft kept out of the desk's lists and counts unless asked for.

let t: TestContext;
let tenant: Tenant;

// Tuesday 24 November 2026, 11:00 in London: inside the default business hours.
const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(TUESDAY_11AM);
  tenant = await aTenantWithPublishedAgent(t, {});
});
afterAll(() => t.close());

async function freshTenant(config: Partial<typeof DEFAULT_AGENT_CONFIG>): Promise<Tenant> {
  t.clock.set(TUESDAY_11AM);
  return aTenantWithPublishedAgent(t, config);
}

/** A test call saying `lines` in turn (stopping if it ends), hung up after them when `hangUp`. */
async function converse(
  lines: string[],
  options: { from?: string; agent?: 'published' | 'draft'; hangUp?: boolean; in?: Tenant } = {},
): Promise<string> {
  const who = options.in ?? tenant;
  const started = await call(t.app, who.callers.admin, 'POST', '/api/v1/test-calls', {
    from: options.from ?? '+447700900700',
    agent: options.agent ?? 'published',
  });
  expect(started.statusCode).toBe(201);
  const callId = String(json(started).call_id);
  for (const text of lines) {
    t.clock.advance(5_000);
    const res = await call(t.app, who.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, { text });
    expect(res.statusCode).toBe(200);
    if (json(res).ended === true) break;
  }
  if (options.hangUp) await call(t.app, who.callers.admin, 'POST', `/api/v1/test-calls/${callId}/hangup`);
  return callId;
}

async function callOf(id: string, who: Tenant = tenant): Promise<Record<string, unknown>> {
  const res = await call(t.app, who.callers.viewer, 'GET', `/api/v1/calls/${id}`);
  expect(res.statusCode).toBe(200);
  return json(res);
}

async function listIds(query: string): Promise<string[]> {
  const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls?limit=100${query}`);
  expect(res.statusCode).toBe(200);
  return (json(res).data as { id: string }[]).map((c) => c.id);
}

describe('how a call ended', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.booked = await converse([...sellerSteps(WARM_SELLER), 'the first one'], { from: '+447700900701' });
    ids.notSeller = await converse(['sorry, wrong number', "no it's fine, bye"], { from: '+447700900702' });
    ids.hungUp = await converse(["Hi, I'm looking to sell my house"], {
      from: '+447700900703',
      hangUp: true,
    });
    ids.silence = await converse(['', '', '', '', '', ''], { from: '+447700900704' });
    ids.message = await converse(
      [
        "Hi, I'm calling from Smith and Co estate agents about a client's house",
        'Tom Clarke',
        'please ask someone to ring me about the listing on Mill Lane',
      ],
      { from: '+447700900705', hangUp: true },
    );
    ids.inProgress = await converse(["Hi, I'm looking to sell my house"], { from: '+447700900706' });
  });

  it('is on the call: booked, not a seller, hung up, silence, a message; null while in progress', async () => {
    expect((await callOf(ids.booked ?? '')).ending).toBe('booked');
    expect((await callOf(ids.notSeller ?? '')).ending).toBe('not_seller');
    expect(await callOf(ids.hungUp ?? '')).toMatchObject({ ending: 'hung_up', end_reason: 'caller_hung_up' });
    expect((await callOf(ids.silence ?? '')).ending).toBe('silence');
    expect((await callOf(ids.message ?? '')).ending).toBe('message');
    expect(await callOf(ids.inProgress ?? '')).toMatchObject({ status: 'in_progress', ending: null });
  });

  it('filters the list, and call.completed carries it', async () => {
    expect(await listIds('&ending=booked')).toEqual([ids.booked]);
    expect(await listIds('&ending=hung_up')).toEqual([ids.hungUp]);
    expect(await listIds('&ending=transferred')).toEqual([]);
    const bad = await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/calls?ending=abandoned');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/ending/);
    const completed = await t.db.query<{ data: { id: string; ending: string } }>(
      "SELECT data FROM events WHERE workspace_id = $1 AND type = 'call.completed'",
      [tenant.workspaceId],
    );
    expect(completed.find((e) => e.data.id === ids.booked)?.data.ending).toBe('booked');
  });

  it('is read the same way by the migration, for calls closed before it', async () => {
    const kept = await t.db.query<{ id: string; ending: string | null }>(
      'SELECT id, ending FROM calls WHERE workspace_id = $1 ORDER BY id',
      [tenant.workspaceId],
    );
    await t.db.query('UPDATE calls SET ending = NULL WHERE workspace_id = $1', [tenant.workspaceId]);
    const migration = readFileSync(
      join(import.meta.dirname, '../../db/migrations/0016_call_ending.sql'),
      'utf8',
    );
    const backfill = /UPDATE calls c SET ending[\s\S]*?;/.exec(migration)?.[0];
    if (backfill === undefined) throw new Error('the migration no longer fills in older calls');
    await t.db.query(backfill);
    const read = await t.db.query<{ id: string; ending: string | null }>(
      'SELECT id, ending FROM calls WHERE workspace_id = $1 ORDER BY id',
      [tenant.workspaceId],
    );
    expect(new Set(kept.map((c) => c.ending))).toEqual(
      new Set(['booked', 'not_seller', 'hung_up', 'silence', 'message', null]),
    );
    expect(read).toEqual(kept);
  });

  it('is transferred when a person took the caller', async () => {
    const team = await freshTenant({
      transfer: { number: '+441610000000', on_request: true, when_hot: false },
    });
    const id = await converse(['can I speak to a real person please'], { in: team, hangUp: true });
    expect(await callOf(id, team)).toMatchObject({ status: 'transferred', ending: 'transferred' });
  });

  it('is silence when the sweep closes a call left quiet', async () => {
    const id = await converse(["Hi, I'm looking to sell my house"], { from: '+447700900707' });
    t.clock.advance(31 * 60 * 1000);
    expect(await closeSilentCalls({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(1);
    expect(await callOf(id)).toMatchObject({ end_reason: 'silent_too_long', ending: 'silence' });
  });
});

describe('test calls of the draft', () => {
  it('stay out of the list unless asked for, and show with test=include or only', async () => {
    const team = await freshTenant({});
    const real = await converse(["Hi, I'm looking to sell my house"], { in: team, hangUp: true });
    const draft = await converse(["Hi, I'm looking to sell my house"], {
      in: team,
      agent: 'draft',
      hangUp: true,
    });
    const list = async (query: string) => {
      const res = await call(t.app, team.callers.viewer, 'GET', `/api/v1/calls?limit=100${query}`);
      expect(res.statusCode).toBe(200);
      return (json(res).data as { id: string; test: boolean }[]).map((c) => c.id);
    };
    expect(await list('')).toEqual([real]);
    expect(await list('&test=exclude')).toEqual([real]);
    expect(await list('&test=only')).toEqual([draft]);
    expect((await list('&test=include')).sort()).toEqual([real, draft].sort());
    expect(await list('&test=include&ending=hung_up')).toHaveLength(2);
    expect((await call(t.app, team.callers.viewer, 'GET', '/api/v1/calls?test=yes')).statusCode).toBe(400);
    // The draft call is still readable by its id, marked test.
    expect(await callOf(draft, team)).toMatchObject({ test: true, ending: 'hung_up' });
  });

  it('close after five quiet minutes; a call of the published agent waits half an hour', async () => {
    const team = await freshTenant({});
    const draft = await converse(["Hi, I'm looking to sell my house"], { in: team, agent: 'draft' });
    const published = await converse(["Hi, I'm looking to sell my house"], { in: team });
    t.clock.advance(4 * 60 * 1000);
    await closeSilentCalls({ db: t.db, clock: t.clock });
    expect((await callOf(draft, team)).status).toBe('in_progress');
    t.clock.advance(61 * 1000);
    await closeSilentCalls({ db: t.db, clock: t.clock });
    expect(await callOf(draft, team)).toMatchObject({ status: 'completed', ending: 'silence' });
    expect((await callOf(published, team)).status).toBe('in_progress');
  });
});
