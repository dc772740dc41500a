/**
 * Insights on the desk (docs/desk-api.md, Insights): speed to lead and bookings. Parameters as
 * in insights.repo.ts (`windowParams`), then this file's own.
 */
import type { Queryable } from '../../db/client.js';
import { bucketOf, CALLS_IN_RANGE, type InsightsWindow, windowParams } from './insights.repo.js';

export interface SpeedRow {
  /** Set on the rows by bucket; null on the rows by outcome. */
  bucket: string | null;
  /** Set on the rows by outcome; null on the rows by bucket. */
  outcome: 'hot' | 'warm' | null;
  calls: number;
  answered: number;
  median_minutes: number | null;
  p90_minutes: number | null;
  breached: number;
}

/**
 * Each hot or warm call of the range (the deal's outcome now) and the minutes from its end to
 * the desk's first action on its deal after it: a note by a person, a booking the desk made
 * for the seller, or a change the desk made to the deal (its stage moved from where the call
 * left it, or a next action set by a person). The deal's stage when the call ended is read
 * from the last event about it at or before then. Counted, with the median and 90th
 * percentile of the minutes (of calls acted on) and the calls past the workspace's follow-up
 * target (acted on later, or still waiting longer), by bucket and by outcome.
 */
export async function speedToLead(
  db: Queryable,
  w: InsightsWindow,
  now: Date,
  targets: { hot: number; warm: number },
): Promise<SpeedRow[]> {
  return db.query<SpeedRow>(
    `WITH r AS MATERIALIZED (
       SELECT ${bucketOf('c.started_at')} AS bucket, c.ended_at, o.id AS opp, o.lead_id, o.outcome
         FROM calls c
         JOIN opportunities o ON o.workspace_id = $1 AND o.id = c.opportunity_id
        WHERE ${CALLS_IN_RANGE} AND c.ended_at IS NOT NULL AND o.outcome IN ('hot', 'warm')
     ), s AS (
       SELECT r.*, (
                SELECT e.data ->> 'stage' FROM events e
                 WHERE e.workspace_id = $1 AND e.type IN ('opportunity.created', 'opportunity.updated')
                   AND e.data ->> 'id' = r.opp AND e.created_at <= r.ended_at
                 ORDER BY e.created_at DESC LIMIT 1
              ) AS stage_at_end
         FROM r
     ), acted AS (
       SELECT s.bucket, s.outcome, s.ended_at, least(
                (SELECT min(n.created_at) FROM opportunity_notes n
                  WHERE n.workspace_id = $1 AND n.opportunity_id = s.opp AND n.created_at > s.ended_at
                    AND n.author_id IS NOT NULL),
                (SELECT min(b.created_at) FROM bookings b
                  WHERE b.workspace_id = $1 AND b.lead_id = s.lead_id AND b.call_id IS NULL
                    AND b.created_at > s.ended_at),
                (SELECT min(e.created_at) FROM events e
                  WHERE e.workspace_id = $1 AND e.type = 'opportunity.updated' AND e.data ->> 'id' = s.opp
                    AND e.created_at > s.ended_at
                    AND (e.data ->> 'stage' IS DISTINCT FROM s.stage_at_end
                         OR e.data -> 'next_action' ->> 'source' = 'desk'))
              ) AS first_action
         FROM s
     ), timed AS (
       SELECT bucket, outcome, extract(epoch FROM first_action - ended_at)::float8 / 60 AS minutes,
              extract(epoch FROM $6::timestamptz - ended_at)::float8 / 60 AS waited,
              CASE outcome WHEN 'hot' THEN $7::int ELSE $8::int END AS target
         FROM acted
     )
     SELECT bucket, outcome, count(*)::int AS calls, count(minutes)::int AS answered,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) AS median_minutes,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY minutes) AS p90_minutes,
            count(*) FILTER (WHERE coalesce(minutes, waited) > target)::int AS breached
       FROM timed
      GROUP BY GROUPING SETS ((bucket), (outcome))`,
    [...windowParams(w), now, targets.hot, targets.warm],
  );
}

export interface BookingRow {
  bucket: string;
  made: number;
  by_agent: number;
  by_desk: number;
  kept: number;
  moved: number;
  cancelled: number;
}

/**
 * Bookings made in the range, by the day or week they were made: by the agent (the booking
 * names a call and was made while it went on) or by the desk; kept (its time has passed and it
 * was not cancelled), moved (a booking.updated event carries a time other than the one it was
 * made for) and cancelled. Bookings of test calls are left out.
 */
export async function countBookings(db: Queryable, w: InsightsWindow, now: Date): Promise<BookingRow[]> {
  return db.query<BookingRow>(
    `WITH r AS MATERIALIZED (
       SELECT ${bucketOf('b.created_at')} AS bucket, b.status, b.starts_at,
              (c.id IS NOT NULL AND b.created_at >= c.started_at
                AND b.created_at <= coalesce(c.ended_at, b.created_at)) AS by_agent,
              moved.at IS NOT NULL AS moved
         FROM bookings b
         LEFT JOIN calls c ON c.workspace_id = $1 AND c.id = b.call_id
         -- Each booking's own events, looked up by key (LIMIT keeps them lookups: read as a join
         -- over all the workspace's booking events, the cost would follow the whole history).
         LEFT JOIN LATERAL (
           SELECT m.data ->> 'starts_at' AS starts_at FROM events m
            WHERE m.workspace_id = $1 AND m.type = 'booking.created' AND m.data ->> 'id' = b.id
            ORDER BY m.created_at LIMIT 1
         ) made ON true
         LEFT JOIN LATERAL (
           SELECT u.created_at AS at FROM events u
            WHERE u.workspace_id = $1 AND u.type = 'booking.updated' AND u.data ->> 'id' = b.id
              AND u.data ->> 'starts_at' IS DISTINCT FROM made.starts_at
            LIMIT 1
         ) moved ON true
        WHERE b.workspace_id = $1 AND b.created_at >= $2 AND b.created_at < $3 AND NOT coalesce(c.test, false)
     )
     SELECT bucket, count(*)::int AS made,
            count(*) FILTER (WHERE by_agent)::int AS by_agent,
            count(*) FILTER (WHERE NOT by_agent)::int AS by_desk,
            count(*) FILTER (WHERE status = 'scheduled' AND starts_at < $6)::int AS kept,
            count(*) FILTER (WHERE moved)::int AS moved,
            count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
       FROM r GROUP BY bucket ORDER BY bucket`,
    [...windowParams(w), now],
  );
}
