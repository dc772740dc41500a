import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openPostgres } from '../../../src/db/client.js';
import { migrate } from '../../../src/db/migrate.js';
import { openPgliteThread } from '../../../src/db/pglite-remote.js';
import { wireEventConsequences } from '../../../src/wiring.js';
import { withDatabase } from '../../global-setup.js';
import { CLI_ENTRY } from '../../support/built-cli.js';
import { type FakeTwilioApi, startFakeTwilioApi } from '../../support/fake-twilio.js';
import { createTestPki } from '../../support/receivers.js';

export const OWNER = { email: 'owner@desk.test', password: 'a long owner password' };

export interface Service {
  url: string;
  /** The service's database: PostgreSQL (TEST_DATABASE_URL set) or its embedded one. */
  database: string;
  /** Twilio's REST API as the service sees it (TWILIO_API_URL), which a number registration asks. */
  twilio: FakeTwilioApi;
  stop(): Promise<void>;
}

/** A port nothing listens on now: the service's PUBLIC_URL must name its port before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for the line `callagent listening on http://...` and answers the address. */
function listeningAddress(child: ChildProcess, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start:\n${log.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log.push(String(chunk));
      const match = /listening on (http:\/\/[^\s"]+)/.exec(log.join(''));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.push(String(chunk)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}):\n${log.join('')}`));
    });
  });
}

/**
 * Runs `callagent serve` as a real process on a database of its own: a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set (CI), else the embedded database in a new data directory.
 * `extra` adds to its environment (a language model on loopback, say). `prepare` is given the
 * migrated database before the service starts, to seed records a test needs at known times.
 */
export async function startService(
  extra: NodeJS.ProcessEnv = {},
  prepare?: (db: Database) => Promise<void>,
): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'callagent-e2e-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dbName = `callagent_e2e_${randomBytes(6).toString('hex')}`;
  if (adminUrl) {
    const admin = openPostgres(adminUrl, 1);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.close();
  }
  if (prepare) {
    // The seed may record events, on a database opened here rather than by the app (src/wiring.ts).
    wireEventConsequences();
    if (!adminUrl) mkdirSync(join(dataDir, 'pglite'));
    const db = adminUrl
      ? openPostgres(withDatabase(adminUrl, dbName), 2)
      : await openPgliteThread(join(dataDir, 'pglite'));
    try {
      await migrate(db);
      await prepare(db);
    } finally {
      await db.close();
    }
  }
  const port = await freePort();
  const pki = await createTestPki();
  const twilio = await startFakeTwilioApi({ ca: pki.caCert, key: pki.trusted.key, cert: pki.trusted.cert });
  // The service trusts the fake's CA as it would a company CA: through Node's own variable.
  const caDir = mkdtempSync(join(tmpdir(), 'callagent-e2e-ca-'));
  writeFileSync(join(caDir, 'twilio-ca.pem'), pki.caCert);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    CONSOLE_DIR: inject('consoleDir'),
    BOOTSTRAP_OWNER_EMAIL: OWNER.email,
    BOOTSTRAP_OWNER_PASSWORD: OWNER.password,
    BOOTSTRAP_WORKSPACE_NAME: 'Acme Homes',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    API_RATE_LIMIT: '0',
    TWILIO_API_URL: twilio.url,
    NODE_EXTRA_CA_CERTS: join(caDir, 'twilio-ca.pem'),
    LOG_LEVEL: 'warn',
    ...(adminUrl ? { DATABASE_URL: withDatabase(adminUrl, dbName) } : {}),
    ...extra,
  };
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const url = await listeningAddress(child, log);
  return {
    url,
    database: adminUrl ? 'postgres' : 'pglite',
    twilio,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await twilio.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(caDir, { recursive: true, force: true });
      if (adminUrl) {
        const admin = openPostgres(adminUrl, 1);
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.close();
      }
    },
  };
}
