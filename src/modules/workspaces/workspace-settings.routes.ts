import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { DisplayName } from '../../http/schemas.js';
import { updateWorkspace } from './workspaces.repo.js';

export const WorkspaceSettings = z
  .object({ id: z.string(), name: z.string(), time_zone: z.string() })
  .meta({ id: 'WorkspaceSettings' });

const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => IANAZone.isValidZone(zone), {
    message: 'must be an IANA time zone, such as Europe/London',
  });

/** The current workspace's own settings: its name, and the time zone the console shows times in. */
export function registerWorkspaceSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/v1/workspace',
    {
      config: { operation: 'workspace.update' },
      schema: {
        tags: ['Workspaces'],
        summary: 'Rename the workspace or change its time zone',
        description: 'Admins and the owner. Times in the API stay UTC; the zone is how people read them.',
        body: z.strictObject({ name: DisplayName.optional(), time_zone: TimeZone.optional() }),
        response: { 200: WorkspaceSettings },
      },
    },
    async (request) => {
      const s = requireSession(request);
      const row = await updateWorkspace(deps.db, s.workspaceId, request.body);
      if (!row) throw notFound('workspace', s.workspaceId);
      return { id: row.id, name: row.name, time_zone: row.time_zone };
    },
  );
}
