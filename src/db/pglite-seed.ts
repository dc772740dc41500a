import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const SEED_DIR = new URL('./pglite-seed/', import.meta.url);

/**
 * The extensions the migrations create (pg_trgm for search's trigram indexes). Every embedded
 * database is opened with them loaded: a data directory that has one installed cannot run its
 * functions, or a migration create it, without the extension's files.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The PostgreSQL major version the installed PGlite embeds. A data directory of another major
 * cannot be opened (PGlite only says it "failed to initialize"), so a start checks PG_VERSION
 * against this first; a test keeps it in step with PGlite.
 */
export const EMBEDDED_PG_MAJOR = 18;

/** The installed PGlite's version: a seed is only good for the build that made it. */
export function pgliteVersion(): string {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const pkg = new URL('../package.json', entry);
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

export function seedUrl(version = pgliteVersion()): URL {
  return new URL(`initdb-${version}.tar.gz`, SEED_DIR);
}

/**
 * Opens the embedded database in `dir`. A new directory starts from the committed seed (a
 * fresh cluster with the migrations of its day applied; `npm run db:seed`) instead of running
 * initdb and every migration, which cost seconds of CPU on a first start; migrate() then applies
 * only what is newer. Without a seed for this PGlite version, or if loading it fails, initdb runs.
 */
export async function openSeededPglite(dir: string): Promise<PGlite> {
  const fresh = !existsSync(`${dir}/PG_VERSION`);
  const seed = seedUrl();
  if (fresh && existsSync(seed)) {
    try {
      return await PGlite.create(dir, {
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([readFileSync(seed)]),
      });
    } catch {
      for (const entry of readdirSync(dir)) rmSync(`${dir}/${entry}`, { recursive: true, force: true });
    }
  }
  return PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
}

/** A seeded in-memory database, for tests. */
export async function openSeededMemoryPglite(): Promise<PGlite> {
  const seed = seedUrl();
  if (existsSync(seed)) {
    return PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([readFileSync(seed)]) });
  }
  return PGlite.create({ extensions: PGLITE_EXTENSIONS });
}
