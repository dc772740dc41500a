import type { Import } from './import-graph.js';

// The layer rules of docs/architecture.md ("Layers"), checked against an import graph. Pure, so
// that a test can show each rule failing on a graph made up for it.

/** The layers, lowest first; each is the folders (relative to src/, `*.ts` for src's own files) on one row. */
export type Layers = readonly (readonly string[])[];

/**
 * Reads the layer table of docs/architecture.md: the rows of the table under "## Layers" whose
 * first cell is the layer's number, with the folders as code spans in the second cell.
 */
export function layersFromDoc(markdown: string): Layers {
  const section = markdown.split(/^## Layers$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows: { rank: number; units: string[] }[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const rank = Number(cells[1]);
    if (!Number.isInteger(rank) || rank < 1) continue;
    const units = [...(cells[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\/$/, ''));
    rows.push({ rank, units });
  }
  rows.forEach((row, at) => {
    if (row.rank !== at + 1) throw new Error(`layer table: row ${at + 1} is numbered ${row.rank}`);
  });
  return rows.map((row) => row.units);
}

/** The unit (the most specific listed folder) a file of src/ belongs to, or undefined. */
export function unitOf(file: string, layers: Layers): string | undefined {
  const inSrc = file.replace(/^src\//, '');
  if (!inSrc.includes('/')) return layers.flat().includes('*.ts') ? '*.ts' : undefined;
  const units = layers.flat().filter((unit) => unit !== '*.ts' && inSrc.startsWith(`${unit}/`));
  return units.sort((a, b) => b.length - a.length)[0];
}

function rankOf(unit: string, layers: Layers): number {
  return layers.findIndex((row) => row.includes(unit));
}

/** Every import against the order: to a higher layer, or sideways to another unit of its own layer. */
export function importsAgainstOrder(imports: readonly Import[], layers: Layers): string[] {
  const problems = new Set<string>();
  for (const { from, specifier, to } of imports) {
    for (const file of [from, to]) {
      if (unitOf(file, layers) === undefined) problems.add(`${file} is in no layer of docs/architecture.md`);
    }
    const source = unitOf(from, layers);
    const target = unitOf(to, layers);
    if (source === undefined || target === undefined || source === target) continue;
    const [a, b] = [rankOf(source, layers) + 1, rankOf(target, layers) + 1];
    if (b < a) continue;
    problems.add(
      `${from} imports '${specifier}' (${to}): layer ${a} (${source}) may not import layer ${b} (${target})`,
    );
  }
  return [...problems];
}

/** The strongly connected parts (more than one node) of a directed graph, each sorted. */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The cycles between groups of files (`groupOf` answers a file's group, or undefined to leave it
 * out), each with the imports that close it.
 */
export function cyclesBetween(
  imports: readonly Import[],
  groupOf: (file: string) => string | undefined,
): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [groupOf(from), groupOf(to)];
    if (a === undefined || b === undefined || a === b) continue;
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
    if (!edges.has(b)) edges.set(b, new Set());
  }
  return cycles(edges).map((part) => {
    const behind = imports
      .filter(({ from, to }) => {
        const [a, b] = [groupOf(from), groupOf(to)];
        return a !== undefined && b !== undefined && a !== b && part.includes(a) && part.includes(b);
      })
      .map(({ from, specifier }) => `${from} imports '${specifier}'`);
    return `cycle between ${part.join(', ')}: ${behind.join('; ')}`;
  });
}

/** A file's top-level folder under src/ (`*.ts` for src's own files). */
export function topFolder(file: string): string {
  const parts = file.replace(/^src\//, '').split('/');
  return parts.length === 1 ? '*.ts' : (parts[0] ?? '');
}
