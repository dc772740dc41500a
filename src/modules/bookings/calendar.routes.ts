import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { loadBookingSettings } from './booking-config.js';
import { CalendarQuery, FreeTime, FreeTimeQuery } from './bookings.schemas.js';
import { type CalendarEntry, listCalendarEntries } from './calendar.repo.js';
import { findFreeTimes } from './free-times.service.js';
import { type CalendarEvent, renderCalendar } from './ical.js';

const TAGS = ['Bookings'];
/** Without `from`, the feed starts this far back: calendars want recent history, not all of it. */
export const FEED_HISTORY_DAYS = 30;
export const FEED_MAX_EVENTS = 5000;

export function toCalendarEvent(entry: CalendarEntry): CalendarEvent {
  const label = entry.kind === 'callback' ? 'Callback' : 'Viewing';
  return {
    uid: `${entry.id}@callagent`,
    stamp: entry.updated_at,
    created: entry.created_at,
    start: entry.starts_at,
    end: entry.ends_at,
    summary: `${label}: ${entry.lead_name}`,
    description: [`Phone: ${entry.lead_phone}`, entry.note].filter((x) => x).join('\n'),
  };
}

/** Static paths, so they never collide with /api/v1/bookings/:booking_id. */
export function registerCalendarRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/bookings/free-slots',
    {
      config: { operation: 'bookings.read' },
      schema: {
        tags: TAGS,
        summary: 'Free times of the desk calendar',
        description:
          'Soonest first: times of the kind’s length, aligned to the opening of each business-hours window ' +
          'in the configured time zone, starting at least lead_time_minutes from now and ending within ' +
          'horizon_days, not overlapping scheduled bookings of the shared desk calendar (bookings without an ' +
          'assignee). Uses the latest published agent configuration, or the default before the first publish.',
        querystring: FreeTimeQuery,
        response: { 200: z.object({ data: z.array(FreeTime) }) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const settings = await loadBookingSettings(deps.db, p.workspaceId);
      const { kind, limit } = request.query;
      const times = await findFreeTimes(deps.db, p.workspaceId, settings, kind, deps.clock.now(), limit);
      return { data: times.map((s) => ({ starts_at: s.start.toISOString(), ends_at: s.end.toISOString() })) };
    },
  );

  r.get(
    '/api/v1/bookings.ics',
    {
      config: { operation: 'bookings.read' },
      schema: {
        tags: TAGS,
        summary: 'Calendar feed of scheduled bookings (iCalendar)',
        description:
          'An RFC 5545 text/calendar document of scheduled bookings, one VEVENT each (UID <booking id>@callagent, ' +
          `times in UTC). Without from, it starts ${FEED_HISTORY_DAYS} days back; at most ${FEED_MAX_EVENTS} ` +
          'events, in start order. Same authentication as the rest of the API.',
        querystring: CalendarQuery,
        response: {
          200: {
            description: 'The calendar.',
            content: { 'text/calendar': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const now = deps.clock.now();
      const from = request.query.from ?? new Date(now.getTime() - FEED_HISTORY_DAYS * 24 * 60 * 60_000);
      const entries = await listCalendarEntries(
        deps.db,
        p.workspaceId,
        { from, to: request.query.to ?? null },
        FEED_MAX_EVENTS,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .send(renderCalendar('callagent bookings', entries.map(toCalendarEvent)));
    },
  );
}
