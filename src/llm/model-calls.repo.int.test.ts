import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCall } from '../../test/support/calls.js';
import { openTestDatabase } from '../../test/support/database.js';
import { createUser, createWorkspace } from '../../test/support/factories.js';
import type { Database } from '../db/client.js';
import { ManualClock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { insertModelCall, pauseModel, type Reservation, reserveModelRequest } from './model-calls.repo.js';

// The language model's caps and pauses, counted in the database (docs/agent.md, "Budgets"):
// one statement takes a request or refuses it, so concurrent turns cannot overshoot.

let db: Database;
const clock = new ManualClock(Date.parse('2026-11-24T11:00:00Z'));

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

async function aWorkspace(): Promise<string> {
  return createWorkspace(db, clock, await createUser(db, clock));
}

async function aCall(workspaceId: string): Promise<string> {
  return (await seedCall(db, workspaceId)).id;
}

function reservation(workspaceId: string, callId: string, over: Partial<Reservation> = {}): Reservation {
  return {
    workspaceId,
    callId,
    now: clock.now(),
    dailyCap: 5,
    callRequests: 10,
    callTokens: 30_000,
    ...over,
  };
}

describe('reserveModelRequest', () => {
  it('takes exactly the cap when many requests race for it', async () => {
    const workspaceId = await aWorkspace();
    const calls = await Promise.all(Array.from({ length: 4 }, () => aCall(workspaceId)));
    const taken = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reserveModelRequest(db, reservation(workspaceId, calls[i % 4] ?? '')),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await reserveModelRequest(db, reservation(workspaceId, calls[0] ?? ''))).toBe(false);
  });

  it('counts each workspace on its own, and starts again the next day (UTC)', async () => {
    const [a, b] = [await aWorkspace(), await aWorkspace()];
    const [callA, callB] = [await aCall(a), await aCall(b)];
    expect(await reserveModelRequest(db, reservation(a, callA, { dailyCap: 1 }))).toBe(true);
    expect(await reserveModelRequest(db, reservation(a, callA, { dailyCap: 1 }))).toBe(false);
    expect(await reserveModelRequest(db, reservation(b, callB, { dailyCap: 1 }))).toBe(true);
    const tomorrow = new Date(Date.parse('2026-11-25T00:00:01Z'));
    expect(await reserveModelRequest(db, reservation(a, callA, { dailyCap: 1, now: tomorrow }))).toBe(true);
    expect(await reserveModelRequest(db, reservation(a, callA, { dailyCap: 1, now: tomorrow }))).toBe(false);
  });

  it("keeps to a call's own caps on requests and tokens", async () => {
    const workspaceId = await aWorkspace();
    const callId = await aCall(workspaceId);
    await insertModelCall(db, {
      workspace_id: workspaceId,
      id: newId('mdl', clock.now().getTime()),
      call_id: callId,
      purpose: 'turn',
      outcome: 'ok',
      latency_ms: 10,
      prompt_tokens: 900,
      completion_tokens: 100,
      created_at: clock.now(),
    });
    expect(await reserveModelRequest(db, reservation(workspaceId, callId, { callRequests: 1 }))).toBe(false);
    expect(await reserveModelRequest(db, reservation(workspaceId, callId, { callTokens: 1000 }))).toBe(false);
    expect(await reserveModelRequest(db, reservation(workspaceId, callId, { callTokens: 1001 }))).toBe(true);
  });
});

describe('pauseModel', () => {
  it('pauses one workspace until the time given, and never shortens a pause', async () => {
    const [a, b] = [await aWorkspace(), await aWorkspace()];
    const [callA, callB] = [await aCall(a), await aCall(b)];
    expect(await reserveModelRequest(db, reservation(a, callA))).toBe(true);
    expect(await reserveModelRequest(db, reservation(b, callB))).toBe(true);
    const at = clock.now().getTime();
    await pauseModel(db, a, new Date(at + 30_000));
    await pauseModel(db, a, new Date(at + 5_000));
    expect(await reserveModelRequest(db, reservation(a, callA))).toBe(false);
    expect(await reserveModelRequest(db, reservation(b, callB))).toBe(true);
    const later = (ms: number) => reservation(a, callA, { now: new Date(at + ms) });
    expect(await reserveModelRequest(db, later(29_999))).toBe(false);
    expect(await reserveModelRequest(db, later(30_000))).toBe(true);
  });
});
