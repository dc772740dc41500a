/**
 * The HTTP part of the long-turn benchmark (bench/extractors.ts): does a turn at the cap hold the
 * event loop longer than an ordinary turn? The app runs in its own process (as bench/engine.ts
 * starts it); test-call callers send either ordinary answers or the worst turn at the cap, in
 * alternating phases, while a separate connection asks GET /healthz every 20 ms or so.
 */
import { performance } from 'node:perf_hooks';
import { sellerSteps, WARM_SELLER } from '../test/support/dialog/sellers.js';
import {
  benchConfig,
  Client,
  type DbKind,
  field,
  healthChecker,
  Numbers,
  type Server,
  withServer,
} from './engine.js';
import { fmt, median, percentile } from './support.js';

type Phase = 'idle' | 'ordinary' | 'long';

interface PhaseSamples {
  health: number[];
  turns: number[];
  errors: string[];
}

export interface LongTurnResult {
  phases: Record<Phase, PhaseSamples>;
  textLength: number;
  notes: string[];
}

export interface LongTurnOptions {
  seconds: number;
  callers: number;
  rounds: number;
  /** The hostile turn the long phase sends; longer than the cap, so the cap is exercised too. */
  text: string;
  log: (line: string) => void;
}

const ORDINARY_LINES = sellerSteps(WARM_SELLER);
const TURNS_PER_CALL = 12;
const HEALTH_EVERY_MS = 20;

/** Test calls until the deadline, each turn `lineAt(i)`, hanging up after a dozen turns. */
async function caller(
  client: Client,
  numbers: Numbers,
  deadline: number,
  lineAt: (i: number) => string,
  s: PhaseSamples,
): Promise<void> {
  while (performance.now() < deadline) {
    const from = numbers.take();
    if (from === null) return;
    const started = await client.send('POST', '/api/v1/test-calls', { from, agent: 'published' });
    const callId = field(started.body, 'call_id');
    if (started.status !== 201 || typeof callId !== 'string') {
      s.errors.push(`start answered ${started.status}`);
      return;
    }
    for (let i = 0; i < TURNS_PER_CALL && performance.now() < deadline; i++) {
      const turn = await client.send('POST', `/api/v1/test-calls/${callId}/turns`, { text: lineAt(i) });
      if (turn.status !== 200) {
        s.errors.push(`turn answered ${turn.status}`);
        return;
      }
      s.turns.push(turn.ms);
      if (field(turn.body, 'ended') === true) break;
    }
    await client.send('POST', `/api/v1/test-calls/${callId}/hangup`);
  }
}

async function runPhase(
  server: Server,
  numbers: Numbers,
  ms: number,
  callers: number,
  lineAt: ((i: number) => string) | null,
  into: PhaseSamples,
): Promise<void> {
  const calls = new Client(server.port, server.key, callers);
  const probe = new Client(server.port, server.key, 1);
  try {
    const deadline = performance.now() + ms;
    const work =
      lineAt === null
        ? []
        : Array.from({ length: callers }, () => caller(calls, numbers, deadline, lineAt, into));
    await Promise.all([...work, healthChecker(probe, deadline, into.health, into.errors, HEALTH_EVERY_MS)]);
  } finally {
    calls.close();
    probe.close();
  }
}

export async function measureLongTurnsOverHttp(db: DbKind, o: LongTurnOptions): Promise<LongTurnResult> {
  const empty = (): PhaseSamples => ({ health: [], turns: [], errors: [] });
  const phases: Record<Phase, PhaseSamples> = { idle: empty(), ordinary: empty(), long: empty() };
  const ordinary = (i: number) => ORDINARY_LINES[i % ORDINARY_LINES.length] ?? 'yes';
  const long = () => o.text;
  await withServer(db, undefined, async (server) => {
    const admin = new Client(server.port, server.key, 1);
    const put = await admin.send('PUT', '/api/v1/agent/draft', { config: benchConfig() });
    const published = await admin.send('POST', '/api/v1/agent/publish');
    admin.close();
    if (put.status !== 200 || published.status !== 201) throw new Error('publishing the agent failed');
    const numbers = new Numbers();
    // Warm-up, not counted: connections, the JIT, the database's caches.
    await runPhase(server, numbers, 1_500, o.callers, ordinary, empty());
    await runPhase(server, numbers, 1_500, o.callers, long, empty());
    for (let round = 1; round <= o.rounds; round++) {
      await runPhase(server, numbers, 1_500, 0, null, phases.idle);
      await runPhase(server, numbers, o.seconds * 1000, o.callers, ordinary, phases.ordinary);
      await runPhase(server, numbers, o.seconds * 1000, o.callers, long, phases.long);
      o.log(
        `  round ${round}: /healthz p99 idle ${fmt(percentile(phases.idle.health, 0.99), 1)} ms, ` +
          `ordinary turns ${fmt(percentile(phases.ordinary.health, 0.99), 1)} ms, ` +
          `long turns ${fmt(percentile(phases.long.health, 0.99), 1)} ms`,
      );
    }
  });
  const errors = [...phases.idle.errors, ...phases.ordinary.errors, ...phases.long.errors];
  if (errors.length > 0) throw new Error(`requests failed: ${errors.slice(0, 3).join('; ')}`);
  const p99 = (p: Phase) => percentile(phases[p].health, 0.99);
  return {
    phases,
    textLength: o.text.length,
    notes: [
      `Over HTTP on ${db === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: ${o.callers} test-call callers, ` +
        `${o.rounds} rounds of ${o.seconds} s each of ordinary answers and of a ${o.text.length}-character turn ` +
        `(read up to the cap), with GET /healthz on a connection of its own about every ${HEALTH_EVERY_MS} ms.`,
      `/healthz p99 while long turns run is ${fmt(p99('long') / p99('ordinary'), 2)} × its p99 while ordinary turns run ` +
        `(median ${fmt(median(phases.long.health) / median(phases.ordinary.health), 2)} ×).`,
    ],
  };
}

export function serviceRows(r: LongTurnResult): string[][] {
  const row = (label: string, p: PhaseSamples): string[] => [
    label,
    fmt(median(p.health), 1),
    fmt(percentile(p.health, 0.99), 1),
    fmt(Math.max(...p.health), 1),
    p.turns.length === 0 ? '' : fmt(median(p.turns), 1),
  ];
  return [
    row('nothing (idle)', r.phases.idle),
    row('ordinary answers', r.phases.ordinary),
    row(`a ${r.textLength}-character turn (read up to the cap)`, r.phases.long),
  ];
}
