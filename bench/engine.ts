/**
 * Agent engine benchmark (`npm run bench -- engine [--seconds S] [--callers N] [--rounds N]
 * [--db both|postgres|pglite] [--paced-seconds S] [--think-ms N] [--cpu-prof-dir DIR]`):
 *  1. In process: a fixed scripted seller conversation through the pure engine (startCall, then
 *     takeTurn for every line, the state through JSON.stringify/parse between turns as the call
 *     service stores it), against the same number of JSON round trips of the state alone, and
 *     extractPostcode alone once per turn for scale; also the free-time computation the call
 *     service runs before every turn, to compare with the engine.
 *  2. Over HTTP: the real app (buildApp) in its own process on PostgreSQL and on PGlite, N virtual
 *     callers making full test calls (start, scripted turns, hang-up), alternating with phases of
 *     GET /healthz at the same concurrency. Median and p99 of each, and their ratio.
 * The machine is shared and noisy, so every figure is paired with a baseline measured in the same
 * run and the ratio is the result; absolute numbers are secondary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import {
  type CallContext,
  type CallerInput,
  type CallState,
  type FreeTime,
  startCall,
  takeTurn,
} from '../src/dialog/engine/index.js';
import { extractPostcode } from '../src/dialog/extractors/index.js';
import { createLogger } from '../src/http/logger.js';
import type { Clock } from '../src/lib/clock.js';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from '../src/modules/agent/agent-config.js';
import { computeFreeTimes } from '../src/modules/bookings/free-times.js';
import { sellerSteps, WARM_SELLER } from '../test/support/dialog/sellers.js';
import { seedWorkspaceWithKey } from './seed.js';
import {
  createRunDatabase,
  finishReport,
  fmt,
  groupCpuMs,
  loadAverage,
  markdownTable,
  median,
  percentile,
  ROOT,
  sleep,
  stopGroup,
  timedRequest,
} from './support.js';

// ---------------------------------------------------------------------------------------------
// The call both parts run.

/** A warm seller answering every default question; the agent then offers viewing times. */
const SELLER_LINES: readonly string[] = sellerSteps(WARM_SELLER);
/** The reply to the last line offers times; a call that does not get there went off script. */
const OFFER = /suit you for a (?:viewing|call back)\?$/;

/**
 * Tuesday 24 November 2026, 11:00 in London: inside the default business hours, so every call
 * takes the same path (viewing offered, no out-of-hours line) whatever time the benchmark runs.
 */
const CALL_TIME = Date.parse('2026-11-24T11:00:00Z');
const ZONE = 'Europe/London';

