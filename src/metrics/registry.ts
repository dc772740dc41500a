import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// The process's Prometheus metrics (docs/architecture.md, Metrics and logs). One registry per
// process; the counters are module-level like the process they count, and are only ever added to.

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'callagent_', eventLoopMonitoringPrecision: 10 });

export const httpDuration = new Histogram({
  name: 'callagent_http_request_duration_seconds',
  help: 'HTTP requests by route template, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const turnDuration = new Histogram({
  name: 'callagent_call_turn_duration_seconds',
  help: "Time the service takes to answer a caller's turn (lock, engine, records), every channel.",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const callsEnded = new Counter({
  name: 'callagent_calls_ended_total',
  help: 'Calls closed by this process, by status (completed, transferred, failed).',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const eventsRecorded = new Counter({
  name: 'callagent_events_recorded_total',
  help: 'Events written to the outbox by this process, by type.',
  labelNames: ['type'] as const,
  registers: [registry],
});

export const deliveryAttempts = new Counter({
  name: 'callagent_webhook_attempts_total',
  help: 'Webhook delivery attempts by result: succeeded, retry, failed (gave up), gone (410, endpoint disabled).',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const messageOutcomes = new Counter({
  name: 'callagent_messages_total',
  help: 'Texts and emails handled by the sender, by channel and outcome: sent, retry, failed, cancelled, held (quiet hours).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const deliveryLag = new Histogram({
  name: 'callagent_webhook_commit_to_delivery_seconds',
  help: "From an event's commit to the start of its first delivery attempt.",
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

export const modelRequests = new Counter({
  name: 'callagent_model_requests_total',
  help: 'Requests to the language model by purpose (turn, summary, audit) and outcome (ok, timeout, error, rate_limited, invalid).',
  labelNames: ['purpose', 'outcome'] as const,
  registers: [registry],
});

export const modelLatency = new Histogram({
  name: 'callagent_model_request_duration_seconds',
  help: 'Time a language-model request took, by purpose, up to its budget.',
  labelNames: ['purpose'] as const,
  buckets: [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 5, 10, 20],
  registers: [registry],
});

export const modelTokens = new Counter({
  name: 'callagent_model_tokens_total',
  help: 'Tokens the language model reported, by purpose and kind (prompt, completion).',
  labelNames: ['purpose', 'kind'] as const,
  registers: [registry],
});

export const modelSummariesDropped = new Counter({
  name: 'callagent_model_summaries_dropped_total',
  help: "Language-model summaries not stored because they named something the call's record does not hold, by reason (link, instruction, payment, score, money, ...).",
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Gauges read when scraped: the database's and the pool's state, not counted in process. */
export interface ScrapeSources {
  callsInProgress(): Promise<number>;
  deliveryBacklog(): Promise<{ pending: number; due: number }>;
  pool(): { total: number; idle: number; waiting: number } | null;
}

let sources: ScrapeSources | null = null;

/** The process's sources for the scrape-time gauges (set once by serve or worker). */
export function setScrapeSources(next: ScrapeSources): void {
  sources = next;
}

new Gauge({
  name: 'callagent_calls_in_progress',
  help: 'Calls in progress (not test calls of a draft), in the whole database.',
  registers: [registry],
  async collect() {
    if (sources) this.set(await sources.callsInProgress());
  },
});

new Gauge({
  name: 'callagent_webhook_backlog',
  help: 'Webhook deliveries pending, and of those due now, in the whole database.',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    if (!sources) return;
    const backlog = await sources.deliveryBacklog();
    this.set({ state: 'pending' }, backlog.pending);
    this.set({ state: 'due' }, backlog.due);
  },
});

new Gauge({
  name: 'callagent_db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and requests waiting for one (absent on PGlite).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pool = sources?.pool();
    if (!pool) return;
    this.set({ state: 'total' }, pool.total);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});
