import type { Queryable } from './client.js';
import { optional } from './optional-filter.js';

export interface IdPage {
  /** The id of the last row of the previous page (from the cursor), or null for the first page. */
  after: string | null;
  order: 'asc' | 'desc';
  limit: number;
}

/**
 * The keyset condition of a page ordered by id: rows after (or, newest first, before) `after`,
 * the id in parameter `$param`, or every row on the first page (`after` null). The text differs
 * between the two so that a deep page's plan reads the index from the cursor on (optional-filter.ts).
 */
export function afterId(order: 'asc' | 'desc', param: number, column: string, after: string | null): string {
  return optional(after, param, 'text', `${column} ${order === 'desc' ? '<' : '>'} $${param}`);
}

/**
 * One keyset page of a workspace's rows ordered by id (ids sort in creation order), with one row
 * more than asked so the caller knows whether there is a next page. `table` comes from the
 * caller's constants, never from input.
 */
export function listPageById<Row extends object>(
  db: Queryable,
  table: string,
  workspaceId: string,
  page: IdPage,
): Promise<Row[]> {
  return db.query<Row>(
    `SELECT * FROM ${table} WHERE workspace_id = $1 AND ${afterId(page.order, 2, 'id', page.after)}
      ORDER BY id ${page.order} LIMIT $3`,
    [workspaceId, page.after, page.limit + 1],
  );
}
