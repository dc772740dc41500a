import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { migrate } from './migrate.js';
import { pgliteVersion, seedUrl } from './pglite-seed.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the embedded database seed', () => {
  it('exists for the installed PGlite (run `npm run db:seed` after upgrading PGlite)', () => {
    expect(existsSync(seedUrl()), `missing seed for PGlite ${pgliteVersion()}`).toBe(true);
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
    await again.close();
  });
});
