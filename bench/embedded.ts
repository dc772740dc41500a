/**
 * Embedded database benchmark (`npm run bench -- embedded`): does the embedded database hold up
 * the rest of the service? Three servers of the real app, one at a time, each seeded with the
 * same workspace, key and 50 leads:
 *   - PostgreSQL through pg (the baseline),
 *   - PGlite in a thread of its own (how `callagent serve` runs it),
 *   - PGlite on the main thread (how it ran before: the comparison the thread must beat).
 * Against each, 50 connections read GET /api/v1/leads while one connection asks GET /healthz;
 * /healthz touches no database, so its latency is what every other route (a live call's turn
 * included) pays for the list's load. Ratios are taken within the run; see docs/benchmarks.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres, wrapPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { openSeededPglite } from '../src/db/pglite-seed.js';
import { createLogger } from '../src/http/logger.js';
import { systemClock } from '../src/lib/clock.js';
import { CreateLeadBody } from '../src/modules/leads/leads.schemas.js';
import { createLead } from '../src/modules/leads/leads.service.js';
import { seedWorkspaceWithKey } from './seed.js';
import {
  createRunDatabase,
  finishReport,
  fmt,
  type LoadResult,
  load,
  loadAverage,
  markdownTable,
  median,
  processCpuMs,
} from './support.js';

const KINDS = ['postgres', 'pglite-thread', 'pglite-main'] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Kind, string> = {
  postgres: 'PostgreSQL (pg pool)',
  'pglite-thread': 'embedded, own thread',
  'pglite-main': 'embedded, main thread',
};
const LEADS = 50;

async function openTarget(kind: Kind, dir: string, url: string | undefined): Promise<Database> {
  if (kind === 'postgres') return openPostgres(url ?? '', 10);
  if (kind === 'pglite-thread') return openPglite(dir);
  return wrapPglite(await openSeededPglite(join(dir, 'pglite')));
}

/** The server process: the real app on one kind of database, seeded, listening on a free port. */
export async function serveEmbeddedTarget(kind: string | undefined): Promise<void> {
  if (!KINDS.includes(kind as Kind)) throw new Error(`unknown target ${kind}`);
  const dir = process.env.BENCH_DATA_DIR ?? '';
  const db = await openTarget(kind as Kind, dir, process.env.BENCH_DATABASE_URL);
  await migrate(db);
  const seeded = await seedWorkspaceWithKey(db, systemClock, { name: 'bench', scopes: ['leads:read'] });
  for (let i = 0; i < LEADS; i++) {
    const body = CreateLeadBody.parse({
      name: `Caller ${i + 1}`,
      phone: `07700 900${100 + i}`,
      note: 'probate',
    });
    await createLead(db, seeded.workspaceId, body, systemClock.now());
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', API_RATE_LIMIT: '0', SECRETS_KEY: 'A'.repeat(43) });
  const app = await buildApp({ config, db, clock: systemClock, logger: createLogger('warn') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ port, key: seeded.key });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}

interface Round {
  kind: Kind;
  list: LoadResult;
  health: LoadResult;
  /** The server's CPU time (all its threads) over the measured run, per list request answered. */
  cpuMsPerList: number;
}

async function startTarget(
  kind: Kind,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; port: number; key: string }> {
  const child = fork(new URL('./run.ts', import.meta.url), ['embedded-target', kind], {
    env,
    stdio: 'inherit',
  });
  const ready = await new Promise<{ port: number; key: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; key: string }));
    child.once('exit', (code) => reject(new Error(`${kind} target exited (${code})`)));
  });
  return { child, ...ready };
}

async function measure(kind: Kind, seconds: number, env: NodeJS.ProcessEnv): Promise<Round> {
  const target = await startTarget(kind, env);
  try {
    const base = `http://127.0.0.1:${target.port}`;
    const headers = { authorization: `Bearer ${target.key}` };
    const warm = await fetch(`${base}/api/v1/leads?limit=50`, { headers });
    if (warm.status !== 200) throw new Error(`${kind}: the list answered ${warm.status}`);
    await load({ url: `${base}/api/v1/leads?limit=50`, connections: 10, durationSeconds: 2, headers });
    const pid = target.child.pid ?? 0;
    const cpuBefore = processCpuMs(pid);
    const [list, health] = await Promise.all([
      load({ url: `${base}/api/v1/leads?limit=50`, connections: 50, durationSeconds: seconds, headers }),
      load({ url: `${base}/healthz`, connections: 1, durationSeconds: seconds }),
    ]);
    // CPU time is what other tenants stretch least (docs/benchmarks.md, "Why ratios").
    const cpuMsPerList = (processCpuMs(pid) - cpuBefore) / list.requests;
    // A /healthz that never answered within the run has no latency sample: count it as the whole run.
    if (health.requests === 0) Object.assign(health, { p50: seconds * 1000, p99: seconds * 1000 });
    return { kind, list, health, cpuMsPerList };
  } finally {
    target.child.kill('SIGTERM');
    await new Promise((resolve) => target.child.once('exit', resolve));
  }
}

