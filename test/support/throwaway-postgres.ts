import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A PostgreSQL cluster of a test's own, which the test may stop and start under load. It
// starts in about a second (no fsync, trust auth on loopback).

const PG_ROOT = '/usr/lib/postgresql';

/** The server binaries of the newest PostgreSQL installed from Debian's packages, or null. */
export function postgresBinaries(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:port/postgres */
  adminUrl: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** With `password`, connections over TCP must give it (SCRAM); without, trust as on CI's server. */
export async function startThrowawayCluster(
  bin: string,
  settings: { password?: string } = {},
): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'callagent-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root; as root, run it as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const run = (command: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, command),
      asRoot ? ['-u', 'postgres', '--', join(bin, command), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  const auth = ['-A', 'trust'];
  if (settings.password !== undefined) {
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${settings.password}\n`);
    if (asRoot) execFileSync('chown', ['postgres', pwfile]);
    auth.push('--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
  }
  run('initdb', ['-D', data, ...auth, '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    adminUrl: `postgres://postgres${settings.password === undefined ? '' : `:${encodeURIComponent(settings.password)}`}@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      if (asRoot) chownSync(dir, 0, 0);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
