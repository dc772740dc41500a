/**
 * Telephony benchmark: `npm run bench -- telephony [--calls N] [--rounds N] [--think-ms N]`.
 *
 * The real service (`callagent serve` on a fresh PostgreSQL database, in its own process) takes
 * N simultaneous calls (default 200) through the <Gather> channel over real HTTP, every request
 * signed with Twilio's library as Twilio signs it: the voice webhook, one /gather per caller turn,
 * then the status callback. Callers pause about --think-ms (default 3,000, jittered by half
 * either way) before each turn, as people talking do; --think-ms 0 sends every caller's next turn
 * at once, the worst case. The baseline, alternating with it in the same run, is GET /healthz
 * driven the same way. The result is the median and p99 time to answer /gather against /healthz.
 * Afterwards every call is checked: one call record per CallSid, completed, one call.completed,
 * and a lead of its own caller's number and name.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openPostgres } from '../src/db/client.js';
import {
  createRunDatabase,
  fmt,
  freePort,
  groupCpuMs,
  intOption,
  loadAverage,
  machineSummary,
  markdownTable,
  median,
  percentile,
  ROOT,
  sleep,
  startAndWait,
  stopGroup,
  type TimedAnswer,
  timedRequest,
} from './support.js';
import {
  aCaller,
  type Caller,
  fieldsOf,
  gatherAction,
  type Line,
  SCRIPT,
  seedLine,
  signedForm,
  verifyCalls,
} from './twilio-calls.js';

interface Options {
  calls: number;
  rounds: number;
  thinkMs: number;
}

interface Server {
  port: number;
  publicUrl: string;
  pid: number;
}

function parseOptions(args: readonly string[]): Options {
  const value = (name: string, fallback: number, min: number, max: number) =>
    intOption(args, name, fallback, min, max);
  return {
    calls: value('--calls', 200, 1, 1000),
    rounds: value('--rounds', 2, 1, 5),
    thinkMs: value('--think-ms', 3_000, 0, 30_000),
  };
}

/** A caller's pause before speaking: about `ms`, jittered so callers do not move in lockstep. */
function think(ms: number): Promise<void> {
  return ms === 0 ? Promise.resolve() : sleep(ms * (0.5 + Math.random()));
}

// HTTP: one keep-alive pool for every simulated caller, as Twilio's fleet reuses connections.

const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

function send(
  server: Server,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<TimedAnswer> {
  return timedRequest({ agent, port: server.port, method, path, headers, body, timeoutMs: 60_000 });
}

/** A POST as Twilio makes it: a signed form. */
function twilioPost(server: Server, line: Line, path: string, fields: Record<string, string>) {
  const { headers, body } = signedForm(line.token, server.publicUrl, path, fields);
  return send(server, 'POST', path, headers, body);
}

// One simulated call.

interface CallTimings {
  voice: number;
  gather: number[];
}

async function runCall(server: Server, c: Caller, thinkMs: number): Promise<CallTimings> {
  const voice = await twilioPost(server, c.line, '/telephony/twilio/voice', fieldsOf(c, 'ringing'));
  if (voice.status !== 200) throw new Error(`voice answered ${voice.status}: ${voice.body}`);
  const gather: number[] = [];
  let action = gatherAction(voice.body, server.publicUrl);
  for (const text of SCRIPT) {
    if (action === null) break;
    await think(thinkMs);
    const spoken = text.replace('{name}', c.name);
    const res = await twilioPost(server, c.line, action, {
      ...fieldsOf(c, 'in-progress'),
      SpeechResult: spoken,
      Confidence: '0.9',
    });
    if (res.status !== 200) throw new Error(`gather answered ${res.status}: ${res.body}`);
    gather.push(res.ms);
    action = gatherAction(res.body, server.publicUrl);
  }
  const status = await twilioPost(server, c.line, '/telephony/twilio/status', fieldsOf(c, 'completed'));
  if (status.status !== 204) throw new Error(`status answered ${status.status}`);
  return { voice: voice.ms, gather };
}

// Set-up: the service, and two workspaces with a number each.

async function startService(databaseUrl: string, secretsKey: string, dataDir: string) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const started = await startAndWait({
    command: process.execPath,
    args: [join(ROOT, 'dist', 'server', 'cli.js'), 'serve', '--no-worker'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      SECRETS_KEY: secretsKey,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    readyUrl: `${publicUrl}/readyz`,
    timeoutMs: 60_000,
  });
  const pid = started.child.pid;
  if (pid === undefined) throw new Error('the service has no pid');
  return { child: started.child, server: { port, publicUrl, pid } };
}

// Phases and figures.

interface Phase {
  latencies: number[];
  cpuMs: number;
  wallMs: number;
}

async function measure(server: Server, work: () => Promise<number[]>): Promise<Phase> {
  const cpu = groupCpuMs(server.pid);
  const wall = performance.now();
  const latencies = await work();
  return { latencies, cpuMs: groupCpuMs(server.pid) - cpu, wallMs: performance.now() - wall };
}

/** The baseline: N clients, each sending `perClient` GET /healthz in a row. */
function healthzPhase(server: Server, clients: number, perClient: number, thinkMs: number): Promise<Phase> {
  return measure(server, async () => {
    const all = await Promise.all(
      Array.from({ length: clients }, async () => {
        const mine: number[] = [];
        for (let i = 0; i < perClient; i++) {
          await think(thinkMs);
          mine.push((await send(server, 'GET', '/healthz', {})).ms);
        }
        return mine;
      }),
    );
    return all.flat();
  });
}

function callsPhase(
  server: Server,
  callers: readonly Caller[],
  voice: number[],
  thinkMs: number,
): Promise<Phase> {
  return measure(server, async () => {
    const timings = await Promise.all(callers.map((c) => runCall(server, c, thinkMs)));
    voice.push(...timings.map((x) => x.voice));
    return timings.flatMap((x) => x.gather);
  });
}

// Orchestrator.

interface RoundResult {
  healthz: Phase;
  gather: Phase;
  voice: number[];
  problems: string[];
}

async function runRound(db: Database, server: Server, lines: readonly Line[], o: Options, round: number) {
  const callers = Array.from({ length: o.calls }, (_, i) => aCaller(lines, i, round));
  const perClient = SCRIPT.length;
  const healthz = await healthzPhase(server, o.calls, perClient, o.thinkMs);
  const voice: number[] = [];
  const gather = await callsPhase(server, callers, voice, o.thinkMs);
  const problems = await verifyCalls(db, callers);
  return { healthz, gather, voice, problems } satisfies RoundResult;
}

/** The agent's free-time search and out-of-hours lines depend on the hour, so the report names it. */
function londonTime(): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date());
}

