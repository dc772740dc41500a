import type { Queryable } from '../db/client.js';
import { type IdPage, listPageById } from '../db/list-page.js';
import { notifyLive } from '../events/outbox.js';
import type { Role, Scope } from './permissions.js';

export interface ApiKeyRow {
  workspace_id: string;
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  key_hash: string;
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export async function insertApiKey(db: Queryable, row: ApiKeyRow): Promise<void> {
  await db.query(
    `INSERT INTO api_keys (workspace_id, id, name, scopes, prefix, key_hash, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.workspace_id,
      row.id,
      row.name,
      row.scopes,
      row.prefix,
      row.key_hash,
      row.created_by,
      row.created_at,
    ],
  );
}

export function listApiKeys(db: Queryable, workspaceId: string, page: IdPage): Promise<ApiKeyRow[]> {
  return listPageById<ApiKeyRow>(db, 'api_keys', workspaceId, page);
}

export async function findApiKey(db: Queryable, workspaceId: string, id: string): Promise<ApiKeyRow | null> {
  const rows = await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
  ]);
  return rows[0] ?? null;
}

/** Revokes once; revoking again keeps the first revocation time. */
export async function revokeApiKey(
  db: Queryable,
  workspaceId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE workspace_id = $1 AND id = $2 RETURNING id',
    [workspaceId, id, at],
  );
  // Streams open with this key end now, not at their next heartbeat.
  if (rows.length > 0) await notifyLive(db, { w: workspaceId, t: 'access', id });
  return rows.length > 0;
}

/** A live key found by its hash, with its creator's current role (null once they left the workspace). */
export interface ActiveKeyRow {
  id: string;
  workspace_id: string;
  scopes: Scope[];
  created_by: string;
  last_used_at: Date | null;
  creator_role: Role | null;
}

/**
 * The unrevoked key with this hash. The creator's membership is joined in the same statement,
 * so a demotion or a removal takes effect at the very next request.
 */
export async function findActiveKeyByHash(db: Queryable, keyHash: string): Promise<ActiveKeyRow | null> {
  const rows = await db.query<ActiveKeyRow>(
    `SELECT k.id, k.workspace_id, k.scopes, k.created_by, k.last_used_at, m.role AS creator_role
       FROM api_keys k
       LEFT JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [keyHash],
  );
  return rows[0] ?? null;
}

export async function touchApiKey(db: Queryable, workspaceId: string, id: string, at: Date): Promise<void> {
  await db.query('UPDATE api_keys SET last_used_at = $3 WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
    at,
  ]);
}

/** The creator's current role for key $a of workspace $b, or NULL when revoked or the creator left. */
function creatorRoleSql(a: number, b: number): string {
  return `(SELECT m.role FROM api_keys k
             JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
            WHERE k.id = $${a} AND k.workspace_id = $${b} AND k.revoked_at IS NULL)`;
}

/** The creator's current role, asked on its own (src/auth/key-recheck.ts). */
export async function currentCreatorRole(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<Role | null> {
  const rows = await db.query<{ role: Role | null }>(`SELECT ${creatorRoleSql(1, 2)} AS role`, [
    id,
    workspaceId,
  ]);
  return rows[0]?.role ?? null;
}

/**
 * `select`, a plain SELECT with `paramCount` parameters, with the creator's current role of key
 * $paramCount+1 in workspace $paramCount+2 as a last column named `column`: the route's read
 * and the key's check in one statement (src/auth/key-recheck.ts). The rows keep their order.
 */
export function withCreatorRoleColumn(select: string, paramCount: number, column: string): string {
  // Last, so that the row's own columns keep their places.
  return `SELECT x.*, ${creatorRoleSql(paramCount + 1, paramCount + 2)} AS ${column} FROM (${select}) AS x`;
}
