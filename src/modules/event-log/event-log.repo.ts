import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import type { EventType } from '../../events/catalogue.js';

export interface EventRow {
  workspace_id: string;
  id: string;
  type: EventType;
  data: Record<string, unknown>;
  created_at: Date;
}

export async function findEvent(db: Queryable, workspaceId: string, id: string): Promise<EventRow | null> {
  const rows = await db.query<EventRow>(
    'SELECT * FROM events WHERE workspace_id = $1 AND id = $2 AND NOT test',
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

/** Events in the order they happened (ids sort by time), newest first unless asc. */
export async function listEvents(
  db: Queryable,
  workspaceId: string,
  filters: { type?: EventType | undefined; since?: Date | undefined },
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<EventRow[]> {
  return db.query<EventRow>(
    `SELECT * FROM events
      WHERE workspace_id = $1 AND NOT test
        AND ${optional(filters.type, 2, 'text', 'type = $2')}
        AND ${optional(filters.since, 3, 'timestamptz', 'created_at >= $3')}
        AND ${afterId(page.order, 4, 'id', page.after)}
      ORDER BY id ${page.order} LIMIT $5`,
    [workspaceId, filters.type ?? null, filters.since ?? null, page.after, page.limit + 1],
  );
}
