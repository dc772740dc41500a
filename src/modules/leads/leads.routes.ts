import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, listOf, pageOf } from '../../http/pagination.js';
import { searchTerms } from '../../lib/search.js';
import { mergeLeads } from './lead-merge.js';
import { findLead, listLeads } from './leads.repo.js';
import {
  CreateLeadBody,
  Lead,
  LeadListQuery,
  LeadParams,
  MergeBody,
  toLead,
  UpdateLeadBody,
} from './leads.schemas.js';
import { createLead, updateLead } from './leads.service.js';

const TAGS = ['Leads'];

export function registerLeadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const leadGuard = {
    param: 'lead_id',
    what: 'lead',
    exists: async (ws: string, id: string) => (await findLead(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/leads',
    {
      config: { operation: 'leads.read' },
      schema: {
        tags: TAGS,
        summary: 'List leads',
        description:
          'Newest first unless order=asc. Filters combine: status, owner_id, phone (any format, matched on ' +
          'its E.164 form; an unparseable phone is 400) and q, a search by name, email, any part of the number ' +
          'or an address or postcode of the lead’s opportunities, which any text up to 200 characters may be.',
        querystring: LeadListQuery,
        response: { 200: listOf(Lead) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { limit, order, cursor, status, owner_id, phone, q } = request.query;
      const rows = await listLeads(
        deps.db,
        p.workspaceId,
        { status, ownerId: owner_id, phone, search: searchTerms(q) },
        { after: decodeCursor(cursor), order, limit },
      );
      return pageOf(rows, limit, (l) => l.id, toLead);
    },
  );

  r.get(
    '/api/v1/leads/:lead_id',
    {
      config: { operation: 'leads.read', resource: leadGuard },
      schema: {
        tags: TAGS,
        summary: 'Read a lead',
        description: 'A lead of another workspace answers 404 not_found, exactly like a missing one.',
        params: LeadParams,
        response: { 200: Lead },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const row = await findLead(deps.db, p.workspaceId, request.params.lead_id);
      if (!row) throw notFound('lead', request.params.lead_id);
      return toLead(row);
    },
  );

  r.post(
    '/api/v1/leads',
    {
      config: { operation: 'leads.write' },
      schema: {
        tags: TAGS,
        summary: 'Create a lead',
        description:
          'The phone is stored in E.164 (UK when no country code is given). A phone already on a lead of ' +
          'this workspace is 409 conflict naming that lead. owner_id must be a member of the workspace ' +
          '(400 otherwise). Status starts at new, source is api. Emits lead.created.',
        body: CreateLeadBody,
        response: { 201: Lead },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const lead = await createLead(dbFor(request, deps.db), p.workspaceId, request.body, deps.clock.now());
      return reply.code(201).send(lead);
    },
  );

  r.patch(
    '/api/v1/leads/:lead_id',
    {
      config: { operation: 'leads.write', resource: leadGuard },
      schema: {
        tags: TAGS,
        summary: 'Update a lead',
        description:
          'Change status, owner_id (a member, or null), note (null clears it), name or email. Emits ' +
          'lead.updated when something changed; a request that changes nothing answers the lead as it ' +
          'is and emits nothing. The phone cannot change: it is the lead’s identity.',
        params: LeadParams,
        body: UpdateLeadBody,
        response: { 200: Lead },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return updateLead(deps.db, p.workspaceId, request.params.lead_id, request.body, deps.clock.now());
    },
  );

  r.post(
    '/api/v1/leads/:lead_id/merge',
    {
      config: { operation: 'leads.write', resource: leadGuard },
      schema: {
        tags: TAGS,
        summary: 'Merge this lead into another',
        description:
          'One seller, one lead: this lead’s calls, opportunities and bookings move to `into`, which keeps its ' +
          'own phone, name and owner and takes a name, owner or email it lacked; its note gains a line naming ' +
          'this lead’s number and note. This lead stays readable with merged_into set, leaves the lists, and a ' +
          'caller on its number reaches the survivor. Answers the survivor. Emits lead.merged (this lead), ' +
          'lead.updated (the survivor), and opportunity.updated / booking.updated for each record that moved. ' +
          'Either lead of another workspace is 404; either already merged is 409.',
        params: LeadParams,
        body: MergeBody,
        response: { 200: Lead },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return mergeLeads(
        dbFor(request, deps.db),
        p.workspaceId,
        request.params.lead_id,
        request.body.into,
        deps.clock.now(),
      );
    },
  );
}
