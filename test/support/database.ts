import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openPostgres, wrapPglite } from '../../src/db/client.js';
import { PGLITE_EXTENSIONS } from '../../src/db/pglite-seed.js';
import { wireEventConsequences } from '../../src/wiring.js';
import { withDatabase } from '../global-setup.js';

/** A fresh, migrated database of its own for the calling test file: PostgreSQL when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<Database> {
  return (await openTestDatabaseAt()).db;
}

/**
 * The same, with the database's URL on PostgreSQL (undefined for the embedded one), for an app
 * that opens connections of its own to it (LISTEN for the live event stream).
 */
export async function openTestDatabaseAt(): Promise<{ db: Database; url: string | undefined }> {
  // A test that records events without building the app gets them planned as a process does.
  wireEventConsequences();
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  if (adminUrl && template) {
    const name = `callagent_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(adminUrl, 1);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.close();
    const url = withDatabase(adminUrl, name);
    return { db: openPostgres(url, 10), url };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a database');
  const pglite = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  return { db: wrapPglite(pglite), url: undefined };
}
