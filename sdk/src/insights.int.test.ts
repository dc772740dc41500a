import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, keyCaller } from '../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../test/support/harness.js';
import { INSIGHTS_RANGE, KNOWN, seedKnownInsights } from '../../test/support/insights.js';
import {
  type AgentVersionInsights,
  type CallagentClient,
  type CallInsights,
  createClient,
  type EnquiryGroup,
  type SpeedToLead,
} from './index.js';

// The SDK's insight types against what the server answers, over real HTTP, on a seeded week
// whose figures are known (test/support/insights.ts).

type Fields<T> = Record<keyof T, true>;
const CALLS: Fields<CallInsights> = {
  range: true,
  total: true,
  out_of_hours: true,
  still_open: true,
  by_ending: true,
  by_hour: true,
  by_weekday: true,
  series: true,
};
const SPEED: Fields<SpeedToLead> = {
  calls: true,
  answered: true,
  median_minutes: true,
  p90_minutes: true,
  target_minutes: true,
  breached: true,
};
const VERSION: Fields<AgentVersionInsights> = {
  agent_version: true,
  calls: true,
  turns_per_call: true,
  hung_up: true,
  hot: true,
  hot_share: true,
  transfers: true,
  transfers_answered: true,
  transfers_missed: true,
  questions: true,
};
const GROUP: Fields<EnquiryGroup> = {
  key: true,
  enquiries: true,
  average_score: true,
  hot: true,
  hot_share: true,
};

const keys = (o: object) => Object.keys(o).sort();

let t: TestContext;
let client: CallagentClient;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(Date.parse('2026-11-15T09:00:00Z'));
  const tenant = await createTenant(t.db, t.clock);
  const apiKey = (await keyCaller(t.app, tenant.callers.admin, ['calls:read', 'opportunities:read'])).key;
  await seedKnownInsights(t.db, t.clock, tenant.workspaceId, tenant.users.member.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as AddressInfo;
  client = createClient({ baseUrl: `http://127.0.0.1:${address.port}`, apiKey });
}, 60_000);
afterAll(() => t.close());

describe('insights through the SDK', () => {
  it('answers every figure group with the declared fields and the known figures', async () => {
    const calls = await client.insights.calls(INSIGHTS_RANGE);
    expect(keys(calls)).toEqual(keys(CALLS));
    expect(calls.total).toBe(KNOWN.calls.total);
    const funnel = await client.insights.funnel({ ...INSIGHTS_RANGE, bucket: 'week' });
    expect(funnel.totals).toEqual(KNOWN.funnel);
    expect(funnel.series).toHaveLength(1);
    const speed = await client.insights.speedToLead(INSIGHTS_RANGE);
    expect(keys(speed.hot)).toEqual(keys(SPEED));
    expect(speed.hot).toEqual(KNOWN.speed.hot);
    expect((await client.insights.bookings(INSIGHTS_RANGE)).totals).toEqual(KNOWN.bookings);
    const agent = await client.insights.agent(INSIGHTS_RANGE);
    for (const v of agent.versions) expect(keys(v)).toEqual(keys(VERSION));
    const enquiries = await client.insights.enquiries(INSIGHTS_RANGE);
    for (const g of [...enquiries.by_area, ...enquiries.by_property_type])
      expect(keys(g)).toEqual(keys(GROUP));
  });
});
