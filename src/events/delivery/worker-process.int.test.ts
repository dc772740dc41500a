import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../sdk/src/index.js';
import {
  createDatabaseForProcess,
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
  seedEndpoints,
  seedEvents,
  spawnCli,
  spawnWorker,
  type WorkerProcess,
  waitUntil,
} from '../../../test/support/processes.js';
import {
  createTestPki,
  type Receiver,
  type ReceiverHandler,
  startReceiver,
  type TestPki,
} from '../../../test/support/receivers.js';

// Real `callagent worker` processes against a database they share with this test: a worker
// killed with SIGKILL mid-send loses nothing, and two workers on one PostgreSQL database
// send every delivery exactly once in the normal case.

const SECRETS_KEY = randomBytes(32).toString('base64');
let pki: TestPki;
let dir: string;
let caFile: string;
const children: WorkerProcess[] = [];
const receivers: Receiver[] = [];
const databases: SharedDatabase[] = [];

beforeAll(async () => {
  pki = await createTestPki();
  dir = mkdtempSync(join(tmpdir(), 'callagent-worker-'));
  caFile = join(dir, 'ca.pem');
  // The child trusts the test CA the way production trusts a private CA: NODE_EXTRA_CA_CERTS.
  writeFileSync(caFile, pki.caCert);
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await Promise.all(receivers.map((r) => r.close()));
  await Promise.all(databases.map((d) => d.drop()));
  rmSync(dir, { recursive: true, force: true });
});

function workerEnv(db: SharedDatabase): Record<string, string> {
  return {
    ...(db.url ? { DATABASE_URL: db.url } : { DATA_DIR: dir }),
    SECRETS_KEY,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    NODE_EXTRA_CA_CERTS: caFile,
  };
}

async function start(db: SharedDatabase): Promise<WorkerProcess> {
  const w = await spawnWorker(workerEnv(db));
  children.push(w);
  return w;
}

/** Records every verified arrival as `${endpoint path}|${event id}`; while holding, answers nothing. */
function arrivals(secrets: Map<string, string>) {
  const state = { seen: [] as string[], held: 0, hold: false, refused: 0 };
  const handler: ReceiverHandler = (req, res) => {
    if (state.hold) {
      state.held += 1;
      return;
    }
    const endpoint = req.path.slice(1);
    let eventId: string;
    try {
      eventId = verifyWebhook(req.body, req.headers, secrets.get(endpoint) ?? '').id;
    } catch {
      state.refused += 1;
      res.writeHead(401);
      res.end();
      return;
    }
    state.seen.push(`${endpoint}|${eventId}`);
    // Slow enough that one worker alone needs over a second for the whole backlog, so the
    // other (polling at worst every 500 ms) always gets a share and the two really overlap.
    setTimeout(() => {
      res.writeHead(200);
      res.end();
    }, 150);
  };
  return { state, handler };
}

async function statuses(db: SharedDatabase): Promise<Record<string, number>> {
  const conn = await db.open();
  try {
    const rows = await conn.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status',
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    await conn.close();
  }
}

describe('a worker process killed mid-send', () => {
  it('is restarted and every due delivery arrives at least once', { timeout: 180_000 }, async () => {
    const db = await createDatabaseForProcess(dir);
    databases.push(db);
    const secrets = new Map<string, string>();
    const { state, handler } = arrivals(secrets);
    state.hold = true;
    const receiver = await startReceiver(pki.trusted, handler);
    receivers.push(receiver);

    const conn = await db.open();
    const seeded = await seedEndpoints(conn, SECRETS_KEY, [receiver.url('/ENDPOINT')]);
    secrets.set('ENDPOINT', seeded.endpoints[0]?.secret ?? '');
    const eventIds = await seedEvents(conn, seeded.workspaceId, 5);
    await conn.close();

    const first = await start(db);
    await waitUntil(() => state.held >= 1, 60_000, 'a request to arrive and be held');
    first.child.kill('SIGKILL');
    await first.exited;

    // Leases last 60 s; instead of waiting, age them as the passing minute would.
    const aging = await db.open();
    const leased = await aging.query<{ id: string }>(
      `UPDATE webhook_deliveries SET locked_until = now() - interval '1 second'
        WHERE locked_until IS NOT NULL RETURNING id`,
    );
    await aging.close();
    expect(leased.length).toBeGreaterThanOrEqual(1);

    state.hold = false;
    const second = await start(db);
    const want = eventIds.map((id) => `ENDPOINT|${id}`);
    await waitUntil(() => want.every((k) => state.seen.includes(k)), 60_000, 'every event to arrive');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await statuses(db)).toEqual({ succeeded: 5 });
  });
});

