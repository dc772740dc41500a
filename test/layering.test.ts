import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Two rules of docs/architecture.md that a reviewer would otherwise have to remember: the
// service's code never depends on its tests (nothing under src/ but a test file imports vitest
// or anything under test/), and SQL lives only with the owner of its tables.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TEST_DIR = join(ROOT, 'test');

/** Modules that own platform tables (no feature folder), and the database layer itself. */
const SQL_OWNERS = new Set([
  'src/auth/sessions.ts', // sessions
  'src/auth/throttle.ts', // auth_throttle
  'src/auth/known-addresses.ts', // known_addresses
  'src/http/idempotency.ts', // idempotency_keys
  'src/events/outbox.ts', // events, webhook_deliveries on insert, and the NOTIFY
  'src/app.ts', // the readiness probe's SELECT 1
  'src/db/migrate.ts',
  'src/db/list-page.ts',
  'src/db/update-columns.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports, statically or dynamically. */
function importsOf(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) if (m[1]) found.push(m[1]);
  return found;
}

function reachesIntoTests(file: string, specifier: string): boolean {
  if (specifier === 'vitest' || specifier.startsWith('vitest/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = resolve(dirname(file), specifier);
  return target === TEST_DIR || target.startsWith(`${TEST_DIR}/`);
}

describe('layering', () => {
  it('finds an import of vitest or of test/ when there is one', () => {
    const file = join(ROOT, 'src', 'http', 'example.ts');
    expect(importsOf("import { x } from '../../test/support/harness.js';")).toEqual([
      '../../test/support/harness.js',
    ]);
    expect(reachesIntoTests(file, '../../test/support/harness.js')).toBe(true);
    expect(reachesIntoTests(file, 'vitest')).toBe(true);
    expect(reachesIntoTests(file, './errors.js')).toBe(false);
    expect(reachesIntoTests(file, 'fastify')).toBe(false);
  });

  it('keeps vitest and test support out of src/', () => {
    const offenders = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => reachesIntoTests(file, specifier))
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps SQL in repositories and with the owners of the platform tables', () => {
    const statement = /['`"](SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH) /;
    const withSql = sourceFiles(join(ROOT, 'src'))
      .filter((file) => statement.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.endsWith('.repo.ts') && !SQL_OWNERS.has(file));
    expect(withSql).toEqual([]);
  });
});
