import type { Queryable } from './client.js';

/**
 * `UPDATE <table> SET <given columns>, updated_at WHERE workspace_id AND id RETURNING *`, for the
 * columns of `allowed` that `changes` sets (undefined: leave alone; null: set NULL). Table and
 * column names come from the caller's constants, never from input. Null when no such row.
 */
export async function updateColumns<Row, Changes extends object>(
  db: Queryable,
  table: string,
  allowed: readonly (keyof Changes & string)[],
  key: { workspaceId: string; id: string },
  changes: Changes,
  at: Date,
): Promise<Row | null> {
  const params: unknown[] = [key.workspaceId, key.id, at];
  const sets = ['updated_at = $3'];
  for (const column of allowed) {
    const value = changes[column];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  const rows = await db.query<Row & object>(
    `UPDATE ${table} SET ${sets.join(', ')} WHERE workspace_id = $1 AND id = $2 RETURNING *`,
    params,
  );
  return rows[0] ?? null;
}