function summarise(rounds: readonly Round[], kind: Kind) {
  const mine = rounds.filter((r) => r.kind === kind);
  return {
    listRps: median(mine.map((r) => r.list.requestsPerSecond)),
    listP99: median(mine.map((r) => r.list.p99)),
    healthP50: median(mine.map((r) => r.health.p50)),
    healthP99: median(mine.map((r) => r.health.p99)),
    cpuMsPerList: median(mine.map((r) => r.cpuMsPerList)),
    healthAnswered: median(mine.map((r) => r.health.requests)),
    errors: mine.reduce((n, r) => n + r.list.errors + r.list.non2xx + r.health.errors + r.health.non2xx, 0),
  };
}

export async function runEmbeddedBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { rounds: { type: 'string', default: '2' }, duration: { type: 'string', default: '10' } },
  });
  const rounds = Number(values.rounds);
  const seconds = Number(values.duration);
  const began = new Date();
  const loadAtStart = loadAverage();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const kind of KINDS) {
      const dir = mkdtempSync(join(tmpdir(), 'callagent-bench-embedded-'));
      const database =
        kind === 'postgres' ? await createRunDatabase(`callagent_bench_emb_${process.pid}_${round}`) : null;
      try {
        const env = { ...process.env, BENCH_DATA_DIR: dir, BENCH_DATABASE_URL: database?.url ?? '' };
        const r = await measure(kind, seconds, env);
        results.push(r);
        log(
          `round ${round + 1} ${LABELS[kind]}: list ${fmt(r.list.requestsPerSecond)} req/s (p99 ${r.list.p99} ms, ${fmt(r.cpuMsPerList, 2)} ms CPU each), /healthz p50 ${r.health.p50} ms p99 ${r.health.p99} ms`,
        );
      } finally {
        await database?.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const pg = summarise(results, 'postgres');
  const thread = summarise(results, 'pglite-thread');
  const main = summarise(results, 'pglite-main');
  const row = (kind: Kind, s: ReturnType<typeof summarise>) => [
    LABELS[kind],
    fmt(s.listRps),
    fmt(s.listP99),
    fmt(s.cpuMsPerList, 2),
    fmt(s.healthP50, 1),
    fmt(s.healthP99, 1),
    fmt(s.healthAnswered),
    String(s.errors),
  ];
  const table = markdownTable(
    [
      'Database',
      'list req/s',
      'list p99 ms',
      'server CPU ms per list',
      '/healthz p50 ms',
      '/healthz p99 ms',
      '/healthz answered',
      'errors',
    ],
    [row('postgres', pg), row('pglite-thread', thread), row('pglite-main', main)],
  );
  finishReport({
    title: 'Embedded database benchmark',
    name: 'embedded',
    argv,
    began,
    loadAtStart,
    table,
    notes: [
      `/healthz p99 under the list's load, embedded (own thread) ÷ PostgreSQL: ${fmt(thread.healthP99 / pg.healthP99, 2)} (goal at most 2)`,
      `/healthz p99, embedded on the main thread ÷ PostgreSQL: ${fmt(main.healthP99 / pg.healthP99, 2)}`,
      `List throughput, embedded own thread ÷ main thread: ${fmt(thread.listRps / main.listRps, 2)} (goal at least 1)`,
      `Server CPU per list request, embedded main thread ÷ own thread: ${fmt(main.cpuMsPerList / thread.cpuMsPerList, 2)} (above 1: the thread costs less; the CPU includes the /healthz requests answered alongside, many more in the thread's runs)`,
      `Medians of ${rounds} rounds of ${seconds} s per database; 50 connections on the list, 1 on /healthz, both from this process; a /healthz that never answered in a round counts as ${seconds * 1000} ms.`,
    ],
    write: true,
    log,
  });
}