function report(o: Options, rounds: readonly RoundResult[]): string {
  const pool = (pick: (r: RoundResult) => number[]) => rounds.flatMap(pick);
  const healthz = pool((r) => r.healthz.latencies);
  const gather = pool((r) => r.gather.latencies);
  const voice = pool((r) => r.voice);
  const cpuPer = (pick: (r: RoundResult) => Phase) =>
    rounds.reduce((s, r) => s + pick(r).cpuMs, 0) / rounds.reduce((s, r) => s + pick(r).latencies.length, 0);
  const row = (label: string, values: number[], base: number[]) => [
    label,
    fmt(values.length),
    `${fmt(median(values), 1)} ms`,
    `${fmt(percentile(values, 0.99), 1)} ms`,
    `${fmt(median(values) / median(base), 1)}x`,
    `${fmt(percentile(values, 0.99) / percentile(base, 0.99), 1)}x`,
  ];
  const pause = o.thinkMs === 0 ? 'no pause between turns' : `about ${fmt(o.thinkMs)} ms between turns`;
  const table = markdownTable(
    ['Request', 'Requests', 'Median', 'p99', 'Median / healthz', 'p99 / healthz'],
    [
      row(`GET /healthz, ${o.calls} clients, ${pause} (baseline)`, healthz, healthz),
      row(`POST /telephony/twilio/gather, ${o.calls} calls at once, ${pause}`, gather, healthz),
      row('POST /telephony/twilio/voice (call set-up)', voice, healthz),
    ],
  );
  const perRound = rounds
    .map(
      (r, i) =>
        `round ${i + 1}: gather/healthz median ${fmt(median(r.gather.latencies) / median(r.healthz.latencies), 1)}x, ${fmt((r.gather.latencies.length / r.gather.wallMs) * 1000)} turns/s`,
    )
    .join('; ');
  const cpu = `Server CPU per request: /healthz ${fmt(cpuPer((r) => r.healthz) * 1000)} µs, /gather (with its share of /voice and /status) ${fmt(cpuPer((r) => r.gather) * 1000)} µs.`;
  const problems = rounds.flatMap((r) => r.problems);
  const verdict =
    problems.length === 0
      ? `All ${o.calls * rounds.length} calls completed, each with one call record and a lead of its own caller's number and name.`
      : `PROBLEMS (${problems.length}): ${problems.slice(0, 10).join('; ')}`;
  return [
    `Telephony benchmark, ${new Date().toISOString()} (${londonTime()} in London): ${machineSummary()}, load average ${loadAverage()} at the end.`,
    '',
    table,
    '',
    perRound,
    '',
    cpu,
    '',
    verdict,
    '',
  ].join('\n');
}

export async function runTelephonyBenchmark(args: readonly string[]): Promise<void> {
  const o = parseOptions(args);
  const database = await createRunDatabase(`callagent_bench_tel_${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'callagent-bench-tel-'));
  const secretsKey = randomBytes(32).toString('base64');
  let stop: (() => Promise<void>) | null = null;
  const db = openPostgres(database.url, 4);
  try {
    const service = await startService(database.url, secretsKey, dataDir);
    stop = () => stopGroup(service.child);
    const lines = [await seedLine(db, secretsKey, 'Bench', 1), await seedLine(db, secretsKey, 'Bench', 2)];
    const rounds: RoundResult[] = [];
    for (let round = 0; round < o.rounds; round++) {
      process.stderr.write(`round ${round + 1} of ${o.rounds}: ${o.calls} calls\n`);
      rounds.push(await runRound(db, service.server, lines, o, round));
    }
    const text = report(o, rounds);
    process.stdout.write(text);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'telephony-latest.md'), text);
    if (rounds.some((r) => r.problems.length > 0)) process.exitCode = 1;
  } finally {
    agent.destroy();
    await stop?.();
    await db.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
