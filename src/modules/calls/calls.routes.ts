import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { decodeCursor, invalidCursor, listOf, pageOf } from '../../http/pagination.js';
import { searchTerms } from '../../lib/search.js';
import { listModelCalls } from '../../llm/model-calls.repo.js';
import { expandCalls, ListedCall } from './calls.expand.js';
import { CallListQuery } from './calls.query.js';
import { findCall, listCalls, listTurns } from './calls.repo.js';
import { Call, ModelUsage, Transcript, toCall, toModelUsage, toTranscript } from './calls.schemas.js';

const TAGS = ['Calls'];
const CallParams = z.strictObject({ call_id: z.string().max(40) });

function callCursor(key: string | null): { startedAt: Date; id: string } | null {
  if (key === null) return null;
  const [at, id] = key.split('|');
  const startedAt = new Date(at ?? '');
  if (!id || Number.isNaN(startedAt.getTime())) throw invalidCursor();
  return { startedAt, id };
}

export function registerCallRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const callGuard = {
    param: 'call_id',
    what: 'call',
    exists: async (ws: string, id: string) => (await findCall(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/calls',
    {
      config: { operation: 'calls.read' },
      schema: {
        tags: TAGS,
        summary: 'Calls, newest first by start time',
        querystring: CallListQuery,
        response: { 200: listOf(ListedCall) },
      },
    },
    async (request) => {
      const { limit, order, cursor, expand, q, ...filters } = request.query;
      const ws = requirePrincipal(request).workspaceId;
      const rows = await listCalls(
        deps.db,
        ws,
        { ...filters, search: searchTerms(q) },
        {
          after: callCursor(decodeCursor(cursor)),
          order,
          limit,
        },
      );
      const page = pageOf(rows, limit, (c) => `${c.started_at.toISOString()}|${c.id}`, toCall);
      if (expand === undefined) return page;
      return { data: await expandCalls(deps.db, ws, page.data, expand), next_cursor: page.next_cursor };
    },
  );

  r.get(
    '/api/v1/calls/:call_id',
    {
      config: { operation: 'calls.read', resource: callGuard },
      schema: { tags: TAGS, summary: 'One call', params: CallParams, response: { 200: Call } },
    },
    async (request) => {
      const row = await findCall(deps.db, requirePrincipal(request).workspaceId, request.params.call_id);
      if (!row) throw notFound('call', request.params.call_id);
      return toCall(row);
    },
  );

  r.get(
    '/api/v1/calls/:call_id/transcript',
    {
      config: { operation: 'calls.read', resource: callGuard },
      schema: {
        tags: TAGS,
        summary: "A call's transcript, turn by turn",
        description: 'Grows while the call is in progress; complete once call.completed is emitted.',
        params: CallParams,
        response: { 200: Transcript },
      },
    },
    async (request) => {
      const ws = requirePrincipal(request).workspaceId;
      const row = await findCall(deps.db, ws, request.params.call_id);
      if (!row) throw notFound('call', request.params.call_id);
      return toTranscript(row.id, await listTurns(deps.db, ws, row.id));
    },
  );

  r.get(
    '/api/v1/calls/:call_id/model-usage',
    {
      config: { operation: 'calls.read', resource: callGuard },
      schema: {
        tags: TAGS,
        summary: 'The language-model requests a call made: purpose, outcome, latency and tokens',
        description:
          'Turn readings are made while the call is in progress; the summary and audit shortly after it ends. Empty when the language model is off.',
        params: CallParams,
        response: { 200: ModelUsage },
      },
    },
    async (request) => {
      const ws = requirePrincipal(request).workspaceId;
      const row = await findCall(deps.db, ws, request.params.call_id);
      if (!row) throw notFound('call', request.params.call_id);
      return toModelUsage(row.id, await listModelCalls(deps.db, ws, row.id));
    },
  );
}
