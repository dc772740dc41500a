import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnCli, type WorkerProcess, waitUntil } from './support/processes.js';

// What an operator sees: Prometheus metrics on a port of their own (never on the public API), a
// JSON start-up line, and one info line per call started and ended, with workspace and call ids.

const OWNER = { email: 'ops@example.test', password: 'a long enough password' };
let dir: string;
let service: WorkerProcess;
let base: string;
let metricsUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callagent-ops-'));
  service = await spawnCli(
    ['serve'],
    {
      DATA_DIR: dir,
      PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      BOOTSTRAP_OWNER_EMAIL: OWNER.email,
      BOOTSTRAP_OWNER_PASSWORD: OWNER.password,
    },
    'listening on',
  );
  const banner = service
    .output()
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return null;
      }
    })
    .find((entry) => entry?.event === 'started');
  base = String(banner?.url);
  metricsUrl = String(banner?.metrics);
});
afterAll(() => {
  service?.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('logs the start as one JSON line naming where to reach the API and the metrics', () => {
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  expect(metricsUrl).not.toContain(base);
});

it('keeps /metrics off the public API', async () => {
  // The public port answers /metrics as any unknown page (the console's, or 404): never the metrics.
  const res = await fetch(`${base}/metrics`);
  expect(res.headers.get('content-type') ?? '').not.toMatch(/text\/plain; version=0\.0\.4/);
  expect(await res.text()).not.toContain('callagent_http_request_duration_seconds');
  const scraped = await fetch(metricsUrl);
  expect(scraped.headers.get('content-type')).toMatch(/text\/plain; version=0\.0\.4/);
});

it('counts a test call in the metrics and logs its start and end with ids', async () => {
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const { csrf_token, workspace } = (await signIn.json()) as {
    csrf_token: string;
    workspace: { id: string };
  };
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const post = async (path: string, body?: unknown) =>
    (await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    }).then((r) => r.json())) as Record<string, unknown>;
  const { call_id } = await post('/api/v1/test-calls', { from: '+447700900888' });
  await post(`/api/v1/test-calls/${String(call_id)}/turns`, { text: "I'd like to sell my house" });
  await post(`/api/v1/test-calls/${String(call_id)}/hangup`);

  const metrics = await (await fetch(metricsUrl)).text();
  expect(metrics).toMatch(
    /callagent_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/test-calls",status="201"\} 1/,
  );
  expect(metrics).toMatch(/callagent_call_turn_duration_seconds_count \d+/);
  expect(metrics).toMatch(/callagent_calls_ended_total\{status="completed"\} 1/);
  expect(metrics).toMatch(/callagent_calls_in_progress 0/);
  expect(metrics).toMatch(/callagent_webhook_backlog\{state="pending"\} 0/);
  expect(metrics).toMatch(/callagent_events_recorded_total\{type="call.completed"\} 1/);
  for (const name of [
    'callagent_webhook_attempts_total',
    'callagent_webhook_commit_to_delivery_seconds',
    'callagent_messages_total',
    'callagent_db_pool_connections',
    'callagent_nodejs_eventloop_lag_seconds',
  ]) {
    expect(metrics).toContain(`# TYPE ${name}`);
  }

  // The lines reach this process through a pipe, a moment after the answers they belong to.
  await waitUntil(() => service.output().includes('"call ended"'), 10_000, 'the call ended line');
  const lines = service
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'));
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(entries).toContainEqual(
    expect.objectContaining({ level: 30, event: 'call.started', workspace_id: workspace.id, call_id }),
  );
  expect(entries).toContainEqual(
    expect.objectContaining({
      level: 30,
      event: 'call.completed',
      workspace_id: workspace.id,
      call_id,
      msg: 'call ended',
    }),
  );
});
