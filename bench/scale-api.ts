/**
 * The scale-out benchmark's API load: the API-key list `GET /api/v1/leads?limit=50`, seeded as
 * the platform benchmark seeds it (an owner, a workspace and a key through the services, 50 leads
 * through the leads service), read by 50 connections split evenly across the instances.
 */
import autocannon from 'autocannon';
import type { Database } from '../src/db/client.js';
import { systemClock } from '../src/lib/clock.js';
import { seedLeads, seedWorkspaceWithKey } from './seed.js';

export const LIST_PATH = '/api/v1/leads?limit=50';
const ROWS = 50;
export const CONNECTIONS = 50;

/** A workspace of its own with 50 leads and a key that may read them; answers the key. */
export async function seedApi(db: Database): Promise<string> {
  const seeded = await seedWorkspaceWithKey(db, systemClock, { name: 'scale', scopes: ['leads:read'] });
  await seedLeads(db, systemClock, seeded.workspaceId, ROWS);
  await db.query('ANALYZE');
  return seeded.key;
}

/** One request to each instance before any load, so a broken route cannot pass as a fast one. */
export async function checkList(ports: readonly number[], key: string): Promise<void> {
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}${LIST_PATH}`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { data?: unknown[] };
    if (res.status !== 200 || body.data?.length !== ROWS) {
      throw new Error(
        `the list on port ${port} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`,
      );
    }
  }
}

export interface ApiResult {
  requestsPerSecond: number;
  /** The worst instance's p99, ms. */
  p99: number;
  p50: number;
  requests: number;
  failures: number;
  /** Requests a second each instance answered, to show the split was even. */
  perInstance: number[];
}

/** Autocannon against every instance at once, the connections split evenly; fixed length. */
export async function listLoad(ports: readonly number[], key: string, seconds: number): Promise<ApiResult> {
  const share = Math.floor(CONNECTIONS / ports.length);
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}${LIST_PATH}`,
        connections: share,
        duration: seconds,
        timeout: 10,
        headers: { authorization: `Bearer ${key}` },
      }),
    ),
  );
  const perInstance = results.map((r) => r.requests.average);
  return {
    requestsPerSecond: perInstance.reduce((a, b) => a + b, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    requests: results.reduce((s, r) => s + r.requests.total, 0),
    failures: results.reduce((s, r) => s + r.non2xx + r.errors, 0),
    perInstance,
  };
}
