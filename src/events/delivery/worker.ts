import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { deliveryAttempts, deliveryLag } from '../../metrics/registry.js';
import type { GuardedClient } from '../outbound/guarded-client.js';
import { decideOutcome, sendDelivery } from './attempt.js';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  type DeliveryOutcome,
  releaseLeases,
} from './delivery.repo.js';
import { createAttemptRecorder } from './recorder.js';
import { cacheOpenedSecrets } from './secret-cache.js';

export interface DeliveryWorkerOptions {
  db: Database;
  clock: Clock;
  client: GuardedClient;
  secrets: SecretBox;
  logger: Logger;
  /** Sends in flight at once. */
  concurrency?: number;
  /** Sends in flight at once to one endpoint, so a slow or dead one cannot hold every send. */
  perEndpoint?: number;
  pollMs?: number;
  /** Well above the 10 s send deadline, so a live worker never loses a lease mid-send. */
  leaseMs?: number;
  random?: () => number;
}

export interface DeliveryWorker {
  /** Polls (and answers wake-ups) until stopped. */
  start(): void;
  /** Claim now instead of at the next poll (a NOTIFY arrived). */
  wake(): void;
  /** Stops claiming, waits for sends in flight up to `deadlineMs`, then hands back the rest. */
  stop(deadlineMs?: number): Promise<void>;
  /** Sends everything due now and every retry that falls due meanwhile, then resolves. For tests. */
  drain(): Promise<number>;
  /** Deliveries claimed and not yet recorded: being sent, or their outcome being written. */
  inFlight(): number;
}

