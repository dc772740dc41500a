export interface Change {
  path: string;
  before: string;
  after: string;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) {
    for (const [i, inner] of value.entries()) flatten(inner, `${prefix}.${i}`, out);
    return;
  }
  out.set(prefix, Array.isArray(value) ? value.join(', ') : value === null ? '(none)' : String(value));
}

/** Field-by-field differences between two configurations, in the order of the newer one. */
export function diffConfigs(before: unknown, after: unknown): Change[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before as Json, '', a);
  flatten(after as Json, '', b);
  const paths = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  return paths
    .filter((p) => a.get(p) !== b.get(p))
    .map((path) => ({ path, before: a.get(path) ?? '(absent)', after: b.get(path) ?? '(removed)' }));
}

/** A deep copy with the value at `path` replaced: the form edits its draft through this. */
export function setIn<T>(value: T, path: readonly (string | number)[], next: unknown): T {
  const [head, ...rest] = path;
  if (head === undefined) return next as T;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setIn(copy[head], rest, next);
  return copy as T;
}
