/**
 * The scale-out benchmark's processes and CPU readings: `serve --no-worker` and `worker`
 * processes of the compiled service on one PostgreSQL database, and what each group of processes
 * (the service's, PostgreSQL's backends for the run's database, the whole machine) spent.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../src/db/client.js';
import { freePort, groupCpuMs, ROOT, startAndWait, stopGroup } from './support.js';

/**
 * Every process gets this PUBLIC_URL, as instances behind one load balancer do, so a request
 * Twilio signed for the public address verifies on any instance (docs/telephony.md).
 */
export const PUBLIC_URL = 'http://callagent.bench.test';

export interface Started {
  child: ChildProcess;
  pid: number;
  /** The HTTP port: the API for `serve`, the metrics listener for `worker`. */
  port: number;
}

/** Everything started and not yet stopped, so a failure anywhere still stops them all. */
const running = new Set<ChildProcess>();

export interface ServiceEnv {
  databaseUrl: string;
  secretsKey: string;
  dataDir: string;
  /** The throwaway CA the receiver's certificate is signed by (NODE_EXTRA_CA_CERTS). */
  caFile: string;
}

function envFor(s: ServiceEnv, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: s.databaseUrl,
    PUBLIC_URL,
    SECRETS_KEY: s.secretsKey,
    DATA_DIR: s.dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // Per key and per process (src/http/rate-limit.ts): the list's load would be refused at
    // 1,200 a minute otherwise; the benchmark measures capacity, not the limit.
    API_RATE_LIMIT: '0',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    NODE_EXTRA_CA_CERTS: s.caFile,
    ...extra,
  };
}

async function start(args: string[], s: ServiceEnv, env: Record<string, string>, readyPath: string) {
  const port = await freePort();
  const started = await startAndWait({
    command: process.execPath,
    args: [join(ROOT, 'dist', 'server', 'cli.js'), ...args],
    env: envFor(s, port, { ...env, ...(args[0] === 'worker' ? { METRICS_PORT: String(port) } : {}) }),
    readyUrl: `http://127.0.0.1:${port}${readyPath}`,
    timeoutMs: 60_000,
  });
  running.add(started.child);
  const pid = started.child.pid;
  if (pid === undefined) throw new Error('a started process has no pid');
  return { child: started.child, pid, port } satisfies Started;
}

/** `callagent serve --no-worker`, ready when /readyz answers 200. */
export function startServe(s: ServiceEnv): Promise<Started> {
  return start(['serve', '--no-worker'], s, {}, '/readyz');
}

/** `callagent worker`, ready when its metrics listener (METRICS_PORT) answers 200. */
export function startWorker(s: ServiceEnv): Promise<Started> {
  return start(['worker'], s, {}, '/metrics');
}

export async function stopAll(list: readonly Started[]): Promise<void> {
  await Promise.all(
    list.map(async (p) => {
      await stopGroup(p.child, 10_000);
      running.delete(p.child);
    }),
  );
}

/** SIGKILL to whatever is still running: the last resort of a failed or interrupted run. */
export function killEverything(): void {
  for (const child of running) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

/** CPU (user + sys, ms) of the given processes' groups. */
export function cpuOf(list: readonly Started[]): number {
  return list.reduce((sum, p) => sum + groupCpuMs(p.pid), 0);
}

// Linux counts CPU time in ticks of 10 ms (getconf CLK_TCK), as bench/support.ts does.
const TICK_MS = 10;

function ownCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * TICK_MS;
  } catch {
    return 0; // exited, or not readable
  }
}

/**
 * CPU of PostgreSQL's backends connected to the run's database, by pid from pg_stat_activity
 * and /proc (PostgreSQL runs on this machine). Other tenants' databases are left out. A backend
 * that exits during a phase takes its CPU with it, so this slightly under-counts.
 */
export async function backendCpu(db: Database, database: string): Promise<Map<number, number>> {
  const rows = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  return new Map(rows.map((r) => [r.pid, ownCpuMs(r.pid)]));
}

export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Busy and total jiffies of the whole machine (every tenant), from /proc/stat. */
export function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  // idle and iowait are the fields that are not work.
  return { busy: total - (n[3] ?? 0) - (n[4] ?? 0), total };
}

/** What a phase cost: wall time, and CPU of the service, of PostgreSQL, of this process, of the machine. */
export interface Spent {
  wallMs: number;
  serviceCpuMs: number;
  postgresCpuMs: number;
  benchCpuMs: number;
  /** Share of both cores busy during the phase, every tenant included (0 to 1). */
  machineBusy: number;
}

export async function spending(db: Database, database: string, service: readonly Started[]) {
  const t0 = performance.now();
  const svc0 = cpuOf(service);
  const pg0 = await backendCpu(db, database);
  const me0 = process.cpuUsage();
  const m0 = machineTicks();
  return async (): Promise<Spent> => {
    const me = process.cpuUsage(me0);
    const m1 = machineTicks();
    const pg1 = await backendCpu(db, database);
    return {
      wallMs: performance.now() - t0,
      serviceCpuMs: cpuOf(service) - svc0,
      postgresCpuMs: backendCpuSpent(pg0, pg1),
      benchCpuMs: (me.user + me.system) / 1000,
      machineBusy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
    };
  };
}
