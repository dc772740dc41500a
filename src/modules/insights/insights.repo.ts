/**
 * Insights on calls and the funnel (docs/desk-api.md, Insights). Every statement takes the same
 * first five parameters, from `windowParams`: the workspace, the range's bounds as instants
 * (from included, to excluded), the workspace's time zone and the bucket (day or week). Calls
 * are counted by when they started; test calls never are.
 */
import type { Queryable } from '../../db/client.js';

export interface InsightsWindow {
  workspaceId: string;
  from: Date;
  to: Date;
  timeZone: string;
  bucket: 'day' | 'week';
}

export function windowParams(w: InsightsWindow): unknown[] {
  return [w.workspaceId, w.from, w.to, w.timeZone, w.bucket];
}

/** The local day or week (its first day, YYYY-MM-DD) an instant falls in. */
export function bucketOf(column: string): string {
  return `to_char(date_trunc($5, ${column} AT TIME ZONE $4), 'YYYY-MM-DD')`;
}

/** The calls of the range, test calls left out. */
export const CALLS_IN_RANGE = `c.workspace_id = $1 AND c.started_at >= $2 AND c.started_at < $3 AND NOT c.test`;

export interface CallCountRow {
  kind: 'bucket' | 'hour' | 'weekday' | 'out_of_hours';
  key: string;
  ending: string;
  n: number;
}

/**
 * One pass over the range's calls, counted four ways: by bucket and ending, by local hour, by
 * local weekday (1 = Monday); and the calls out of hours (the engine's state notes a call that
 * started outside business hours), through the index of just those (0025_insights).
 */
export async function countCalls(db: Queryable, w: InsightsWindow): Promise<CallCountRow[]> {
  return db.query<CallCountRow>(
    `WITH r AS MATERIALIZED (
       SELECT ${bucketOf('c.started_at')} AS bucket,
              extract(hour FROM c.started_at AT TIME ZONE $4)::int AS hour,
              extract(isodow FROM c.started_at AT TIME ZONE $4)::int AS weekday,
              coalesce(c.ending, 'open') AS ending
         FROM calls c
        WHERE ${CALLS_IN_RANGE}
     )
     SELECT 'bucket' AS kind, bucket AS key, ending, count(*)::int AS n FROM r GROUP BY bucket, ending
     UNION ALL SELECT 'hour', hour::text, '', count(*)::int FROM r GROUP BY hour
     UNION ALL SELECT 'weekday', weekday::text, '', count(*)::int FROM r GROUP BY weekday
     UNION ALL SELECT 'out_of_hours', '', '', count(*)::int FROM calls c
                WHERE ${CALLS_IN_RANGE} AND (c.state -> 'engine' ->> 'startedOutOfHours') = 'true'`,
    windowParams(w),
  );
}

export interface FunnelRow {
  bucket: string;
  calls: number;
  sellers: number;
  qualified: number;
  hot: number;
  appointment_set: number;
  offer_made: number;
  completed: number;
}

/**
 * The funnel of the range's calls, each step a part of the one before: the deals the calls
 * reached (sellers), those not disqualified, hot (or won), and of the hot ones those whose stage
 * is at or past appointment set, offer made, completed. A deal counts once, in the bucket of
 * its first call in the range.
 */
export async function countFunnel(db: Queryable, w: InsightsWindow): Promise<FunnelRow[]> {
  return db.query<FunnelRow>(
    `WITH r AS MATERIALIZED (
       SELECT ${bucketOf('c.started_at')} AS bucket, c.opportunity_id, c.started_at
         FROM calls c WHERE ${CALLS_IN_RANGE}
     ), deals AS (
       SELECT DISTINCT ON (r.opportunity_id) r.bucket, o.outcome, o.stage,
              o.outcome <> 'disqualified' AS qualified,
              o.outcome IN ('hot', 'won') AS hot
         FROM r
         -- Looked up deal by deal (its key), so the cost follows the range's calls, not all deals.
         CROSS JOIN LATERAL (
           SELECT o.outcome, o.stage FROM opportunities o
            WHERE o.workspace_id = $1 AND o.id = r.opportunity_id AND o.merged_into IS NULL
            OFFSET 0
         ) o
        WHERE r.opportunity_id IS NOT NULL
        ORDER BY r.opportunity_id, r.started_at
     ), by_calls AS (
       SELECT bucket, count(*)::int AS calls FROM r GROUP BY bucket
     ), by_deals AS (
       SELECT bucket, count(*)::int AS sellers,
              count(*) FILTER (WHERE qualified)::int AS qualified,
              count(*) FILTER (WHERE qualified AND hot)::int AS hot,
              count(*) FILTER (WHERE qualified AND hot
                AND stage IN ('appointment_set', 'offer_made', 'under_offer', 'completed'))::int AS appointment_set,
              count(*) FILTER (WHERE qualified AND hot
                AND stage IN ('offer_made', 'under_offer', 'completed'))::int AS offer_made,
              count(*) FILTER (WHERE qualified AND hot AND stage = 'completed')::int AS completed
         FROM deals GROUP BY bucket
     )
     SELECT bc.bucket, bc.calls, coalesce(bd.sellers, 0) AS sellers, coalesce(bd.qualified, 0) AS qualified,
            coalesce(bd.hot, 0) AS hot, coalesce(bd.appointment_set, 0) AS appointment_set,
            coalesce(bd.offer_made, 0) AS offer_made, coalesce(bd.completed, 0) AS completed
       FROM by_calls bc LEFT JOIN by_deals bd ON bd.bucket = bc.bucket
      ORDER BY bc.bucket`,
    windowParams(w),
  );
}
