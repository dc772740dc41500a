import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorId, requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { ApiError, notFound } from '../../http/errors.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, invalidCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { findLatestVersion, findVersion, listVersions } from './agent.repo.js';
import { Agent, AgentDraft, AgentVersion, toDraft, toVersion } from './agent.schemas.js';
import { publishDraft, readAgent, readDraft, restoreVersion, saveDraft } from './agent.service.js';
import { AgentConfig } from './agent-config.js';

const TAGS = ['Agent configuration'];
const VersionNumber = z.coerce.number().int().min(1).max(2_147_483_647);
const VersionParams = z.strictObject({ version: VersionNumber });

function versionCursor(key: string | null): number | null {
  if (key === null) return null;
  const parsed = VersionNumber.safeParse(key);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

export function registerAgentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const versionGuard = {
    param: 'version',
    what: 'agent version',
    exists: async (ws: string, value: string) => {
      const parsed = VersionNumber.safeParse(value);
      return parsed.success && (await findVersion(deps.db, ws, parsed.data)) !== null;
    },
  };

  r.get(
    '/api/v1/agent',
    {
      config: { operation: 'agent.read' },
      schema: {
        tags: TAGS,
        summary: 'The draft and the published (live) configuration',
        response: { 200: Agent },
      },
    },
    async (request) => {
      const { draft, published } = await readAgent(deps.db, requirePrincipal(request).workspaceId);
      return { draft: toDraft(draft), published: published ? toVersion(published) : null };
    },
  );

  r.get(
    '/api/v1/agent/draft',
    {
      config: { operation: 'agent.read' },
      schema: {
        tags: TAGS,
        summary: 'The draft configuration',
        description: 'A workspace that never changed its draft has the default configuration.',
        response: { 200: AgentDraft },
      },
    },
    async (request) => toDraft(await readDraft(deps.db, requirePrincipal(request).workspaceId)),
  );

  r.put(
    '/api/v1/agent/draft',
    {
      config: { operation: 'agent.write' },
      schema: {
        tags: TAGS,
        summary: 'Replace the draft configuration',
        description:
          'The whole configuration is validated; each problem is a `details` entry whose path starts with `config.`. Calls keep running the published version until you publish.',
        body: z.strictObject({ config: AgentConfig }),
        response: { 200: AgentDraft },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return toDraft(await saveDraft(deps.db, deps.clock, p.workspaceId, actorId(p), request.body.config));
    },
  );

  r.get(
    '/api/v1/agent/published',
    {
      config: { operation: 'agent.read' },
      schema: {
        tags: TAGS,
        summary: 'The published (live) configuration',
        description:
          '404 before the first publish; calls then run the default configuration (agent_version null).',
        response: { 200: AgentVersion },
      },
    },
    async (request) => {
      const latest = await findLatestVersion(deps.db, requirePrincipal(request).workspaceId);
      if (!latest) throw new ApiError('not_found', 'Nothing has been published in this workspace yet.');
      return toVersion(latest);
    },
  );

  r.post(
    '/api/v1/agent/publish',
    {
      config: { operation: 'agent.write' },
      schema: {
        tags: TAGS,
        summary: 'Publish the draft as the next numbered version',
        description:
          'Calls that start from now on run it. Emits agent.published with the version as data. 409 conflict when the draft is the same as the published configuration.',
        response: { 201: AgentVersion },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const row = await publishDraft(dbFor(request, deps.db), deps.clock, p.workspaceId, actorId(p));
      return reply.code(201).send(toVersion(row));
    },
  );

  r.get(
    '/api/v1/agent/versions',
    {
      config: { operation: 'agent.read' },
      schema: {
        tags: TAGS,
        summary: 'Published versions, newest first',
        querystring: ListQuery,
        response: { 200: listOf(AgentVersion) },
      },
    },
    async (request) => {
      const { limit, order, cursor } = request.query;
      const rows = await listVersions(deps.db, requirePrincipal(request).workspaceId, {
        after: versionCursor(decodeCursor(cursor)),
        order,
        limit,
      });
      return pageOf(rows, limit, (v) => String(v.version), toVersion);
    },
  );

  r.get(
    '/api/v1/agent/versions/:version',
    {
      config: { operation: 'agent.read', resource: versionGuard },
      schema: {
        tags: TAGS,
        summary: 'One published version',
        params: VersionParams,
        response: { 200: AgentVersion },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const row = await findVersion(deps.db, p.workspaceId, request.params.version);
      if (!row) throw notFound('agent version', String(request.params.version));
      return toVersion(row);
    },
  );

  r.post(
    '/api/v1/agent/versions/:version/restore',
    {
      config: { operation: 'agent.write', resource: versionGuard },
      schema: {
        tags: TAGS,
        summary: 'Copy a published version into the draft',
        description:
          'Answers the new draft (based_on_version is the restored version). Publish to make it live.',
        params: VersionParams,
        response: { 200: AgentDraft },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return toDraft(
        await restoreVersion(
          dbFor(request, deps.db),
          deps.clock,
          p.workspaceId,
          actorId(p),
          request.params.version,
        ),
      );
    },
  );
}
