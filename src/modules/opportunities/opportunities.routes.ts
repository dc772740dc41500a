import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorId, requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, listOf, toPage } from '../../http/pagination.js';
import { searchTerms } from '../../lib/search.js';
import { MergeBody } from '../leads/leads.schemas.js';
import { CreateNoteBody, OpportunityListQuery, UpdateOpportunityBody } from './opportunities.query.js';
import { findOpportunity, listOpportunities } from './opportunities.repo.js';
import { Opportunity, OpportunityNote, toNote } from './opportunities.schemas.js';
import { addNote, getOpportunity, updateOpportunity, withNotesOfPage } from './opportunities.service.js';
import { mergeOpportunities } from './opportunity-merge.js';

const TAGS = ['Opportunities'];
const OpportunityParams = z.strictObject({ opportunity_id: z.string().max(40) });

export function registerOpportunityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = {
    param: 'opportunity_id',
    what: 'opportunity',
    exists: async (ws: string, id: string) => (await findOpportunity(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/opportunities',
    {
      config: { operation: 'opportunities.read' },
      schema: {
        tags: TAGS,
        summary: 'Scored opportunities, newest first',
        querystring: OpportunityListQuery,
        response: { 200: listOf(Opportunity) },
      },
    },
    async (request) => {
      const ws = requirePrincipal(request).workspaceId;
      const { limit, order, cursor, postcode, q, ...filters } = request.query;
      const rows = await listOpportunities(
        deps.db,
        ws,
        { ...filters, postcodePrefix: postcode, search: searchTerms(q) },
        { after: decodeCursor(cursor), order, limit },
      );
      const page = toPage(rows, limit, (o) => o.id);
      return { data: await withNotesOfPage(deps.db, ws, page.data), next_cursor: page.next_cursor };
    },
  );

  r.get(
    '/api/v1/opportunities/:opportunity_id',
    {
      config: { operation: 'opportunities.read', resource: guard },
      schema: {
        tags: TAGS,
        summary: 'One opportunity, with its notes',
        params: OpportunityParams,
        response: { 200: Opportunity },
      },
    },
    async (request) =>
      getOpportunity(deps.db, requirePrincipal(request).workspaceId, request.params.opportunity_id),
  );

  r.patch(
    '/api/v1/opportunities/:opportunity_id',
    {
      config: { operation: 'opportunities.write', resource: guard },
      schema: {
        tags: TAGS,
        summary: 'Assign an owner, change the outcome, move the stage or set the next action',
        description:
          'Emits opportunity.updated when something changed; a request that changes nothing answers the opportunity and emits nothing. Moving to dead needs dead_reason; a completed or dead deal loses its next action.',
        params: OpportunityParams,
        body: UpdateOpportunityBody,
        response: { 200: Opportunity },
      },
    },
    async (request) =>
      updateOpportunity(
        deps.db,
        deps.clock,
        requirePrincipal(request).workspaceId,
        request.params.opportunity_id,
        request.body,
      ),
  );

  r.post(
    '/api/v1/opportunities/:opportunity_id/notes',
    {
      config: { operation: 'opportunities.write', resource: guard },
      schema: {
        tags: TAGS,
        summary: 'Add a desk note',
        description:
          'Answers the note; emits opportunity.updated with the whole opportunity, notes included.',
        params: OpportunityParams,
        body: CreateNoteBody,
        response: { 201: OpportunityNote },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const note = await addNote(
        dbFor(request, deps.db),
        deps.clock,
        p.workspaceId,
        request.params.opportunity_id,
        actorId(p),
        request.body.body,
      );
      return reply.code(201).send(toNote(note));
    },
  );

  r.post(
    '/api/v1/opportunities/:opportunity_id/merge',
    {
      config: { operation: 'opportunities.write', resource: guard },
      schema: {
        tags: TAGS,
        summary: 'Merge this opportunity into another',
        description:
          'Two deals for one house become one: this opportunity’s notes and calls move to `into`, which keeps ' +
          'its own facts and owner and takes those it lacked (scored again when its facts changed). This one ' +
          'stays readable with merged_into set and leaves the lists. Answers the survivor. Emits ' +
          'opportunity.merged (this one) and opportunity.updated (the survivor). Either opportunity of ' +
          'another workspace is 404; either already merged is 409.',
        params: OpportunityParams,
        body: MergeBody,
        response: { 200: Opportunity },
      },
    },
    async (request) =>
      mergeOpportunities(
        dbFor(request, deps.db),
        requirePrincipal(request).workspaceId,
        request.params.opportunity_id,
        request.body.into,
        deps.clock.now(),
      ),
  );
}
