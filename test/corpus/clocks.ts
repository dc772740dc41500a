/**
 * The fixed clock times every corpus call runs at, in Europe/London: what the agent offers
 * depends on the time, so the same caller is tried across the week.
 */
import { DateTime } from 'luxon';
import type { ClockView } from './types.js';

export const ZONE = 'Europe/London';

export interface CorpusClock {
  id: string;
  /** The call's start, London wall-clock time. */
  local: string;
}

export const CLOCKS: readonly CorpusClock[] = [
  { id: 'tue-0940', local: '2025-11-18T09:40' },
  { id: 'wed-1210', local: '2025-11-19T12:10' },
  { id: 'thu-1650', local: '2025-11-20T16:50' },
  { id: 'mon-2030', local: '2025-11-17T20:30' },
  { id: 'sat-1000', local: '2025-11-22T10:00' },
  { id: 'sun-1500', local: '2025-11-23T15:00' },
  // The Friday before the August bank holiday (Monday 25 August 2025), in summer time.
  { id: 'fri-bank-hol-1600', local: '2025-08-22T16:00' },
];

/** The corpus configuration's hours: Monday to Friday, 09:00 to 17:30. */
export function isOpen(at: DateTime): boolean {
  const minutes = at.hour * 60 + at.minute;
  return at.weekday <= 5 && minutes >= 9 * 60 && minutes < 17 * 60 + 30;
}

export function clockView(clock: CorpusClock): ClockView {
  const now = DateTime.fromISO(clock.local, { zone: ZONE });
  return { now, open: isOpen(now) };
}

export function clockMillis(clock: CorpusClock): number {
  return clockView(clock).now.toMillis();
}

/**
 * The clock times a call runs at. What is offered and booked depends on the time, so bookings and
 * hand-overs run at every one; every other call at a weekday morning, after hours and a Saturday,
 * which keeps the corpus's share of `npm test` small.
 */
export function clocksFor(callClass: string): readonly CorpusClock[] {
  if (callClass === 'bookings' || callClass === 'handover') return CLOCKS;
  return CLOCKS.filter((c) => ['tue-0940', 'mon-2030', 'sat-1000'].includes(c.id));
}
