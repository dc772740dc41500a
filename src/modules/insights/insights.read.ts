/**
 * The insights' answers, shaped from what the SQL counted (docs/desk-api.md, Insights). The
 * figures are the database's; this file only places them, fills buckets nothing happened in
 * with zeros and divides for the shares.
 */
import { DateTime } from 'luxon';
import type { Database } from '../../db/client.js';
import { ApiError, notFound } from '../../http/errors.js';
import { CALL_ENDINGS } from '../calls/calls.repo.js';
import { loadPipeline } from '../opportunities/pipeline.repo.js';
import { findWorkspace } from '../workspaces/workspaces.repo.js';
import { countCalls, countFunnel, type InsightsWindow } from './insights.repo.js';
import {
  type AgentInsights,
  type BookingCounts,
  type BookingInsights,
  type CallInsights,
  type EndingCounts,
  type EnquiryGroup,
  type EnquiryInsights,
  type FunnelCounts,
  type FunnelInsights,
  type InsightsQuery,
  type InsightsRange,
  MAX_RANGE_DAYS,
  type SpeedInsights,
} from './insights.schemas.js';
import { agentQuestions, agentVersions, countEnquiries, type EnquiryRow } from './insights-agent.repo.js';
import { countBookings, speedToLead } from './insights-desk.repo.js';

export interface Window extends InsightsWindow {
  range: InsightsRange;
  /** Every bucket of the range, in order, so a quiet day still shows. */
  buckets: string[];
}

function badRange(message: string, path: string): ApiError {
  return new ApiError('validation_failed', `Invalid query: ${path}: ${message}`, {
    details: [{ path, message }],
  });
}

/** The range's bounds as instants in the workspace's time zone, and its buckets. */
export async function openWindow(
  db: Database,
  workspaceId: string,
  q: InsightsQuery,
  now: Date,
): Promise<Window> {
  const ws = await findWorkspace(db, workspaceId);
  if (!ws) throw notFound('workspace', workspaceId);
  const zone = ws.time_zone;
  const to =
    q.to === undefined ? DateTime.fromJSDate(now, { zone }).startOf('day') : DateTime.fromISO(q.to, { zone });
  const from = q.from === undefined ? to.minus({ days: 29 }) : DateTime.fromISO(q.from, { zone });
  if (!from.isValid) throw badRange('must be a real date', 'from');
  if (!to.isValid) throw badRange('must be a real date', 'to');
  // Years the service has records of, with room: nothing before it existed, nothing far ahead.
  if (from.year < 2000 || from.year > 2999) throw badRange('must be a date from 2000 to 2999', 'from');
  if (to.year < 2000 || to.year > 2999) throw badRange('must be a date from 2000 to 2999', 'to');
  if (to < from) throw badRange('must not be before from', 'to');
  if (to.diff(from, 'days').days + 1 > MAX_RANGE_DAYS) {
    throw badRange(`the range may cover at most ${MAX_RANGE_DAYS} days`, 'to');
  }
  const buckets: string[] = [];
  for (let d = from.startOf(q.bucket); d <= to; d = d.plus(q.bucket === 'day' ? { days: 1 } : { weeks: 1 })) {
    buckets.push(d.toISODate() ?? '');
  }
  return {
    workspaceId,
    from: from.toJSDate(),
    to: to.plus({ days: 1 }).toJSDate(),
    timeZone: zone,
    bucket: q.bucket,
    range: { from: from.toISODate() ?? '', to: to.toISODate() ?? '', time_zone: zone, bucket: q.bucket },
    buckets,
  };
}

const noEndings = (): EndingCounts => Object.fromEntries(CALL_ENDINGS.map((e) => [e, 0])) as EndingCounts;

export async function callInsights(db: Database, w: Window): Promise<CallInsights> {
  const rows = await countCalls(db, w);
  const series = new Map(w.buckets.map((b) => [b, { bucket: b, total: 0, by_ending: noEndings() }]));
  const out: CallInsights = {
    range: w.range,
    total: 0,
    out_of_hours: 0,
    still_open: 0,
    by_ending: noEndings(),
    by_hour: Array.from({ length: 24 }, () => 0),
    by_weekday: Array.from({ length: 7 }, () => 0),
    series: [],
  };
  for (const row of rows) {
    if (row.kind === 'hour') out.by_hour[Number(row.key)] = row.n;
    else if (row.kind === 'weekday') out.by_weekday[Number(row.key) - 1] = row.n;
    else if (row.kind === 'out_of_hours') out.out_of_hours = row.n;
    else {
      const entry = series.get(row.key);
      out.total += row.n;
      if (row.ending === 'open') {
        out.still_open += row.n;
        continue;
      }
      const ending = row.ending as keyof EndingCounts;
      out.by_ending[ending] += row.n;
      if (entry) {
        entry.total += row.n;
        entry.by_ending[ending] += row.n;
      }
    }
  }
  out.series = [...series.values()];
  return out;
}

