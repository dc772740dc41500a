/** A parameter's number and its SQL type, e.g. `[7, 'text']` for `$7::text`. */
export type TypedParam = readonly [param: number, type: string];

/**
 * The condition of an optional filter on parameter `$param`: `predicate` when the filter is in
 * use (`value` is neither null nor undefined), else `$param::type IS NULL`. Pass the value that
 * goes into the parameter array, so the text and the parameters agree.
 *
 * Why not one text for both, `($3::text IS NULL OR status = $3)`: on PostgreSQL every statement
 * with parameters is prepared (docs/sizing.md, "Prepared statements"), and after a few runs
 * PostgreSQL may switch to a generic plan, made without the parameters' values. That plan cannot
 * tell which side of the OR holds, so it checks the filter row by row and uses no index for it: a
 * deep page of a large workspace would read from its first row. With the choice made here, each
 * combination of filters is a text of its own whose generic plan uses the indexes.
 *
 * When the filter is absent the parameter is still named, with its type: PostgreSQL refuses a
 * statement with a parameter whose type it cannot determine, and it evaluates a condition on a
 * parameter alone once per run, not per row. `alsoNull` names further parameters that are null
 * together with `value` (the second half of a two-column cursor), so they stay typed as well.
 */
export function optional(
  value: unknown,
  param: number,
  type: string,
  predicate: string,
  ...alsoNull: TypedParam[]
): string {
  if (value !== null && value !== undefined) return predicate;
  return [[param, type] as const, ...alsoNull].map(([p, t]) => `$${p}::${t} IS NULL`).join(' AND ');
}
