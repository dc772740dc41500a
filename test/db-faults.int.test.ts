import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import {
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
  spawnCli,
  type WorkerProcess,
  waitUntil,
} from './support/processes.js';
import { createTestPki, type Receiver, startReceiver } from './support/receivers.js';
import {
  postgresBinaries,
  startThrowawayCluster,
  type ThrowawayCluster,
} from './support/throwaway-postgres.js';

// Fault injection against a real PostgreSQL: a `callagent serve` process keeps serving while its
// connections are terminated under a mixed read/write load, and while its server is stopped and
// started again. A request that meets a lost connection answers 503 `unavailable` with
// Retry-After; nothing crashes, and everything recovers by itself.

const SECRETS_KEY = randomBytes(32).toString('base64');
const OWNER = { email: 'faults@example.test', password: 'a long enough password' };
let dir: string;
let caFile: string;
let receiver: Receiver;
const arrived: string[] = [];
const children: WorkerProcess[] = [];
const databases: SharedDatabase[] = [];
const clusters: ThrowawayCluster[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callagent-faults-'));
  const pki = await createTestPki();
  caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pki.caCert);
  receiver = await startReceiver(pki.trusted, (req, res) => {
    arrived.push(req.body.toString());
    res.writeHead(204).end();
  });
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await receiver?.close();
  await Promise.all(databases.map((d) => d.drop()));
  for (const c of clusters) c.destroy();
  rmSync(dir, { recursive: true, force: true });
});

interface Service {
  base: string;
  process: WorkerProcess;
  key: string;
}

async function startService(databaseUrl: string): Promise<Service> {
  const process = await spawnCli(
    ['serve'],
    {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      SECRETS_KEY,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      NODE_EXTRA_CA_CERTS: caFile,
      BOOTSTRAP_OWNER_EMAIL: OWNER.email,
      BOOTSTRAP_OWNER_PASSWORD: OWNER.password,
    },
    'listening on',
  );
  children.push(process);
  const base = /listening on (http:\/\/[^\s"]+)/.exec(process.output())?.[1];
  if (!base) throw new Error(process.output());
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const session = (await signIn.json()) as { csrf_token: string };
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await fetch(`${base}/api/v1/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': session.csrf_token },
    body: JSON.stringify({
      name: 'load',
      scopes: ['leads:read', 'leads:write', 'agent:write', 'webhooks:manage'],
    }),
  });
  const { key } = (await created.json()) as { key: string };
  const hook = await fetch(`${base}/api/v1/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ url: receiver.url('/hook', '127.0.0.1'), events: ['lead.created'] }),
  });
  expect(hook.status).toBe(201);
  return { base, process, key };
}

interface Answer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
}

async function send(s: Service, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${s.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${s.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, retryAfter: res.headers.get('retry-after') };
}

function aPhone(): string {
  return `+447700${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** One caller's mixed work: create a lead, list, update it, and hold a short test call. */
async function oneRound(s: Service, answers: Answer[]): Promise<void> {
  try {
    await roundOfWork(s, answers);
  } catch (error) {
    // The service closed the connection instead of answering: recorded, so the test can say why.
    answers.push({ status: 0, code: String(error), retryAfter: null });
  }
}

async function roundOfWork(s: Service, answers: Answer[]): Promise<void> {
  const created = await send(s, 'POST', '/api/v1/leads', { name: 'Load Test', phone: aPhone() });
  answers.push(created);
  answers.push(await send(s, 'GET', '/api/v1/leads?limit=20'));
  const leads = await fetch(`${s.base}/api/v1/leads?limit=1`, {
    headers: { authorization: `Bearer ${s.key}` },
  });
  if (!leads.ok) await leads.text();
  else {
    const id = ((await leads.json()) as { data: { id: string }[] }).data[0]?.id;
    if (id) answers.push(await send(s, 'PATCH', `/api/v1/leads/${id}`, { status: 'working' }));
  }
  const call = await fetch(`${s.base}/api/v1/test-calls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: aPhone() }),
  });
  answers.push({ status: call.status, code: undefined, retryAfter: call.headers.get('retry-after') });
  if (call.status === 201) {
    const { call_id } = (await call.json()) as { call_id: string };
    answers.push(
      await send(s, 'POST', `/api/v1/test-calls/${call_id}/turns`, { text: 'i want to sell my house' }),
    );
    answers.push(await send(s, 'POST', `/api/v1/test-calls/${call_id}/hangup`));
  } else await call.text();
}

