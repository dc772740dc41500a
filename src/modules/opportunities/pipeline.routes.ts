import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { actorId, requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { decodeCursor, encodeCursor, invalidCursor, listOf } from '../../http/pagination.js';
import { findWorkspace } from '../workspaces/workspaces.repo.js';
import { Opportunity } from './opportunities.schemas.js';
import { withNotesOfPage } from './opportunities.service.js';
import { listTasks, loadPipeline, savePipeline, type TaskFilter } from './pipeline.repo.js';
import { Pipeline, type TaskList, TaskListQuery, UpdatePipelineBody } from './pipeline.schemas.js';

/** The cursor of a task page: the last row's due time and id. */
function taskCursor(raw: string | undefined): { due: Date; id: string } | null {
  const key = decodeCursor(raw);
  if (key === null) return null;
  const [due = '', id = ''] = key.split('|');
  const at = new Date(due);
  if (Number.isNaN(at.getTime()) || id === '') throw invalidCursor();
  return { due: at, id };
}

async function dueWindow(deps: AppDeps, workspaceId: string, list: TaskList): Promise<TaskFilter> {
  const now = deps.clock.now();
  if (list === 'overdue') return { dueBefore: now };
  if (list !== 'today') return {};
  const ws = await findWorkspace(deps.db, workspaceId);
  if (!ws) throw notFound('workspace', workspaceId);
  const today = DateTime.fromJSDate(now, { zone: ws.time_zone }).startOf('day');
  return { dueFrom: today.toJSDate(), dueBefore: today.plus({ days: 1 }).toJSDate() };
}

/** The workspace's pipeline (stage names and order, follow-up times) and the desk's task lists. */
export function registerPipelineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/pipeline',
    {
      config: { operation: 'opportunities.read' },
      schema: {
        tags: ['Opportunities'],
        summary: 'The stages, named and in board order, and the follow-up times',
        response: { 200: Pipeline },
      },
    },
    async (request) => loadPipeline(deps.db, requirePrincipal(request).workspaceId),
  );

  r.patch(
    '/api/v1/pipeline',
    {
      config: { operation: 'workspace.update' },
      schema: {
        tags: ['Opportunities'],
        summary: 'Rename and reorder the stages, or change the follow-up times',
        description:
          'Admins and the owner. The stage keys stay as they are (the API and webhooks speak in keys); only their names and order change.',
        body: UpdatePipelineBody,
        response: { 200: Pipeline },
      },
    },
    async (request) => {
      const ws = requirePrincipal(request).workspaceId;
      return deps.db.transaction(async (tx) => {
        const current = await loadPipeline(tx, ws);
        const next: Pipeline = {
          stages: request.body.stages ?? current.stages,
          follow_up: request.body.follow_up ?? current.follow_up,
        };
        await savePipeline(tx, ws, next, deps.clock.now());
        return next;
      });
    },
  );

  r.get(
    '/api/v1/tasks',
    {
      config: { operation: 'opportunities.read' },
      schema: {
        tags: ['Opportunities'],
        summary: 'Deals with a next action, soonest due first',
        description:
          'My tasks, Overdue and Due today. A completed or dead deal has no next action, so it is never here.',
        querystring: TaskListQuery,
        response: { 200: listOf(Opportunity) },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const { list, owner_id, limit, cursor } = request.query;
      const filter: TaskFilter = {
        ...(await dueWindow(deps, p.workspaceId, list)),
        ownerId: list === 'mine' ? actorId(p) : owner_id,
      };
      const rows = await listTasks(deps.db, p.workspaceId, filter, { after: taskCursor(cursor), limit });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next_cursor =
        rows.length > limit && last?.next_action_due
          ? encodeCursor(`${last.next_action_due.toISOString()}|${last.id}`)
          : null;
      return { data: await withNotesOfPage(deps.db, p.workspaceId, page), next_cursor };
    },
  );
}
