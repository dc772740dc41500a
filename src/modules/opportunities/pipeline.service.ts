import { isDeepStrictEqual } from 'node:util';
import type { Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError } from '../../http/errors.js';
import { findMember } from '../workspaces/workspaces.repo.js';
import { lockOpportunityWithNotes, type OpportunityRow, writeOpportunity } from './opportunities.repo.js';
import { toOpportunity } from './opportunities.schemas.js';
import {
  findDealsOfBooking,
  findOpenDealForBooking,
  findUpcomingBookingOfCall,
  loadPipeline,
} from './pipeline.repo.js';
import { CLOSED_STAGES, type NextActionInput, type Stage } from './pipeline.schemas.js';

type PipelineColumns = Pick<
  OpportunityRow,
  | 'stage'
  | 'dead_reason'
  | 'next_action'
  | 'next_action_owner_id'
  | 'next_action_due'
  | 'next_action_source'
  | 'next_action_booking_id'
>;

const NO_NEXT_ACTION = {
  next_action: null,
  next_action_owner_id: null,
  next_action_due: null,
  next_action_source: null,
  next_action_booking_id: null,
} as const;

function invalid(path: string, message: string): ApiError {
  return new ApiError('validation_failed', `Invalid body: ${path}: ${message}`, {
    details: [{ path, message }],
  });
}

/**
 * The desk moves a deal along the pipeline and sets its next action (PATCH /opportunities/{id}).
 * A dead deal says why; a closed one (completed, dead) has nothing left to do, so its next
 * action goes. Answers the row's pipeline columns as they become.
 */
export async function editPipeline(
  tx: Queryable,
  row: OpportunityRow,
  input: {
    stage?: Stage | undefined;
    dead_reason?: string | undefined;
    next_action?: NextActionInput | null | undefined;
  },
): Promise<PipelineColumns> {
  const stage = input.stage ?? row.stage;
  let dead_reason: string | null = null;
  if (stage === 'dead') {
    dead_reason = input.dead_reason ?? row.dead_reason;
    if (dead_reason === null) throw invalid('dead_reason', 'say why the deal is dead');
  } else if (input.dead_reason !== undefined) {
    throw invalid('dead_reason', 'only a dead deal has a reason');
  }
  const closed = CLOSED_STAGES.includes(stage);
  if (closed && input.next_action)
    throw invalid('next_action', 'a completed or dead deal has no next action');
  const kept: PipelineColumns = {
    stage,
    dead_reason,
    next_action: row.next_action,
    next_action_owner_id: row.next_action_owner_id,
    next_action_due: row.next_action_due,
    next_action_source: row.next_action_source,
    next_action_booking_id: row.next_action_booking_id,
  };
  if (closed || input.next_action === null) return { ...kept, ...NO_NEXT_ACTION };
  if (input.next_action === undefined) return kept;
  const owner = input.next_action.owner_id ?? null;
  if (owner !== null && !(await findMember(tx, row.workspace_id, owner))) {
    throw invalid('next_action.owner_id', 'must be a member of this workspace');
  }
  return {
    ...kept,
    next_action: input.next_action.what,
    next_action_owner_id: owner,
    next_action_due: input.next_action.due_at,
    next_action_source: 'desk',
    next_action_booking_id: null,
  };
}

const MINUTE = 60_000;

/**
 * After a call, inside the transaction that closes it: the deal's next action becomes the
 * callback or viewing the call booked (a viewing also moves a new or contacted deal to
 * appointment_set), or else, for a hot or warm seller, a call back within the workspace's
 * follow-up time. A next action a person set, or a booking still to come, is not replaced by a
 * follow-up. Emits opportunity.updated when something changed.
 */
export async function followUpAfterCall(
  tx: Queryable,
  call: { workspace_id: string; id: string; opportunity_id: string | null },
  now: Date,
): Promise<void> {
  if (call.opportunity_id === null) return;
  const found = await lockOpportunityWithNotes(tx, call.workspace_id, call.opportunity_id);
  if (!found || CLOSED_STAGES.includes(found.row.stage)) return;
  const { row, notes } = found;
  const next = { ...row, ...(await plan(tx, row, call.id, now)) };
  if (isDeepStrictEqual(next, row)) return;
  next.updated_at = now;
  await writeOpportunity(tx, next);
  await recordEvent(tx, row.workspace_id, 'opportunity.updated', toOpportunity(next, notes), now);
}

