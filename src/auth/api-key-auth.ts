import type { Queryable } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/secrets.js';
import { findActiveKeyByHash, touchApiKey } from './api-keys.repo.js';
import { effectiveScopes, type Principal } from './permissions.js';

export const API_KEY_PREFIX = 'cak_live_';
const KEY_SHAPE = /^cak_live_[A-Za-z0-9_-]{43,128}$/;
// last_used_at is informational; one write a minute per key keeps reads cheap.
export const LAST_USED_EVERY_MS = 60 * 1000;

export type KeyPrincipal = Extract<Principal, { kind: 'key' }>;

/** How a bearer key is stored and looked up: its SHA-256, or null when it is not a key's shape. */
export function apiKeyHash(key: string): string | null {
  return KEY_SHAPE.test(key) ? sha256Hex(key) : null;
}

/**
 * The principal behind a bearer key, or null when the key is malformed, unknown, revoked,
 * or its creator has left the workspace. Scopes are cut to the creator's current role.
 */
export async function resolveApiKey(db: Queryable, clock: Clock, key: string): Promise<KeyPrincipal | null> {
  const hash = apiKeyHash(key);
  return hash === null ? null : resolveApiKeyHash(db, clock, hash);
}

/** resolveApiKey for a key already hashed. */
export async function resolveApiKeyHash(
  db: Queryable,
  clock: Clock,
  hash: string,
): Promise<KeyPrincipal | null> {
  const row = await findActiveKeyByHash(db, hash);
  if (!row || row.creator_role === null) return null;
  const now = clock.now();
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() >= LAST_USED_EVERY_MS) {
    await touchApiKey(db, row.workspace_id, row.id, now);
  }
  return {
    kind: 'key',
    keyId: row.id,
    workspaceId: row.workspace_id,
    creatorId: row.created_by,
    creatorRole: row.creator_role,
    scopes: effectiveScopes(row.scopes, row.creator_role),
  };
}
