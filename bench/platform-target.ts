/**
 * One server of the platform benchmark's list comparison (bench/platform.ts), in a process of its
 * own so that the load generator and the server under test never share an event loop. The
 * orchestrator bundles this file the way the service is bundled (scripts/build-server.mjs) and
 * runs `node dist/platform-target/platform-target.js <kind>`: the app is measured as `npm start`
 * runs it, compiled and in one bundle, and so is the baseline.
 */
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { findActiveKeyByHash } from '../src/auth/api-keys.repo.js';
import { OPERATIONS, type Operation } from '../src/auth/permissions.js';
import { requirePrincipal } from '../src/auth/principal.js';
import { loadConfig } from '../src/config.js';
import { type Database, openPostgres, type Queryable } from '../src/db/client.js';
import { afterId } from '../src/db/list-page.js';
import { createLogger } from '../src/http/logger.js';
import { decodeCursor, ListQuery, listOf, toPage } from '../src/http/pagination.js';
import { iso, Timestamp } from '../src/http/schemas.js';
import { systemClock } from '../src/lib/clock.js';
import { listLeads } from '../src/modules/leads/leads.repo.js';

// Shared with the orchestrator (bench/platform.ts).

/** The pool size `openDatabase` gives the service; the baseline's pg.Pool gets the same. */
export const POOL_SIZE = 10;
export const ROWS = 50;
/**
 * The lists the benchmark can drive: it must seed their rows and run their SELECT in the
 * baseline. `leads` is the real product list (GET /api/v1/leads, leads.read); `bench` is a
 * benchmark-only route added to the built app, for a tree without a scope-governed list.
 */
export const LISTS = { leads: '/api/v1/leads', bench: '/api/v1/bench/items' } as const;
export type ListName = keyof typeof LISTS;

export function isListName(value: string | undefined): value is ListName {
  return value === 'leads' || value === 'bench';
}
/**
 * The bench route's keyset-paginated SELECT for a page after `after` (null: the first page); the
 * baseline runs listSql('desc', null), the default order's first page.
 */
