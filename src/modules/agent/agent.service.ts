import { isDeepStrictEqual } from 'node:util';
import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import {
  type AgentDraftRow,
  type AgentVersionRow,
  findDraft,
  findLatestVersion,
  findLatestVersionNumber,
  findVersion,
  insertVersion,
  lockDraft,
  writeDraft,
} from './agent.repo.js';
import { toVersion } from './agent.schemas.js';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from './agent-config.js';

/** The configuration a call runs with, and the published version it came from (null: none). */
export interface LoadedAgent {
  version: number | null;
  config: AgentConfig;
}

/**
 * The draft; a workspace that never wrote one has the default configuration, dated from the
 * workspace's creation, with no author. Reading never writes: the row appears at the first change.
 */
export async function readDraft(db: Queryable, workspaceId: string): Promise<AgentDraftRow> {
  const found = await findDraft(db, workspaceId);
  if (!found) throw notFound('workspace', workspaceId);
  return (
    found.row ?? {
      config: DEFAULT_AGENT_CONFIG,
      updated_at: found.workspaceCreatedAt,
      updated_by: null,
      based_on_version: null,
    }
  );
}

export async function readAgent(
  db: Queryable,
  workspaceId: string,
): Promise<{ draft: AgentDraftRow; published: AgentVersionRow | null }> {
  const [draft, published] = await Promise.all([
    readDraft(db, workspaceId),
    findLatestVersion(db, workspaceId),
  ]);
  return { draft, published };
}

/** Replaces the draft's configuration; it stays based on the version it was based on. */
export async function saveDraft(
  db: Database,
  clock: Clock,
  workspaceId: string,
  actorId: string,
  config: AgentConfig,
): Promise<AgentDraftRow> {
  return db.transaction(async (tx) => {
    const current = await lockDraft(tx, workspaceId, DEFAULT_AGENT_CONFIG);
    const next = { ...current, config, updated_at: clock.now(), updated_by: actorId };
    await writeDraft(tx, workspaceId, next);
    return next;
  });
}

/**
 * Publishes the draft as the next version. The draft row lock serialises publishes of one
 * workspace, so the number read after it is the latest committed one and two publishes never
 * share a number; the unique (workspace_id, version) constraint backs that up.
 */
export async function publishDraft(
  db: Database,
  clock: Clock,
  workspaceId: string,
  actorId: string,
): Promise<AgentVersionRow> {
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, workspaceId, DEFAULT_AGENT_CONFIG);
    const latest = await findLatestVersion(tx, workspaceId);
    if (latest && isDeepStrictEqual(latest.config, draft.config)) {
      throw new ApiError(
        'conflict',
        `The draft is the same as published version ${latest.version}; change it before publishing.`,
      );
    }
    const now = clock.now();
    const row: AgentVersionRow = {
      workspace_id: workspaceId,
      id: newId('agv', now.getTime()),
      version: (latest?.version ?? 0) + 1,
      config: draft.config,
      published_at: now,
      published_by: actorId,
    };
    await insertVersion(tx, row);
    await writeDraft(tx, workspaceId, { ...draft, based_on_version: row.version });
    await recordEvent(tx, workspaceId, 'agent.published', toVersion(row), now);
    return row;
  });
}

/** Copies a published version into the draft; publishing it again makes it live. */
export async function restoreVersion(
  db: Database,
  clock: Clock,
  workspaceId: string,
  actorId: string,
  version: number,
): Promise<AgentDraftRow> {
  return db.transaction(async (tx) => {
    await lockDraft(tx, workspaceId, DEFAULT_AGENT_CONFIG);
    const source = await findVersion(tx, workspaceId, version);
    if (!source) throw notFound('agent version', String(version));
    const next: AgentDraftRow = {
      config: source.config,
      updated_at: clock.now(),
      updated_by: actorId,
      based_on_version: version,
    };
    await writeDraft(tx, workspaceId, next);
    return next;
  });
}

/**
 * What a call runs: the live version, or the default configuration (version null) before the
 * first publish, so a new workspace can take calls at once.
 */
export async function loadPublishedAgent(db: Queryable, workspaceId: string): Promise<LoadedAgent> {
  const version = await findLatestVersionNumber(db, workspaceId);
  return version === null
    ? { version: null, config: DEFAULT_AGENT_CONFIG }
    : { version, config: await loadAgentVersion(db, workspaceId, version) };
}

/**
 * The configuration of a published version. A version is never changed once published (it is
 * only inserted, and read once committed), so each process keeps the ones it has read, frozen,
 * by workspace and number: a call's turns and its start need not read or parse it again.
 */
export async function loadAgentVersion(
  db: Queryable,
  workspaceId: string,
  version: number,
): Promise<AgentConfig> {
  const key = `${workspaceId}/${version}`;
  const cached = versionConfigs.get(key);
  if (cached !== undefined) return cached;
  const row = await findVersion(db, workspaceId, version);
  if (!row) throw notFound('agent version', String(version));
  if (versionConfigs.size >= CACHED_VERSIONS)
    versionConfigs.delete(versionConfigs.keys().next().value ?? key);
  const config = deepFreeze(row.config);
  versionConfigs.set(key, config);
  return config;
}

/** Enough for every live version of a few hundred workspaces; past it the oldest read goes first. */
const CACHED_VERSIONS = 500;
const versionConfigs = new Map<string, AgentConfig>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** What a draft test call runs: the draft, which is no version (version null). */
export async function loadDraftAgent(db: Queryable, workspaceId: string): Promise<LoadedAgent> {
  const draft = await readDraft(db, workspaceId);
  return { version: null, config: draft.config };
}
