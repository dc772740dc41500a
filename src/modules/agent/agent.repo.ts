import type { Queryable } from '../../db/client.js';
import { optional } from '../../db/optional-filter.js';
import type { AgentConfig } from './agent-config.js';

export interface AgentDraftRow {
  config: AgentConfig;
  updated_at: Date;
  updated_by: string | null;
  based_on_version: number | null;
}

export interface AgentVersionRow {
  workspace_id: string;
  id: string;
  version: number;
  config: AgentConfig;
  published_at: Date;
  published_by: string | null;
}

type NullableDraft = { [K in keyof AgentDraftRow]: AgentDraftRow[K] | null };

/**
 * The stored draft, or null when the workspace has never written one (its draft is then the
 * default configuration, dated from the workspace's creation). Null also for an unknown workspace.
 */
export async function findDraft(
  db: Queryable,
  workspaceId: string,
): Promise<{ row: AgentDraftRow | null; workspaceCreatedAt: Date } | null> {
  const rows = await db.query<NullableDraft & { workspace_created_at: Date }>(
    `SELECT w.created_at AS workspace_created_at, d.config, d.updated_at, d.updated_by, d.based_on_version
       FROM workspaces w LEFT JOIN agent_drafts d ON d.workspace_id = w.id
      WHERE w.id = $1`,
    [workspaceId],
  );
  const r = rows[0];
  if (!r) return null;
  const { config, updated_at } = r;
  const row =
    config !== null && updated_at !== null
      ? { config, updated_at, updated_by: r.updated_by, based_on_version: r.based_on_version }
      : null;
  return { row, workspaceCreatedAt: r.workspace_created_at };
}

/**
 * Makes sure the draft row exists (as the default the workspace has had since its creation)
 * and locks it for the rest of the transaction. Every change to the agent configuration takes
 * this lock first, so publishes of one workspace run one after another and never share a number.
 */
export async function lockDraft(
  tx: Queryable,
  workspaceId: string,
  defaultConfig: AgentConfig,
): Promise<AgentDraftRow> {
  await tx.query(
    `INSERT INTO agent_drafts (workspace_id, config, updated_at, updated_by, based_on_version)
     SELECT id, $2::jsonb, created_at, NULL, NULL FROM workspaces WHERE id = $1
     ON CONFLICT (workspace_id) DO NOTHING`,
    [workspaceId, JSON.stringify(defaultConfig)],
  );
  const rows = await tx.query<AgentDraftRow>(
    `SELECT config, updated_at, updated_by, based_on_version
       FROM agent_drafts WHERE workspace_id = $1 FOR UPDATE`,
    [workspaceId],
  );
  const row = rows[0];
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  return row;
}

/** Replaces the locked draft row (see lockDraft). */
export async function writeDraft(tx: Queryable, workspaceId: string, draft: AgentDraftRow): Promise<void> {
  await tx.query(
    `UPDATE agent_drafts SET config = $2::jsonb, updated_at = $3, updated_by = $4, based_on_version = $5
      WHERE workspace_id = $1`,
    [workspaceId, JSON.stringify(draft.config), draft.updated_at, draft.updated_by, draft.based_on_version],
  );
}

export async function findLatestVersion(db: Queryable, workspaceId: string): Promise<AgentVersionRow | null> {
  const rows = await db.query<AgentVersionRow>(
    'SELECT * FROM agent_versions WHERE workspace_id = $1 ORDER BY version DESC LIMIT 1',
    [workspaceId],
  );
  return rows[0] ?? null;
}

/** The number of the live version, without its configuration (which callers take from the cache). */
export async function findLatestVersionNumber(db: Queryable, workspaceId: string): Promise<number | null> {
  const rows = await db.query<{ version: number }>(
    'SELECT version FROM agent_versions WHERE workspace_id = $1 ORDER BY version DESC LIMIT 1',
    [workspaceId],
  );
  return rows[0]?.version ?? null;
}

export async function findVersion(
  db: Queryable,
  workspaceId: string,
  version: number,
): Promise<AgentVersionRow | null> {
  const rows = await db.query<AgentVersionRow>(
    'SELECT * FROM agent_versions WHERE workspace_id = $1 AND version = $2',
    [workspaceId, version],
  );
  return rows[0] ?? null;
}

export async function insertVersion(tx: Queryable, row: AgentVersionRow): Promise<void> {
  await tx.query(
    `INSERT INTO agent_versions (workspace_id, id, version, config, published_at, published_by)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
    [row.workspace_id, row.id, row.version, JSON.stringify(row.config), row.published_at, row.published_by],
  );
}

/** Published versions, newest (highest number) first unless asc; the cursor is the version number. */
export async function listVersions(
  db: Queryable,
  workspaceId: string,
  page: { after: number | null; order: 'asc' | 'desc'; limit: number },
): Promise<AgentVersionRow[]> {
  const cmp = page.order === 'desc' ? '<' : '>';
  return db.query<AgentVersionRow>(
    `SELECT * FROM agent_versions
      WHERE workspace_id = $1 AND ${optional(page.after, 2, 'integer', `version ${cmp} $2`)}
      ORDER BY version ${page.order} LIMIT $3`,
    [workspaceId, page.after, page.limit + 1],
  );
}

/** The configuration of the workspace's latest published version, as stored, or null before the first publish. */
export async function findLatestPublishedConfig(db: Queryable, workspaceId: string): Promise<unknown> {
  const rows = await db.query<{ config: unknown }>(
    'SELECT config FROM agent_versions WHERE workspace_id = $1 ORDER BY version DESC LIMIT 1',
    [workspaceId],
  );
  return rows[0]?.config ?? null;
}