/** Runs `callers` concurrent loops of rounds until `stop()` says so. */
function load(s: Service, callers: number): { answers: Answer[]; stop: () => Promise<void> } {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: callers }, async () => {
    while (running) await oneRound(s, answers);
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every answer is a success or the contract's 503; never a 500, never another 5xx. */
function expectOnlySuccessOrUnavailable(answers: Answer[]): void {
  for (const a of answers) {
    if (a.status >= 500) {
      expect(a).toMatchObject({ status: 503 });
      expect(a.retryAfter).toMatch(/^\d+$/);
      if (a.code !== undefined) expect(a.code).toBe('unavailable');
    } else {
      expect(a.status).toBeGreaterThan(0);
      expect(a.status).toBeLessThan(300);
    }
  }
}

async function expectRecovered(s: Service): Promise<void> {
  await waitUntil(async () => (await fetch(`${s.base}/readyz`)).status === 200, 20_000, 'readyz');
  const before = arrived.length;
  await waitUntil(
    async () => (await send(s, 'POST', '/api/v1/leads', { name: 'After', phone: aPhone() })).status === 201,
    10_000,
    'a write after recovery',
  );
  // The delivery worker (and, on PostgreSQL, its LISTEN connection) came back too.
  await waitUntil(() => arrived.length > before, 20_000, 'a webhook delivered after recovery');
  expect(s.process.child.exitCode).toBeNull();
}

describe.skipIf(!postgresForProcesses)('a lost PostgreSQL connection', () => {
  it('fails only the requests that used it, with 503 and Retry-After, and never ends the process', async () => {
    const db = await createPostgresForProcesses();
    databases.push(db);
    const url = db.url ?? '';
    const s = await startService(url);
    const admin = openPostgres(url, 1);
    const dbName = new URL(url).pathname.slice(1);
    const traffic = load(s, 6);
    let terminated = 0;
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      const rows = await admin.query<{ ok: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      terminated += rows.filter((r) => r.ok).length;
      await new Promise((r) => setTimeout(r, 40));
    }
    await traffic.stop();
    await admin.close();
    expect(terminated).toBeGreaterThan(10);
    expect(s.process.child.exitCode, s.process.output()).toBeNull();
    expect(traffic.answers.some((a) => a.status === 503)).toBe(true);
    expectOnlySuccessOrUnavailable(traffic.answers);
    await expectRecovered(s);
    expect(s.process.output()).not.toMatch(/Unhandled|uncaught/i);
  }, 120_000);
});

const bin = postgresBinaries();

describe.skipIf(bin === null)('a PostgreSQL server that stops and starts again', () => {
  it('answers 503 while it is down, says so on /readyz, and recovers by itself', async () => {
    const cluster = await startThrowawayCluster(bin ?? '');
    clusters.push(cluster);
    const url = cluster.adminUrl;
    const migrated = openPostgres(url, 1);
    await migrate(migrated);
    await migrated.close();
    const s = await startService(url);
    const traffic = load(s, 4);
    await new Promise((r) => setTimeout(r, 500));
    cluster.stop();
    await new Promise((r) => setTimeout(r, 1_000));
    const ready = await fetch(`${s.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false });
    const whileDown = await send(s, 'GET', '/api/v1/leads');
    expect(whileDown).toMatchObject({ status: 503, code: 'unavailable' });
    expect(whileDown.retryAfter).toMatch(/^\d+$/);
    cluster.start();
    await traffic.stop();
    expect(s.process.child.exitCode).toBeNull();
    expectOnlySuccessOrUnavailable(traffic.answers);
    await expectRecovered(s);
  }, 120_000);
});
