import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, openPostgres, type PostgresOptions } from '../db/client.js';
import { migrate, NewerSchemaError } from '../db/migrate.js';
import { openPgliteThread } from '../db/pglite-remote.js';
import { EMBEDDED_PG_MAJOR } from '../db/pglite-seed.js';
import { readServerVersion } from '../db/preflight.repo.js';
import type { DataDirClaim } from './data-dir.js';
import { describePostgresFailure, postgresPlace } from './postgres-failure.js';
import { describeFault, StartError } from './start-error.js';

const OLDEST_POSTGRES = 15;

export interface OpenedDatabase {
  db: Database;
  /** Where the data lives, for the start-up line: never a password. */
  where: string;
}

function checkEmbeddedVersion(dir: string): void {
  const file = join(dir, 'PG_VERSION');
  if (!existsSync(file)) return;
  const major = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (major > EMBEDDED_PG_MAJOR) {
    throw new StartError(
      `the embedded database in ${dir} was made by a newer callagent (PostgreSQL ${major}; this version embeds ${EMBEDDED_PG_MAJOR}): run that version or later`,
    );
  }
  if (major < EMBEDDED_PG_MAJOR) {
    throw new StartError(
      `the embedded database in ${dir} was made by an older callagent (PostgreSQL ${major}; this version embeds ${EMBEDDED_PG_MAJOR}): dump it with that version and load the dump here`,
    );
  }
}

/** The embedded database in DATA_DIR/pglite; a directory this start creates is discarded if the start fails. */
export async function openEmbedded(claim: DataDirClaim): Promise<OpenedDatabase> {
  const dir = join(claim.dir, 'pglite');
  checkEmbeddedVersion(dir);
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir);
    } catch (error) {
      throw new StartError(`DATA_DIR ${claim.dir} is not writable: ${describeFault(error)}`);
    }
    claim.created(dir);
  }
  try {
    return { db: await openPgliteThread(dir), where: `embedded PGlite in ${claim.dir}` };
  } catch (error) {
    throw new StartError(`the embedded database in ${dir} cannot be opened: ${describeFault(error)}`);
  }
}

/** PostgreSQL at DATABASE_URL, reached and of a version the migrations run on. */
export async function openCheckedPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<OpenedDatabase> {
  let db: Database;
  try {
    db = openPostgres(url, 10, options);
  } catch (error) {
    throw new StartError(describePostgresFailure(url, error));
  }
  try {
    const version = await readServerVersion(db);
    const major = Math.floor(version / 10_000);
    if (major < OLDEST_POSTGRES) {
      throw new StartError(
        `PostgreSQL ${major} at ${postgresPlace(url)} is too old: callagent needs PostgreSQL ${OLDEST_POSTGRES} or later`,
      );
    }
    return { db, where: `PostgreSQL at ${postgresPlace(url)}` };
  } catch (error) {
    await db.close().catch(() => {});
    if (error instanceof StartError) throw error;
    throw new StartError(describePostgresFailure(url, error));
  }
}

/** Applies migrations; a schema made by a newer version, or a failure, is one line. */
export async function migrateOrExplain(opened: OpenedDatabase): Promise<void> {
  try {
    await migrate(opened.db);
  } catch (error) {
    if (error instanceof NewerSchemaError) {
      throw new StartError(
        `the database (${opened.where}) was migrated by a newer callagent (it has ${error.unknown.join(', ')}): run that version or later`,
      );
    }
    throw new StartError(`migrating the database (${opened.where}) failed: ${describeFault(error)}`);
  }
}