/** The next action a booking sets, and the stage a viewing moves a new deal to. */
function bookedAction(
  row: OpportunityRow,
  booking: { id: string; kind: 'callback' | 'viewing'; starts_at: Date; assignee_id: string | null },
): Partial<OpportunityRow> {
  const viewing = booking.kind === 'viewing';
  return {
    stage: viewing && (row.stage === 'new' || row.stage === 'contacted') ? 'appointment_set' : row.stage,
    next_action: viewing ? 'Viewing' : 'Call the seller back (booked)',
    next_action_owner_id: booking.assignee_id ?? row.owner_id,
    next_action_due: booking.starts_at,
    next_action_source: 'booking',
    next_action_booking_id: booking.id,
  };
}

/**
 * A callback or viewing the desk booked (the calendar, the lead page, the API) becomes the next
 * action of the deal it is about, in the booking's transaction, as one the agent books does. It
 * never replaces a next action a person set, nor a booked one that comes sooner. Emits
 * opportunity.updated when the deal changed.
 */
export async function followNewBooking(
  tx: Queryable,
  booking: {
    workspace_id: string;
    id: string;
    kind: 'callback' | 'viewing';
    lead_id: string;
    call_id: string | null;
    starts_at: Date;
    assignee_id: string | null;
  },
  at: Date,
): Promise<void> {
  const dealId = await findOpenDealForBooking(tx, booking.workspace_id, booking);
  if (dealId === null) return;
  const found = await lockOpportunityWithNotes(tx, booking.workspace_id, dealId);
  if (!found) return;
  const { row, notes } = found;
  if (row.next_action_source === 'desk') return;
  const due = row.next_action_due;
  if (row.next_action_source === 'booking' && due !== null && due > at && due <= booking.starts_at) return;
  const next = { ...row, ...bookedAction(row, booking), updated_at: at };
  await writeOpportunity(tx, next);
  await recordEvent(tx, row.workspace_id, 'opportunity.updated', toOpportunity(next, notes), at);
}

async function plan(
  tx: Queryable,
  row: OpportunityRow,
  callId: string,
  now: Date,
): Promise<Partial<OpportunityRow>> {
  const booking = await findUpcomingBookingOfCall(tx, row.workspace_id, callId, now);
  if (booking) return bookedAction(row, booking);
  if (row.outcome !== 'hot' && row.outcome !== 'warm') return {};
  const planned = row.next_action_due !== null && row.next_action_source !== 'call';
  if (planned && (row.next_action_source === 'desk' || (row.next_action_due as Date) > now)) return {};
  const { follow_up } = await loadPipeline(tx, row.workspace_id);
  const minutes = row.outcome === 'hot' ? follow_up.hot_minutes : follow_up.warm_minutes;
  return {
    next_action: 'Call the seller back',
    next_action_owner_id: row.owner_id,
    next_action_due: new Date(now.getTime() + minutes * MINUTE),
    next_action_source: 'call',
    next_action_booking_id: null,
  };
}

/**
 * A booking that is a deal's next action was moved, reassigned or cancelled, inside the
 * transaction that changed it: the next action follows it (a cancelled one goes). Emits
 * opportunity.updated for each deal that changed.
 */
export async function followBooking(
  tx: Queryable,
  booking: { workspace_id: string; id: string; status: string; starts_at: Date; assignee_id: string | null },
  at: Date,
): Promise<void> {
  for (const id of await findDealsOfBooking(tx, booking.workspace_id, booking.id)) {
    const found = await lockOpportunityWithNotes(tx, booking.workspace_id, id);
    if (!found) continue;
    const { row, notes } = found;
    if (row.next_action_source !== 'booking') continue;
    const next: OpportunityRow =
      booking.status === 'cancelled'
        ? { ...row, ...NO_NEXT_ACTION }
        : {
            ...row,
            next_action_due: booking.starts_at,
            next_action_owner_id: booking.assignee_id ?? row.owner_id,
          };
    if (isDeepStrictEqual(next, row)) continue;
    next.updated_at = at;
    await writeOpportunity(tx, next);
    await recordEvent(tx, row.workspace_id, 'opportunity.updated', toOpportunity(next, notes), at);
  }
}
