// The retry schedule of a message that could not be sent (docs/notifications.md, Sending): a
// text or a mail is worth less the later it arrives, so the waits start short and grow, 1 min,
// 5 min, 30 min, 2 h, then every 6 h, until 24 h after the first attempt. Pure, as the webhook
// schedule (src/events/delivery/schedule.ts) is: tests walk the day without waiting.

const MAX_WAIT_MS = 6 * 60 * 60_000;
export const MESSAGE_WAITS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, MAX_WAIT_MS] as const;
export const MESSAGE_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** Each wait is shortened by up to this fraction, so messages that failed together retry apart. */
export const MESSAGE_JITTER = 0.1;

/** The wait after failed attempt `attempt` (1-based), before jitter. */
export function messageWaitMs(attempt: number): number {
  const i = Math.max(0, Math.min(attempt - 1, MESSAGE_WAITS_MS.length - 1));
  return MESSAGE_WAITS_MS[i] ?? MAX_WAIT_MS;
}

export type MessageRetryPlan = { kind: 'retry'; at: Date } | { kind: 'give_up' };

/**
 * When to try again, or give up. No attempt is planned past the window, and the last one lands at
 * its very end, so an SMTP server or Twilio that recovers within the day still gets the message.
 */
export function planMessageRetry(failure: {
  /** Attempts made, this one included. */
  attempt: number;
  firstAttemptAt: Date;
  failedAt: Date;
  /** In [0, 1). */
  random: number;
}): MessageRetryPlan {
  const deadline = failure.firstAttemptAt.getTime() + MESSAGE_RETRY_WINDOW_MS;
  const failedAt = failure.failedAt.getTime();
  if (failedAt >= deadline) return { kind: 'give_up' };
  const wait = Math.round(messageWaitMs(failure.attempt) * (1 - MESSAGE_JITTER * failure.random));
  return { kind: 'retry', at: new Date(Math.min(failedAt + wait, deadline)) };
}
