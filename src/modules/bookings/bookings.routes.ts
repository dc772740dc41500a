import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, listOf, pageOf } from '../../http/pagination.js';
import { findLead } from '../leads/leads.repo.js';
import { findBooking, listBookings } from './bookings.repo.js';
import {
  Booking,
  BookingListQuery,
  BookingParams,
  CreateBookingBody,
  toBooking,
  UpdateBookingBody,
} from './bookings.schemas.js';
import { createBooking, updateBooking } from './bookings.service.js';

const TAGS = ['Bookings'];

export function registerBookingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bookingGuard = {
    param: 'booking_id',
    what: 'booking',
    exists: async (ws: string, id: string) => (await findBooking(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/bookings',
    {
      config: { operation: 'bookings.read' },
      schema: {
        tags: TAGS,
        summary: 'List bookings',
        description:
          'Newest first (by creation) unless order=asc. Filters combine: kind, lead_id, status, and from/to, ' +
          'which keep bookings overlapping the window (ending after from, starting before to).',
        querystring: BookingListQuery,
        response: { 200: listOf(Booking) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor, kind, lead_id, status, from, to } = request.query;
      const rows = await listBookings(
        deps.db,
        p.workspaceId,
        { kind, leadId: lead_id, status, from, to },
        { after: decodeCursor(cursor), order, limit },
      );
      return pageOf(rows, limit, (b) => b.id, toBooking);
    },
  );

  r.get(
    '/api/v1/bookings/:booking_id',
    {
      config: { operation: 'bookings.read', resource: bookingGuard },
      schema: {
        tags: TAGS,
        summary: 'Read a booking',
        description: 'A booking of another workspace answers 404 not_found, exactly like a missing one.',
        params: BookingParams,
        response: { 200: Booking },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const row = await findBooking(deps.db, p.workspaceId, request.params.booking_id);
      if (!row) throw notFound('booking', request.params.booking_id);
      return toBooking(row);
    },
  );

  r.post(
    '/api/v1/bookings',
    {
      config: {
        operation: 'bookings.write',
        // The lead is named in the body: a denied request on another workspace's lead answers 404.
        resource: {
          param: 'lead_id',
          in: 'body',
          what: 'lead',
          exists: async (ws, id) => (await findLead(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Book a callback or a viewing',
        description:
          'The lead (and call_id, when given) must be in this workspace: 404 not_found otherwise. Without ' +
          'ends_at the booking lasts the published agent configuration’s callback_minutes or ' +
          'viewing_minutes. A booking may last at most 24 hours. A scheduled booking overlapping this one ' +
          'on the same calendar (the assignee’s, or the shared desk calendar when there is no assignee) is ' +
          '409 conflict naming it. Emits booking.created.',
        body: CreateBookingBody,
        response: { 201: Booking },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const booking = await createBooking(
        dbFor(request, deps.db),
        p.workspaceId,
        request.body,
        deps.clock.now(),
      );
      return reply.code(201).send(booking);
    },
  );

  r.patch(
    '/api/v1/bookings/:booking_id',
    {
      config: { operation: 'bookings.write', resource: bookingGuard },
      schema: {
        tags: TAGS,
        summary: 'Reschedule, reassign or cancel a booking',
        description:
          'starts_at alone moves the booking and keeps its length; ends_at changes the end. status: cancelled ' +
          'cancels it and frees its time. Moving or reassigning onto a scheduled booking of the same calendar ' +
          'is 409 conflict. A cancelled booking can take a note but not be moved (409). An assignee_id other ' +
          'than the lead’s owner pins the assignee (assignee_pinned), so assigning the deal leaves it. Emits ' +
          'booking.cancelled for a cancellation and booking.updated for any other change; a request that ' +
          'changes nothing emits nothing.',
        params: BookingParams,
        body: UpdateBookingBody,
        response: { 200: Booking },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return updateBooking(deps.db, p.workspaceId, request.params.booking_id, request.body, deps.clock.now());
    },
  );
}
