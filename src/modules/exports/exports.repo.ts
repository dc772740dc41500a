import type { Queryable } from '../../db/client.js';

/** The names and emails of the users an export page names, members or not. */
export async function findUserNames(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db.query('SELECT id, name, email FROM users WHERE id = ANY($1::text[])', [[...ids]]);
}
