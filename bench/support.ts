import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Agent, get, request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

/** The repository root: children are started here so `src/...` paths and node_modules resolve. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Administrative connection for creating and dropping the per-run database. */
export const ADMIN_DATABASE_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** An answer read whole, and how long it took from sending the request. */
export interface TimedAnswer {
  status: number;
  body: string;
  ms: number;
}

/**
 * One request to 127.0.0.1:`port` over `agent` (the callers' keep-alive pool), read whole; fails
 * after `timeoutMs` without an answer.
 */
export function timedRequest(options: {
  agent: Agent;
  port: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
}): Promise<TimedAnswer> {
  const { agent, port, method, path, headers, body, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs / 1000} s`)),
    );
    req.once('error', reject);
    req.end(body);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? Number.NaN;
  const lo = sorted[mid - 1] ?? hi;
  return sorted.length % 2 === 0 ? (lo + hi) / 2 : hi;
}

/** The `p` quantile (0 to 1) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** `--name N` from `args`: an integer from `min` to `max`, or `fallback` when absent. */
export function intOption(
  args: readonly string[],
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const i = args.indexOf(name);
  const n = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be ${min} to ${max}`);
  return n;
}

/** A port nothing listens on right now (the OS picks it; the tiny reuse race is acceptable for a benchmark). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One GET on a fresh connection; resolves the status, or null when nothing answers yet. */
function probe(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get(url, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
  });
}

export interface StartedProcess {
  child: ChildProcess;
  /** Milliseconds from just before spawn to the first 200 from `readyUrl`. */
  readyMs: number;
  /** CPU time (user + sys) the command's processes had used by then; NaN without /proc. */
  cpuMs: number;
}

// Linux reports CPU times in clock ticks; 100 a second everywhere this runs (getconf CLK_TCK).
const TICK_MS = 10;

interface ProcessStat {
  pid: number;
  /** The command name (what `ps -o comm` shows). */
  name: string;
  /** The fields of /proc/PID/stat after the name: [0] is the state, [2] the process group. */
  fields: string[];
}

/** Every process's /proc/PID/stat, or null when there is no /proc. */
function processStats(): ProcessStat[] | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const stats: ProcessStat[] = [];
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields start after the last ')'.
      const close = stat.lastIndexOf(')');
      stats.push({
        pid: Number(pid),
        name: stat.slice(stat.indexOf('(') + 1, close),
        fields: stat.slice(close + 2).split(' '),
      });
    } catch {
      // exited between listing and reading
    }
  }
  return stats;
}

/** Resident memory of the processes in group `pgid`, in MB, from /proc. */
export function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const { pid, fields } of processStats() ?? []) {
    if (Number(fields[2]) !== pgid) continue;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += Number(rss?.[1] ?? 0);
    } catch {
      // exited between listing and reading
    }
  }
  return kb / 1024;
}

/**
 * CPU time used so far by every process in a process group, from /proc. Other tenants of a
 * shared machine stretch wall-clock start-up a lot and CPU time much less, so it is the
 * steadier of the two readings. Includes exited children that were waited for (cutime, cstime).
 */
export function groupCpuMs(pgid: number): number {
  const stats = processStats();
  if (stats === null) return Number.NaN;
  let ticks = 0;
  for (const { fields } of stats) {
    if (Number(fields[2]) !== pgid) continue;
    for (const i of [11, 12, 13, 14]) ticks += Number(fields[i] ?? 0);
  }
  return ticks * TICK_MS;
}

/**
 * CPU time (user + sys) used so far by each process whose command name is `name` (say, each
 * `postgres` backend), by pid, from /proc; empty without it.
 */
export function commandCpuMs(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const { pid, name: command, fields } of processStats() ?? []) {
    if (command === name) byPid.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * TICK_MS);
  }
  return byPid;
}

