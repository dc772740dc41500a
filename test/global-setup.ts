import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { openSeededMemoryPglite } from '../src/db/pglite-seed.js';
import { ensureBuilt } from './support/built-cli.js';
import type { FakeTwilioTls } from './support/fake-twilio.js';
import { createTestPki } from './support/receivers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: admin URL and the migrated template each test file copies. */
    pgAdminUrl: string | null;
    pgTemplate: string | null;
    /** PGlite: a dump of a migrated database each test file loads. */
    pgliteDump: string | null;
    /**
     * A PostgreSQL admin URL for tests that need two processes on one database (PGlite is one
     * process): TEST_DATABASE_URL, else a server on 127.0.0.1:5432 if one answers, else null.
     */
    pgForProcesses: string | null;
    /** A CA and a certificate it signed for 127.0.0.1, for each file's fake Twilio REST API. */
    twilioTls: FakeTwilioTls;
  }
}

let cleanup: (() => Promise<void>) | null = null;

/**
 * Migrates once per run; every test file then starts from a copy of the migrated database
 * (a PostgreSQL template, or a PGlite dump), so files are isolated and start fast.
 */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const probe = openPostgres(url, 1);
  try {
    await probe.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.close();
  }
}

export async function setup(project: TestProject): Promise<void> {
  ensureBuilt();
  const pki = await createTestPki();
  project.provide('twilioTls', { ca: pki.caCert, key: pki.trusted.key, cert: pki.trusted.cert });
  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgForProcesses', url ?? ((await reachable(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : null));
  if (url) {
    const template = `callagent_tpl_${process.pid}`;
    const admin = openPostgres(url, 2);
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const tpl = openPostgres(withDatabase(url, template), 1);
    await migrate(tpl);
    await tpl.close();
    project.provide('pgAdminUrl', url);
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', null);
    cleanup = async () => {
      const rows = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`callagent_t_${process.pid}_%`, template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.close();
    };
    return;
  }
  const pglite = await openSeededMemoryPglite();
  await migrate(wrapPglite(pglite));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(join(tmpdir(), 'callagent-test-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgAdminUrl', null);
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

export async function teardown(): Promise<void> {
  await cleanup?.();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
