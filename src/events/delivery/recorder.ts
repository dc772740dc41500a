import type { Database } from '../../db/client.js';
import { type FinishedAttempt, recordAttempt, recordAttempts } from './delivery.repo.js';

/** Most attempts written by one statement. */
const MOST_AT_ONCE = 64;

interface Waiting {
  finished: FinishedAttempt;
  resolve: (leaseHeld: boolean) => void;
  reject: (error: unknown) => void;
}

export interface AttemptRecorder {
  /** Queues a finished attempt; resolves with whether its lease was still held once written. */
  record(finished: FinishedAttempt): Promise<boolean>;
  /** Writes everything queued, in one statement per group. */
  flush(): void;
}

/**
 * Writes finished attempts in groups. The worker flushes whenever it claims (every few finished
 * sends), so under load a group costs one statement where each attempt used to cost one; when
 * `now()` says so (nothing else is in flight, or the worker is stopping) an attempt is written at
 * once. Until its write commits a delivery keeps its lease, so a crash in between means it is
 * sent again, never lost (docs/webhooks.md, Operating the delivery worker). A 410, which also
 * disables the endpoint, is written at once in a transaction of its own.
 */
export function createAttemptRecorder(db: Database, now: () => boolean): AttemptRecorder {
  let waiting: Waiting[] = [];
  let writing = false;
  let askedAgain = false;

  async function writeGroup(group: readonly Waiting[]): Promise<void> {
    try {
      const held = await recordAttempts(
        db,
        group.map((w) => w.finished),
      );
      group.forEach((w, i) => {
        w.resolve(held[i] ?? false);
      });
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One bad row must not cost the others their record: write them one by one.
      for (const w of group) await writeGroup([w]);
    }
  }

  // Writes what is queued now. Attempts that finish meanwhile wait for the next flush, so that
  // they go with the next claim rather than one statement each.
  async function writeAll(): Promise<void> {
    writing = true;
    do {
      askedAgain = false;
      const queued = waiting;
      waiting = [];
      for (let i = 0; i < queued.length; i += MOST_AT_ONCE)
        await writeGroup(queued.slice(i, i + MOST_AT_ONCE));
    } while (askedAgain && waiting.length > 0);
    writing = false;
    // Anything queued while writing, when nothing else is coming to flush it.
    if (waiting.length > 0 && now()) void writeAll();
  }

  function flush(): void {
    if (writing) askedAgain = true;
    else if (waiting.length > 0) void writeAll();
  }

  return {
    record(finished) {
      const { claim, attempt, outcome } = finished;
      if (outcome.kind === 'gone') return recordAttempt(db, claim, attempt, outcome).then((r) => r.leaseHeld);
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ finished, resolve, reject });
        if (now() || waiting.length >= MOST_AT_ONCE) flush();
      });
    },
    flush,
  };
}
