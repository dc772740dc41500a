/**
 * Webhook delivery benchmark: `npm run bench -- webhooks [--deliveries N] [--rounds N]
 * [--latency-events N] [--db both|pglite|postgres] [--cpu-prof-dir DIR]`.
 *
 * 1. Throughput: deliveries per second through the worker (claim, decrypt, sign, send, record)
 *    to a local HTTPS receiver, against a bare loop posting the same signed bodies with the same
 *    guarded client at the same concurrency, alternating, in one run.
 * 2. Latency: from a committed recordEvent to the request arriving at the receiver, with the
 *    worker woken as in `serve` (wakeOnCommit: PostgreSQL's LISTEN/NOTIFY, the embedded
 *    database's NOTIFY from its thread), the 500 ms poll behind it.
 *
 * The embedded database is opened as `serve` opens it: in its own thread, in a data directory.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createWebhookClient } from '../src/events/delivery/client.js';
import { wakeOnCommit } from '../src/events/delivery/wake.js';
import { createDeliveryWorker } from '../src/events/delivery/worker.js';
import { buildSignatureHeaders } from '../src/events/outbound/signature.js';
import { recordEvent } from '../src/events/outbox.js';
import { createLogger } from '../src/http/logger.js';
import { systemClock } from '../src/lib/clock.js';
import { createSecretBox } from '../src/lib/encryption.js';
import { newId } from '../src/lib/ids.js';
import { insertEndpoint } from '../src/modules/webhooks/webhooks.repo.js';
import { insertWorkspace } from '../src/modules/workspaces/workspaces.repo.js';
import { createTestPki, type KeyAndCert, startReceiver } from '../test/support/receivers.js';
import {
  createRunDatabase,
  fmt,
  loadAverage,
  machineSummary,
  markdownTable,
  median,
  percentile,
  ROOT,
} from './support.js';

interface Options {
  deliveries: number;
  rounds: number;
  latencyEvents: number;
  db: 'both' | 'pglite' | 'postgres';
}

const CONCURRENCY = 16;
const ENDPOINTS = 4;
const now = (): number => performance.timeOrigin + performance.now();

function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function parseOptions(args: readonly string[]): Options {
  const db = option(args, '--db') ?? 'both';
  if (db !== 'both' && db !== 'pglite' && db !== 'postgres')
    throw new Error('--db is both, pglite or postgres');
  return {
    deliveries: Number(option(args, '--deliveries') ?? 2000),
    rounds: Math.min(Number(option(args, '--rounds') ?? 2), 5),
    latencyEvents: Number(option(args, '--latency-events') ?? 100),
    db,
  };
}

/**
 * The parent makes a throwaway CA and re-runs itself trusting it through NODE_EXTRA_CA_CERTS,
 * as production trusts a private CA. Passing the CA as the client's `ca` option instead would
 * rebuild a TLS context of every public root at each request and swamp what is measured.
 */
