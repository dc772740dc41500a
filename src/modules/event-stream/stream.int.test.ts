import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type LiveEvent } from '../../../sdk/src/index.js';
import {
  type Caller,
  call,
  createTenant,
  keyCaller,
  sessionCaller,
  type Tenant,
} from '../../../test/support/factories.js';
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
    /** Settles when the service ends the stream. */
    done,
    async stop() {
      stream.close();
      await done;
    },
  };
}

/**
 * A session's stream read as raw text (a browser's cookie, which the SDK's key mode does not send);
 * `ended` settles when the service closes it.
 */
async function listenAs(caller: Caller) {
  const res = await fetch(`${baseUrl}/api/v1/events/stream`, { headers: caller.headers });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
  })();
  await until(() => text.includes('event: ready'));
  return { text: () => text, ended };
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

  it('sends a new subscriber each call in progress with every line so far, then the new ones, none twice', async () => {
    const team = await createTenant(t.db, t.clock);
    const key = await keyFor(team, SCOPES);
    const client = createClient({ baseUrl, apiKey: key });
    const started = await client.testCalls.start({ from: '+447700900331' });
    await client.testCalls.say(started.call_id, { text: "I'd like to sell my house" });
    const ended = await client.testCalls.start({ from: '+447700900332' });
    await client.testCalls.hangup(ended.call_id);
    const draft = await client.testCalls.start({ from: '+447700900333', agent: 'draft' });
    const before = await client.calls.transcript(started.call_id);
    const live = await listen(key);
    // Caught up before ready: everything said so far, in order.
    const caught = live.seen.slice();
    expect(caught.map((m) => m.id)).toEqual([
      `${started.call_id}.started`,
      ...before.turns.map((_, i) => `${started.call_id}.${i + 1}`),
    ]);
    expect(caught.flatMap((m) => (m.type === 'call.turn' ? [m.data.text] : []))).toEqual(
      before.turns.map((turn) => turn.text),
    );
    await client.testCalls.say(started.call_id, { text: 'Sam Smith' });
    await until(() => live.seen.some((m) => m.type === 'call.turn' && m.data.text === 'Sam Smith'));
    await live.stop();
    const ids = live.seen.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seqs = live.seen.flatMap((m) => (m.type === 'call.turn' ? [m.data.seq] : []));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(ids.some((id) => id.startsWith(ended.call_id) || id.startsWith(draft.call_id))).toBe(false);
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
    // A workspace of its own: no call of the tests above is in progress in it.
    const team = await createTenant(t.db, t.clock);
    const key = await keyFor(team, SCOPES);
    const live = await listen(key, { types: ['call.started', 'call.turn', 'lead.created'] });
    const client = createClient({ baseUrl, apiKey: key });
    const draft = await client.testCalls.start({ from: '+447700900406', agent: 'draft' });
    await client.testCalls.say(draft.call_id, { text: 'Sam Smith' });
    await createLead(team, '+447700900407');
    await until(() => live.seen.some((m) => m.type === 'lead.created'));
    await live.stop();
    expect(live.seen.map((m) => m.type)).toEqual(['lead.created']);
  });

  // Each stream below would, unfixed, still carry the lead made after the revocation: the
  // credential is checked again when access changes, before any later change is sent.
  it('ends a key’s stream when the key is revoked, before anything made after it', async () => {
    const key = await keyCaller(t.app, home.callers.owner, SCOPES);
    const live = await listen(key.key);
    const revoked = await call(t.app, home.callers.owner, 'DELETE', `/api/v1/api-keys/${key.keyId}`);
    expect(revoked.statusCode).toBe(204);
    await createLead(home, '+447700900408');
    await live.done;
    expect(live.seen.map((m) => m.type)).not.toContain('lead.created');
  });

  it('ends a session’s stream at sign-out', async () => {
    const session = await sessionCaller(t.db, t.clock, home.users.member, home.workspaceId);
    const live = await listenAs(session);
    const out = await call(t.app, session, 'POST', '/api/v1/auth/sign-out');
    expect(out.statusCode).toBe(204);
    await createLead(home, '+447700900409');
    await live.ended;
    expect(live.text()).not.toContain('lead.created');
  });

  it('ends every stream of a member removed from the workspace: sessions and their keys', async () => {
    const team = await createTenant(t.db, t.clock);
    const key = await keyCaller(t.app, team.callers.admin, SCOPES);
    const byKey = await listen(key.key);
    const bySession = await listenAs(team.callers.admin);
    const stays = await listenAs(team.callers.viewer);
    const removed = await call(t.app, team.callers.owner, 'DELETE', `/api/v1/members/${team.users.admin.id}`);
    expect(removed.statusCode).toBe(204);
    await createLead(team, '+447700900410');
    await Promise.all([byKey.done, bySession.ended]);
    expect(byKey.seen.map((m) => m.type)).not.toContain('lead.created');
    expect(bySession.text()).not.toContain('lead.created');
    // Everyone else's stream goes on.
    await until(() => stays.text().includes('lead.created'));
    expect(stays.text()).toContain('event: lead.created');
  });
});
