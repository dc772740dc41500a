/**
 * Insights on the agent and on enquiries (docs/desk-api.md, Insights). Parameters as in
 * insights.repo.ts (`windowParams`).
 */
import type { Queryable } from '../../db/client.js';
import { CALLS_IN_RANGE, type InsightsWindow, windowParams } from './insights.repo.js';

export interface AgentVersionRow {
  agent_version: number | null;
  calls: number;
  turns_per_call: number | null;
  hung_up: number;
  hot: number;
  transfers: number;
  transfers_answered: number;
  transfers_missed: number;
}

export interface QuestionRow {
  agent_version: number | null;
  question: string;
  asked_again: number;
  given_up: number;
  hang_ups: number;
}

/**
 * The ended calls of the range with what the engine's state kept of them (calls.state, the
 * `engine` key): caller turns, questions put again in a row (`reasked`, by what was asked),
 * questions given up on (`skipped`), and what the agent was waiting on when the call ended.
 * What was asked reads as the question's slot (price), confirm:<slot>, open or offer.
 */
const ENDED_CALLS = `e AS MATERIALIZED (
       -- The engine's state is read out of the stored column once per call: each -> on the
       -- column itself would decompress the whole state again.
       SELECT c.agent_version, c.ending, c.transferred_to, c.transfer_result, c.opportunity_id,
              c.state -> 'engine' AS s
         FROM calls c
        WHERE ${CALLS_IN_RANGE} AND c.ended_at IS NOT NULL
     ), r AS MATERIALIZED (
       SELECT agent_version, ending, transferred_to, transfer_result,
              (s -> 'counters' ->> 'turns')::int AS turns,
              coalesce(s -> 'reasked', '{}'::jsonb) AS reasked,
              coalesce(s -> 'skipped', '[]'::jsonb) AS skipped,
              CASE s ->> 'phase'
                WHEN 'asking' THEN s -> 'asking' ->> 'slot'
                WHEN 'confirming' THEN 'confirm:' || (s ->> 'confirming')
                WHEN 'open' THEN 'open'
                WHEN 'offering' THEN 'offer'
              END AS waiting,
              -- Looked up call by call (its key), so the cost follows the range's calls, not the deals.
              (SELECT o.outcome FROM opportunities o WHERE o.workspace_id = $1 AND o.id = e.opportunity_id) AS outcome
         FROM e
     )`;

/** Per published agent version: calls, turns, hang-ups, hot deals, transfers answered and missed. */
export async function agentVersions(db: Queryable, w: InsightsWindow): Promise<AgentVersionRow[]> {
  return db.query<AgentVersionRow>(
    `WITH ${ENDED_CALLS}
     SELECT agent_version, count(*)::int AS calls, avg(turns)::float8 AS turns_per_call,
            count(*) FILTER (WHERE ending = 'hung_up')::int AS hung_up,
            count(*) FILTER (WHERE outcome IN ('hot', 'won'))::int AS hot,
            count(*) FILTER (WHERE transferred_to IS NOT NULL)::int AS transfers,
            count(*) FILTER (WHERE transfer_result = 'connected')::int AS transfers_answered,
            count(*) FILTER (WHERE transferred_to IS NOT NULL
              AND transfer_result IS DISTINCT FROM 'connected')::int AS transfers_missed
       FROM r
      WHERE $4::text IS NOT NULL AND $5::text IS NOT NULL
      GROUP BY agent_version
      ORDER BY agent_version DESC NULLS LAST`,
    windowParams(w),
  );
}

/** Per version and question: put again, given up on, the question waiting at a hang-up. */
export async function agentQuestions(db: Queryable, w: InsightsWindow): Promise<QuestionRow[]> {
  return db.query<QuestionRow>(
    `WITH ${ENDED_CALLS}, q AS (
       SELECT r.agent_version, regexp_replace(k.key, '^ask:', '') AS question,
              k.value::int AS asked_again, 0 AS given_up, 0 AS hang_ups
         FROM r, jsonb_each_text(r.reasked) AS k
       UNION ALL
       SELECT r.agent_version, s.slot, 0, 1, 0 FROM r, jsonb_array_elements_text(r.skipped) AS s(slot)
       UNION ALL
       SELECT r.agent_version, r.waiting, 0, 0, 1 FROM r WHERE r.ending = 'hung_up' AND r.waiting IS NOT NULL
     )
     SELECT agent_version, question, sum(asked_again)::int AS asked_again, sum(given_up)::int AS given_up,
            sum(hang_ups)::int AS hang_ups
       FROM q
      WHERE $4::text IS NOT NULL AND $5::text IS NOT NULL
      GROUP BY agent_version, question
      ORDER BY agent_version DESC NULLS LAST, sum(asked_again) + sum(given_up) + sum(hang_ups) DESC, question`,
    windowParams(w),
  );
}

export interface EnquiryRow {
  kind: 'area' | 'property_type';
  key: string;
  enquiries: number;
  average_score: number | null;
  hot: number;
}

/**
 * Deals made in the range (opportunities.created_at; merged ones live on in the one kept), by
 * postcode area (the letters before the first digit: M, SW, NE) and by property type.
 */
export async function countEnquiries(db: Queryable, w: InsightsWindow): Promise<EnquiryRow[]> {
  return db.query<EnquiryRow>(
    `WITH r AS MATERIALIZED (
       SELECT coalesce(nullif(substring(upper(o.postcode) FROM '^[A-Z]+'), ''), 'unknown') AS area,
              coalesce(nullif(o.facts ->> 'property_type', ''), 'unknown') AS property_type,
              o.score, o.outcome IN ('hot', 'won') AS hot
         FROM opportunities o
         LEFT JOIN calls c ON c.workspace_id = $1 AND c.id = o.call_id
        WHERE o.workspace_id = $1 AND o.created_at >= $2 AND o.created_at < $3 AND o.merged_into IS NULL
          AND NOT coalesce(c.test, false) AND $4::text IS NOT NULL AND $5::text IS NOT NULL
     )
     SELECT 'area' AS kind, area AS key, count(*)::int AS enquiries, avg(score)::float8 AS average_score,
            count(*) FILTER (WHERE hot)::int AS hot
       FROM r GROUP BY area
     UNION ALL
     SELECT 'property_type', property_type, count(*)::int, avg(score)::float8, count(*) FILTER (WHERE hot)::int
       FROM r GROUP BY property_type
     ORDER BY 1, 3 DESC, 2`,
    windowParams(w),
  );
}