export async function runWebhookBenchmark(args: readonly string[]): Promise<void> {
  const inner = option(args, '--inner');
  if (inner) return measure(inner, parseOptions(args));
  const dir = mkdtempSync(join(tmpdir(), 'callagent-bench-wh-'));
  try {
    const pki = await createTestPki();
    writeFileSync(join(dir, 'ca.pem'), pki.caCert);
    writeFileSync(join(dir, 'tls.json'), JSON.stringify(pki.trusted));
    // --cpu-prof-dir DIR: V8 CPU profiles of the measuring process (the main thread and, as its
    // own file, the embedded database's thread), written when it ends.
    const profDir = option(args, '--cpu-prof-dir');
    const profile = profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : [];
    const child = spawn(
      process.execPath,
      [...profile, '--import', 'jiti/register', 'bench/run.ts', 'webhooks', ...args, '--inner', dir],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') },
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    process.exitCode = code ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Target {
  name: string;
  db: Database;
  url: string | undefined;
  close(): Promise<void>;
}

async function openTargets(which: Options['db']): Promise<Target[]> {
  const targets: Target[] = [];
  if (which !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'callagent-bench-wh-pglite-'));
    const db = await openPglite(dataDir);
    await migrate(db);
    targets.push({
      name: 'PGlite (own thread)',
      db,
      url: undefined,
      close: async () => {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  if (which !== 'pglite') {
    const run = await createRunDatabase(`callagent_bench_wh_${process.pid}`);
    const db = openPostgres(run.url, 10);
    await migrate(db);
    targets.push({
      name: 'PostgreSQL (LISTEN/NOTIFY)',
      db,
      url: run.url,
      close: async () => {
        await db.close();
        await run.drop();
      },
    });
  }
  return targets;
}

interface Seeded {
  workspaceId: string;
  secrets: Map<string, string>;
}

async function seedEndpoints(
  t: Target,
  box: ReturnType<typeof createSecretBox>,
  port: number,
): Promise<Seeded> {
  const at = new Date();
  const workspaceId = newId('ws');
  await insertWorkspace(t.db, workspaceId, 'bench', at);
  const secrets = new Map<string, string>();
  const specs = [
    ...Array.from({ length: ENDPOINTS }, (_v, i) => ({ path: `/e${i}`, type: 'lead.created' as const })),
    { path: '/latency', type: 'agent.published' as const },
  ];
  for (const spec of specs) {
    const id = newId('wh');
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    secrets.set(id, secret);
    await insertEndpoint(t.db, {
      workspace_id: workspaceId,
      id,
      url: `https://127.0.0.1:${port}${spec.path}`,
      events: [spec.type],
      description: null,
      status: 'enabled',
      disabled_reason: null,
      secret_ciphertext: box.seal(secret, id),
      created_at: at,
      updated_at: at,
    });
  }
  return { workspaceId, secrets };
}

/** Queues `deliveries` deliveries (one event reaches every throughput endpoint), 50 events a transaction. */
async function queueRound(t: Target, workspaceId: string, deliveries: number): Promise<void> {
  const events = Math.ceil(deliveries / ENDPOINTS);
  for (let done = 0; done < events; done += 50) {
    await t.db.transaction(async (tx) => {
      for (let i = done; i < Math.min(done + 50, events); i++) {
        await recordEvent(
          tx,
          workspaceId,
          'lead.created',
          { id: `lead_${i}`, name: 'Bench Caller', n: i },
          new Date(),
        );
      }
    });
  }
}

async function measure(dir: string, opts: Options): Promise<void> {
  const tls = JSON.parse(readFileSync(join(dir, 'tls.json'), 'utf8')) as KeyAndCert;
  const arrivals = new Arrivals();
  const receiver = await startReceiver(tls, (req, res) => {
    const at = now();
    arrivals.count(
      req.path === '/latency' ? (JSON.parse(req.body.toString()) as { id: string }).id : null,
      at,
    );
    res.writeHead(200);
    res.end();
  });
  const client = createWebhookClient({ allowPrivateNetworks: true });
  const box = createSecretBox(randomBytes(32));
  const logger = createLogger('silent');
  const rows: string[][] = [];
  process.stdout.write(`Webhooks benchmark: ${machineSummary()}; load average ${loadAverage()}\n`);

  for (const target of await openTargets(opts.db)) {
    const seeded = await seedEndpoints(target, box, receiver.port);
    const workerRuns: Run[] = [];
    const bareRuns: Run[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= opts.rounds; round++) {
      await queueRound(target, seeded.workspaceId, opts.deliveries);
      const items = await target.db.query<{ endpoint_id: string; body: string; url: string }>(
        `SELECT d.endpoint_id, d.body, e.url FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending'`,
      );
      const bare = async (): Promise<Run> => {
        receiver.requests.length = 0;
        return timed(items.length, () => runBareLoop(items, seeded.secrets, client));
      };
      const worker = async (): Promise<Run> => {
        receiver.requests.length = 0;
        return timed(items.length, () =>
          runWorker({ db: target.db, client, secrets: box, logger }, arrivals, items.length),
        );
      };
      // Alternating which goes first, so a load that rises or falls during a round favours neither.
      const first = round % 2 === 1 ? await bare() : await worker();
      const second = round % 2 === 1 ? await worker() : await bare();
      const [br, wr] = round % 2 === 1 ? [first, second] : [second, first];
      bareRuns.push(br);
      workerRuns.push(wr);
      ratios.push(wr.rate / br.rate);
      process.stdout.write(
        `  ${target.name} round ${round}: worker ${fmt(wr.rate)}/s (${fmt(wr.cpuUs)} µs CPU each), ` +
          `bare loop ${fmt(br.rate)}/s (${fmt(br.cpuUs)} µs CPU each), ratio ${fmt(wr.rate / br.rate, 2)}\n`,
      );
    }
    const latencies = await measureLatency(target, seeded.workspaceId, arrivals, opts.latencyEvents, {
      db: target.db,
      client,
      box,
      logger,
    });
    receiver.requests.length = 0;
    const ratio = median(ratios);
    const w = median(workerRuns.map((r) => r.rate));
    const b = median(bareRuns.map((r) => r.rate));
    const wc = median(workerRuns.map((r) => r.cpuUs));
    const bc = median(bareRuns.map((r) => r.cpuUs));
    rows.push([
      target.name,
      fmt(w),
      fmt(b),
      `${fmt(ratio, 2)} (${ratios.map((r) => fmt(r, 2)).join(', ')})`,
      `${fmt(wc)} / ${fmt(bc)} µs (${fmt(wc / bc, 2)}x)`,
      `${fmt(percentile(latencies, 0.5), 1)} ms`,
      `${fmt(percentile(latencies, 0.99), 1)} ms`,
    ]);
    await target.close();
  }
  await receiver.close();
  process.stdout.write(
    `\n${markdownTable(
      [
        'Database',
        'Worker deliveries/s',
        'Bare loop deliveries/s',
        'Worker / bare, median (rounds)',
        'Bench-process CPU per delivery, worker / bare',
        'Commit → arrival p50',
        'p99',
      ],
      rows,
    )}\n\n${opts.deliveries} deliveries a round to ${ENDPOINTS} endpoints, ${opts.rounds} rounds (bare loop and worker, taking turns to go first), medians; ` +
      `concurrency ${CONCURRENCY}; latency over ${opts.latencyEvents} events; load average at the end ${loadAverage()}.\n`,
  );
}

/**
 * What the receiver got: a count of every request, and when each latency event arrived. Waiting
 * is by promise, not by spinning, so the wait takes no CPU from the worker it measures.
 */
class Arrivals {
  total = 0;
  private readonly at = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();
  private goal: { total: number; reached: () => void } | null = null;

  count(eventId: string | null, at: number): void {
    this.total += 1;
    if (eventId !== null) {
      this.at.set(eventId, at);
      this.waiting.get(eventId)?.(at);
    }
    if (this.goal && this.total >= this.goal.total) this.goal.reached();
  }

  /** When the latency event `eventId` arrives (at once if it already has). */
  of(eventId: string, timeoutMs: number): Promise<number> {
    const known = this.at.get(eventId);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`a latency event did not arrive within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting.set(eventId, (at) => {
        clearTimeout(timer);
        this.waiting.delete(eventId);
        resolve(at);
      });
    });
  }

  /** Resolves once `more` further requests have arrived. */
  further(more: number, timeoutMs: number): Promise<void> {
    const total = this.total + more;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${total - this.total} requests did not arrive`)),
        timeoutMs,
      );
      this.goal = {
        total,
        reached: () => {
          clearTimeout(timer);
          this.goal = null;
          resolve();
        },
      };
    });
  }
}

