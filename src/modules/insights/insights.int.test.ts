/**
 * The insights (docs/desk-api.md, Insights) over a seeded week whose figures are known
 * (test/support/insights.ts), read through the API in the workspace's time zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenant,
  keyCaller,
  sessionCaller,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { INSIGHTS_RANGE, KNOWN, seedKnownInsights } from '../../../test/support/insights.js';
import { ROLES } from '../../auth/permissions.js';
import type {
  AgentInsights,
  BookingInsights,
  CallInsights,
  EnquiryInsights,
  FunnelInsights,
  SpeedInsights,
} from './insights.schemas.js';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
const RANGE = `from=${INSIGHTS_RANGE.from}&to=${INSIGHTS_RANGE.to}`;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(Date.parse('2026-11-01T09:00:00Z'));
  tenant = await createTenant(t.db, t.clock);
  other = await createTenant(t.db, t.clock);
  await seedKnownInsights(t.db, t.clock, tenant.workspaceId, tenant.users.member.id);
  // Another workspace's week never shows in this one's figures.
  await seedKnownInsights(t.db, t.clock, other.workspaceId, other.users.member.id);
  // Signed in again now that the clock has moved on past the first sessions.
  for (const role of ROLES) {
    tenant.callers[role] = await sessionCaller(t.db, t.clock, tenant.users[role], tenant.workspaceId);
  }
}, 60_000);
afterAll(() => t.close());

async function read<T>(path: string, query = RANGE, caller = tenant.callers.viewer): Promise<T> {
  const res = await call(t.app, caller, 'GET', `/api/v1/insights/${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
}

describe('calls', () => {
  it('counts the range’s calls in the workspace’s time zone, by ending, hour, weekday and day', async () => {
    const calls = await read<CallInsights>('calls');
    expect(calls.range).toEqual({ ...INSIGHTS_RANGE, time_zone: 'Europe/Paris', bucket: 'day' });
    expect(calls.total).toBe(KNOWN.calls.total);
    expect(calls.out_of_hours).toBe(KNOWN.calls.out_of_hours);
    expect(calls.by_ending).toEqual(KNOWN.calls.by_ending);
    expect(calls.by_hour).toEqual(Array.from({ length: 24 }, (_, h) => KNOWN.calls.by_hour[h] ?? 0));
    expect(calls.by_weekday).toEqual(KNOWN.calls.by_weekday);
    expect(calls.series).toHaveLength(7);
    for (const day of calls.series) expect(day.total).toBe(KNOWN.calls.daily[day.bucket] ?? 0);
    expect(calls.series[0]?.by_ending).toMatchObject({ booked: 1, hung_up: 1, silence: 1 });
  });

  it('buckets by week, Monday first', async () => {
    const weekly = await read<CallInsights>('calls', `${RANGE}&bucket=week`);
    expect(weekly.series.map((s) => [s.bucket, s.total])).toEqual([['2026-11-16', 7]]);
  });

  it('refuses a range that ends before it starts, is not a date or is longer than a year', async () => {
    for (const query of [
      'from=2026-11-22&to=2026-11-16',
      'from=2026-02-30&to=2026-03-01',
      'from=16/11/2026',
      'from=2025-01-01&to=2026-11-16',
      `${RANGE}&bucket=month`,
      'from=0000-01-01&to=0000-01-02',
      'from=9999-12-30&to=9999-12-31',
    ]) {
      const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/insights/calls?${query}`);
      expect([res.statusCode, errorCode(res)], query).toEqual([400, 'validation_failed']);
    }
  });

  it('reads the last 30 days by default', async () => {
    const calls = await read<CallInsights>('calls', '');
    expect(calls.range).toMatchObject({ from: '2026-10-26', to: '2026-11-24' });
    expect(calls.total).toBe(8);
  });
});

describe('the funnel, speed to lead and bookings', () => {
  it('follows the calls to deals, hot deals and their stages', async () => {
    const funnel = await read<FunnelInsights>('funnel');
    expect(funnel.totals).toEqual(KNOWN.funnel);
    expect(funnel.series.find((s) => s.bucket === '2026-11-16')).toMatchObject({
      calls: 3,
      sellers: 2,
      hot: 1,
    });
  });

  it('times the desk’s first action after each hot or warm call against the follow-up targets', async () => {
    const speed = await read<SpeedInsights>('speed-to-lead');
    expect(speed.hot).toEqual(KNOWN.speed.hot);
    expect(speed.warm).toEqual(KNOWN.speed.warm);
    expect(speed.series.find((s) => s.bucket === '2026-11-16')).toEqual({
      bucket: '2026-11-16',
      calls: 2,
      median_minutes: 65,
      p90_minutes: 109,
      breached: 0,
    });
  });

  it('counts bookings by who made them, and kept, moved and cancelled', async () => {
    const bookings = await read<BookingInsights>('bookings');
    expect(bookings.totals).toEqual(KNOWN.bookings);
    expect(bookings.series.find((s) => s.bucket === '2026-11-17')).toMatchObject({
      made: 1,
      by_desk: 1,
      moved: 1,
    });
  });
});

describe('the agent and enquiries', () => {
  it('compares published versions: turns, hang-ups, hot share, transfers and troublesome questions', async () => {
    const agent = await read<AgentInsights>('agent');
    expect(agent.versions).toEqual([
      {
        agent_version: 2,
        calls: 3,
        turns_per_call: 6,
        hung_up: 1,
        hot: 2,
        hot_share: 0.667,
        transfers: 1,
        transfers_answered: 1,
        transfers_missed: 0,
        questions: [
          { question: 'price', asked_again: 2, given_up: 0, hang_ups: 1 },
          { question: 'timeline', asked_again: 0, given_up: 1, hang_ups: 0 },
        ],
      },
      {
        agent_version: 1,
        calls: 4,
        turns_per_call: 2.8,
        hung_up: 0,
        hot: 0,
        hot_share: 0,
        transfers: 1,
        transfers_answered: 0,
        transfers_missed: 1,
        questions: [{ question: 'price', asked_again: 0, given_up: 1, hang_ups: 0 }],
      },
    ]);
  });

  it('groups enquiries by postcode area and property type', async () => {
    const enquiries = await read<EnquiryInsights>('enquiries');
    expect(enquiries.by_area).toEqual([
      { key: 'M', enquiries: 3, average_score: 53.3, hot: 1, hot_share: 0.333 },
      { key: 'SW', enquiries: 1, average_score: 80, hot: 1, hot_share: 1 },
    ]);
    expect(enquiries.by_property_type).toEqual([
      { key: 'semi-detached', enquiries: 2, average_score: 85, hot: 2, hot_share: 1 },
      { key: 'flat', enquiries: 1, average_score: 10, hot: 0, hot_share: 0 },
      { key: 'terraced', enquiries: 1, average_score: 60, hot: 0, hot_share: 0 },
    ]);
  });
});

describe('keys', () => {
  it('need both calls:read and opportunities:read', async () => {
    const both = await keyCaller(t.app, tenant.callers.owner, ['calls:read', 'opportunities:read']);
    expect((await read<FunnelInsights>('funnel', RANGE, both)).totals).toEqual(KNOWN.funnel);
    const callsOnly = await keyCaller(t.app, tenant.callers.owner, ['calls:read']);
    const res = await call(t.app, callsOnly, 'GET', `/api/v1/insights/funnel?${RANGE}`);
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'insufficient_scope']);
  });
});