export function createDeliveryWorker(opts: DeliveryWorkerOptions): DeliveryWorker {
  const { db, clock, client, logger } = opts;
  const secrets = cacheOpenedSecrets(opts.secrets);
  // Outcomes are written at once only when nothing else would flush them soon: see recorder.ts.
  const recorder = createAttemptRecorder(db, () => !running || sends === 0);
  const concurrency = opts.concurrency ?? 16;
  const perEndpoint = opts.perEndpoint ?? 4;
  const pollMs = opts.pollMs ?? 500;
  const leaseMs = opts.leaseMs ?? 60_000;
  const random = opts.random ?? Math.random;
  const refillAt = Math.max(1, Math.floor(concurrency / 4));
  const log = logger.child({ component: 'webhook-worker' });

  // Claimed until recorded (what stop waits for and hands back); `sends` and `busy` count only
  // requests in flight, which is what the limits are about.
  const sending = new Map<string, { claim: ClaimedDelivery; done: Promise<void> }>();
  const busy = new Map<string, number>();
  let sends = 0;
  let changed: (() => void) | null = null;
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let woken = false;
  let wakeUp: (() => void) | null = null;
  let attemptsMade = 0;

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish(): void {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = finish;
    });
  }

  /** Something finished (a send or a record): drain looks again. */
  function signal(): void {
    const waiter = changed;
    changed = null;
    waiter?.();
  }

  /** The send is over: its place goes to the next delivery while the outcome is written. */
  function endSend(endpointId: string): void {
    sends -= 1;
    const left = (busy.get(endpointId) ?? 1) - 1;
    if (left > 0) busy.set(endpointId, left);
    else busy.delete(endpointId);
    // Refill in batches while busy: one claim per finished send would double the queries.
    if (concurrency - sends >= refillAt || sends === 0) wake();
    signal();
  }

  async function deliver(claim: ClaimedDelivery): Promise<void> {
    let sendCounted = true;
    const release = (): void => {
      if (sendCounted) endSend(claim.endpoint_id);
      sendCounted = false;
    };
    try {
      const startedAt = clock.now();
      const result = await sendDelivery(client, secrets, claim, startedAt.getTime());
      const finishedAt = clock.now();
      const outcome = decideOutcome(claim, result, finishedAt, random());
      attemptsMade += 1;
      // A 410 keeps its place among its endpoint's sends until the endpoint is disabled, so nothing more is sent there.
      if (outcome.kind !== 'gone') release();
      const leaseHeld = await recorder.record({
        claim,
        attempt: {
          startedAt,
          finishedAt,
          durationMs: result.durationMs,
          status: result.status,
          error: result.error,
          responseBodyStart: result.responseBodyStart,
          succeeded: result.ok,
        },
        outcome,
      });
      logOutcome(claim, result.status, result.error, outcome, leaseHeld);
      countAttempt(claim, outcome.kind, startedAt);
    } finally {
      release();
    }
  }

  function logOutcome(
    claim: ClaimedDelivery,
    status: number | null,
    error: string | null,
    outcome: DeliveryOutcome,
    leaseHeld: boolean,
  ): void {
    // The body and the secret are never logged; ids are enough to find the attempt row.
    const fields = {
      delivery_id: claim.id,
      endpoint_id: claim.endpoint_id,
      workspace_id: claim.workspace_id,
      attempt: claim.attempts,
      status,
      error,
      outcome: outcome.kind,
      ...(outcome.kind === 'retry' ? { next_attempt_at: outcome.at.toISOString() } : {}),
      ...(leaseHeld ? {} : { lease_lost: true }),
    };
    if (outcome.kind === 'gone') log.warn(fields, 'webhook endpoint disabled: it answered 410 Gone');
    else if (outcome.kind === 'failed') log.warn(fields, 'webhook delivery failed: retries exhausted');
    else log.debug(fields, 'webhook attempt');
  }

  function launch(claim: ClaimedDelivery): void {
    sends += 1;
    busy.set(claim.endpoint_id, (busy.get(claim.endpoint_id) ?? 0) + 1);
    const done = deliver(claim)
      .catch((err: unknown) => {
        // Fail-safe: the lease expires and the delivery is claimed again, so an error here
        // (database briefly away) costs a duplicate at worst, never a lost event.
        log.error(
          { delivery_id: claim.id, err: err instanceof Error ? err.message : String(err) },
          'attempt not recorded',
        );
      })
      .finally(() => {
        sending.delete(claim.id);
        signal();
      });
    sending.set(claim.id, { claim, done });
  }

  /** Claims as many as there are free places; true when more is due than fit. */
  async function claimBatch(): Promise<boolean> {
    const free = concurrency - sends;
    if (free <= 0) return false;
    const { claimed, more } = await claimDueDeliveries(db, {
      now: clock.now(),
      limit: free,
      leaseMs,
      perEndpoint,
      busy,
    });
    for (const claim of claimed) launch(claim);
    return more && claimed.length > 0 && sends < concurrency;
  }

  async function loop(): Promise<void> {
    while (running) {
      let again = false;
      // Refill in batches while busy: a wake that came while the last claim ran may find only a place or two.
      if (sends === 0 || concurrency - sends >= refillAt) {
        // The outcomes of the sends that freed these places go out alongside the claim that refills them.
        recorder.flush();
        try {
          again = await claimBatch();
        } catch (err) {
          log.error({ err: err instanceof Error ? err.message : String(err) }, 'claiming deliveries failed');
        }
      }
      if (!again && running) await sleep(pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    wake,
    async stop(deadlineMs = 12_000) {
      running = false;
      wake();
      await loopDone;
      recorder.flush();
      const pending = [...sending.values()];
      if (pending.length === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      });
      await Promise.race([Promise.allSettled(pending.map((p) => p.done)), deadline]);
      clearTimeout(timer);
      const unfinished = [...sending.values()].map((p) => p.claim);
      if (unfinished.length > 0) {
        await releaseLeases(db, unfinished).catch(() => {});
        log.warn({ deliveries: unfinished.length }, 'shutdown deadline passed; leases handed back');
      }
    },
    async drain() {
      const before = attemptsMade;
      for (;;) {
        await claimBatch();
        if (sending.size === 0) return attemptsMade - before;
        await new Promise<void>((resolve) => {
          changed = resolve;
        });
      }
    },
    inFlight: () => sending.size,
  };
}

/** Attempts by result, and for a first attempt, how long after its commit the event went out. */
function countAttempt(claim: ClaimedDelivery, result: DeliveryOutcome['kind'], startedAt: Date): void {
  deliveryAttempts.inc({ result });
  if (claim.attempts !== 1) return;
  try {
    const created = Date.parse((JSON.parse(claim.body) as { created_at?: string }).created_at ?? '');
    if (Number.isFinite(created)) deliveryLag.observe(Math.max(0, startedAt.getTime() - created) / 1000);
  } catch {
    // A body that is not an envelope has no commit time to measure from.
  }
}
