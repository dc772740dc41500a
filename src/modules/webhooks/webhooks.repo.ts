import type { Queryable } from '../../db/client.js';
import { type IdPage, listPageById } from '../../db/list-page.js';
import type { EventType } from '../../events/catalogue.js';

export interface WebhookEndpointRow {
  workspace_id: string;
  id: string;
  url: string;
  events: EventType[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  secret_ciphertext: string;
  /** The user who made it (for an API key, its creator); null when made before this was kept. */
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function insertEndpoint(
  db: Queryable,
  row: Omit<WebhookEndpointRow, 'created_by'> & { created_by?: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_endpoints
       (workspace_id, id, url, events, description, status, disabled_reason, secret_ciphertext, created_at, updated_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.workspace_id,
      row.id,
      row.url,
      row.events,
      row.description,
      row.status,
      row.disabled_reason,
      row.secret_ciphertext,
      row.created_at,
      row.updated_at,
      row.created_by ?? null,
    ],
  );
}

export function listEndpoints(
  db: Queryable,
  workspaceId: string,
  page: IdPage,
): Promise<WebhookEndpointRow[]> {
  return listPageById<WebhookEndpointRow>(db, 'webhook_endpoints', workspaceId, page);
}

export async function findEndpoint(
  db: Queryable,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<WebhookEndpointRow | null> {
  const rows = await db.query<WebhookEndpointRow>(
    `SELECT * FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

export interface EndpointChanges {
  url: string;
  events: EventType[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  updated_at: Date;
}

export async function updateEndpoint(
  db: Queryable,
  workspaceId: string,
  id: string,
  changes: EndpointChanges,
): Promise<WebhookEndpointRow | null> {
  const rows = await db.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoints
        SET url = $3, events = $4, description = $5, status = $6, disabled_reason = $7, updated_at = $8
      WHERE workspace_id = $1 AND id = $2
      RETURNING *`,
    [
      workspaceId,
      id,
      changes.url,
      changes.events,
      changes.description,
      changes.status,
      changes.disabled_reason,
      changes.updated_at,
    ],
  );
  return rows[0] ?? null;
}

export async function replaceSecret(
  db: Queryable,
  workspaceId: string,
  id: string,
  secretCiphertext: string,
  at: Date,
): Promise<WebhookEndpointRow | null> {
  const rows = await db.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoints SET secret_ciphertext = $3, updated_at = $4
      WHERE workspace_id = $1 AND id = $2 RETURNING *`,
    [workspaceId, id, secretCiphertext, at],
  );
  return rows[0] ?? null;
}

/** Deliveries and attempts go with it (ON DELETE CASCADE): nothing more is sent. */
export async function deleteEndpoint(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2 RETURNING id',
    [workspaceId, id],
  );
  return rows.length > 0;
}
