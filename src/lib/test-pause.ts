import type { Logger } from 'pino';

/** The points a test may stop a process at (TEST_PAUSE_AT). */
export const PAUSE_POINTS = [
  'twilio-turn-written',
  'twilio-turn-committed',
  /** The message sender has leased a message and not yet sent it. */
  'message-claimed',
  /** The message sender has sent a message and not yet recorded it. */
  'message-sent',
] as const;
export type PausePoint = (typeof PAUSE_POINTS)[number];
export type Pause = (point: PausePoint) => Promise<void>;

/**
 * For tests only (docs/telephony.md, "Retries and concurrency"): a process started with
 * TEST_PAUSE_AT stops for good when a request reaches that point, after logging so, for a test
 * to kill it exactly there. The point is read from the environment at start, never from a
 * request; unset, every pause returns at once.
 */
export function pauseAt(point: PausePoint | undefined, logger: Logger): Pause {
  if (point === undefined) return async () => {};
  return async (reached) => {
    if (reached !== point) return;
    logger.warn({ event: 'test.paused', at: point }, 'paused for a test');
    await new Promise(() => {});
  };
}
