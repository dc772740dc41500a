import type { Scope } from '../../auth/permissions.js';
import type { Queryable } from '../../db/client.js';
import { type IdPage, listPageById } from '../../db/list-page.js';

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
  return rows.length > 0;
}
