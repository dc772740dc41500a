import type { Queryable } from '../../db/client.js';
import { optional } from '../../db/optional-filter.js';
import type { OpportunityRow } from './opportunities.repo.js';
import {
  DEFAULT_FOLLOW_UP,
  DEFAULT_STAGE_NAMES,
  type Pipeline,
  STAGES,
  type Stage,
} from './pipeline.schemas.js';

interface PipelineRow {
  stages: { key: Stage; name: string }[];
  hot_follow_up_minutes: number;
  warm_follow_up_minutes: number;
}

export const DEFAULT_PIPELINE: Pipeline = {
  stages: STAGES.map((key) => ({ key, name: DEFAULT_STAGE_NAMES[key] })),
  follow_up: { ...DEFAULT_FOLLOW_UP },
};

/** The workspace's stage names and order and its follow-up times; the defaults until it sets its own. */
export async function loadPipeline(db: Queryable, workspaceId: string): Promise<Pipeline> {
  const rows = await db.query<PipelineRow>(
    'SELECT stages, hot_follow_up_minutes, warm_follow_up_minutes FROM pipelines WHERE workspace_id = $1',
    [workspaceId],
  );
  const row = rows[0];
  if (row === undefined) return structuredClone(DEFAULT_PIPELINE);
  return {
    stages: row.stages.map((s) => ({ key: s.key, name: s.name })),
    follow_up: { hot_minutes: row.hot_follow_up_minutes, warm_minutes: row.warm_follow_up_minutes },
  };
}

export async function savePipeline(db: Queryable, workspaceId: string, pipeline: Pipeline, at: Date) {
  await db.query(
    `INSERT INTO pipelines (workspace_id, stages, hot_follow_up_minutes, warm_follow_up_minutes, updated_at)
     VALUES ($1, $2::jsonb, $3, $4, $5)
     ON CONFLICT (workspace_id) DO UPDATE SET stages = EXCLUDED.stages,
       hot_follow_up_minutes = EXCLUDED.hot_follow_up_minutes,
       warm_follow_up_minutes = EXCLUDED.warm_follow_up_minutes, updated_at = EXCLUDED.updated_at`,
    [
      workspaceId,
      JSON.stringify(pipeline.stages),
      pipeline.follow_up.hot_minutes,
      pipeline.follow_up.warm_minutes,
      at,
    ],
  );
}

export interface TaskFilter {
  ownerId?: string | undefined;
  /** Due before this instant. */
  dueBefore?: Date | undefined;
  /** Due at or after this instant. */
  dueFrom?: Date | undefined;
}

/**
 * Open deals with a next action, soonest due first, in keyset pages on (due, id). Closed
 * stages never hold a next action, so every row here is work still to do.
 */
export async function listTasks(
  db: Queryable,
  workspaceId: string,
  filter: TaskFilter,
  page: { after: { due: Date; id: string } | null; limit: number },
): Promise<OpportunityRow[]> {
  return db.query<OpportunityRow>(
    `SELECT o.*, l.name AS seller_name, l.phone AS seller_phone
       FROM opportunities o
       LEFT JOIN leads l ON l.workspace_id = o.workspace_id AND l.id = o.lead_id
      WHERE o.workspace_id = $1 AND o.next_action_due IS NOT NULL AND o.merged_into IS NULL
        AND ${optional(filter.ownerId, 2, 'text', 'o.next_action_owner_id = $2')}
        AND ${optional(filter.dueBefore, 3, 'timestamptz', 'o.next_action_due < $3')}
        AND ${optional(filter.dueFrom, 4, 'timestamptz', 'o.next_action_due >= $4')}
        AND ${optional(page.after?.due, 5, 'timestamptz', '(o.next_action_due, o.id) > ($5, $6::text)', [6, 'text'])}
      ORDER BY o.next_action_due, o.id LIMIT $7`,
    [
      workspaceId,
      filter.ownerId ?? null,
      filter.dueBefore ?? null,
      filter.dueFrom ?? null,
      page.after?.due ?? null,
      page.after?.id ?? null,
      page.limit + 1,
    ],
  );
}

export interface CallBookingRow {
  id: string;
  kind: 'callback' | 'viewing';
  starts_at: Date;
  assignee_id: string | null;
}

/** The soonest booking a call placed that is still to come: the next action it sets. */
export async function findUpcomingBookingOfCall(
  db: Queryable,
  workspaceId: string,
  callId: string,
  now: Date,
): Promise<CallBookingRow | null> {
  const rows = await db.query<CallBookingRow>(
    `SELECT id, kind, starts_at, assignee_id FROM bookings
      WHERE workspace_id = $1 AND call_id = $2 AND status = 'scheduled' AND starts_at > $3
      ORDER BY starts_at, id LIMIT 1`,
    [workspaceId, callId, now],
  );
  return rows[0] ?? null;
}

/** The deals whose next action is this booking. */
export async function findDealsOfBooking(
  db: Queryable,
  workspaceId: string,
  bookingId: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM opportunities
      WHERE workspace_id = $1 AND next_action_booking_id = $2 AND merged_into IS NULL ORDER BY id`,
    [workspaceId, bookingId],
  );
  return rows.map((r) => r.id);
}

/**
 * The open deal a desk booking for a lead is about: the deal of the call it names, else the
 * lead's open deal most recently changed. Null when the lead has none open.
 */
export async function findOpenDealForBooking(
  db: Queryable,
  workspaceId: string,
  booking: { lead_id: string; call_id: string | null },
): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `SELECT o.id FROM opportunities o
      WHERE o.workspace_id = $1 AND o.merged_into IS NULL AND o.stage NOT IN ('completed', 'dead')
        AND (o.lead_id = $2 OR o.id = (SELECT c.opportunity_id FROM calls c WHERE c.workspace_id = $1 AND c.id = $3))
      ORDER BY (o.id = (SELECT c.opportunity_id FROM calls c WHERE c.workspace_id = $1 AND c.id = $3)) DESC NULLS LAST,
               o.updated_at DESC, o.id DESC
      LIMIT 1`,
    [workspaceId, booking.lead_id, booking.call_id],
  );
  return rows[0]?.id ?? null;
}