/** The published configuration: the default, with a buy box in Greater Manchester. */
export function benchConfig(): AgentConfig {
  const config = structuredClone(DEFAULT_AGENT_CONFIG);
  config.business_name = 'Bench Homebuyers';
  config.buy_box.postcode_areas = ['M', 'SK', 'OL', 'BL'];
  config.buy_box.max_price = 300_000;
  return config;
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function cpuMsOfThisProcess(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** Keeps results alive so the JIT cannot drop the work being timed. */
let sink = 0;

// ---------------------------------------------------------------------------------------------
// 1. In process.

/**
 * The free times the call service hands the engine before every turn (src/live-call/context.ts:
 * the next 40 of each kind), here with an empty calendar.
 */
function serviceTimes(config: AgentConfig, kind: 'callback' | 'viewing', now: Date): FreeTime[] {
  return computeFreeTimes({
    hours: config.hours,
    lengthMinutes: kind === 'callback' ? config.booking.callback_minutes : config.booking.viewing_minutes,
    leadTimeMinutes: config.booking.lead_time_minutes,
    horizonDays: config.booking.horizon_days,
    now,
    busy: [],
    limit: 40,
  }).map((time) => ({ start: time.start.toISOString(), end: time.end.toISOString() }));
}

interface Conversation {
  config: AgentConfig;
  ctx: CallContext;
  now: Date;
  inputs: CallerInput[];
}

function conversation(): Conversation {
  const now = new Date(CALL_TIME);
  const config = benchConfig();
  return {
    config,
    now,
    ctx: {
      callerNumber: '+447700900123',
      returningLead: null,
      withinBusinessHours: true,
      freeTimes: {
        callback: serviceTimes(config, 'callback', now),
        viewing: serviceTimes(config, 'viewing', now),
      },
      timeZone: ZONE,
    },
    inputs: [...SELLER_LINES.map((text): CallerInput => ({ kind: 'speech', text })), { kind: 'hangup' }],
  };
}

/** One whole call: the greeting, then every input with the state through JSON first. Returns the turns taken. */
function runConversation(c: Conversation): number {
  let result = startCall(c.config, c.ctx, c.now);
  for (const input of c.inputs) {
    const stored = JSON.parse(JSON.stringify(result.state)) as CallState;
    result = takeTurn(c.config, stored, c.ctx, input, c.now);
    sink += result.reply.length + result.effects.length;
  }
  return c.inputs.length + 1;
}

/** The states the call passes through, for the JSON baseline; checks the call reaches the offer. */
function recordStates(c: Conversation): CallState[] {
  let result = startCall(c.config, c.ctx, c.now);
  const states: CallState[] = [];
  let offered = false;
  for (const input of c.inputs) {
    states.push(result.state);
    result = takeTurn(c.config, JSON.parse(JSON.stringify(result.state)) as CallState, c.ctx, input, c.now);
    if (input.kind === 'speech') offered = OFFER.test(result.reply);
  }
  if (!offered)
    throw new Error('the scripted call did not reach the offer: the benchmark would measure another path');
  return states;
}

interface LoopSample {
  /** Wall microseconds per turn. */
  wallUs: number;
  /** CPU microseconds (user + sys of this process) per turn. */
  cpuUs: number;
  turns: number;
}

/** Repeats `oneCall` (which returns the turns it stood for) for `ms` milliseconds. */
function timeLoop(ms: number, oneCall: () => number): LoopSample {
  const wall = performance.now();
  const cpu = cpuMsOfThisProcess();
  let turns = 0;
  while (performance.now() - wall < ms) turns += oneCall();
  const wallMs = performance.now() - wall;
  const cpuMs = cpuMsOfThisProcess() - cpu;
  return { wallUs: (wallMs * 1000) / turns, cpuUs: (cpuMs * 1000) / turns, turns };
}

interface InProcessResult {
  engine: LoopSample[];
  json: LoopSample[];
  postcode: LoopSample[];
  times: LoopSample[];
  turnsPerCall: number;
  stateBytes: number;
}

function measureInProcess(rounds: number): InProcessResult {
  const c = conversation();
  const states = recordStates(c);
  const texts = c.inputs.map((input) => (input.kind === 'speech' ? input.text : ''));
  const turnsPerCall = c.inputs.length + 1;
  const engine = () => runConversation(c);
  // The same number of round trips as the engine loop makes (one before each takeTurn), per call.
  const json = () => {
    for (const state of states) {
      const copy = JSON.parse(JSON.stringify(state)) as CallState;
      sink += copy.counters.turns;
    }
    return turnsPerCall;
  };
  // The postcode reader once per line said (and once for the greeting's turn), for scale.
  const postcode = () => {
    sink += extractPostcode('')?.postcode.length ?? 0;
    for (const text of texts) sink += extractPostcode(text)?.postcode.length ?? 0;
    return turnsPerCall;
  };
  // What the call service computes before every turn besides running the engine: the free times.
  const times = () => {
    sink +=
      serviceTimes(c.config, 'callback', c.now).length + serviceTimes(c.config, 'viewing', c.now).length;
    return 1;
  };
  // Warm-up: the JIT settles before anything counts.
  timeLoop(500, engine);
  timeLoop(200, json);
  timeLoop(200, postcode);
  timeLoop(200, times);
  const result: InProcessResult = {
    engine: [],
    json: [],
    postcode: [],
    times: [],
    turnsPerCall,
    stateBytes: Math.max(...states.map((s) => JSON.stringify(s).length)),
  };
  for (let round = 1; round <= rounds; round++) {
    const e = timeLoop(1_000, engine);
    const j = timeLoop(500, json);
    const p = timeLoop(500, postcode);
    const f = timeLoop(500, times);
    result.engine.push(e);
    result.json.push(j);
    result.postcode.push(p);
    result.times.push(f);
    log(
      `  round ${round}: engine ${fmt(e.wallUs, 1)} µs/turn (${fmt(e.cpuUs, 1)} CPU), JSON alone ${fmt(j.wallUs, 2)} µs, ` +
        `extractPostcode ${fmt(p.wallUs, 2)} µs, free times ${fmt(f.wallUs)} µs`,
    );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// 2. Over HTTP: the server process (`bench/run.ts engine --serve postgres|pglite`).

export type DbKind = 'postgres' | 'pglite';

type ServerMessage = { type: 'ready'; port: number; key: string };

function isServerMessage(value: unknown): value is ServerMessage {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'ready';
}

/** Real time, moved to CALL_TIME when the server starts, so calls are always inside business hours. */
function shiftedClock(): Clock {
  const offset = CALL_TIME - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

async function serveTarget(kind: string | undefined): Promise<void> {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`unknown server kind ${String(kind)}`);
  const db: Database =
    kind === 'postgres'
      ? openPostgres(requireEnv('BENCH_ENGINE_DATABASE_URL'), 10)
      : await openPglite(requireEnv('BENCH_ENGINE_DATA_DIR'));
  await migrate(db);
  const clock = shiftedClock();
  // Owner, workspace and an API key with agent:write (test calls need it) through the services.
  const { key } = await seedWorkspaceWithKey(db, clock, { name: 'engine bench', scopes: ['agent:write'] });
  // Log level warn: no per-request lines, as in the platform benchmark; no rate limit, which would
  // throttle one key's hundreds of turns a second.
  const config = loadConfig({ LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' });
  const app = await buildApp({ config, db, clock, logger: createLogger('warn') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address: string | AddressInfo | null = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGTERM', shutdown);
  // The orchestrator died: do not outlive it.
  process.once('disconnect', shutdown);
  process.send?.({ type: 'ready', port, key } satisfies ServerMessage);
}

export interface Server {
  kind: DbKind;
  child: ChildProcess;
  port: number;
  key: string;
}

function startServer(kind: DbKind, env: NodeJS.ProcessEnv, cpuProfDir: string | undefined): Promise<Server> {
  // --cpu-prof-dir: V8 writes a .cpuprofile of the server when it stops, for finding what dominates a turn.
  const profile = cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'jiti/register', 'bench/run.ts', 'engine', '--serve', kind],
    {
      cwd: ROOT,
      env,
      // Its own process group: stopGroup ends it, and its CPU time can be read from /proc.
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      stopGroup(child).finally(() => reject(new Error(`the ${kind} server was not ready within 90 s`)));
    }, 90_000);
    const onMessage = (message: unknown) => {
      if (!isServerMessage(message)) return;
      cleanup();
      resolve({ kind, child, port: message.port, key: message.key });
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the ${kind} server exited (${code}) before it was ready`));
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

// ---------------------------------------------------------------------------------------------
// 2. Over HTTP: the virtual callers.

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

export class Client {
  private readonly agent: Agent;
  constructor(
    private readonly port: number,
    private readonly key: string,
    sockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  async send(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown): Promise<Answer> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await timedRequest({
      agent: this.agent,
      port: this.port,
      method,
      path,
      headers,
      body,
      timeoutMs: 10_000,
    });
    let parsed: unknown = null;
    try {
      parsed = answer.body === '' ? null : JSON.parse(answer.body);
    } catch {
      parsed = answer.body;
    }
    return { status: answer.status, body: parsed, ms: answer.ms };
  }

  close(): void {
    this.agent.destroy();
  }
}

export function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Caller numbers from Ofcom's ranges for drama (never real subscribers), each used once, so
 * every call is a new caller and takes the same path (a known number would be greeted by name).
 */
const DRAMA_PREFIXES = [
  '+447700900',
  '+441134960',
  '+441144960',
  '+441154960',
  '+441164960',
  '+441174960',
  '+441184960',
  '+441214960',
  '+441314960',
  '+441414960',
  '+441514960',
  '+441614960',
  '+442079460',
  '+441632960',
];

export class Numbers {
  private next = 0;
  take(): string | null {
    const prefix = DRAMA_PREFIXES[Math.floor(this.next / 1000)];
    if (prefix === undefined) return null;
    const number = `${prefix}${String(this.next % 1000).padStart(3, '0')}`;
    this.next++;
    return number;
  }
}

interface CallSamples {
  start: number[];
  turn: number[];
  hangup: number[];
  calls: number;
  offScript: number;
  errors: string[];
}

function emptyCallSamples(): CallSamples {
  return { start: [], turn: [], hangup: [], calls: 0, offScript: 0, errors: [] };
}

/** About `ms`, jittered by half either way so paced callers do not move in lockstep; nothing for 0. */
function pause(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : sleep(ms * (0.5 + Math.random()));
}

/**
 * Full test calls until the deadline; a call under way when it passes is finished. With
 * `thinkMs`, the caller pauses about that long before each request, as a person on the phone
 * does between turns; 0 sends each request as soon as the last is answered.
 */
async function caller(
  client: Client,
  numbers: Numbers,
  deadline: number,
  s: CallSamples,
  thinkMs = 0,
): Promise<void> {
  while (performance.now() < deadline) {
    const from = numbers.take();
    if (from === null) return;
    try {
      await pause(thinkMs);
      const started = await client.send('POST', '/api/v1/test-calls', { from, agent: 'published' });
      const callId = field(started.body, 'call_id');
      if (started.status !== 201 || typeof callId !== 'string') {
        s.errors.push(`start answered ${started.status}`);
        return;
      }
      s.start.push(started.ms);
      let last = '';
      for (const text of SELLER_LINES) {
        await pause(thinkMs);
        const turn = await client.send('POST', `/api/v1/test-calls/${callId}/turns`, { text });
        if (turn.status !== 200) {
          s.errors.push(`turn answered ${turn.status}`);
          break;
        }
        s.turn.push(turn.ms);
        last = String(field(turn.body, 'reply') ?? '');
        if (field(turn.body, 'ended') === true) break;
      }
      if (!OFFER.test(last)) s.offScript++;
      await pause(thinkMs);
      const hangup = await client.send('POST', `/api/v1/test-calls/${callId}/hangup`);
      if (hangup.status !== 200) s.errors.push(`hangup answered ${hangup.status}`);
      else s.hangup.push(hangup.ms);
      s.calls++;
    } catch (error) {
      s.errors.push(error instanceof Error ? error.message : String(error));
      return;
    }
  }
}

export async function healthChecker(
  client: Client,
  deadline: number | (() => boolean),
  samples: number[],
  errors: string[],
  everyMs = 0,
) {
  const going = typeof deadline === 'number' ? () => performance.now() < deadline : deadline;
  while (going()) {
    try {
      await pause(everyMs);
      const answer = await client.send('GET', '/healthz');
      if (answer.status !== 200) {
        errors.push(`healthz answered ${answer.status}`);
        return;
      }
      samples.push(answer.ms);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      return;
    }
  }
}

interface PhaseCpu {
  /** Server CPU (user + sys of its process group) during the phase, per request. */
  cpuUsPerRequest: number;
}

interface HttpResult {
  kind: DbKind;
  calls: CallSamples;
  health: number[];
  healthErrors: string[];
  callCpu: PhaseCpu[];
  healthCpu: PhaseCpu[];
  /** Seconds spent in call phases and in healthz phases, for rates. */
  callSeconds: number;
  healthSeconds: number;
  perRound: { turnP50: number; healthP50: number }[];
  /** The paced phase: phone-like calls with /healthz sampled in the same phase; null when not run. */
  paced: PacedResult | null;
}

interface PacedResult {
  calls: CallSamples;
  health: number[];
  healthErrors: string[];
  seconds: number;
  cpuUsPerRequest: number;
}

/** How often the paced phase samples /healthz, so the probe itself adds little load. */
const PACED_HEALTH_EVERY_MS = 50;

/**
 * Calls paced as phone calls (a pause of about `thinkMs` before every request) while one
 * client samples GET /healthz in the same phase, so both see the same server and machine.
 */
async function measurePaced(
  client: Client,
  numbers: Numbers,
  options: HttpOptions,
  pid: number,
): Promise<PacedResult> {
  const calls = emptyCallSamples();
  const health: number[] = [];
  const healthErrors: string[] = [];
  const cpu = groupCpuMs(pid);
  const began = performance.now();
  const until = began + options.pacedSeconds * 1000;
  let callersLeft = options.callers;
  const callers = Array.from({ length: options.callers }, () =>
    caller(client, numbers, until, calls, options.thinkMs).finally(() => {
      callersLeft--;
    }),
  );
  const probe = healthChecker(client, () => callersLeft > 0, health, healthErrors, PACED_HEALTH_EVERY_MS);
  await Promise.all([...callers, probe]);
  const requests = calls.start.length + calls.turn.length + calls.hangup.length + health.length;
  return {
    calls,
    health,
    healthErrors,
    seconds: (performance.now() - began) / 1000,
    cpuUsPerRequest: ((groupCpuMs(pid) - cpu) * 1000) / requests,
  };
}

async function measureHttp(server: Server, options: HttpOptions): Promise<HttpResult> {
  const client = new Client(server.port, server.key, options.callers);
  const numbers = new Numbers();
  const pid = server.child.pid ?? 0;
  try {
    // Publish the benchmark configuration through the API: calls then run version 1.
    const put = await client.send('PUT', '/api/v1/agent/draft', { config: benchConfig() });
    const published = await client.send('POST', '/api/v1/agent/publish');
    if (put.status !== 200 || published.status !== 201) {
      throw new Error(
        `publishing answered ${put.status} and ${published.status}: ${JSON.stringify(put.body)}`,
      );
    }
    // Warm-up, not counted: connections, JIT, the database's caches.
    const warm = emptyCallSamples();
    const warmUntil = performance.now() + 1_500;
    await Promise.all(
      Array.from({ length: options.callers }, () => caller(client, numbers, warmUntil, warm)),
    );
    await Promise.all(
      Array.from({ length: options.callers }, () =>
        healthChecker(client, performance.now() + 500, [], warm.errors),
      ),
    );
    if (warm.errors.length > 0) throw new Error(`warm-up failed: ${warm.errors.slice(0, 3).join('; ')}`);
    if (warm.offScript > 0) throw new Error('the scripted call did not reach the offer over HTTP');

    const result: HttpResult = {
      kind: server.kind,
      calls: emptyCallSamples(),
      health: [],
      healthErrors: [],
      callCpu: [],
      healthCpu: [],
      callSeconds: 0,
      healthSeconds: 0,
      perRound: [],
      paced: null,
    };
    for (let round = 1; round <= options.rounds; round++) {
      const round_ = emptyCallSamples();
      let cpu = groupCpuMs(pid);
      let began = performance.now();
      const callsUntil = began + options.callSecondsPerRound * 1000;
      await Promise.all(
        Array.from({ length: options.callers }, () => caller(client, numbers, callsUntil, round_)),
      );
      const callMs = performance.now() - began;
      const callRequests = round_.start.length + round_.turn.length + round_.hangup.length;
      result.callCpu.push({ cpuUsPerRequest: ((groupCpuMs(pid) - cpu) * 1000) / callRequests });
      result.callSeconds += callMs / 1000;

      const health: number[] = [];
      cpu = groupCpuMs(pid);
      began = performance.now();
      const healthUntil = began + options.healthSecondsPerRound * 1000;
      await Promise.all(
        Array.from({ length: options.callers }, () =>
          healthChecker(client, healthUntil, health, result.healthErrors),
        ),
      );
      result.healthCpu.push({ cpuUsPerRequest: ((groupCpuMs(pid) - cpu) * 1000) / health.length });
      result.healthSeconds += (performance.now() - began) / 1000;

      const c = result.calls;
      c.start.push(...round_.start);
      c.turn.push(...round_.turn);
      c.hangup.push(...round_.hangup);
      c.calls += round_.calls;
      c.offScript += round_.offScript;
      c.errors.push(...round_.errors);
      result.health.push(...health);
      const turnP50 = median(round_.turn);
      const healthP50 = median(health);
      result.perRound.push({ turnP50, healthP50 });
      log(
        `  ${server.kind} round ${round}: ${round_.calls} calls, ${round_.turn.length} turns in ${fmt(callMs / 1000, 1)} s, ` +
          `turn p50 ${fmt(turnP50, 1)} ms p99 ${fmt(percentile(round_.turn, 0.99), 1)} ms; ` +
          `healthz ${health.length} requests, p50 ${fmt(healthP50, 2)} ms p99 ${fmt(percentile(health, 0.99), 2)} ms` +
          (round_.errors.length > 0 ? ` !! ${round_.errors.length} errors: ${round_.errors[0] ?? ''}` : ''),
      );
    }
    if (options.pacedSeconds > 0) {
      result.paced = await measurePaced(client, numbers, options, pid);
      const p = result.paced;
      log(
        `  ${server.kind} paced: ${p.calls.calls} calls, ${p.calls.turn.length} turns in ${fmt(p.seconds, 1)} s, ` +
          `turn p50 ${fmt(median(p.calls.turn), 1)} ms p99 ${fmt(percentile(p.calls.turn, 0.99), 1)} ms; ` +
          `healthz meanwhile ${p.health.length} requests, p50 ${fmt(median(p.health), 2)} ms ` +
          `p99 ${fmt(percentile(p.health, 0.99), 2)} ms` +
          (p.calls.errors.length > 0
            ? ` !! ${p.calls.errors.length} errors: ${p.calls.errors[0] ?? ''}`
            : ''),
      );
    }
    return result;
  } finally {
    client.close();
  }
}

interface HttpOptions {
  callers: number;
  rounds: number;
  callSecondsPerRound: number;
  healthSecondsPerRound: number;
  cpuProfDir: string | undefined;
  /** Length of the paced phase (0: none) and the pause before each of its requests. */
  pacedSeconds: number;
  thinkMs: number;
}

async function runOnDatabase(kind: DbKind, options: HttpOptions): Promise<HttpResult> {
  return withServer(kind, options.cpuProfDir, (server) => measureHttp(server, options));
}

/**
 * The app in its own process on a database of its own (a run database on PostgreSQL, a
 * temporary data directory on PGlite), with an API key that may run test calls; `fn` measures it,
 * and everything is stopped and removed afterwards. Other benchmarks start their target this way.
 */
export async function withServer<T>(
  kind: DbKind,
  cpuProfDir: string | undefined,
  fn: (server: Server) => Promise<T>,
): Promise<T> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.BOOTSTRAP_OWNER_EMAIL;
  delete env.BOOTSTRAP_OWNER_PASSWORD;
  let cleanup: () => Promise<void>;
  if (kind === 'postgres') {
    const database = await createRunDatabase(`callagent_bench_${process.pid}`);
    env.BENCH_ENGINE_DATABASE_URL = database.url;
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'callagent-bench-engine-'));
    env.BENCH_ENGINE_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  let server: Server | null = null;
  try {
    server = await startServer(kind, env, cpuProfDir);
    return await fn(server);
  } finally {
    if (server !== null) await stopGroup(server.child);
    await cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

const DB_LABELS: Record<DbKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite (embedded)' };

function inProcessRows(r: InProcessResult): string[][] {
  const wall = (samples: LoopSample[]) => median(samples.map((s) => s.wallUs));
  const cpu = (samples: LoopSample[]) => median(samples.map((s) => s.cpuUs));
  const engine = wall(r.engine);
  const json = wall(r.json);
  const postcode = wall(r.postcode);
  const times = wall(r.times);
  return [
    [
      'In process: engine turn (takeTurn + state JSON round trip), µs per turn',
      fmt(engine, 1),
      `JSON round trip of the state alone: ${fmt(json, 2)}`,
      `${fmt(engine / json, 1)}x`,
    ],
    [
      'In process: engine turn, CPU µs per turn',
      fmt(cpu(r.engine), 1),
      `JSON alone: ${fmt(cpu(r.json), 2)}`,
      `${fmt(cpu(r.engine) / cpu(r.json), 1)}x`,
    ],
    [
      'In process: engine turns per second (one core)',
      fmt(1e6 / engine),
      `JSON alone: ${fmt(1e6 / json)}`,
      '',
    ],
    [
      'In process: extractPostcode alone, µs per turn (for scale)',
      fmt(postcode, 2),
      `JSON alone: ${fmt(json, 2)}`,
      `${fmt(postcode / json, 1)}x`,
    ],
    [
      'In process: free times for a turn (40 callback + 40 viewing, computeFreeTimes), µs per turn',
      fmt(times),
      `engine turn: ${fmt(engine, 1)}`,
      `${fmt(times / engine, 1)}x`,
    ],
  ];
}

function httpRows(h: HttpResult, callers: number): string[][] {
  const db = DB_LABELS[h.kind];
  const turnP50 = median(h.calls.turn);
  const turnP99 = percentile(h.calls.turn, 0.99);
  const healthP50 = median(h.health);
  const healthP99 = percentile(h.health, 0.99);
  const turnCpu = median(h.callCpu.map((c) => c.cpuUsPerRequest));
  const healthCpu = median(h.healthCpu.map((c) => c.cpuUsPerRequest));
  return [
    [
      `${db}: test-call turn latency, median (${fmt(h.calls.turn.length)} turns)`,
      `${fmt(turnP50, 1)} ms`,
      `GET /healthz: ${fmt(healthP50, 2)} ms (${fmt(h.health.length)} requests)`,
      `${fmt(turnP50 / healthP50, 1)}x`,
    ],
    [
      `${db}: test-call turn latency, p99`,
      `${fmt(turnP99, 1)} ms`,
      `GET /healthz: ${fmt(healthP99, 2)} ms`,
      `${fmt(turnP99 / healthP99, 1)}x`,
    ],
    [
      `${db}: turns per second, ${callers} caller${callers === 1 ? '' : 's'}`,
      fmt(h.calls.turn.length / h.callSeconds, 1),
      `GET /healthz: ${fmt(h.health.length / h.healthSeconds)}/s`,
      '',
    ],
    [
      `${db}: server process CPU per request (calls: start, turns, hang-up)`,
      `${fmt(turnCpu)} µs`,
      `GET /healthz: ${fmt(healthCpu)} µs`,
      `${fmt(turnCpu / healthCpu, 1)}x`,
    ],
    [
      `${db}: call start / hang-up latency, median`,
      `${fmt(median(h.calls.start), 1)} / ${fmt(median(h.calls.hangup), 1)} ms`,
      '',
      '',
    ],
    ...pacedRows(db, h.paced, callers),
  ];
}

function pacedRows(db: string, p: PacedResult | null, callers: number): string[][] {
  if (p === null) return [];
  const label = `${db}, paced (${callers} calls at once, a pause before each request)`;
  const healthP50 = median(p.health);
  const healthP99 = percentile(p.health, 0.99);
  const turnP50 = median(p.calls.turn);
  const turnP99 = percentile(p.calls.turn, 0.99);
  return [
    [
      `${label}: turn latency, median (${fmt(p.calls.turn.length)} turns)`,
      `${fmt(turnP50, 1)} ms`,
      `GET /healthz in the same phase: ${fmt(healthP50, 2)} ms (${fmt(p.health.length)} requests)`,
      `${fmt(turnP50 / healthP50, 1)}x`,
    ],
    [
      `${label}: turn latency, p99`,
      `${fmt(turnP99, 1)} ms`,
      `GET /healthz in the same phase: ${fmt(healthP99, 2)} ms`,
      `${fmt(turnP99 / healthP99, 1)}x`,
    ],
    [`${label}: server process CPU per request (calls and probes)`, `${fmt(p.cpuUsPerRequest)} µs`, '', ''],
  ];
}

export async function runEngineBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      serve: { type: 'string' },
      seconds: { type: 'string', default: '15' },
      callers: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      db: { type: 'string', default: 'both' },
      'cpu-prof-dir': { type: 'string' },
      'paced-seconds': { type: 'string', default: '30' },
      'think-ms': { type: 'string', default: '1000' },
    },
  });
  // Internal: the server process the HTTP part starts, one per database.
  if (values.serve !== undefined) return serveTarget(values.serve);
  const seconds = Math.max(3, Math.min(60, Number.parseInt(values.seconds, 10) || 15));
  const callers = Math.max(1, Math.min(50, Number.parseInt(values.callers, 10) || 10));
  const rounds = Math.max(1, Math.min(5, Number.parseInt(values.rounds, 10) || 3));
  const dbs: DbKind[] =
    values.db === 'both'
      ? ['postgres', 'pglite']
      : values.db === 'postgres' || values.db === 'pglite'
        ? [values.db]
        : [];
  if (dbs.length === 0) throw new Error('--db must be both, postgres or pglite');
  const began = new Date();
  const loadAtStart = loadAverage();

  log(`In process: the scripted call (${SELLER_LINES.length} lines and a hang-up), ${rounds} rounds`);
  const inProcess = measureInProcess(rounds);
  const rows = inProcessRows(inProcess);

  const httpOptions = {
    callers,
    rounds,
    callSecondsPerRound: seconds / rounds,
    healthSecondsPerRound: 1.5,
    cpuProfDir: values['cpu-prof-dir'],
    pacedSeconds: Math.max(0, Math.min(120, Number.parseInt(values['paced-seconds'], 10) || 0)),
    thinkMs: Math.max(0, Math.min(10_000, Number.parseInt(values['think-ms'], 10) || 0)),
  };
  const http: HttpResult[] = [];
  for (const kind of dbs) {
    log(
      `Over HTTP on ${DB_LABELS[kind]}: ${callers} callers, ${rounds} rounds of ${fmt(seconds / rounds, 1)} s of calls ` +
        `then ${httpOptions.healthSecondsPerRound} s of GET /healthz`,
    );
    const result = await runOnDatabase(kind, httpOptions);
    http.push(result);
    rows.push(...httpRows(result, callers));
  }

  const notes: string[] = [
    `In process: one call is startCall and then takeTurn for each of the ${SELLER_LINES.length} lines of a warm seller ` +
      `(name, address and postcode, its read-back, type, bedrooms, condition, occupancy, price, timeline, reason, ` +
      `phone) and a hang-up while viewing times are offered: ${inProcess.turnsPerCall} engine calls ("turns"). ` +
      `Before each takeTurn the state goes through JSON.stringify and JSON.parse, as through the calls table ` +
      `(the largest state is ${fmt(inProcess.stateBytes)} bytes of JSON). Baseline: the same number of round trips ` +
      `of the states that call passes through, alone. extractPostcode runs once per line said, for scale. ` +
      `Free times: the two computeFreeTimes calls (the next 40 callback and 40 viewing times, empty calendar) that ` +
      `the call service makes before every turn to build the engine's context; the engine itself reads no clock ` +
      `and no calendar. Rounds of 1 s engine, 0.5 s each of JSON, postcode and free times, after a warm-up; ` +
      `medians of ${rounds} rounds.`,
    `Over HTTP: the app built with buildApp in its own process (log level warn), on ${dbs
      .map((kind) => (kind === 'postgres' ? 'a new PostgreSQL database' : 'PGlite in a temporary directory'))
      .join(' and on ')}, with a clock set to a Tuesday at 11:00 London time so every call is ` +
      `inside business hours. ${callers} virtual caller${callers === 1 ? '' : 's'} in this process, keep-alive connections, each making full ` +
      `test calls with the published agent: POST /api/v1/test-calls from a new number, POST .../turns for each ` +
      `line, POST .../hangup; a call under way at the end of a phase is finished. Each call creates a lead and an ` +
      `opportunity with their events. Phases alternate: ${fmt(seconds / rounds, 1)} s of calls, then ` +
      `${httpOptions.healthSecondsPerRound} s of GET /healthz from ${callers} loop${callers === 1 ? '' : 's'}, ${rounds} times. Latency is ` +
      `request to full answer, measured in this process. Server CPU is user + sys of the server's process group ` +
      `(for PostgreSQL it leaves out the database's own processes; for PGlite the database is inside it).`,
  ];
  if (httpOptions.pacedSeconds > 0) {
    notes.push(
      `Paced: after the rounds above, ${fmt(httpOptions.pacedSeconds)} s of the same calls from ${callers} callers, each ` +
        `pausing about ${fmt(httpOptions.thinkMs)} ms (jittered by half either way) before every request, as people ` +
        `on the phone do between turns (they speak a turn every few seconds, so this errs towards load), while one ` +
        `client sends GET /healthz about every ${PACED_HEALTH_EVERY_MS} ms in the same phase; a call under way at the ` +
        `end is finished. Unlike the back-to-back rounds, a turn here rarely queues behind the other callers' work, ` +
        `and /healthz is measured on the same busy server rather than on an idle one.`,
    );
  }
  for (const h of http) {
    const problems =
      h.calls.errors.length + h.healthErrors.length + h.calls.offScript === 0
        ? 'no errors, every call reached the offer'
        : `${h.calls.errors.length + h.healthErrors.length} errors (${[...h.calls.errors, ...h.healthErrors]
            .slice(0, 2)
            .join('; ')}), ${h.calls.offScript} calls off script`;
    notes.push(
      `${DB_LABELS[h.kind]}: ${h.calls.calls} calls; turn/healthz median per round: ${h.perRound
        .map((r) => fmt(r.turnP50 / r.healthP50, 1))
        .join(', ')}; ${problems}.`,
    );
  }

  const header = ['Measure', 'Value', 'Baseline (same run)', 'Ratio'];
  const table = markdownTable(header, rows);
  // Reading the sink keeps the measured work from being optimised away.
  if (sink === -1) log('');
  finishReport({
    title: 'Agent engine benchmark',
    name: 'engine',
    argv,
    began,
    loadAtStart,
    table,
    notes,
    write: dbs.length === 2,
    log,
  });
}
