import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { EVENT_TYPES } from '../../events/catalogue.js';
import { notFound } from '../../http/errors.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { iso, Timestamp } from '../../http/schemas.js';
import { type EventRow, findEvent, listEvents } from './event-log.repo.js';

const TAGS = ['Events'];

export const EventEnvelope = z
  .object({
    id: z.string().describe('evt_...: unique per event; receivers use it as an idempotency key.'),
    type: z.enum(EVENT_TYPES),
    created_at: Timestamp,
    workspace_id: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .describe('The API object the event is about, as the API returns it (see the type).'),
  })
  .meta({ id: 'Event' });

const Since = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 timestamp, such as 2026-11-21T09:30:00Z' })
  .transform((s) => new Date(s))
  .meta({ format: 'date-time' });

const EventListQuery = ListQuery.extend({
  type: z.enum(EVENT_TYPES).optional(),
  since: Since.optional().describe('Events created at or after this instant.'),
});

/** The envelope exactly as webhook deliveries carry it. */
const toEnvelope = (e: EventRow) => ({
  id: e.id,
  type: e.type,
  created_at: iso(e.created_at),
  workspace_id: e.workspace_id,
  data: e.data,
});

export function registerEventRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/events',
    {
      config: { operation: 'events.read' },
      schema: {
        tags: TAGS,
        summary: 'Events of this workspace, newest first, for reconciliation',
        description:
          'The same envelopes webhook deliveries carry. An event is listed once its change has committed.',
        querystring: EventListQuery,
        response: { 200: listOf(EventEnvelope) },
      },
    },
    async (request) => {
      const { limit, order, cursor, ...filters } = request.query;
      const rows = await listEvents(deps.db, requirePrincipal(request).workspaceId, filters, {
        after: decodeCursor(cursor),
        order,
        limit,
      });
      return pageOf(rows, limit, (e) => e.id, toEnvelope);
    },
  );

  r.get(
    '/api/v1/events/:event_id',
    {
      config: {
        operation: 'events.read',
        resource: {
          param: 'event_id',
          what: 'event',
          exists: async (ws, id) => (await findEvent(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: TAGS,
        summary: 'One event',
        params: z.strictObject({ event_id: z.string().max(40) }),
        response: { 200: EventEnvelope },
      },
    },
    async (request) => {
      const row = await findEvent(deps.db, requirePrincipal(request).workspaceId, request.params.event_id);
      if (!row) throw notFound('event', request.params.event_id);
      return toEnvelope(row);
    },
  );
}