export function listSql(order: 'asc' | 'desc', after: string | null): string {
  return `SELECT id, name, created_at FROM bench_items
  WHERE workspace_id = $1 AND ${afterId(order, 2, 'id', after)}
  ORDER BY id ${order} LIMIT $3`;
}
export const TARGET_KINDS = ['baseline', 'baseline-auth', 'app', 'app-silent'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const TARGET_LABELS: Record<TargetKind, string> = {
  baseline: 'bare Fastify + pg (1 SELECT)',
  'baseline-auth': 'bare Fastify + pg (key lookup + SELECT)',
  app: 'callagent, API key, log warn',
  'app-silent': 'callagent, API key, log silent',
};

export type TargetMessage =
  | { type: 'ready'; port: number; scopedGetRoutes: string[] }
  | { type: 'stats'; queries: number };

export function isTargetMessage(value: unknown): value is TargetMessage {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  return value.type === 'ready' || value.type === 'stats';
}

// ---------------------------------------------------------------------------------------------
// The server process of one target.

function targetEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

function isScopedOperation(operation: Operation): boolean {
  return operation !== 'public' && operation !== 'user' && OPERATIONS[operation].scope !== null;
}

/** Counts every statement the app sends, so queries per request can be reported. */
function countingDatabase(db: Database, counter: { queries: number }): Database {
  const counted = (q: Queryable): Queryable => ({
    query: <T extends object>(sql: string, params?: readonly unknown[]) => {
      counter.queries += 1;
      return q.query<T>(sql, params);
    },
  });
  const outer = counted(db);
  return {
    kind: db.kind,
    query: outer.query,
    transaction: (fn) => db.transaction((tx) => fn(counted(tx))),
    close: () => db.close(),
  };
}

const BenchItem = z.object({ id: z.string(), name: z.string(), created_at: Timestamp });

interface BenchItemRow {
  id: string;
  name: string;
  created_at: Date;
}

export async function servePlatformTarget(kind: string | undefined): Promise<void> {
  if (!TARGET_KINDS.some((k) => k === kind)) throw new Error(`unknown target ${String(kind)}`);
  const databaseUrl = targetEnv('BENCH_TARGET_DATABASE_URL');
  const workspaceId = targetEnv('BENCH_TARGET_WORKSPACE_ID');
  const counter = { queries: 0 };
  let close: () => Promise<void>;
  let port: number;
  let scopedGetRoutes: string[] = [];

  if (kind === 'app' || kind === 'app-silent') {
    const level = kind === 'app' ? 'warn' : 'silent';
    // No rate limit: autocannon sends one key's thousands of requests a second.
    const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: level, API_RATE_LIMIT: '0' });
    const db = countingDatabase(openPostgres(databaseUrl, POOL_SIZE), counter);
    const app = await buildApp({ config, db, clock: systemClock, logger: createLogger(level) });
    // The orchestrator drives a real scope-governed list when one it can seed exists; report them all.
    scopedGetRoutes = app.apiRoutes
      .filter((r) => r.method === 'GET' && !r.url.includes(':') && isScopedOperation(r.operation))
      .map((r) => `${r.method} ${r.url} (${r.operation})`);
    // Registered on the built instance before ready, so it passes through the real auth hook
    // (a cached key checked inside the route's SELECT), zod validation and serialisation, and errors.
    app.withTypeProvider<ZodTypeProvider>().get(
      LISTS.bench,
      {
        config: { operation: 'calls.read' },
        schema: { hide: true, querystring: ListQuery, response: { 200: listOf(BenchItem) } },
      },
      async (request) => {
        const p = requirePrincipal(request);
        const { limit, order, cursor } = request.query;
        const after = decodeCursor(cursor);
        const rows = await db.query<BenchItemRow>(listSql(order, after), [p.workspaceId, after, limit + 1]);
        const page = toPage(rows, limit, (r) => r.id);
        return {
          data: page.data.map((r) => ({ id: r.id, name: r.name, created_at: iso(r.created_at) })),
          next_cursor: page.next_cursor,
        };
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = addressPort(app.server.address());
    close = async () => {
      await app.close();
      await db.close();
    };
  } else {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
    const list = process.env.BENCH_TARGET_LIST;
    if (!isListName(list)) throw new Error(`BENCH_TARGET_LIST must be leads or bench, not ${String(list)}`);
    const keyHash = kind === 'baseline-auth' ? targetEnv('BENCH_TARGET_KEY_HASH') : '';
    // The app's own repository function over a bare pool: the SELECT is the app's by construction.
    const bare: Queryable = {
      query: async <T extends object>(sql: string, params?: readonly unknown[]) =>
        (await pool.query<T>(sql, params === undefined ? undefined : [...params])).rows,
    };
    const firstPage = async (): Promise<object[]> => {
      if (list === 'leads') {
        const rows = await listLeads(bare, workspaceId, {}, { after: null, order: 'desc', limit: ROWS });
        // The app's response leaves workspace_id out; so does this one, for equal bodies.
        return rows.slice(0, ROWS).map(({ workspace_id: _omitted, ...lead }) => lead);
      }
      const rows = await bare.query<BenchItemRow>(listSql('desc', null), [workspaceId, null, ROWS + 1]);
      return rows.slice(0, ROWS);
    };
    // No plugins, no hooks, no schema: the least a Node service can do for this request.
    const app = Fastify();
    app.get(LISTS[list], async () => {
      if (kind === 'baseline-auth') await findActiveKeyByHash(bare, keyHash);
      return { data: await firstPage(), next_cursor: null };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = addressPort(app.server.address());
    close = async () => {
      await app.close();
      await pool.end();
    };
  }

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  // The orchestrator died: do not outlive it.
  process.once('disconnect', shutdown);
  process.on('message', (message: unknown) => {
    if (isTargetMessage(message) && message.type === 'stats') {
      process.send?.({ type: 'stats', queries: counter.queries } satisfies TargetMessage);
    }
  });
  process.send?.({ type: 'ready', port, scopedGetRoutes } satisfies TargetMessage);
}

function addressPort(address: string | AddressInfo | null): number {
  return typeof address === 'object' && address !== null ? address.port : 0;
}

// Run as the bundle's entry: `node platform-target.js <kind>`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await servePlatformTarget(process.argv[2]);
}
