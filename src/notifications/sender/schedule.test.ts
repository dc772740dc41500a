import { describe, expect, it } from 'vitest';
import { MESSAGE_RETRY_WINDOW_MS, messageWaitMs, planMessageRetry } from './schedule.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the message retry schedule', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, then 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(messageWaitMs)).toEqual([
      MIN,
      5 * MIN,
      30 * MIN,
      2 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
  });

  it('shortens a wait by at most a tenth', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    const plan = planMessageRetry({ attempt: 2, firstAttemptAt: first, failedAt: first, random: 0.999 });
    expect(plan.kind === 'retry' && plan.at.getTime() - first.getTime()).toBeGreaterThan(4.5 * MIN);
  });

  it('walks the day and gives up after it, the last attempt at its very end', () => {
    const first = new Date('2026-01-01T00:00:00Z').getTime();
    let now = first;
    let attempt = 1;
    const times: number[] = [];
    for (;;) {
      const plan = planMessageRetry({
        attempt,
        firstAttemptAt: new Date(first),
        failedAt: new Date(now),
        random: 0,
      });
      if (plan.kind === 'give_up') break;
      now = plan.at.getTime();
      times.push(now - first);
      attempt += 1;
    }
    expect(times.slice(0, 4)).toEqual([MIN, 6 * MIN, 36 * MIN, 156 * MIN]);
    expect(times.at(-1)).toBe(MESSAGE_RETRY_WINDOW_MS);
    expect(attempt).toBeLessThan(12);
  });
});
