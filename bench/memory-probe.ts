// Where the service's memory goes, stage by stage, bundled the way the service is (no TypeScript
// loader in the way): bench/platform.ts bundles this file with scripts/build-server.mjs and runs
// `node dist/memory-probe/memory-probe.js DATA_DIR`, which prints one JSON line per stage.
import { mkdirSync } from 'node:fs';

const stage = (name: string) => {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({ stage: name, rss: mb(m.rss), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) })}\n`,
  );
};

const dir = process.argv[2];
if (!dir) throw new Error('usage: node dist/memory-probe/memory-probe.js DATA_DIR');
mkdirSync(dir, { recursive: true });
stage('node started');
const { buildApp } = await import('../src/app.js');
const { openPglite } = await import('../src/db/client.js');
const { migrate } = await import('../src/db/migrate.js');
const { loadConfig } = await import('../src/config.js');
const { createLogger } = await import('../src/http/logger.js');
const { systemClock } = await import('../src/lib/clock.js');
stage('modules loaded');
const db = await openPglite(dir);
await migrate(db);
stage('PGlite opened and migrated');
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
const app = await buildApp({ config, db, clock: systemClock, logger: createLogger('warn') });
await app.listen({ port: 0, host: '127.0.0.1' });
stage('app built and listening');
await new Promise((resolve) => setTimeout(resolve, 1000));
stage('one second later');
await app.close();
await db.close();
