import type { Queryable } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/secrets.js';
import { effectiveScopes, type Principal, type Role, type Scope } from './permissions.js';

export const API_KEY_PREFIX = 'cak_live_';
const KEY_SHAPE = /^cak_live_[A-Za-z0-9_-]{43,128}$/;
// last_used_at is informational; one write a minute per key keeps reads cheap.
const LAST_USED_EVERY_MS = 60 * 1000;

interface KeyRow {
  id: string;
  workspace_id: string;
  scopes: Scope[];
  created_by: string;
  last_used_at: Date | null;
  creator_role: Role | null;
}

/**
 * The principal behind a bearer key, or null when the key is malformed, unknown, revoked,
 * or its creator has left the workspace. Scopes are cut to the creator's current role.
 */
export async function resolveApiKey(db: Queryable, clock: Clock, key: string): Promise<Principal | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const rows = await db.query<KeyRow>(
    `SELECT k.id, k.workspace_id, k.scopes, k.created_by, k.last_used_at, m.role AS creator_role
       FROM api_keys k
       LEFT JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [sha256Hex(key)],
  );
  const row = rows[0];
  if (!row || row.creator_role === null) return null;
  const now = clock.now();
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() >= LAST_USED_EVERY_MS) {
    await db.query('UPDATE api_keys SET last_used_at = $3 WHERE workspace_id = $1 AND id = $2', [
      row.workspace_id,
      row.id,
      now,
    ]);
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
