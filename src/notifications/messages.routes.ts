import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { requirePrincipal } from '../auth/principal.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import { decodeCursor, listOf, pageOf } from '../http/pagination.js';
import { findLead } from '../modules/leads/leads.repo.js';
import { LeadParams } from '../modules/leads/leads.schemas.js';
import { findMessage, listMessages } from '../modules/messages/messages.repo.js';
import {
  LeadTexting,
  Message,
  MessageListQuery,
  MessageParams,
  toMessage,
} from '../modules/messages/messages.schemas.js';
import { findWorkspace } from '../modules/workspaces/workspaces.repo.js';
import { publishedTexts, type TextingBlock, textingRoute } from './seller-texts/plan-booking-texts.js';
import { findOptOut } from './seller-texts/seller-texts.repo.js';

const TAGS = ['Messages'];

function because(block: TextingBlock, zone: string): string {
  switch (block.reason) {
    case 'texts_off':
      return 'Texts are off in the agent configuration';
    case 'no_number':
      return 'The workspace has no Twilio number with its account SID';
    case 'not_mobile':
      return 'Not a mobile number';
    case 'opted_out':
      return `The seller texted STOP on ${DateTime.fromJSDate(block.at, { zone }).setLocale('en-GB').toFormat('ccc d LLL yyyy')}`;
  }
}

/** The message log (docs/notifications.md, Message log API) and whether a lead can be texted. */
export function registerMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.PUBLIC_URL;

  r.get(
    '/api/v1/messages',
    {
      config: { operation: 'messages.read' },
      schema: {
        tags: TAGS,
        summary: 'List messages',
        description:
          'Texts to sellers, their replies, alerts to the desk and email for the team, newest first unless ' +
          'order=asc. Filters combine: lead_id, channel, direction, status.',
        querystring: MessageListQuery,
        response: { 200: listOf(Message) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor, lead_id, channel, direction, status } = request.query;
      const rows = await listMessages(
        deps.db,
        p.workspaceId,
        { leadId: lead_id, channel, direction, status },
        { after: decodeCursor(cursor), order, limit },
      );
      return pageOf(
        rows,
        limit,
        (m) => m.id,
        (m) => toMessage(m, publicUrl),
      );
    },
  );

  r.get(
    '/api/v1/messages/:message_id',
    {
      config: {
        operation: 'messages.read',
        resource: {
          param: 'message_id',
          what: 'message',
          exists: async (ws: string, id: string) => (await findMessage(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Read a message',
        description: 'A message of another workspace answers 404 not_found, exactly like a missing one.',
        params: MessageParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const row = await findMessage(deps.db, p.workspaceId, request.params.message_id);
      if (!row) throw notFound('message', request.params.message_id);
      return toMessage(row, publicUrl);
    },
  );

  r.get(
    '/api/v1/leads/:lead_id/texting',
    {
      config: {
        operation: 'messages.read',
        resource: {
          param: 'lead_id',
          what: 'lead',
          exists: async (ws: string, id: string) => (await findLead(deps.db, ws, id)) !== null,
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Whether the seller can be texted',
        description:
          'Whether a booking of this lead would be confirmed by text: texts on in the published agent ' +
          'configuration, a Twilio number with its account SID, a UK mobile, and no STOP (docs/notifications.md).',
        params: LeadParams,
        response: { 200: LeadTexting },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const lead = await findLead(deps.db, p.workspaceId, request.params.lead_id);
      if (!lead) throw notFound('lead', request.params.lead_id);
      const published = await publishedTexts(deps.db, p.workspaceId);
      const optedOutAt = await findOptOut(deps.db, p.workspaceId, lead.phone);
      const route = await textingRoute(
        deps.db,
        p.workspaceId,
        published?.texts.enabled === true,
        lead.phone,
        optedOutAt,
        null,
      );
      const zone = (await findWorkspace(deps.db, p.workspaceId))?.time_zone ?? 'Europe/London';
      return {
        can_text: 'from' in route,
        reason: 'from' in route ? null : because(route, zone),
        opted_out_at: optedOutAt === null ? null : optedOutAt.toISOString(),
      };
    },
  );
}
