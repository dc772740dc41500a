import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, wrapPglite } from './client.js';
import { migrate, readMigrations } from './migrate.js';
import { EMBEDDED_PG_MAJOR, openSeededMemoryPglite, pgliteVersion, seedUrl } from './pglite-seed.js';
import { readServerVersion } from './preflight.repo.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the embedded database seed', () => {
  it('exists for the installed PGlite (run `npm run db:seed` after upgrading PGlite)', () => {
    expect(existsSync(seedUrl()), `missing seed for PGlite ${pgliteVersion()}`).toBe(true);
  });

  it('carries migrations, each one committed here, in order (a start applies the newer ones)', async () => {
    const seeded = wrapPglite(await openSeededMemoryPglite());
    const rows = await seeded.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    await seeded.close();
    const versions = rows.map((r) => r.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions).toEqual(
      readMigrations()
        .map((m) => m.version)
        .slice(0, versions.length),
    );
  });

  it('gives a new data directory a working, persistent database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callagent-seed-'));
    dirs.push(dir);
    const db = await openPglite(dir);
    await migrate(db);
    await db.query("INSERT INTO workspaces (id, name, created_at) VALUES ('ws_seed', 'Seeded', now())");
    await db.close();
    const again = await openPglite(dir);
    expect(await again.query('SELECT name FROM workspaces')).toEqual([{ name: 'Seeded' }]);
    expect(await migrate(again)).toEqual([]);
    expect(Math.floor((await readServerVersion(again)) / 10_000)).toBe(EMBEDDED_PG_MAJOR);
    expect(readFileSync(join(dir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe(String(EMBEDDED_PG_MAJOR));
    await again.close();
  });
});
