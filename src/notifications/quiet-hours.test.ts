import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './quiet-hours.js';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('lets a text go between 08:00 and 21:00 local', () => {
    expect(quietHoursEnd(at('2026-06-10T07:00:00Z'), 'Europe/London')).toBeNull(); // 08:00 BST
    expect(quietHoursEnd(at('2026-06-10T19:59:59Z'), 'Europe/London')).toBeNull(); // 20:59:59 BST
    expect(quietHoursEnd(at('2026-01-10T20:59:00Z'), 'Europe/London')).toBeNull(); // 20:59 GMT
  });

  it('holds a text from 21:00 until the next 08:00 local', () => {
    // 21:00 BST is quiet until 08:00 BST the next morning.
    expect(quietHoursEnd(at('2026-06-10T20:00:00Z'), 'Europe/London')).toEqual(at('2026-06-11T07:00:00Z'));
    // 03:00 GMT waits for 08:00 the same morning.
    expect(quietHoursEnd(at('2026-01-10T03:00:00Z'), 'Europe/London')).toEqual(at('2026-01-10T08:00:00Z'));
    // 07:59:59 still waits.
    expect(quietHoursEnd(at('2026-01-10T07:59:59Z'), 'Europe/London')).toEqual(at('2026-01-10T08:00:00Z'));
  });

  it('keeps 08:00 on the wall across the clocks going forward and back', () => {
    // 29 March 2026: the clocks go forward at 01:00 GMT. 22:00 GMT the night before waits for 08:00 BST.
    expect(quietHoursEnd(at('2026-03-28T22:00:00Z'), 'Europe/London')).toEqual(at('2026-03-29T07:00:00Z'));
    // 25 October 2026: the clocks go back at 02:00 BST. 23:00 BST the night before waits for 08:00 GMT.
    expect(quietHoursEnd(at('2026-10-24T22:00:00Z'), 'Europe/London')).toEqual(at('2026-10-25T08:00:00Z'));
    // New York goes forward on 8 March 2026 at 02:00 local.
    expect(quietHoursEnd(at('2026-03-08T06:30:00Z'), 'America/New_York')).toEqual(at('2026-03-08T12:00:00Z'));
  });

  it('reads the zone it is given: a change of zone moves what waits', () => {
    const now = at('2026-06-10T20:30:00Z');
    // 21:30 in London: held to 08:00 BST.
    expect(quietHoursEnd(now, 'Europe/London')).toEqual(at('2026-06-11T07:00:00Z'));
    // 16:30 in New York: not quiet at all.
    expect(quietHoursEnd(now, 'America/New_York')).toBeNull();
    // 06:30 the next day in Sydney: held to 08:00 there.
    expect(quietHoursEnd(now, 'Australia/Sydney')).toEqual(at('2026-06-10T22:00:00Z'));
  });

  it('reads a zone that is not a valid name as London', () => {
    expect(quietHoursEnd(at('2026-01-10T22:00:00Z'), 'Not/AZone')).toEqual(at('2026-01-11T08:00:00Z'));
  });
});