describe.skipIf(!postgresForProcesses)('two worker processes on one PostgreSQL database', () => {
  it('send every delivery exactly once between them', { timeout: 180_000 }, async () => {
    const db = await createPostgresForProcesses();
    databases.push(db);
    const secrets = new Map<string, string>();
    const { state, handler } = arrivals(secrets);
    const receiver = await startReceiver(pki.trusted, handler);
    receivers.push(receiver);
    // Both workers are up and idle before anything is due, so they contend for the same rows.
    const [one, two] = await Promise.all([start(db), start(db)]);
    const names = ['a', 'b', 'c', 'd'];
    const conn = await db.open();
    const seeded = await seedEndpoints(
      conn,
      SECRETS_KEY,
      names.map((n) => receiver.url(`/${n}`)),
    );
    for (const [i, n] of names.entries()) secrets.set(n, seeded.endpoints[i]?.secret ?? '');
    const eventIds = await seedEvents(conn, seeded.workspaceId, 40);
    const total = names.length * eventIds.length;
    await waitUntil(
      async () => {
        const rows = await conn.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'",
        );
        return rows[0]?.n === total;
      },
      120_000,
      'every delivery to succeed',
    );
    await conn.close();
    one?.child.kill('SIGTERM');
    two?.child.kill('SIGTERM');
    await Promise.all([one?.exited, two?.exited]);

    expect(state.refused).toBe(0);
    expect(state.seen).toHaveLength(total);
    expect(new Set(state.seen).size).toBe(total);
    // Both did real work, so the absence of duplicates means something.
    const sentBy = (w: WorkerProcess | undefined) => (w?.output().match(/"webhook attempt"/g) ?? []).length;
    expect([sentBy(one), sentBy(two)].map((n) => n > 0)).toEqual([true, true]);
    expect(sentBy(one) + sentBy(two)).toBe(total);
  });
});

describe.skipIf(!postgresForProcesses)('callagent serve', () => {
  it('delivers from its own worker, and on SIGTERM finishes the send in flight before exiting', {
    timeout: 180_000,
  }, async () => {
    const db = await createPostgresForProcesses();
    databases.push(db);
    const secrets = new Map<string, string>();
    const { state, handler } = arrivals(secrets);
    let inFlight: (() => void) | null = null;
    const receiver = await startReceiver(pki.trusted, (req, res) => {
      // The second request is held until the test has asked the server to stop.
      if (state.seen.length === 1 && inFlight === null) {
        inFlight = () => handler(req, res);
        return;
      }
      handler(req, res);
    });
    receivers.push(receiver);
    const serve = await spawnCli(['serve'], { ...workerEnv(db), PORT: '0' }, 'callagent listening on');
    children.push(serve);
    const conn = await db.open();
    const seeded = await seedEndpoints(conn, SECRETS_KEY, [receiver.url('/s')]);
    secrets.set('s', seeded.endpoints[0]?.secret ?? '');
    await seedEvents(conn, seeded.workspaceId, 1);
    await waitUntil(() => state.seen.length === 1, 30_000, 'the first delivery');
    await seedEvents(conn, seeded.workspaceId, 1);
    await waitUntil(() => inFlight !== null, 30_000, 'the second delivery to be in flight');
    serve.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const release: () => void = inFlight ?? (() => {});
    release();
    expect(await serve.exited).toBe(0);
    expect(state.seen).toHaveLength(2);
    const rows = await conn.query<{ status: string }>('SELECT status FROM webhook_deliveries');
    await conn.close();
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });
});
