/**
 * Platform benchmark (`npm run bench -- platform`):
 *  1. start-up time of `callagent serve` on embedded PGlite, cold and warm, against a bare
 *     `node -e http.createServer` (process start overhead);
 *  2. an API-key-authenticated list endpoint of the real app on PostgreSQL (GET /api/v1/leads,
 *     or a benchmark-only route when the app has no such list) against a bare Fastify route
 *     running the identical SELECT through `pg`, alternated in one run.
 * The machine is shared and noisy, so every figure is paired with a baseline measured in the
 * same run and the ratio is the result; absolute numbers are secondary.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { sha256Hex } from '../src/lib/secrets.js';
import {
  isListName,
  isTargetMessage,
  LISTS,
  type ListName,
  POOL_SIZE,
  ROWS,
  TARGET_LABELS,
  type TargetKind,
  type TargetMessage,
} from './platform-target.js';
import { seedLeads, seedWorkspaceWithKey } from './seed.js';
import {
  commandCpuMs,
  cpuSpentMs,
  createRunDatabase,
  finishReport,
  fmt,
  freePort,
  groupCpuMs,
  groupRssMb,
  type LoadResult,
  load,
  loadAverage,
  markdownTable,
  median,
  ROOT,
  startAndWait,
  stopGroup,
} from './support.js';

// ---------------------------------------------------------------------------------------------
// Orchestrator.

interface Sample {
  wallMs: number;
  cpuMs: number;
  /** Resident memory of the service's own process a second after it was ready (MB). */
  rssMb?: number;
}

interface StartupResult {
  baseline: Sample[];
  cold: Sample[];
  warm: Sample[];
  npmCold: Sample[];
  /** The embedded database's share, timed in this process: initdb, migrations, reopen. */
  breakdown: { initdb: Sample; migrations: Sample; reopen: Sample };
  /** Memory of the bundled service stage by stage (bench/memory-probe.ts), MB. */
  memory: MemoryStage[];
}

interface MemoryStage {
  stage: string;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function probeMemory(dataDir: string): MemoryStage[] {
  // Bundled like the service (scripts/build-server.mjs), so it loads what the service loads.
  const build = join(ROOT, 'scripts', 'build-server.mjs');
  execFileSync(process.execPath, [build, 'bench/memory-probe.ts', 'dist/memory-probe'], { stdio: 'inherit' });
  const probe = join(ROOT, 'dist', 'memory-probe', 'memory-probe.js');
  const out = execFileSync(process.execPath, [probe, dataDir], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as MemoryStage);
}

/** The service's environment for one start: embedded PGlite in `dataDir`, nothing bootstrapped. */
function serviceEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.BOOTSTRAP_OWNER_EMAIL;
  delete env.BOOTSTRAP_OWNER_PASSWORD;
  delete env.LOG_LEVEL;
  return env;
}

async function timeService(command: string, args: string[], dataDir: string): Promise<Sample> {
  const port = await freePort();
  const started = await startAndWait({
    command,
    args,
    env: serviceEnv(port, dataDir),
    readyUrl: `http://127.0.0.1:${port}/readyz`,
    timeoutMs: 60_000,
  });
  // The service is the child itself, or (npm start) the node process npm execs in its shell's place.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssMb = started.child.pid === undefined ? Number.NaN : groupRssMb(started.child.pid);
  // Graceful stop: the service closes PGlite, so the warm start finds a clean data directory.
  await stopGroup(started.child);
  return { wallMs: started.readyMs, cpuMs: started.cpuMs, rssMb };
}

async function timeBaselineProcess(): Promise<Sample> {
  const port = await freePort();
  const started = await startAndWait({
    command: process.execPath,
    args: ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
    env: process.env,
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 10_000,
  });
  await stopGroup(started.child);
  return { wallMs: started.readyMs, cpuMs: started.cpuMs };
}

async function timePglite(dir: string): Promise<StartupResult['breakdown']> {
  // CPU as well as wall: PGlite's WebAssembly is compiled on V8's background threads too.
  const step = async (fn: () => Promise<unknown>): Promise<Sample> => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(cpu);
    return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
  let db: Database | undefined;
  const initdb = await step(async () => {
    db = await openPglite(dir);
  });
  const migrations = await step(async () => {
    if (db) await migrate(db);
  });
  await db?.close();
  const reopen = await step(async () => {
    db = await openPglite(dir);
  });
  await db?.close();
  return { initdb, migrations, reopen };
}

