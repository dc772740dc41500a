/**
 * Scale-out benchmark: `npm run bench -- scale [--seconds S] [--callers N] [--deliveries N]
 * [--rounds N]`.
 *
 * On one fresh PostgreSQL database it compares 1 `serve --no-worker` + 1 `worker` with 2 + 2
 * processes of the compiled service, alternating in the same run (docs/sizing.md reads the
 * figures). Each topology, each round, is started afresh and measured three ways:
 *
 * 1. Gather turns a second at saturation: N callers (default 20) making full phone calls back to
 *    back, each request sent to the instances in turn (scale-calls.ts); every call is checked.
 * 2. API list requests a second: 50 autocannon connections split across the instances (scale-api.ts).
 * 3. Deliveries a second: N deliveries (default 2,000) committed at once, timed from the commit to
 *    the last arrival at a local HTTPS receiver with the worker process(es) already running and
 *    listening (scale-deliveries.ts); every delivery is checked off once.
 *
 * CPU is read for the service's processes, PostgreSQL's backends for this database and this
 * process (the load generator and receiver), per unit of work: on a 2-core machine 2 + 2
 * processes share the same cores as 1 + 1, so CPU per unit says what more cores would buy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createTestPki } from '../test/support/receivers.js';
import { type ApiResult, CONNECTIONS, checkList, LIST_PATH, listLoad, seedApi } from './scale-api.js';
import { callsPhase, closeCallConnections } from './scale-calls.js';
import {
  checkDeliveries,
  type DeliveryTarget,
  queueDeliveries,
  seedDeliveryTarget,
  waitForArrivals,
} from './scale-deliveries.js';
import {
  killEverything,
  PUBLIC_URL,
  type ServiceEnv,
  type Spent,
  type Started,
  spending,
  startServe,
  startWorker,
  stopAll,
} from './scale-procs.js';
import { scaleTable } from './scale-report.js';
import { createRunDatabase, finishReport, fmt, intOption, loadAverage, sleep } from './support.js';
import { type Line, seedLine, verifyCalls } from './twilio-calls.js';

export interface Options {
  seconds: number;
  callers: number;
  deliveries: number;
  rounds: number;
}

function parseOptions(args: readonly string[]): Options {
  const value = (name: string, fallback: number, min: number, max: number) =>
    intOption(args, name, fallback, min, max);
  return {
    seconds: value('--seconds', 10, 2, 120),
    callers: value('--callers', 20, 1, 500),
    deliveries: value('--deliveries', 2000, 4, 50_000),
    rounds: value('--rounds', 2, 1, 5),
  };
}

interface Context {
  o: Options;
  db: Database;
  dbName: string;
  env: ServiceEnv;
  lines: Line[];
  apiKey: string;
  target: DeliveryTarget;
}

export interface TopologyRun {
  processes: number;
  round: number;
  load: string;
  turns: number[];
  calls: number;
  /** Calls checked afterwards: the measured ones and the warm-up's. */
  checkedCalls: number;
  callSpent: Spent;
  api: ApiResult;
  apiSpent: Spent;
  deliveries: number;
  deliveryMs: number;
  deliverySpent: Spent;
  problems: string[];
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function measureDeliveries(ctx: Context, workers: readonly Started[], problems: string[]) {
  const eventIds = await queueDeliveries(ctx.db, ctx.target, ctx.o.deliveries);
  const committed = performance.now();
  const done = await spending(ctx.db, ctx.dbName, workers);
  const wait = await waitForArrivals(ctx.target, eventIds, 120_000);
  const spent = await done();
  const check = await checkDeliveries(ctx.db, ctx.target, eventIds, wait.keys, wait.arrived);
  if (check.arrived !== check.expected)
    problems.push(`${check.arrived} of ${check.expected} deliveries arrived`);
  if (check.duplicates > 0) problems.push(`${check.duplicates} deliveries arrived twice`);
  if (check.notSucceeded !== 0)
    problems.push(`${check.notSucceeded} delivery rows not succeeded at attempt 1`);
  return {
    deliveries: check.expected,
    deliveryMs: ctx.target.lastArrival() - committed,
    deliverySpent: spent,
  };
}

/** Starts k serve + k worker processes, measures the three phases, stops them all. */
async function runTopology(ctx: Context, k: number, round: number): Promise<TopologyRun> {
  const { o, db, dbName } = ctx;
  const load = loadAverage();
  const range = Array.from({ length: k });
  const serves: Started[] = [];
  const workers: Started[] = [];
  try {
    serves.push(...(await Promise.all(range.map(() => startServe(ctx.env)))));
    workers.push(...(await Promise.all(range.map(() => startWorker(ctx.env)))));
    const ports = serves.map((s) => s.port);
    const problems: string[] = [];

    log(`  ${k} + ${k}: calls, ${o.callers} callers, ${o.seconds} s after 2 s of warm-up`);
    // Fresh processes compile their hot paths in the first seconds; that is not what is compared.
    const warmUp = await callsPhase(ports, ctx.lines, o.callers, 2);
    const callsDone = await spending(db, dbName, serves);
    const calls = await callsPhase(ports, ctx.lines, o.callers, o.seconds);
    const callSpent = await callsDone();

    log(`  ${k} + ${k}: list, ${CONNECTIONS} connections, ${o.seconds} s after 2 s of warm-up`);
    await checkList(ports, ctx.apiKey);
    await listLoad(ports, ctx.apiKey, 2);
    const apiDone = await spending(db, dbName, serves);
    const api = await listLoad(ports, ctx.apiKey, o.seconds);
    const apiSpent = await apiDone();
    if (api.failures > 0) problems.push(`${api.failures} list requests failed or were not 2xx`);

    log(`  ${k} + ${k}: ${o.deliveries} deliveries`);
    const delivered = await measureDeliveries(ctx, workers, problems);
    await stopAll([...serves, ...workers]);
    problems.push(...(await verifyCalls(db, [...warmUp.callers, ...calls.callers])).slice(0, 10));
    const run = {
      processes: k,
      round,
      load,
      turns: calls.turns,
      calls: calls.callers.length,
      checkedCalls: warmUp.callers.length + calls.callers.length,
      callSpent,
      api,
      apiSpent,
      ...delivered,
      problems,
    };
    log(`  ${k} + ${k}: ${roundLine(run)}`);
    return run;
  } finally {
    await stopAll([...serves, ...workers]);
  }
}

