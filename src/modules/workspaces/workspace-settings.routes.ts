import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { requireSession } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { DisplayName } from '../../http/schemas.js';
import { writeAudit } from '../privacy/audit.repo.js';
import { auditActor } from '../privacy/privacy.service.js';
import { lockWorkspace, updateWorkspace, type WorkspaceRow } from './workspaces.repo.js';

export const WorkspaceSettings = z
  .object({
    id: z.string(),
    name: z.string(),
    time_zone: z.string(),
    call_recording: z
      .boolean()
      .describe(
        'Calls that start while this is on are recorded by Twilio, both sides on separate channels, and the agent says so after its greeting (docs/privacy.md, "Call recordings"). Off until changed; test calls are never recorded.',
      ),
  })
  .meta({ id: 'WorkspaceSettings' });

const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => IANAZone.isValidZone(zone), {
    message: 'must be an IANA time zone, such as Europe/London',
  });

function toSettings(row: WorkspaceRow): z.infer<typeof WorkspaceSettings> {
  return { id: row.id, name: row.name, time_zone: row.time_zone, call_recording: row.call_recording };
}

/**
 * The current workspace's own settings: its name, the time zone the console shows times in, and
 * whether calls are recorded. Turning recording on or off is written to the audit log in the
 * same transaction (docs/privacy.md, "The audit log").
 */
export function registerWorkspaceSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/v1/workspace',
    {
      config: { operation: 'workspace.update' },
      schema: {
        tags: ['Workspaces'],
        summary: 'Rename the workspace, change its time zone, or turn call recording on or off',
        description:
          'Admins and the owner. Times in the API stay UTC; the zone is how people read them. A change of call_recording applies to calls that start after it, and is audited (workspace.call_recording_changed).',
        body: z.strictObject({
          name: DisplayName.optional(),
          time_zone: TimeZone.optional(),
          call_recording: z.boolean().optional(),
        }),
        response: { 200: WorkspaceSettings },
      },
    },
    async (request) => {
      const s = requireSession(request);
      const row = await deps.db.transaction(async (tx) => {
        const before = await lockWorkspace(tx, s.workspaceId);
        if (!before) return null;
        const after = await updateWorkspace(tx, s.workspaceId, request.body);
        if (after && after.call_recording !== before.call_recording) {
          await writeAudit(
            tx,
            s.workspaceId,
            {
              actor: auditActor(s),
              action: 'workspace.call_recording_changed',
              subject: { type: 'workspace', id: s.workspaceId },
              details: { from: before.call_recording, to: after.call_recording },
            },
            deps.clock.now(),
          );
        }
        return after;
      });
      if (!row) throw notFound('workspace', s.workspaceId);
      return toSettings(row);
    },
  );
}
