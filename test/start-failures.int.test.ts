import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { CLI_ENTRY } from './support/built-cli.js';
import { startOldPostgres } from './support/old-postgres.js';
import { seedEndpoints } from './support/processes.js';
import {
  postgresBinaries,
  startThrowawayCluster,
  type ThrowawayCluster,
} from './support/throwaway-postgres.js';

// Every start that cannot go on says why in one line on stderr, exits 1, and leaves behind
// nothing it made: no half-seeded database, no key file, no data directory it created.

const dirs: string[] = [];
const clusters: ThrowawayCluster[] = [];
afterAll(() => {
  for (const c of clusters) c.destroy();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), 'callagent-fail-'));
  dirs.push(d);
  return d;
}

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of Object.keys(base)) {
    if (/^(BOOTSTRAP_|DATABASE_URL$|DATA_DIR$|PORT$|SECRETS_KEY$|LOG_LEVEL$|npm_)/.test(k)) delete base[k];
  }
  return { ...base, PORT: '0', LOG_LEVEL: 'warn', ...extra };
}

function serve(extra: Record<string, string>) {
  return spawnSync(process.execPath, [CLI_ENTRY, 'serve'], {
    env: env(extra),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** As `serve`, without blocking this process: for a server this process runs itself. */
function serveAsync(extra: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve'], { env: env(extra) });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stderr })));
}

/** `serve` with DATA_DIR on a filesystem of its own, mounted with `mountOptions` in a private namespace. */
function serveOnMount(mountOptions: string, dataDir: string) {
  const script = `mount -t tmpfs -o "$OPTS" tmpfs "$MNT" && "$NODE" "$CLI" serve; code=$?; echo "left:[$(ls -A "$MNT")]"; exit $code`;
  const mnt = scratch();
  return spawnSync('unshare', ['-rm', 'sh', '-c', script], {
    env: env({
      OPTS: mountOptions,
      MNT: mnt,
      NODE: process.execPath,
      CLI: CLI_ENTRY,
      DATA_DIR: join(mnt, dataDir),
    }),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function expectOneLine(res: { status: number | null; stderr: string }, pattern: RegExp): void {
  expect(res.status, res.stderr).toBe(1);
  const lines = res.stderr.trim().split('\n');
  expect(lines, res.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^callagent: /);
  expect(lines[0], res.stderr).toMatch(pattern);
}

async function migratedDataDir(): Promise<string> {
  const dir = scratch();
  const db = await openPglite(dir);
  await migrate(db);
  await db.close();
  return dir;
}

describe('a failed start on the embedded database', () => {
  it('names a DATA_DIR that is a file, or lies under one', () => {
    const file = join(scratch(), 'not-a-dir');
    writeFileSync(file, 'x');
    expectOneLine(serve({ DATA_DIR: file }), /DATA_DIR .*not-a-dir is not a directory/);
    expectOneLine(
      serve({ DATA_DIR: join(file, 'data') }),
      /DATA_DIR .* cannot be created: a file is in the way/,
    );
  });

  it('names a read-only DATA_DIR, and one that cannot be created there', () => {
    const res = serveOnMount('ro', '.');
    expectOneLine(res, /DATA_DIR .* is not writable: read-only file system/);
    expectOneLine(serveOnMount('ro', 'data'), /DATA_DIR .*data cannot be created: .*read-only file system/);
  });

  it('names a full disk and removes the half-made database', () => {
    const res = serveOnMount('size=2m', 'data');
    expectOneLine(res, /the embedded database in .* cannot be opened: no space left on device/);
    expect(res.stdout).toContain('left:[]');
  });

  it('names the process holding a locked DATA_DIR and touches nothing in it', () => {
    const dir = scratch();
    // This test's own process is alive, so its pid holds the lock.
    writeFileSync(join(dir, 'callagent.lock'), String(process.pid));
    expectOneLine(
      serve({ DATA_DIR: dir }),
      new RegExp(`in use by another callagent process \\(pid ${process.pid}\\)`),
    );
    expect(readdirSync(dir)).toEqual(['callagent.lock']);
  });

  it('names a port in use and removes the data directory it created', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const dir = join(scratch(), 'fresh');
    try {
      expectOneLine(serve({ DATA_DIR: dir, PORT: String(port) }), new RegExp(`127.0.0.1:${port} is in use`));
    } finally {
      blocker.close();
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a data directory made or migrated by a newer version, changing nothing', async () => {
    const migrated = await migratedDataDir();
    const db = await openPglite(migrated);
    await db.query("INSERT INTO schema_migrations (version) VALUES ('9999_from_a_newer_version')");
    await db.close();
    expectOneLine(
      serve({ DATA_DIR: migrated }),
      /migrated by a newer callagent \(it has 9999_from_a_newer_version\)/,
    );
    expect(existsSync(join(migrated, 'secrets.key'))).toBe(false);

    const newer = await migratedDataDir();
    writeFileSync(join(newer, 'pglite', 'PG_VERSION'), '19\n');
    expectOneLine(
      serve({ DATA_DIR: newer }),
      /made by a newer callagent \(PostgreSQL 19; this version embeds 18\)/,
    );
  });
});

describe('a failed start on SECRETS_KEY', () => {
  it('refuses a malformed key', () => {
    const dir = join(scratch(), 'unused');
    expectOneLine(
      serve({ DATA_DIR: dir, SECRETS_KEY: 'c2hvcnQ=' }),
      /^callagent: Invalid SECRETS_KEY: must be 32/,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a key that does not open the stored secrets, and a missing one, writing no key file', async () => {
    const dir = await migratedDataDir();
    const sealedWith = randomBytes(32).toString('base64');
    const db = await openPglite(dir);
    await seedEndpoints(db, sealedWith, ['https://receiver.example.test/hook']);
    await db.close();
    const other = randomBytes(32).toString('base64');
    expectOneLine(
      serve({ DATA_DIR: dir, SECRETS_KEY: other }),
      /SECRETS_KEY does not open the secrets stored/,
    );
    expectOneLine(serve({ DATA_DIR: dir }), /holds secrets sealed with a key this instance does not have/);
    expect(existsSync(join(dir, 'secrets.key'))).toBe(false);
  });
});

describe('a failed start on DATABASE_URL writes nothing to DATA_DIR', () => {
  const untouched = () => join(scratch(), 'data');

  it('refuses a malformed URL without repeating it', () => {
    const dir = untouched();
    const res = serve({ DATA_DIR: dir, DATABASE_URL: 'postgres://user:s3cret@[::1/callagent' });
    expectOneLine(res, /^callagent: Invalid DATABASE_URL: must be a URL/);
    expect(res.stderr).not.toContain('s3cret');
    expect(existsSync(dir)).toBe(false);
  });

  it('names a server that is not there', () => {
    const dir = untouched();
    const res = serve({ DATA_DIR: dir, DATABASE_URL: 'postgres://postgres@127.0.0.1:9/callagent' });
    expectOneLine(res, /PostgreSQL at 127.0.0.1:9\/callagent refused the connection/);
    expect(existsSync(dir)).toBe(false);
  });

  it('names a server too old for the migrations', async () => {
    const old = await startOldPostgres('13.16');
    try {
      const dir = untouched();
      expectOneLine(
        await serveAsync({ DATA_DIR: dir, DATABASE_URL: old.url }),
        /PostgreSQL 13 at .* is too old: callagent needs PostgreSQL 15/,
      );
      expect(existsSync(dir)).toBe(false);
    } finally {
      await old.close();
    }
  });

  it('names a wrong password without printing it', async () => {
    const bin = postgresBinaries();
    if (!bin) throw new Error('PostgreSQL server binaries are needed (Debian postgresql-15)');
    const cluster = await startThrowawayCluster(bin, { password: 'the right one' });
    clusters.push(cluster);
    const url = cluster.adminUrl.replace(encodeURIComponent('the right one'), 'wrong-guess');
    const dir = untouched();
    const res = serve({ DATA_DIR: dir, DATABASE_URL: url });
    expectOneLine(res, /rejected the password of user postgres/);
    expect(res.stderr).not.toContain('wrong-guess');
    expect(existsSync(dir)).toBe(false);
    // The right password starts, which shows the refusal was the password's.
    const ok = spawnSync(process.execPath, [CLI_ENTRY, 'migrate'], {
      env: env({
        DATA_DIR: dir,
        DATABASE_URL: cluster.adminUrl,
        SECRETS_KEY: randomBytes(32).toString('base64'),
      }),
      encoding: 'utf8',
    });
    expect(ok.stdout, ok.stderr).toMatch(/migrations applied/);
  });
});

describe('directories made for the test', () => {
  it('exist only under the system temporary directory', () => {
    mkdirSync(join(scratch(), 'probe'));
    for (const d of dirs) expect(d.startsWith(tmpdir())).toBe(true);
  });
});