export function roundLine(r: TopologyRun): string {
  return (
    `${fmt(r.turns.length / (r.callSpent.wallMs / 1000))} turns/s, ` +
    `${fmt(r.api.requestsPerSecond)} list req/s (per instance ${r.api.perInstance.map((x) => fmt(x)).join(' / ')}), ` +
    `${fmt(r.deliveries / (r.deliveryMs / 1000))} deliveries/s; load ${r.load}` +
    (r.problems.length > 0 ? `; PROBLEMS: ${r.problems.join('; ')}` : '')
  );
}

async function setUp(o: Options, dbUrl: string, dbName: string, dir: string): Promise<Context> {
  const db = openPostgres(dbUrl, 4);
  await migrate(db);
  const secretsKey = randomBytes(32).toString('base64');
  const pki = await createTestPki();
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pki.caCert);
  const lines = [await seedLine(db, secretsKey, 'Scale', 1), await seedLine(db, secretsKey, 'Scale', 2)];
  const apiKey = await seedApi(db);
  const target = await seedDeliveryTarget(db, secretsKey, pki.trusted);
  const env = { databaseUrl: dbUrl, secretsKey, dataDir: join(dir, 'data'), caFile };
  return { o, db, dbName, env, lines, apiKey, target };
}

export async function runScaleBenchmark(args: readonly string[]): Promise<void> {
  const o = parseOptions(args);
  const began = new Date();
  const loadAtStart = loadAverage();
  const dbName = `callagent_bench_scale_${process.pid}`;
  const database = await createRunDatabase(dbName);
  const dir = mkdtempSync(join(tmpdir(), 'callagent-bench-scale-'));
  const interrupted = () => {
    killEverything();
    database.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let ctx: Context | null = null;
  try {
    ctx = await setUp(o, database.url, dbName, dir);
    const runs: TopologyRun[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      // 1+1 first in odd rounds, 2+2 first in even ones, so a drift in the machine's load
      // falls on both topologies alike.
      const order = round % 2 === 1 ? [1, 2] : [2, 1];
      for (const k of order) {
        log(`round ${round} of ${o.rounds}: ${k} serve + ${k} worker`);
        runs.push(await runTopology(ctx, k, round));
        await sleep(1_000);
      }
    }
    const problems = runs.flatMap((r) => r.problems);
    finishReport({
      title: 'Scale-out: 1 serve + 1 worker against 2 + 2 on one PostgreSQL',
      name: 'scale',
      argv: args,
      began,
      loadAtStart,
      table: scaleTable(runs),
      notes: notes(o, runs, problems),
      write: true,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    killEverything();
    closeCallConnections();
    await ctx?.target.receiver.close();
    await ctx?.db.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

function notes(o: Options, runs: readonly TopologyRun[], problems: readonly string[]): string[] {
  const calls = runs.reduce((s, r) => s + r.checkedCalls, 0);
  const deliveries = runs.reduce((s, r) => s + r.deliveries, 0);
  const london = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date());
  return [
    `Every process: the compiled service (\`node dist/server/cli.js serve --no-worker\` or \`worker\`), pool of 10 connections, PUBLIC_URL ${PUBLIC_URL} for all (as behind a load balancer), log level warn, API_RATE_LIMIT=0.`,
    `Calls: ${o.callers} callers, back to back with no pause, ${o.seconds} s a phase after 2 s of warm-up (a call under way is finished), 13 turns a call; each request goes to the next instance, so a call's turns hop between instances. Latency pooled over the rounds. London time at the end ${london} (the agent's hours decide its lines).`,
    `List: GET ${LIST_PATH} with an API key, ${CONNECTIONS} connections split evenly across the instances, ${o.seconds} s after 2 s of warm-up; p50 and p99 are the worse instance's.`,
    `Deliveries: ${o.deliveries} a round (4 endpoints on one local HTTPS receiver in this process), committed in one transaction with the worker(s) running; timed from the commit to the last arrival.`,
    `CPU: service = the serve (or worker) processes; PostgreSQL = its backends for this database (pg_stat_activity pids, /proc); bench = this process (load generator, receiver); machine busy counts every tenant of both cores.`,
    ...runs.map((r) => `Round ${r.round}, ${r.processes} + ${r.processes}: ${roundLine(r)}.`),
    problems.length === 0
      ? `Checked: all ${calls} calls completed with one call record, a lead of the caller's own number and name, and one call.completed; all ${deliveries} deliveries arrived exactly once and were recorded succeeded at the first attempt; no list request failed.`
      : `PROBLEMS (${problems.length}): ${problems.slice(0, 10).join('; ')}`,
  ];
}
