import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { iso, Timestamp } from '../../http/schemas.js';
import { openSecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import { listCalendarEntries } from '../bookings/calendar.repo.js';
import { FEED_HISTORY_DAYS, FEED_MAX_EVENTS, toCalendarEvent } from '../bookings/calendar.routes.js';
import { renderCalendar } from '../bookings/ical.js';
import {
  type CalendarFeedRow,
  findFeedByHash,
  findLiveFeed,
  replaceFeed,
  revokeFeed,
  touchFeed,
} from './calendar-feeds.repo.js';

const TAGS = ['Bookings'];
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
// last_used_at says whether a calendar app still polls; once an hour is plenty for that.
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const CalendarFeed = z
  .object({
    id: z.string().describe('cf_...'),
    url: z.string().describe('The secret address to subscribe to; anyone holding it reads the bookings.'),
    scope: z
      .enum(['all', 'mine'])
      .describe("all: every scheduled booking; mine: yours and the shared desk's."),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable().describe('When a calendar app last fetched it (to the hour).'),
  })
  .meta({ id: 'CalendarFeed' });

const notYet = () =>
  new ApiError('not_found', 'No calendar feed yet: create one with POST /api/v1/calendar-feed.');

/**
 * A per-person secret address of the bookings feed, for calendar apps (Google, Outlook, Apple),
 * which cannot send an Authorization header. The token is the credential: only its SHA-256 is the
 * lookup key, and it is kept sealed so its owner can read the address again.
 */
export function registerCalendarFeedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secrets = () => openSecretBox(deps.config, deps.logger);
  const feedUrl = (token: string) => `${deps.config.PUBLIC_URL}/api/v1/calendar-feeds/${token}/bookings.ics`;
  const toFeed = (row: CalendarFeedRow) => ({
    id: row.id,
    url: feedUrl(secrets().open(row.token_ciphertext, row.id)),
    scope: row.scope,
    created_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at),
  });

  r.get(
    '/api/v1/calendar-feed',
    {
      config: { operation: 'calendar_feed.manage' },
      schema: {
        tags: TAGS,
        summary: 'Your calendar feed address in this workspace',
        description:
          '204 with no body until you create one (or after you revoke it): having no address yet is a ' +
          'state, not an error. Sessions only: the address is personal.',
        response: { 200: CalendarFeed, 204: z.null() },
      },
    },
    async (request, reply) => {
      const s = requireSession(request);
      const row = await findLiveFeed(deps.db, s.workspaceId, s.userId);
      if (!row) return reply.code(204).send(null);
      return toFeed(row);
    },
  );

  r.post(
    '/api/v1/calendar-feed',
    {
      // The address is the credential: a replayed answer leaves it out (GET reads it again).
      config: { operation: 'calendar_feed.manage', secretFields: ['url'] },
      schema: {
        tags: TAGS,
        summary: 'Create (or replace) your calendar feed address',
        description: 'A new secret address; the previous one stops working at once.',
        body: z.strictObject({ scope: z.enum(['all', 'mine']).default('all') }),
        response: { 201: CalendarFeed },
      },
    },
    async (request, reply) => {
      const s = requireSession(request);
      const now = deps.clock.now();
      const id = newId('cf', now.getTime());
      const token = randomToken(32);
      const row: CalendarFeedRow = {
        workspace_id: s.workspaceId,
        id,
        user_id: s.userId,
        token_hash: sha256Hex(token),
        token_ciphertext: secrets().seal(token, id),
        scope: request.body.scope,
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      };
      await replaceFeed(dbFor(request, deps.db), row, now);
      return reply.code(201).send(toFeed(row));
    },
  );

  r.delete(
    '/api/v1/calendar-feed',
    {
      config: { operation: 'calendar_feed.manage' },
      schema: { tags: TAGS, summary: 'Revoke your calendar feed address', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const s = requireSession(request);
      if (!(await revokeFeed(deps.db, s.workspaceId, s.userId, deps.clock.now()))) throw notYet();
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/calendar-feeds/:token/bookings.ics',
    {
      config: { operation: 'public' },
      schema: {
        tags: TAGS,
        summary: 'A calendar feed by its secret address',
        description: `The feed of GET /bookings.ics (from ${FEED_HISTORY_DAYS} days back, at most ${FEED_MAX_EVENTS} events) for the address's owner, while they are a member. An unknown, revoked or malformed address is 404.`,
        params: z.strictObject({ token: z.string().max(100) }),
        response: {
          200: { description: 'The calendar.', content: { 'text/calendar': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const gone = new ApiError('not_found', 'No such calendar feed.');
      if (!TOKEN_SHAPE.test(request.params.token)) throw gone;
      const feed = await findFeedByHash(deps.db, sha256Hex(request.params.token));
      if (!feed) throw gone;
      const now = deps.clock.now();
      if (feed.last_used_at === null || now.getTime() - feed.last_used_at.getTime() >= TOUCH_EVERY_MS) {
        await touchFeed(deps.db, feed, now);
      }
      const from = new Date(now.getTime() - FEED_HISTORY_DAYS * 24 * 60 * 60_000);
      const entries = await listCalendarEntries(
        deps.db,
        feed.workspace_id,
        { from, to: null },
        FEED_MAX_EVENTS,
        feed.scope === 'mine' ? feed.user_id : null,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(renderCalendar('callagent bookings', entries.map(toCalendarEvent)));
    },
  );
}
