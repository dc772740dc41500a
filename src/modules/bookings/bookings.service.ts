import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { EventCause } from '../../notifications/planner.js';
import { findLead } from '../leads/leads.repo.js';
import { followBooking, followNewBooking } from '../opportunities/pipeline.service.js';
import { findMember } from '../workspaces/workspaces.repo.js';
import { bookingMinutes, loadBookingSettings } from './booking-config.js';
import {
  type BookingChanges,
  type BookingRow,
  callExists,
  insertBooking,
  lockBooking,
  updateBookingRow,
} from './bookings.repo.js';
import {
  BOOKING_MAX_MINUTES,
  BOOKING_NOTE_MAX,
  type Booking,
  type BookingKind,
  type CreateBookingBody,
  toBooking,
  type UpdateBookingBody,
} from './bookings.schemas.js';
import { findOverlap, lockCalendar } from './calendar.repo.js';

const MINUTE = 60_000;

/** What placing a booking came to: the agent offers another time when it was taken. */
export type BookingPlacement =
  | { ok: true; booking: Booking }
  | { ok: false; reason: 'time_taken'; conflictingBookingId: string };

function invalid(path: string, message: string): ApiError {
  return new ApiError('validation_failed', `Invalid body: ${path}: ${message}`, {
    details: [{ path, message }],
  });
}

function checkSpan(start: Date, end: Date): void {
  if (end.getTime() <= start.getTime()) throw invalid('ends_at', 'must be after starts_at.');
  if (end.getTime() - start.getTime() > BOOKING_MAX_MINUTES * MINUTE) {
    throw invalid('ends_at', `must be at most ${BOOKING_MAX_MINUTES / 60} hours after starts_at.`);
  }
}

async function checkAssignee(db: Queryable, workspaceId: string, assigneeId: string | null): Promise<void> {
  if (assigneeId !== null && !(await findMember(db, workspaceId, assigneeId))) {
    throw invalid('assignee_id', `${assigneeId.slice(0, 40)} is not a member of this workspace.`);
  }
}

function timeTaken(clash: BookingRow): ApiError {
  const who = clash.assignee_id ? `for ${clash.assignee_id}` : 'on the desk calendar';
  return new ApiError(
    'conflict',
    `The time overlaps booking ${clash.id} ${who} (${clash.starts_at.toISOString()} to ${clash.ends_at.toISOString()}).`,
  );
}

/** Lock the calendar, check for overlap, insert, emit: the one way a booking is made. */
async function place(tx: Queryable, row: BookingRow): Promise<{ booking: Booking } | { clash: BookingRow }> {
  await lockCalendar(tx, row.workspace_id, row.assignee_id);
  const clash = await findOverlap(tx, row.workspace_id, row.assignee_id, {
    start: row.starts_at,
    end: row.ends_at,
  });
  if (clash) return { clash };
  const booking = toBooking(await insertBooking(tx, row));
  await recordEvent(tx, row.workspace_id, 'booking.created', booking, row.created_at);
  return { booking };
}

function newRow(
  workspaceId: string,
  at: Date,
  fields: Omit<
    BookingRow,
    'workspace_id' | 'id' | 'status' | 'assignee_pinned' | 'created_at' | 'updated_at'
  > & {
    assignee_pinned?: boolean;
  },
): BookingRow {
  return {
    workspace_id: workspaceId,
    id: newId('bk', at.getTime()),
    status: 'scheduled',
    assignee_pinned: false,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

/** POST /bookings: 404 for a lead or call not in the workspace, 409 for an overlap. Emits booking.created. */
export async function createBooking(
  db: Database,
  workspaceId: string,
  input: CreateBookingBody,
  at: Date,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, workspaceId, input.lead_id);
    if (!lead) throw notFound('lead', input.lead_id);
    const callId = input.call_id ?? null;
    if (callId !== null && !(await callExists(tx, workspaceId, callId))) throw notFound('call', callId);
    const assigneeId = input.assignee_id ?? null;
    await checkAssignee(tx, workspaceId, assigneeId);
    const end =
      input.ends_at ??
      new Date(
        input.starts_at.getTime() +
          bookingMinutes(await loadBookingSettings(tx, workspaceId), input.kind) * MINUTE,
      );
    checkSpan(input.starts_at, end);
    const row = newRow(workspaceId, at, {
      kind: input.kind,
      lead_id: input.lead_id,
      call_id: callId,
      starts_at: input.starts_at,
      ends_at: end,
      assignee_id: assigneeId,
      assignee_pinned: input.assignee_pinned ?? chosenApart(assigneeId, lead.owner_id),
      note: input.note ?? null,
    });
    const placed = await place(tx, row);
    if ('clash' in placed) throw timeTaken(placed.clash);
    await followNewBooking(tx, row, at);
    return placed.booking;
  });
}

export interface CallBooking {
  kind: BookingKind;
  leadId: string;
  callId: string | null;
  start: Date;
  end: Date;
  note?: string | null | undefined;
}

/**
 * The agent's booking, inside the call service's transaction, on the shared desk calendar (no
 * assignee), under the same overlap rule as the API. A taken time is a result, not an error, so
 * the call can offer another; nothing is written then. Emits booking.created when placed.
 */
