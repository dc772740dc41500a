import { z } from 'zod';
import { ListQuery } from '../../http/pagination.js';
import { iso, Timestamp } from '../../http/schemas.js';
import type { BookingRow } from './bookings.repo.js';

export const BOOKING_KINDS = ['callback', 'viewing'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
export const BOOKING_STATUSES = ['scheduled', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_NOTE_MAX = 2000;
/** A booking longer than a day is a mistake, not a callback or a viewing. */
export const BOOKING_MAX_MINUTES = 24 * 60;

export const Booking = z
  .object({
    id: z.string().describe('bk_...'),
    kind: z.enum(BOOKING_KINDS),
    lead_id: z.string(),
    call_id: z.string().nullable().describe('The call that made the booking, if the agent made it.'),
    starts_at: Timestamp,
    ends_at: Timestamp,
    assignee_id: z.string().nullable().describe('The member it is for; null: the shared desk calendar.'),
    note: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    assignee_pinned: z
      .boolean()
      .describe(
        'The assignee was chosen apart from the lead’s owner, so assigning the lead’s deal leaves this booking where it is.',
      ),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof Booking>;

/** The API object; booking.created, booking.updated and booking.cancelled `data` is exactly this. */
export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    kind: row.kind,
    lead_id: row.lead_id,
    call_id: row.call_id,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    assignee_id: row.assignee_id,
    note: row.note,
    status: row.status,
    assignee_pinned: row.assignee_pinned,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const Instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 timestamp, such as 2026-11-24T10:00:00Z' })
  .transform((s) => new Date(s))
  .meta({ format: 'date-time' });
const Note = z.string().trim().max(BOOKING_NOTE_MAX);
const Id = z.string().max(40);

export const CreateBookingBody = z.strictObject({
  kind: z.enum(BOOKING_KINDS),
  lead_id: Id.describe('A lead of this workspace (404 otherwise).'),
  starts_at: Instant,
  ends_at: Instant.optional().describe(
    'Default: starts_at plus the published agent configuration’s callback_minutes or viewing_minutes.',
  ),
  assignee_id: Id.nullable().optional().describe('A member; null or absent: the shared desk calendar.'),
  assignee_pinned: z
    .boolean()
    .optional()
    .describe('Default: pinned when assignee_id names someone other than the lead’s owner.'),
  note: Note.nullable().optional(),
  call_id: Id.nullable().optional().describe('A call of this workspace (404 otherwise).'),
});
export type CreateBookingBody = z.infer<typeof CreateBookingBody>;

export const UpdateBookingBody = z.strictObject({
  starts_at: Instant.optional().describe('Reschedule; without ends_at the booking keeps its length.'),
  ends_at: Instant.optional(),
  status: z.literal('cancelled').optional().describe('Cancel. A cancelled booking frees its time for good.'),
  assignee_id: Id.nullable().optional(),
  assignee_pinned: z
    .boolean()
    .optional()
    .describe(
      'true keeps the assignee when the deal is assigned; false lets it follow the deal again. Default: pinned when assignee_id names someone other than the lead’s owner.',
    ),
  note: Note.nullable().optional(),
});
export type UpdateBookingBody = z.infer<typeof UpdateBookingBody>;

const WindowFields = {
  from: Instant.optional().describe('Only bookings that end after this instant.'),
  to: Instant.optional().describe('Only bookings that start before this instant.'),
};

function checkWindow(q: { from?: Date | undefined; to?: Date | undefined }, ctx: z.RefinementCtx): void {
  if (q.from && q.to && q.to.getTime() <= q.from.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  }
}

export const BookingListQuery = ListQuery.extend({
  ...WindowFields,
  kind: z.enum(BOOKING_KINDS).optional(),
  lead_id: Id.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
}).superRefine(checkWindow);
export type BookingListQuery = z.infer<typeof BookingListQuery>;

export const BookingParams = z.strictObject({ booking_id: z.string().max(40) });

export const CalendarQuery = z.strictObject(WindowFields).superRefine(checkWindow);

export const FREE_TIMES_MAX = 50;
export const FreeTimeQuery = z.strictObject({
  kind: z
    .enum(BOOKING_KINDS)
    .default('callback')
    .describe('Sets the length of a booking (callback_minutes or viewing_minutes).'),
  limit: z.coerce.number().int().min(1).max(FREE_TIMES_MAX).default(10),
});

export const FreeTime = z.object({ starts_at: Timestamp, ends_at: Timestamp }).meta({ id: 'FreeSlot' });
