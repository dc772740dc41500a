import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type LiveEvent } from '../../../sdk/src/index.js';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import { SCOPES, type Scope } from '../../auth/permissions.js';

// The live stream over a real socket, read with the SDK as an integrator would: what flows, to
// whom, and what never crosses from one workspace to another.

let t: TestContext;
let baseUrl: string;
let home: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  home = await createTenant(t.db, t.clock);
  other = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

async function keyFor(tenant: Tenant, scopes: readonly Scope[]) {
  return (await keyCaller(t.app, tenant.callers.owner, scopes)).key;
}

const bearer = (key: string) => ({
  headers: { authorization: `Bearer ${key}` },
  unsafeHeaders: {},
  userId: '',
  workspaceId: '',
});

/** Opens a stream, waits for `ready`, and collects messages until closed. */
async function listen(
  key: string,
  types?: Parameters<ReturnType<typeof createClient>['events']['stream']>[0],
) {
  const stream = createClient({ baseUrl, apiKey: key }).events.stream(types);
  const seen: LiveEvent[] = [];
  const done = (async () => {
    for await (const message of stream) seen.push(message);
  })();
  await stream.ready;
  return {
    seen,
    async stop() {
      stream.close();
      await done;
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
}

async function createLead(tenant: Tenant, phone: string) {
  const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', { name: 'Live Lead', phone });
  expect(res.statusCode).toBe(201);
  return JSON.parse(res.body) as { id: string };
}

describe('the live event stream', () => {
  it('sends a call as it starts and each transcript line as it is spoken', async () => {
    const key = await keyFor(home, SCOPES);
    const live = await listen(key);
    const client = createClient({ baseUrl, apiKey: key });
    const started = await client.testCalls.start({ from: '+447700900321' });
    await client.testCalls.say(started.call_id, { text: "I'd like to sell my house" });
    await until(() => live.seen.filter((m) => m.type === 'call.turn').length >= 3);
    await live.stop();
    const first = live.seen[0];
    expect(first?.type).toBe('call.started');
    expect(first?.id).toBe(`${started.call_id}.started`);
    const turns = live.seen.flatMap((m) => (m.type === 'call.turn' ? [m.data] : []));
    expect(turns.map((d) => d.seq)).toEqual(turns.map((_, i) => i + 1));
    expect(turns.some((d) => d.speaker === 'caller' && d.text === "I'd like to sell my house")).toBe(true);
    expect(turns.every((d) => d.call_id === started.call_id)).toBe(true);
  });

  it('sends webhook events with their stored envelope, and nothing of another workspace', async () => {
    const live = await listen(await keyFor(home, SCOPES));
    await createLead(other, '+447700900401');
    const lead = await createLead(home, '+447700900402');
    await until(() => live.seen.some((m) => m.type === 'lead.created'));
    await live.stop();
    const created = live.seen.filter((m) => m.type === 'lead.created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ workspace_id: home.workspaceId, data: { id: lead.id } });
    const stored = await call(t.app, home.callers.owner, 'GET', `/api/v1/events/${created[0]?.id}`);
    expect(JSON.parse(stored.body)).toEqual(created[0]);
    expect(live.seen.every((m) => m.workspace_id === home.workspaceId)).toBe(true);
  });

  it('sends a key only the types its scopes read', async () => {
    const live = await listen(await keyFor(home, ['calls:read']));
    await createLead(home, '+447700900403');
    const client = createClient({ baseUrl, apiKey: await keyFor(home, ['agent:write']) });
    await client.testCalls.start({ from: '+447700900404' });
    await until(() => live.seen.some((m) => m.type === 'call.started'));
    await live.stop();
    expect(live.seen.length).toBeGreaterThan(0);
    expect(live.seen.every((m) => m.type.startsWith('call.'))).toBe(true);
  });

  it('keeps to the types asked for, and refuses types the credential may not read', async () => {
    const key = await keyFor(home, ['calls:read', 'leads:read']);
    const live = await listen(key, { types: ['lead.created'] });
    await createLead(home, '+447700900405');
    await until(() => live.seen.length > 0);
    await live.stop();
    expect(live.seen.map((m) => m.type)).toEqual(['lead.created']);
    const refused = await call(t.app, bearer(key), 'GET', '/api/v1/events/stream?types=opportunity.created');
    expect([refused.statusCode, JSON.parse(refused.body).error.code]).toEqual([403, 'insufficient_scope']);
    const unknown = await call(t.app, home.callers.viewer, 'GET', '/api/v1/events/stream?types=lead.deleted');
    expect(unknown.statusCode).toBe(400);
  });

  it('sends nothing of a test call of the draft', async () => {
    const key = await keyFor(home, SCOPES);
    const live = await listen(key, { types: ['call.started', 'call.turn', 'lead.created'] });
    const client = createClient({ baseUrl, apiKey: key });
    const draft = await client.testCalls.start({ from: '+447700900406', agent: 'draft' });
    await client.testCalls.say(draft.call_id, { text: 'Sam Smith' });
    await createLead(home, '+447700900407');
    await until(() => live.seen.some((m) => m.type === 'lead.created'));
    await live.stop();
    expect(live.seen.map((m) => m.type)).toEqual(['lead.created']);
  });
});