/**
 * The worker as `serve` runs it (start, claims refilled on its own wake-ups), until every queued
 * delivery has arrived and, once stopped, every outcome is recorded.
 */
async function runWorker(
  deps: {
    db: Database;
    client: ReturnType<typeof createWebhookClient>;
    secrets: ReturnType<typeof createSecretBox>;
    logger: ReturnType<typeof createLogger>;
  },
  arrivals: Arrivals,
  expected: number,
): Promise<void> {
  const worker = createDeliveryWorker({ ...deps, clock: systemClock });
  const before = arrivals.total;
  const arrived = arrivals.further(expected, 600_000);
  worker.start();
  await arrived;
  await worker.stop();
  if (arrivals.total - before !== expected)
    throw new Error(`worker sent ${arrivals.total - before} of ${expected}`);
  if (worker.inFlight() !== 0) throw new Error('the worker stopped with deliveries unrecorded');
}

interface Run {
  rate: number;
  /** CPU of this process per delivery (receiver included; PGlite's work too, PostgreSQL's not). */
  cpuUs: number;
}

async function timed(count: number, work: () => Promise<unknown>): Promise<Run> {
  const cpu = process.cpuUsage();
  const started = now();
  await work();
  const seconds = (now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { rate: count / seconds, cpuUs: (used.user + used.system) / count };
}

/** The same signed bodies, the same client, the same concurrency; nothing read or written around it. */
async function runBareLoop(
  items: readonly { endpoint_id: string; body: string; url: string }[],
  secrets: ReadonlyMap<string, string>,
  client: ReturnType<typeof createWebhookClient>,
): Promise<void> {
  let next = 0;
  let failures = 0;
  const lane = async (): Promise<void> => {
    for (let item = items[next++]; item; item = items[next++]) {
      const headers = {
        'Content-Type': 'application/json',
        ...buildSignatureHeaders(secrets.get(item.endpoint_id) ?? '', item.body, Date.now()),
      };
      if (!(await client.post(item.url, item.body, headers)).ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  if (failures > 0) throw new Error(`bare loop: ${failures} failed posts`);
}

async function measureLatency(
  target: Target,
  workspaceId: string,
  arrivals: Arrivals,
  count: number,
  deps: {
    db: Database;
    client: ReturnType<typeof createWebhookClient>;
    box: ReturnType<typeof createSecretBox>;
    logger: ReturnType<typeof createLogger>;
  },
): Promise<number[]> {
  const worker = createDeliveryWorker({ ...deps, clock: systemClock, secrets: deps.box });
  const listener = wakeOnCommit(target.db, target.url, () => worker.wake(), deps.logger);
  worker.start();
  await new Promise((r) => setTimeout(r, 500)); // LISTEN established
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      // Spacing uniform over one poll interval, so events do not fall into step with the poll.
      await new Promise((r) => setTimeout(r, Math.random() * 500));
      const event = await target.db.transaction((tx) =>
        recordEvent(tx, workspaceId, 'agent.published', { version: i }, new Date()),
      );
      const committed = now();
      const arrived = await arrivals.of(event.id, 15_000);
      latencies.push(Math.max(0, arrived - committed));
    }
  } finally {
    await listener.close();
    await worker.stop();
  }
  return latencies;
}