export async function createBookingFromCall(
  tx: Queryable,
  workspaceId: string,
  booking: CallBooking,
  at: Date,
): Promise<BookingPlacement> {
  if (!(await findLead(tx, workspaceId, booking.leadId))) throw notFound('lead', booking.leadId);
  checkSpan(booking.start, booking.end);
  const placed = await place(
    tx,
    newRow(workspaceId, at, {
      kind: booking.kind,
      lead_id: booking.leadId,
      call_id: booking.callId,
      starts_at: booking.start,
      ends_at: booking.end,
      assignee_id: null,
      note: booking.note?.trim().slice(0, BOOKING_NOTE_MAX) || null,
    }),
  );
  if ('clash' in placed) return { ok: false, reason: 'time_taken', conflictingBookingId: placed.clash.id };
  return { ok: true, booking: placed.booking };
}

/** An assignee other than the lead's owner was chosen apart from it (docs/desk-api.md, One owner per seller). */
function chosenApart(assigneeId: string | null, leadOwnerId: string | null): boolean {
  return assigneeId !== null && assigneeId !== leadOwnerId;
}

/** The booking's fields after the request; a new start alone keeps the booking's length. */
function requested(row: BookingRow, input: UpdateBookingBody) {
  const start = input.starts_at ?? row.starts_at;
  const length = row.ends_at.getTime() - row.starts_at.getTime();
  const end = input.ends_at ?? (input.starts_at ? new Date(start.getTime() + length) : row.ends_at);
  const assigneeId = input.assignee_id === undefined ? row.assignee_id : input.assignee_id;
  return { start, end, assigneeId };
}

/**
 * PATCH /bookings/{id}: reschedule, reassign, re-note or cancel. A change emits booking.updated,
 * a cancellation booking.cancelled (docs/webhooks.md); a request that changes nothing emits
 * nothing. A cancelled booking stays cancelled: it may take a note, but moving or reassigning it
 * is 409 (book again instead).
 */
export function updateBooking(
  db: Database,
  workspaceId: string,
  bookingId: string,
  input: UpdateBookingBody,
  at: Date,
): Promise<Booking> {
  return db.transaction((tx) => updateBookingIn(tx, workspaceId, bookingId, input, at));
}

/**
 * updateBooking in the caller's transaction; `cause` goes with the event to the message planner
 * (a seller who texted C is told the cancellation they asked for is done; docs/notifications.md).
 */
export async function updateBookingIn(
  tx: Queryable,
  workspaceId: string,
  bookingId: string,
  input: UpdateBookingBody,
  at: Date,
  cause?: EventCause,
): Promise<Booking> {
  const row = await lockBooking(tx, workspaceId, bookingId);
  if (!row) throw notFound('booking', bookingId);
  const { start, end, assigneeId } = requested(row, input);
  const changes: BookingChanges = {};
  if (start.getTime() !== row.starts_at.getTime()) changes.starts_at = start;
  if (end.getTime() !== row.ends_at.getTime()) changes.ends_at = end;
  if (assigneeId !== row.assignee_id) changes.assignee_id = assigneeId;
  if (input.note !== undefined && input.note !== row.note) changes.note = input.note;
  if (input.status !== undefined && input.status !== row.status) changes.status = input.status;
  const moved =
    changes.starts_at !== undefined || changes.ends_at !== undefined || changes.assignee_id !== undefined;
  if (moved && row.status === 'cancelled') {
    throw new ApiError('conflict', `Booking ${row.id} is cancelled; create a new booking instead.`);
  }
  const pinned = await pinnedAfter(tx, row, input, changes);
  if (pinned !== row.assignee_pinned) changes.assignee_pinned = pinned;
  if (Object.keys(changes).length === 0) return toBooking(row);
  checkSpan(start, end);
  if (changes.assignee_id !== undefined) await checkAssignee(tx, workspaceId, assigneeId);
  if (moved && (changes.status ?? row.status) === 'scheduled') {
    await lockCalendar(tx, workspaceId, assigneeId);
    const clash = await findOverlap(tx, workspaceId, assigneeId, { start, end }, row.id);
    if (clash) throw timeTaken(clash);
  }
  const updated = await updateBookingRow(tx, workspaceId, row.id, changes, at);
  if (!updated) throw notFound('booking', bookingId);
  const booking = toBooking(updated);
  const type = changes.status === 'cancelled' ? 'booking.cancelled' : 'booking.updated';
  await recordEvent(tx, workspaceId, type, booking, at, cause);
  await followBooking(tx, updated, at);
  return booking;
}

/** The pin after a PATCH: as asked, else set by a new assignee chosen apart from the lead's owner. */
async function pinnedAfter(
  tx: Queryable,
  row: BookingRow,
  input: UpdateBookingBody,
  changes: BookingChanges,
): Promise<boolean> {
  if (input.assignee_pinned !== undefined) return input.assignee_pinned;
  if (changes.assignee_id === undefined) return row.assignee_pinned;
  const lead = await findLead(tx, row.workspace_id, row.lead_id);
  return chosenApart(changes.assignee_id, lead?.owner_id ?? null);
}
