import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';

// Trying the draft shows what it has learnt and how it would score, though nothing is stored.

let t: TestContext;
let home: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  // Tuesday 11:00 in London: within the default opening hours.
  t.clock.set(Date.parse('2026-11-24T11:00:00Z'));
  home = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

interface Progress {
  answers: Record<string, string | number | null>;
  postcode: string | null;
  score: { score: number; outcome: string; breakdown: { criterion: string }[] } | null;
}

async function say(callId: string, text: string): Promise<Progress> {
  const res = await call(t.app, home.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, { text });
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { progress: Progress }).progress;
}

describe('a test call’s progress', () => {
  it('fills in the answers and the score turn by turn, and stores no opportunity for a draft', async () => {
    const started = await call(t.app, home.callers.admin, 'POST', '/api/v1/test-calls', {
      from: '+447700900555',
      agent: 'draft',
    });
    const body = JSON.parse(started.body) as { call_id: string; progress: Progress };
    expect(body.progress.score).toBeNull();
    expect(Object.values(body.progress.answers).every((v) => v === null)).toBe(true);
    await say(body.call_id, "Hi, I'm looking to sell my house");
    const named = await say(body.call_id, 'Sarah Jones');
    expect(named.answers.name).toBe('Sarah Jones');
    const placed = await say(body.call_id, '12 Acacia Avenue, M14 5AB');
    expect(placed.postcode).toBe('M14 5AB');
    expect(placed.score?.breakdown.map((l) => l.criterion)).toContain('location');
    const opportunities = await call(t.app, home.callers.admin, 'GET', '/api/v1/opportunities');
    expect(JSON.parse(opportunities.body).data).toEqual([]);
  });
});
