import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';

/** A message as the log shows it (the sealed body is never read here). */
export interface MessageRow {
  id: string;
  channel: string;
  direction: string;
  purpose: string;
  status: string;
  status_reason: string | null;
  recipient: string;
  sender: string | null;
  subject: string | null;
  body: string;
  lead_id: string | null;
  booking_id: string | null;
  user_id: string | null;
  send_after: Date;
  /** When the sender will next try: a hold for quiet hours or a retry moves it past send_after. */
  next_attempt_at: Date | null;
  sent_at: Date | null;
  provider_status: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, channel, direction, purpose, status, status_reason, recipient, sender, subject, body, lead_id,
  booking_id, user_id, send_after, next_attempt_at, sent_at, provider_status, attempts, last_error, created_at, updated_at`;

export interface MessageFilter {
  leadId?: string | undefined;
  channel?: string | undefined;
  direction?: string | undefined;
  status?: string | undefined;
}

/** A page of the workspace's messages by id (a message with no workspace is never listed). */
export function listMessages(
  db: Queryable,
  workspaceId: string,
  filter: MessageFilter,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages
      WHERE workspace_id = $1
        AND ${afterId(page.order, 2, 'id', page.after)}
        AND ${optional(filter.leadId, 3, 'text', 'lead_id = $3')}
        AND ${optional(filter.channel, 4, 'text', 'channel = $4')}
        AND ${optional(filter.direction, 5, 'text', 'direction = $5')}
        AND ${optional(filter.status, 6, 'text', 'status = $6')}
      ORDER BY id ${page.order} LIMIT $7`,
    [
      workspaceId,
      page.after,
      filter.leadId ?? null,
      filter.channel ?? null,
      filter.direction ?? null,
      filter.status ?? null,
      page.limit + 1,
    ],
  );
}

export async function findMessage(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<MessageRow | null> {
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, id],
  );
  return rows[0] ?? null;
}