function record(list: Sample[], sample: Sample, label: string): void {
  list.push(sample);
  log(
    `  ${label.padEnd(28)} ${fmt(sample.wallMs).padStart(6)} ms wall, ${fmt(sample.cpuMs).padStart(6)} ms CPU`,
  );
}

async function measureStartup(rounds: number): Promise<StartupResult> {
  const result: Omit<StartupResult, 'breakdown' | 'memory'> = {
    baseline: [],
    cold: [],
    warm: [],
    npmCold: [],
  };
  const scratch = mkdtempSync(join(tmpdir(), 'callagent-bench-'));
  // The compiled service, as `npm ci` builds it; rebuilt first so it matches the sources.
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const serve = [join(ROOT, 'dist', 'server', 'cli.js'), 'serve'];
  try {
    // Interleaved so a burst of noise from other tenants lands on every kind, not on one.
    for (let round = 0; round < rounds; round++) {
      record(result.baseline, await timeBaselineProcess(), 'baseline node -e http');
      const dataDir = join(scratch, `data-${round}`);
      record(result.cold, await timeService(process.execPath, serve, dataDir), 'cold (new data dir)');
      record(result.warm, await timeService(process.execPath, serve, dataDir), 'warm (same data dir)');
      // The literal command of the goal, once (each cold start is long on a busy machine and the
      // run must stay within about 3 minutes): npm and its shell each add a process start.
      if (round === rounds - 1) {
        const npmDir = join(scratch, 'data-npm');
        record(result.npmCold, await timeService('npm', ['start'], npmDir), 'cold via npm start');
      }
    }
    const breakdown = await timePglite(join(scratch, 'data-breakdown'));
    for (const [label, sample] of Object.entries(breakdown)) record([], sample, `in-process PGlite ${label}`);
    const memory = probeMemory(join(scratch, 'data-memory'));
    for (const m of memory)
      log(
        `  memory: ${m.stage.padEnd(28)} RSS ${fmt(m.rss)} MB, heap ${fmt(m.heapUsed)} MB, external ${fmt(m.external)} MB`,
      );
    return { ...result, breakdown, memory };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface Target {
  kind: TargetKind;
  child: ChildProcess;
  port: number;
  scopedGetRoutes: string[];
}

function nextMessage(
  child: ChildProcess,
  type: TargetMessage['type'],
  timeoutMs: number,
): Promise<TargetMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${type} message within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if (isTargetMessage(message) && message.type === type) {
        cleanup();
        resolve(message);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`target exited (${code}) before sending ${type}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Bundles bench/platform-target.ts as the service is bundled (scripts/build-server.mjs), so both
 * servers run compiled code from one file, as `npm start` does; answers the entry's path.
 */
function bundleTarget(): string {
  const build = join(ROOT, 'scripts', 'build-server.mjs');
  execFileSync(process.execPath, [build, 'bench/platform-target.ts', 'dist/platform-target'], {
    stdio: 'inherit',
  });
  return join(ROOT, 'dist', 'platform-target', 'platform-target.js');
}

async function startTarget(
  entry: string,
  kind: TargetKind,
  env: NodeJS.ProcessEnv,
  cpuProfDir?: string,
): Promise<Target> {
  // --cpu-prof-dir: V8 writes a .cpuprofile when the target exits, for finding what dominates.
  const profiling = cpuProfDir !== undefined ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  const args = [...profiling, entry, kind];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    detached: true,
    // stdout ignored: at level warn nothing is logged per request; stderr shows crashes.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child, 'ready', 60_000);
  if (ready.type !== 'ready') throw new Error('unexpected message');
  return { kind, child, port: ready.port, scopedGetRoutes: ready.scopedGetRoutes };
}

async function queryCount(target: Target): Promise<number> {
  target.child.send({ type: 'stats', queries: 0 } satisfies TargetMessage);
  const stats = await nextMessage(target.child, 'stats', 5_000);
  return stats.type === 'stats' ? stats.queries : Number.NaN;
}

interface Seeded {
  workspaceId: string;
  apiKey: string;
  /** Null when the leads were seeded; otherwise why not (the bench list is used then). */
  leadsProblem: string | null;
}

/** Owner, workspace, session and a read key through the services; 50 rows in each list. */
async function seed(databaseUrl: string): Promise<Seeded> {
  const db = openPostgres(databaseUrl, 2);
  try {
    await migrate(db);
    const { key, ...owner } = await seedWorkspaceWithKey(db, systemClock, {
      name: 'bench',
      scopes: ['calls:read', 'leads:read'],
    });
    await db.query(`CREATE TABLE bench_items (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      id text NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (workspace_id, id))`);
    for (let i = 0; i < ROWS; i++) {
      const now = systemClock.now();
      await db.query('INSERT INTO bench_items (workspace_id, id, name, created_at) VALUES ($1, $2, $3, $4)', [
        owner.workspaceId,
        newId('call', now.getTime()),
        `Caller ${i + 1} asking about 14 Acacia Avenue`,
        now,
      ]);
    }
    const leadsProblem = await seedLeads(db, systemClock, owner.workspaceId, ROWS).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await db.query('ANALYZE');
    return { workspaceId: owner.workspaceId, apiKey: key, leadsProblem };
  } finally {
    await db.close();
  }
}

/** One request each before any load, so a broken route cannot pass as a fast one. */
async function checkTarget(target: Target, path: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${target.port}${path}`, { headers });
  const body: unknown = await response.json();
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  if (response.status !== 200 || !Array.isArray(data) || data.length !== ROWS) {
    throw new Error(`${target.kind} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

interface RunRecord {
  kind: TargetKind;
  round: number;
  result: LoadResult;
  queriesPerRequest: number;
  /** Microseconds of the server process's CPU (user + sys) per request sent. */
  cpuUsPerRequest: number;
  /** Microseconds of PostgreSQL's CPU (every backend, user + sys) per request sent. */
  dbCpuUsPerRequest: number;
}

interface ThroughputResult {
  runs: RunRecord[];
  kinds: TargetKind[];
  scopedGetRoutes: string[];
  list: ListName;
  /** Why the real list was not used, when it was not. */
  listNote: string | null;
  durationSeconds: number;
  connections: number;
}

async function measureThroughput(options: {
  rounds: number;
  durationSeconds: number;
  profile: boolean;
  cpuProfDir?: string;
  list?: ListName;
}): Promise<ThroughputResult> {
  const connections = 50;
  const kinds: TargetKind[] = options.profile
    ? ['baseline', 'baseline-auth', 'app', 'app-silent']
    : ['baseline', 'app'];
  const entry = bundleTarget();
  const database = await createRunDatabase(`callagent_bench_${process.pid}`);
  const targets: Target[] = [];
  try {
    const seeded = await seed(database.url);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BENCH_TARGET_DATABASE_URL: database.url,
      BENCH_TARGET_WORKSPACE_ID: seeded.workspaceId,
      BENCH_TARGET_KEY_HASH: sha256Hex(seeded.apiKey),
    };
    // The app first: it reports which scope-governed GET routes exist, and so which list to drive.
    const appTargets: Target[] = [];
    for (const kind of kinds.filter((k) => k.startsWith('app'))) {
      appTargets.push(await startTarget(entry, kind, env, options.cpuProfDir));
    }
    const scopedGetRoutes = appTargets[0]?.scopedGetRoutes ?? [];
    const leadsRoute = scopedGetRoutes.some((r) => r.startsWith(`GET ${LISTS.leads} `));
    let listNote: string | null = null;
    if (!leadsRoute) listNote = `no scope-governed GET ${LISTS.leads} in the app`;
    else if (seeded.leadsProblem !== null) listNote = `seeding leads failed: ${seeded.leadsProblem}`;
    const list: ListName = options.list ?? (listNote === null ? 'leads' : 'bench');
    if (options.list === 'bench') listNote = 'the bench list was asked for (--list bench)';
    const path = LISTS[list];
    const baselineEnv = { ...env, BENCH_TARGET_LIST: list };
    const baselines: Target[] = [];
    for (const kind of kinds.filter((k) => !k.startsWith('app'))) {
      baselines.push(await startTarget(entry, kind, baselineEnv, options.cpuProfDir));
    }
    // Run order as in `kinds`: baseline first in every round.
    for (const kind of kinds) {
      const target = [...appTargets, ...baselines].find((t) => t.kind === kind);
      if (target) targets.push(target);
    }
    log(`  list: GET ${path}${listNote === null ? '' : ` (${listNote})`}`);
    // Both targets receive the same request bytes, key included.
    const headers = { authorization: `Bearer ${seeded.apiKey}` };
    for (const target of targets) await checkTarget(target, path, headers);
    // JIT, pool connections and PostgreSQL's caches warm up before anything counts.
    for (const target of targets) {
      await load({ url: `http://127.0.0.1:${target.port}${path}`, connections, durationSeconds: 2, headers });
    }
    const runs: RunRecord[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      for (const target of targets) {
        const before = target.kind.startsWith('app') ? await queryCount(target) : 0;
        const pid = target.child.pid ?? 0;
        const cpuBefore = groupCpuMs(pid);
        const dbCpuBefore = commandCpuMs('postgres');
        const result = await load({
          url: `http://127.0.0.1:${target.port}${path}`,
          connections,
          durationSeconds: options.durationSeconds,
          headers,
        });
        // Server CPU per request: contention from other tenants moves it far less than req/s.
        const cpuUsPerRequest = ((groupCpuMs(pid) - cpuBefore) * 1000) / result.sent;
        // The database's share too: the server's statements cost PostgreSQL's CPU on these cores.
        const dbCpuUsPerRequest = (cpuSpentMs(dbCpuBefore, commandCpuMs('postgres')) * 1000) / result.sent;
        const after = target.kind.startsWith('app') ? await queryCount(target) : 0;
        const queriesPerRequest = target.kind.startsWith('app')
          ? // Per request sent: the server also ran the queries of those in flight when the run stopped.
            (after - before) / result.sent
          : target.kind === 'baseline-auth'
            ? 2
            : 1;
        runs.push({
          kind: target.kind,
          round,
          result,
          queriesPerRequest,
          cpuUsPerRequest,
          dbCpuUsPerRequest,
        });
        const problems =
          result.non2xx + result.errors > 0 ? ` !! ${result.non2xx} non-2xx, ${result.errors} errors` : '';
        log(
          `  round ${round} ${TARGET_LABELS[target.kind].padEnd(40)} ${fmt(result.requestsPerSecond).padStart(7)} req/s` +
            `  p50 ${fmt(result.p50, 1)} ms  p99 ${fmt(result.p99, 1)} ms  ${fmt(cpuUsPerRequest)} µs CPU/req` +
            `  ${fmt(dbCpuUsPerRequest)} µs db CPU/req` +
            `  ${fmt(queriesPerRequest, 2)} queries/req${problems}`,
        );
      }
    }
    return {
      runs,
      kinds,
      scopedGetRoutes,
      list,
      listNote,
      durationSeconds: options.durationSeconds,
      connections,
    };
  } finally {
    for (const target of targets) await stopGroup(target.child);
    await database.drop();
  }
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function summariseStartup(s: StartupResult): string[][] {
  const base = { wall: median(s.baseline.map((x) => x.wallMs)), cpu: median(s.baseline.map((x) => x.cpuMs)) };
  const rows: string[][] = [];
  const add = (label: string, samples: Sample[], goalMs: number) => {
    const wall = median(samples.map((x) => x.wallMs));
    const cpu = median(samples.map((x) => x.cpuMs));
    const n = samples.length === 1 ? '1 run' : `median of ${samples.length}`;
    rows.push([
      `${label}: wall to ready (${n})`,
      `${fmt(wall)} ms`,
      `${fmt(base.wall)} ms`,
      `${fmt(wall / base.wall, 1)}x`,
      `< ${fmt(goalMs)} ms`,
      wall < goalMs ? 'yes' : 'no',
    ]);
    rows.push([
      `${label}: CPU to ready`,
      `${fmt(cpu)} ms`,
      `${fmt(base.cpu)} ms`,
      `${fmt(cpu / base.cpu, 1)}x`,
      '',
      '',
    ]);
    const rss = median(samples.map((x) => x.rssMb ?? Number.NaN));
    rows.push([`${label}: RSS 1 s after ready`, `${fmt(rss)} MB`, '', '', '', '']);
  };
  add('Start-up cold (new data dir: seed + migrations)', s.cold, 3_500);
  add('Start-up warm (same data dir reopened)', s.warm, 2_000);
  add('Start-up cold, literally `npm start`', s.npmCold, 3_500);
  return rows;
}

function summariseThroughput(t: ThroughputResult): string[][] {
  const of = (kind: TargetKind, pick: (r: RunRecord) => number) =>
    median(t.runs.filter((r) => r.kind === kind).map(pick));
  const metrics: { name: string; pick: (r: RunRecord) => number; unit: string; digits: number }[] = [
    { name: 'req/s', pick: (r) => r.result.requestsPerSecond, unit: '', digits: 0 },
    { name: 'p50', pick: (r) => r.result.p50, unit: ' ms', digits: 1 },
    { name: 'p99', pick: (r) => r.result.p99, unit: ' ms', digits: 1 },
    { name: 'server CPU per request', pick: (r) => r.cpuUsPerRequest, unit: ' µs', digits: 0 },
    { name: 'PostgreSQL CPU per request', pick: (r) => r.dbCpuUsPerRequest, unit: ' µs', digits: 0 },
  ];
  const rows: string[][] = [];
  for (const kind of t.kinds.filter((k) => k !== 'baseline')) {
    for (const m of metrics) {
      const value = of(kind, m.pick);
      const base = of('baseline', m.pick);
      const ratio = value / base;
      // docs/benchmarks.md, section 2: at least 0.85 of the bare rate, p99 at most 1.5 times.
      const goal = kind !== 'app' ? null : m.name === 'req/s' ? 'min' : m.name === 'p99' ? 'max' : null;
      const met = goal === 'min' ? ratio >= 0.85 : ratio <= 1.5;
      rows.push([
        `List 50 rows, ${TARGET_LABELS[kind]}: ${m.name}`,
        `${fmt(value, m.digits)}${m.unit}`,
        `${fmt(base, m.digits)}${m.unit}`,
        fmt(ratio, 2),
        goal === 'min' ? '>= 0.85' : goal === 'max' ? '<= 1.5' : m.name === 'req/s' ? '(profiling)' : '',
        goal === null ? '' : met ? 'yes' : 'no',
      ]);
    }
  }
  return rows;
}

/** Per-round app/baseline ratios: their spread says how much the noise moved the median. */
function roundRatios(t: ThroughputResult): string {
  const rounds = [...new Set(t.runs.map((r) => r.round))];
  return rounds
    .map((round) => {
      const rps = (kind: TargetKind) =>
        t.runs.find((r) => r.round === round && r.kind === kind)?.result.requestsPerSecond ?? Number.NaN;
      return `round ${round}: ${fmt(rps('app') / rps('baseline'), 2)}`;
    })
    .join(', ');
}

export async function runPlatformBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'cpu-prof-dir': { type: 'string' },
      list: { type: 'string' },
      rounds: { type: 'string', default: '2' },
      duration: { type: 'string', default: '10' },
    },
  });
  const rounds = Math.max(1, Math.min(5, Number.parseInt(values.rounds, 10) || 2));
  const durationSeconds = Math.max(2, Math.min(30, Number.parseInt(values.duration, 10) || 10));
  if (values.list !== undefined && !isListName(values.list)) throw new Error('--list must be leads or bench');
  const doStartup = values.only === undefined || values.only === 'startup';
  const doThroughput = values.only === undefined || values.only === 'throughput';
  const header = ['Measure', 'Value', 'Baseline (same run)', 'Ratio', 'Goal', 'Met'];
  const rows: string[][] = [];
  const notes: string[] = [];
  const began = new Date();
  const loadAtStart = loadAverage();

  if (doStartup) {
    log('Start-up time (time to first 200 from /readyz; baseline: node -e http.createServer to first 200)');
    const startup = await measureStartup(rounds);
    rows.push(...summariseStartup(startup));
    const coldCpu = median(startup.cold.map((x) => x.cpuMs));
    const { initdb, migrations, reopen } = startup.breakdown;
    const ms = (x: Sample) => `${fmt(x.wallMs)} ms (${fmt(x.cpuMs)} ms CPU)`;
    notes.push(
      `Start-up: time from spawn to the first 200 from /readyz, polled every 5 ms; CPU is user + sys of all the ` +
        `command's processes by then (less disturbed by other tenants than wall time). Baseline: ` +
        `\`node -e "require('http').createServer(...).listen(PORT)"\` to its first 200. The service runs as ` +
        `compiled \`node dist/server/cli.js serve\` on embedded PGlite with a fresh DATA_DIR, except the \`npm start\` rows ` +
        `(npm, its shell, then node in the shell's place). Order per round: baseline, cold, warm (same dir); npm start cold once, in the last round. ` +
        `RSS is the service process's own, a second after it was ready.`,
    );
    notes.push(
      `Where the cold start goes, timed in the benchmark process in the same run: PGlite on a new directory ` +
        `(initdb) ${ms(initdb)}, migrations ${ms(migrations)}, reopening ${ms(reopen)}. In CPU (steadier than ` +
        `wall time here), the rest of the cold start's ${fmt(coldCpu)} ms, about ` +
        `${fmt(coldCpu - initdb.cpuMs - migrations.cpuMs)} ms, is Node, module loading, bootstrap, ` +
        `buildApp and listen.`,
    );
    notes.push(
      `Memory of the compiled service by stage (bench/memory-probe.ts, new data directory): ${startup.memory
        .map((m) => `${m.stage}: RSS ${fmt(m.rss)} MB (heap ${fmt(m.heapUsed)}, external ${fmt(m.external)})`)
        .join('; ')}.`,
    );
  }
  if (doThroughput) {
    log(
      `API-key list on PostgreSQL: autocannon -c 50, ${durationSeconds} s per run, targets alternated, ${rounds} rounds`,
    );
    const throughput = await measureThroughput({
      rounds,
      durationSeconds,
      profile: values.profile,
      cpuProfDir: values['cpu-prof-dir'],
      list: isListName(values.list) ? values.list : undefined,
    });
    rows.push(...summariseThroughput(throughput));
    const appQueries = median(
      throughput.runs.filter((r) => r.kind === 'app').map((r) => r.queriesPerRequest),
    );
    const what =
      throughput.list === 'leads'
        ? `the real leads list (operation leads.read), ${ROWS} leads seeded through the leads service`
        : `a benchmark-only route added to the built app (operation calls.read) over ${ROWS} rows of a bench_items table`;
    notes.push(
      `Throughput: GET ${LISTS[throughput.list]}, ${what}, first page of ${ROWS}, authenticated with an API key ` +
        `(after its first request a key is checked inside the list's own SELECT, docs/api.md; zod validation and ` +
        `serialisation, error handling, logging). ` +
        `Baseline: a bare Fastify instance (no plugins) whose one route runs the same SELECT through a pg.Pool of ` +
        `${POOL_SIZE} (the service's pool size) and returns JSON. Each server in its own process; autocannon ` +
        `-c ${throughput.connections} for ${throughput.durationSeconds} s from this process, order ` +
        `${throughput.kinds.join(', ')} repeated ${rounds} times, medians shown. Log level warn for the app, so no ` +
        `per-request lines (the baseline has no logger). App/baseline req/s per round: ${roundRatios(throughput)}. ` +
        `App queries per request: ${fmt(appQueries, 2)} (baseline 1). Server CPU is user + sys of the server ` +
        `process during the run, per request sent.`,
    );
    notes.push(
      `Scope-governed GET collection routes in the app at run time: ${
        throughput.scopedGetRoutes.length === 0 ? 'none' : throughput.scopedGetRoutes.join(', ')
      }.${throughput.listNote === null ? '' : ` Used the bench list: ${throughput.listNote}.`}`,
    );
  }

  const table = markdownTable(header, rows);
  finishReport({
    title: 'Platform benchmark',
    name: 'platform',
    argv,
    began,
    loadAtStart,
    table,
    notes,
    write: doStartup && doThroughput,
    log,
  });
}
