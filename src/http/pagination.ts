import { z } from 'zod';
import { ApiError } from './errors.js';

/** Query parameters every list accepts (docs/api.md, Conventions). Resource filters extend this. */
export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1 to 200.'),
  cursor: z.string().max(200).optional().describe('The next_cursor of the previous page.'),
  order: z.enum(['asc', 'desc']).default('desc').describe('Newest first unless asc.'),
});
export type ListQuery = z.infer<typeof ListQuery>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}

/** Cursors are opaque to clients: the sort key of the last row, base64url-wrapped. */
export function encodeCursor(lastKey: string): string {
  return Buffer.from(JSON.stringify({ k: lastKey }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown };
    if (typeof value.k === 'string' && value.k.length > 0 && value.k.length <= 100) return value.k;
  } catch {
    // falls through to the error below
  }
  throw invalidCursor();
}

export function invalidCursor(): ApiError {
  return new ApiError('validation_failed', 'Invalid query: cursor: not a cursor this API issued.', {
    details: [{ path: 'cursor', message: 'Not a cursor this API issued.' }],
  });
}

/** Rows were fetched with limit + 1 so the presence of a next page is known without a count. */
export function toPage<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => string,
): { data: T[]; next_cursor: string | null } {
  if (rows.length <= limit) return { data: rows, next_cursor: null };
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next_cursor: last === undefined ? null : encodeCursor(keyOf(last)) };
}

/** A list answer: the page of rows (fetched with limit + 1) turned into API objects. */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => string,
  toItem: (row: Row) => Item,
): { data: Item[]; next_cursor: string | null } {
  const page = toPage(rows, limit, keyOf);
  return { data: page.data.map((row) => toItem(row)), next_cursor: page.next_cursor };
}