/**
 * CPU used between two `commandCpuMs` readings by the processes alive at the second; one that
 * exited in between is not counted (its time is gone from /proc), one that started counts whole.
 */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** CPU time (user + sys, every thread) process `pid` has used so far, from /proc; NaN without it. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/**
 * Spawns a command in its own process group and polls `readyUrl` every few milliseconds
 * until it answers 200. The poll interval bounds the measurement error (about 5 ms),
 * which matters only for the sub-100 ms baseline.
 */
export async function startAndWait(options: {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  readyUrl: string;
  timeoutMs: number;
}): Promise<StartedProcess> {
  const started = performance.now();
  // detached: its own process group, so `npm start` (npm, its shell, node) can be stopped as one.
  const child = spawn(options.command, [...options.args], {
    cwd: ROOT,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  for (;;) {
    const status = await probe(options.readyUrl);
    if (status === 200) {
      const readyMs = performance.now() - started;
      return { child, readyMs, cpuMs: child.pid === undefined ? Number.NaN : groupCpuMs(child.pid) };
    }
    if (exited !== undefined) {
      throw new Error(
        `${options.command} ${options.args.join(' ')} exited (${exited}) before ready:\n${stderr}`,
      );
    }
    if (performance.now() - started > options.timeoutMs) {
      await stopGroup(child);
      throw new Error(
        `${options.command} ${options.args.join(' ')} not ready after ${options.timeoutMs} ms:\n${stderr}`,
      );
    }
    await sleep(5);
  }
}

/** SIGTERM to the child's process group (graceful: the service closes PGlite), SIGKILL if it hangs. */
export async function stopGroup(child: ChildProcess, graceMs = 20_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Requests sent, including those still in flight when the run stopped (the server saw them). */
  sent: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run; this process only generates load, the server under test is another process. */
export async function load(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    sent: result.requests.sent,
    non2xx: result.non2xx,
    // autocannon's errors already include timeouts.
    errors: result.errors,
  };
}

/** Creates an empty database for this run and returns its URL; `drop` removes it. */
export async function createRunDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        // WITH (FORCE): a child that died without closing its pool must not keep the database alive.
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The 1-minute load average: how busy the shared machine was (2 means both cores full). */
export function loadAverage(): string {
  return (loadavg()[0] ?? Number.NaN).toFixed(1);
}

export function machineSummary(): string {
  const list = cpus();
  const model = list[0]?.model.trim() ?? 'unknown CPU';
  return `${list.length} cores (${model}), Node ${process.version}, ${process.platform}`;
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function fmt(value: number, digits = 0): string {
  return Number.isFinite(value)
    ? value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';
}

export interface LatestReport {
  title: string;
  /** The bench name, as given to `npm run bench --`. */
  name: string;
  argv: readonly string[];
  began: Date;
  loadAtStart: string;
  table: string;
  notes: readonly string[];
  /** Write bench/results/<name>-latest.md: only for a complete run, so a partial one never replaces it. */
  write: boolean;
  log: (line: string) => void;
}

/** Prints the table and notes, and keeps them as the latest figures in bench/results/. */
export function finishReport(r: LatestReport): void {
  const report = [
    `# ${r.title}: latest run`,
    '',
    `- Run: ${r.began.toISOString()}; command: \`npm run bench -- ${r.name}${r.argv.length > 0 ? ` ${r.argv.join(' ')}` : ''}\``,
    `- Machine: ${machineSummary()}; shared with other work, so read the ratios, not the absolute figures.`,
    `- Load average (1 min) at start ${r.loadAtStart}, at end ${loadAverage()} (2.0 = both cores busy).`,
    '',
    r.table,
    '',
    ...r.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  r.log('');
  r.log(r.table);
  r.log('');
  for (const n of r.notes) r.log(`- ${n}`);
  if (!r.write) return;
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${r.name}-latest.md`, report);
  r.log(`\nWritten to bench/results/${r.name}-latest.md`);
}
