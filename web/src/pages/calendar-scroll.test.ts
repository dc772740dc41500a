import type { Booking } from '@callagent/sdk';
import { describe, expect, it } from 'vitest';
import { dayToShow } from './calendar-scroll';

const zone = 'Europe/London';
// Monday 23 to Sunday 29 November 2026, at noon.
const days = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 23 + i, 12)));
const at = (day: number, hour = 10) =>
  ({ starts_at: new Date(Date.UTC(2026, 10, day, hour)).toISOString() }) as Booking;

describe('the day a phone opens the week on', () => {
  it('is the first day from today with a booking', () => {
    const bookings = [at(23), at(27), at(28)];
    expect(dayToShow(days, bookings, zone, new Date(Date.UTC(2026, 10, 25, 9)))).toBe('2026-11-27');
  });

  it('is today when nothing is booked from today on', () => {
    expect(dayToShow(days, [at(23)], zone, new Date(Date.UTC(2026, 10, 25, 9)))).toBe('2026-11-25');
  });

  it('is the first booked day of another week, and Monday for an empty one', () => {
    const later = new Date(Date.UTC(2026, 11, 10));
    expect(dayToShow(days, [at(26), at(24)], zone, later)).toBe('2026-11-24');
    expect(dayToShow(days, [], zone, later)).toBeNull();
  });
});
