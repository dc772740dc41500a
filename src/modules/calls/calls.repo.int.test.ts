import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCall } from '../../../test/support/calls.js';
import { createUser, createWorkspace } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import { ApiError } from '../../http/errors.js';
import { appendTurns, findCall, findCallByProviderId, listTurns, updateCall } from './calls.repo.js';

let t: TestContext;
let ws: string;
let otherWs: string;

beforeAll(async () => {
  t = await startTestApp();
  ws = await createWorkspace(t.db, t.clock, await createUser(t.db, t.clock));
  otherWs = await createWorkspace(t.db, t.clock, await createUser(t.db, t.clock));
});
afterAll(() => t.close());

const turn = (text: string, speaker: 'agent' | 'caller' = 'caller') => ({ speaker, text, at: new Date() });

describe('the call repository the call service uses', () => {
  it('stores a call as given, engine state included, and finds it only in its workspace', async () => {
    const row = await seedCall(t.db, ws, { state: { step: 'ask_postcode', answers: { name: 'Sam' } } });
    expect(await findCall(t.db, ws, row.id)).toEqual(row);
    expect(await findCall(t.db, otherWs, row.id)).toBeNull();
  });

  it('finds a call by the carrier’s id, only in its workspace', async () => {
    const row = await seedCall(t.db, ws, { provider_call_id: 'CA0123456789abcdef', status: 'in_progress' });
    expect((await findCallByProviderId(t.db, ws, 'CA0123456789abcdef'))?.id).toBe(row.id);
    expect(await findCallByProviderId(t.db, otherWs, 'CA0123456789abcdef')).toBeNull();
    expect(await findCallByProviderId(t.db, ws, 'CAunknown')).toBeNull();
  });

  it('updates only the columns given, sets null when given null, and answers the new row', async () => {
    const row = await seedCall(t.db, ws, { status: 'in_progress', ended_at: null, summary: 'so far' });
    const ended = new Date(row.started_at.getTime() + 120_000);
    const updated = await t.db.transaction((tx) =>
      updateCall(tx, ws, row.id, {
        status: 'completed',
        ended_at: ended,
        duration_seconds: 120,
        summary: null,
        state: { step: 'closed' },
        updated_at: ended,
      }),
    );
    expect(updated).toEqual({
      ...row,
      status: 'completed',
      ended_at: ended,
      duration_seconds: 120,
      summary: null,
      state: { step: 'closed' },
      updated_at: ended,
    });
    expect(await findCall(t.db, ws, row.id)).toEqual(updated);
  });

  it('does not update another workspace’s call', async () => {
    const row = await seedCall(t.db, ws, { status: 'in_progress' });
    expect(await updateCall(t.db, otherWs, row.id, { status: 'failed' })).toBeNull();
    expect((await findCall(t.db, ws, row.id))?.status).toBe('in_progress');
  });

  it('appends turns after the last one across calls to appendTurns', async () => {
    const row = await seedCall(t.db, ws);
    const first = await t.db.transaction((tx) => appendTurns(tx, ws, row.id, [turn('one'), turn('two')]));
    const second = await t.db.transaction((tx) => appendTurns(tx, ws, row.id, [turn('three', 'agent')]));
    expect(first.map((x) => x.seq)).toEqual([1, 2]);
    expect(second.map((x) => x.seq)).toEqual([3]);
    expect((await listTurns(t.db, ws, row.id)).map((x) => [x.seq, x.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('gives concurrent appends to one call distinct, gapless numbers', async () => {
    const row = await seedCall(t.db, ws);
    await Promise.all(
      Array.from({ length: 6 }, (_v, i) =>
        t.db.transaction((tx) => appendTurns(tx, ws, row.id, [turn(`a${i}`), turn(`b${i}`, 'agent')])),
      ),
    );
    const turns = await listTurns(t.db, ws, row.id);
    expect(turns.map((x) => x.seq)).toEqual(Array.from({ length: 12 }, (_v, i) => i + 1));
    // Each append's turns stay together, in the order given.
    for (let i = 0; i < 12; i += 2) {
      expect(turns[i]?.text.slice(1)).toBe(turns[i + 1]?.text.slice(1));
    }
  });

  it('refuses to append to another workspace’s call, and lists none of its turns', async () => {
    const row = await seedCall(t.db, ws, {}, [turn('mine')]);
    await expect(t.db.transaction((tx) => appendTurns(tx, otherWs, row.id, [turn('x')]))).rejects.toThrow(
      ApiError,
    );
    expect(await listTurns(t.db, otherWs, row.id)).toEqual([]);
  });
});