const FUNNEL_STEPS = [
  'calls',
  'sellers',
  'qualified',
  'hot',
  'appointment_set',
  'offer_made',
  'completed',
] as const;
const noFunnel = (): FunnelCounts => Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as FunnelCounts;

export async function funnelInsights(db: Database, w: Window): Promise<FunnelInsights> {
  const rows = new Map((await countFunnel(db, w)).map((r) => [r.bucket, r]));
  const totals = noFunnel();
  const series = w.buckets.map((bucket) => {
    const row = rows.get(bucket);
    const counts = noFunnel();
    for (const step of FUNNEL_STEPS) {
      counts[step] = row?.[step] ?? 0;
      totals[step] += counts[step];
    }
    return { bucket, ...counts };
  });
  return { range: w.range, totals, series };
}

const round1 = (n: number | null): number | null => (n === null ? null : Math.round(n * 10) / 10);

export async function speedInsights(db: Database, w: Window, now: Date): Promise<SpeedInsights> {
  const { follow_up } = await loadPipeline(db, w.workspaceId);
  const rows = await speedToLead(db, w, now, { hot: follow_up.hot_minutes, warm: follow_up.warm_minutes });
  const of = (outcome: 'hot' | 'warm') => {
    const row = rows.find((r) => r.outcome === outcome && r.bucket === null);
    return {
      calls: row?.calls ?? 0,
      answered: row?.answered ?? 0,
      median_minutes: round1(row?.median_minutes ?? null),
      p90_minutes: round1(row?.p90_minutes ?? null),
      target_minutes: outcome === 'hot' ? follow_up.hot_minutes : follow_up.warm_minutes,
      breached: row?.breached ?? 0,
    };
  };
  const byBucket = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket, r]));
  const series = w.buckets.map((bucket) => {
    const row = byBucket.get(bucket);
    return {
      bucket,
      calls: row?.calls ?? 0,
      median_minutes: round1(row?.median_minutes ?? null),
      p90_minutes: round1(row?.p90_minutes ?? null),
      breached: row?.breached ?? 0,
    };
  });
  return { range: w.range, hot: of('hot'), warm: of('warm'), series };
}

const BOOKING_COUNTS = ['made', 'by_agent', 'by_desk', 'kept', 'moved', 'cancelled'] as const;

export async function bookingInsights(db: Database, w: Window, now: Date): Promise<BookingInsights> {
  const rows = new Map((await countBookings(db, w, now)).map((r) => [r.bucket, r]));
  const zero = (): BookingCounts => Object.fromEntries(BOOKING_COUNTS.map((k) => [k, 0])) as BookingCounts;
  const totals = zero();
  const series = w.buckets.map((bucket) => {
    const counts = zero();
    for (const k of BOOKING_COUNTS) {
      counts[k] = rows.get(bucket)?.[k] ?? 0;
      totals[k] += counts[k];
    }
    return { bucket, ...counts };
  });
  return { range: w.range, totals, series };
}

const share = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

export async function agentInsights(db: Database, w: Window): Promise<AgentInsights> {
  const [versions, questions] = await Promise.all([agentVersions(db, w), agentQuestions(db, w)]);
  return {
    range: w.range,
    versions: versions.map((v) => ({
      ...v,
      turns_per_call: round1(v.turns_per_call),
      hot_share: share(v.hot, v.calls),
      questions: questions
        .filter((q) => q.agent_version === v.agent_version)
        .map(({ agent_version: _v, ...q }) => q),
    })),
  };
}

export async function enquiryInsights(db: Database, w: Window): Promise<EnquiryInsights> {
  const rows = await countEnquiries(db, w);
  const group = (r: EnquiryRow): EnquiryGroup => ({
    key: r.key,
    enquiries: r.enquiries,
    average_score: round1(r.average_score),
    hot: r.hot,
    hot_share: share(r.hot, r.enquiries),
  });
  return {
    range: w.range,
    by_area: rows.filter((r) => r.kind === 'area').map(group),
    by_property_type: rows.filter((r) => r.kind === 'property_type').map(group),
  };
}
