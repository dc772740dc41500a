import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openPostgres, wrapPglite } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { PGLITE_EXTENSIONS } from '../../src/db/pglite-seed.js';
import { recordEvent } from '../../src/events/outbox.js';
import { createSecretBox, parseSecretsKey } from '../../src/lib/encryption.js';
import { newId } from '../../src/lib/ids.js';
import { insertEndpoint } from '../../src/modules/webhooks/webhooks.repo.js';
import { insertWorkspace } from '../../src/modules/workspaces/workspaces.repo.js';
import { wireEventConsequences } from '../../src/wiring.js';
import { withDatabase } from '../global-setup.js';
import { CLI_ENTRY } from './built-cli.js';

// Test-only helpers for worker processes: databases a child process can open too, seeding
// endpoints and events through the real outbox, and spawning `callagent worker`.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SharedDatabase {
  /** DATABASE_URL for the child, or undefined for PGlite in `dataDir`. */
  url: string | undefined;
  /** Opens the database in this process (PGlite: only while no child has it open). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function createPostgres(adminUrl: string, template: string | null): Promise<SharedDatabase> {
  // The vitest parent's pid in the name lets global teardown drop it even if this file dies.
  const name = `callagent_t_${process.ppid}_w${randomBytes(5).toString('hex')}`;
  const admin = openPostgres(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.close();
  const url = withDatabase(adminUrl, name);
  if (!template) {
    const db = openPostgres(url, 1);
    await migrate(db);
    await db.close();
  }
  return {
    url,
    open: async () => openPostgres(url, 5),
    async drop() {
      const a = openPostgres(adminUrl, 1);
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    },
  };
}

/** True when a PostgreSQL server is there for tests that need two processes on one database. */
export const postgresForProcesses: boolean = inject('pgForProcesses') !== null;

/**
 * PostgreSQL for tests that need two processes on one database: TEST_DATABASE_URL's server
 * (CI), else the local server on 127.0.0.1:5432. Tests that need it are skipped, visibly, only
 * on a machine with neither; CI always has one.
 */
export async function createPostgresForProcesses(): Promise<SharedDatabase> {
  const adminUrl = inject('pgForProcesses');
  if (!adminUrl)
    throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL or run one on 127.0.0.1:5432');
  return createPostgres(adminUrl, adminUrl === inject('pgAdminUrl') ? inject('pgTemplate') : null);
}

/** PostgreSQL under TEST_DATABASE_URL, otherwise a PGlite data directory the child opens itself. */
export async function createDatabaseForProcess(dataDir: string): Promise<SharedDatabase> {
  const adminUrl = inject('pgAdminUrl');
  if (adminUrl) return createPostgres(adminUrl, inject('pgTemplate'));
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a database');
  const first = await PGlite.create(`${dataDir}/pglite`, {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  await first.close();
  return {
    url: undefined,
    open: async () => wrapPglite(await PGlite.create(`${dataDir}/pglite`, { extensions: PGLITE_EXTENSIONS })),
    drop: async () => {},
  };
}

export interface SeededEndpoints {
  workspaceId: string;
  endpoints: { id: string; secret: string }[];
}

/** A workspace and one endpoint per URL for lead.created, secrets sealed under `secretsKey`. */
export async function seedEndpoints(
  db: Database,
  secretsKey: string,
  urls: readonly string[],
): Promise<SeededEndpoints> {
  // The tests that seed here record events on a database they opened themselves (src/wiring.ts).
  wireEventConsequences();
  const box = createSecretBox(parseSecretsKey(secretsKey));
  const now = new Date();
  const workspaceId = newId('ws');
  await insertWorkspace(db, workspaceId, 'Worker test', now);
  const endpoints: SeededEndpoints['endpoints'] = [];
  for (const url of urls) {
    const id = newId('wh');
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    await insertEndpoint(db, {
      workspace_id: workspaceId,
      id,
      url,
      events: ['lead.created'],
      description: null,
      status: 'enabled',
      disabled_reason: null,
      secret_ciphertext: box.seal(secret, id),
      created_at: now,
      updated_at: now,
    });
    endpoints.push({ id, secret });
  }
  return { workspaceId, endpoints };
}

/**
 * Records `count` lead.created events through the real outbox in one transaction, so every
 * delivery becomes due at the same instant (and one NOTIFY wakes every worker at once).
 */
export async function seedEvents(db: Database, workspaceId: string, count: number): Promise<string[]> {
  wireEventConsequences();
  return db.transaction(async (tx) => {
    const eventIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const event = await recordEvent(tx, workspaceId, 'lead.created', { id: `lead_${i}`, n: i }, new Date());
      eventIds.push(event.id);
    }
    return eventIds;
  });
}

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the compiled `callagent <args>` and resolves once it prints `ready`. */
export async function spawnCli(
  args: readonly string[],
  env: Record<string, string>,
  ready: string,
): Promise<WorkerProcess> {
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'SECRETS_KEY', 'NODE_EXTRA_CA_CERTS', 'PORT']) delete base[k];
  for (const k of Object.keys(base)) if (k.startsWith('BOOTSTRAP_')) delete base[k];
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...base, LOG_LEVEL: 'debug', ...env },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`callagent ${args.join(' ')} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, output: () => output, exited };
}

export function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  return spawnCli(['worker'], env, 'callagent worker delivering webhooks');
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
