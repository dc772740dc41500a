import { z } from 'zod';
import { iso, Timestamp } from '../../http/schemas.js';
import type { AgentDraftRow, AgentVersionRow } from './agent.repo.js';
import { AgentConfig } from './agent-config.js';

export const AgentDraft = z
  .object({
    config: AgentConfig,
    updated_at: Timestamp.describe(
      'Last change. A workspace that never changed its draft has the default since its creation.',
    ),
    updated_by: z
      .string()
      .nullable()
      .describe('The user who last changed the draft (for an API key, its creator); null: the default.'),
    based_on_version: z
      .number()
      .int()
      .nullable()
      .describe('The published version the draft started from (set by publish and restore); null: none.'),
  })
  .meta({ id: 'AgentDraft' });
export type AgentDraft = z.infer<typeof AgentDraft>;

export const AgentVersion = z
  .object({
    id: z.string().describe('agv_...'),
    version: z.number().int().describe('1, 2, 3... per workspace, in publishing order.'),
    config: AgentConfig,
    published_at: Timestamp,
    published_by: z.string().nullable().describe('The user who published (for an API key, its creator).'),
  })
  .meta({ id: 'AgentVersion' });
export type AgentVersion = z.infer<typeof AgentVersion>;

export const Agent = z
  .object({
    draft: AgentDraft,
    published: AgentVersion.nullable().describe('The live version; null before the first publish.'),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof Agent>;

export function toDraft(row: AgentDraftRow): AgentDraft {
  return {
    config: row.config,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
    based_on_version: row.based_on_version,
  };
}

/** The API object; agent.published `data` is exactly this. */
export function toVersion(row: AgentVersionRow): AgentVersion {
  return {
    id: row.id,
    version: row.version,
    config: row.config,
    published_at: iso(row.published_at),
    published_by: row.published_by,
  };
}
