import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../agent/agent-config.js';
import { computeFreeTimes, type FreeTimeSearch } from './free-times.js';

type Hours = AgentConfig['hours'];
const office = [{ start: '09:00', end: '17:30' }];
const LONDON_OFFICE: Hours = {
  time_zone: 'Europe/London',
  week: { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] },
};
const CLOSED = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

function at(iso: string): Date {
  return new Date(iso);
}

function times(q: Partial<FreeTimeSearch> & { now: Date }): string[] {
  return computeFreeTimes({
    hours: LONDON_OFFICE,
    lengthMinutes: 60,
    leadTimeMinutes: 0,
    horizonDays: 14,
    busy: [],
    limit: 100,
    ...q,
  }).map((s) => `${s.start.toISOString()}/${s.end.toISOString()}`);
}

function starts(q: Partial<FreeTimeSearch> & { now: Date }): string[] {
  return times(q).map((s) => s.slice(0, 24));
}

describe('computeFreeTimes across clock changes', () => {
  it('keeps 09:00 London time from BST (Fri 23 Oct 2026) to GMT (Mon 26 Oct 2026)', () => {
    const found = starts({ now: at('2026-10-22T20:00:00Z'), limit: 9 });
    expect(found).toEqual([
      // Friday, BST (UTC+1): 09:00 local is 08:00Z; the last hour that fits before 17:30 is 16:00.
      '2026-10-23T08:00:00.000Z',
      '2026-10-23T09:00:00.000Z',
      '2026-10-23T10:00:00.000Z',
      '2026-10-23T11:00:00.000Z',
      '2026-10-23T12:00:00.000Z',
      '2026-10-23T13:00:00.000Z',
      '2026-10-23T14:00:00.000Z',
      '2026-10-23T15:00:00.000Z',
      // Saturday and Sunday are closed; Monday is GMT: 09:00 local is 09:00Z.
      '2026-10-26T09:00:00.000Z',
    ]);
  });

  it('keeps 09:00 London time from GMT (Fri 26 Mar 2027) to BST (Mon 29 Mar 2027)', () => {
    const found = starts({ now: at('2027-03-26T16:00:00Z'), limit: 3 });
    // Friday 16:00 GMT: the 16:00-17:00 time starts now; then Monday in BST at 08:00Z.
    expect(found).toEqual([
      '2027-03-26T16:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
      '2027-03-29T09:00:00.000Z',
    ]);
  });

  it('ends each time lengthMinutes after its start in real time on both sides of the change', () => {
    for (const s of times({ now: at('2026-10-22T20:00:00Z'), lengthMinutes: 45, limit: 40 })) {
      const [start, end] = s.split('/').map((x) => new Date(x ?? '').getTime());
      expect((end ?? 0) - (start ?? 0)).toBe(45 * 60_000);
    }
  });

  it('reads windows in the configured zone, not in London', () => {
    const hours: Hours = {
      time_zone: 'America/New_York',
      week: { ...CLOSED, mon: [{ start: '09:00', end: '10:00' }] },
    };
    // 2026-11-02 is a Monday after New York's change back to EST (UTC-5).
    expect(starts({ hours, now: at('2026-10-30T12:00:00Z'), limit: 2 })).toEqual([
      '2026-11-02T14:00:00.000Z',
      '2026-11-09T14:00:00.000Z',
    ]);
  });
});

describe('computeFreeTimes rules', () => {
  const monday = at('2026-11-23T08:00:00Z'); // 08:00 GMT on a Monday

  it('aligns times to the window opening and keeps them inside the window', () => {
    const found = times({ now: monday, lengthMinutes: 90, horizonDays: 1 });
    expect(found).toEqual([
      '2026-11-23T09:00:00.000Z/2026-11-23T10:30:00.000Z',
      '2026-11-23T10:30:00.000Z/2026-11-23T12:00:00.000Z',
      '2026-11-23T12:00:00.000Z/2026-11-23T13:30:00.000Z',
      '2026-11-23T13:30:00.000Z/2026-11-23T15:00:00.000Z',
      '2026-11-23T15:00:00.000Z/2026-11-23T16:30:00.000Z',
    ]);
  });

  it.each([
    ['no lead time', 0, '2026-11-23T09:00:00.000Z'],
    ['a lead time ending on a time start', 120, '2026-11-23T10:00:00.000Z'],
    ['a lead time ending inside a time', 70, '2026-11-23T09:15:00.000Z'],
    ['a lead time past closing', 10 * 60, '2026-11-24T09:00:00.000Z'],
  ])('starts after now plus %s', (_name, leadTimeMinutes, first) => {
    expect(starts({ now: monday, lengthMinutes: 15, leadTimeMinutes, limit: 1 })).toEqual([first]);
  });

  it('offers nothing on closed days and resumes on the next open one', () => {
    const hours: Hours = { ...LONDON_OFFICE, week: { ...CLOSED, wed: [{ start: '10:00', end: '11:00' }] } };
    expect(starts({ hours, now: monday, horizonDays: 21, limit: 3 })).toEqual([
      '2026-11-25T10:00:00.000Z',
      '2026-12-02T10:00:00.000Z',
      '2026-12-09T10:00:00.000Z',
    ]);
    expect(starts({ hours: { ...LONDON_OFFICE, week: CLOSED }, now: monday })).toEqual([]);
  });

  it('skips the gap between two windows of one day', () => {
    const hours: Hours = {
      ...LONDON_OFFICE,
      week: {
        ...CLOSED,
        mon: [
          { start: '13:00', end: '15:00' },
          { start: '09:00', end: '11:30' },
        ],
      },
    };
    expect(starts({ hours, now: monday, horizonDays: 1 })).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
    ]);
  });

  it('removes times overlapping busy bookings but keeps times that only touch them', () => {
    const busy = [
      { start: at('2026-11-23T10:00:00Z'), end: at('2026-11-23T10:30:00Z') },
      { start: at('2026-11-23T10:20:00Z'), end: at('2026-11-23T10:40:00Z') },
      { start: at('2026-11-23T12:05:00Z'), end: at('2026-11-23T12:10:00Z') },
    ];
    const found = starts({ now: monday, lengthMinutes: 15, horizonDays: 1, busy }).filter(
      (s) => s < '2026-11-23T12:30',
    );
    expect(found).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:15:00.000Z',
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T09:45:00.000Z',
      // 10:00 to 10:40 is busy (two overlapping bookings); 10:45 starts after both.
      '2026-11-23T10:45:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T11:15:00.000Z',
      '2026-11-23T11:30:00.000Z',
      '2026-11-23T11:45:00.000Z',
      '2026-11-23T12:15:00.000Z',
    ]);
  });

  it('accepts busy intervals in any order', () => {
    const busy = [
      { start: at('2026-11-23T11:00:00Z'), end: at('2026-11-23T12:00:00Z') },
      { start: at('2026-11-23T09:00:00Z'), end: at('2026-11-23T10:00:00Z') },
    ];
    expect(starts({ now: monday, busy, limit: 2 })).toEqual([
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
    ]);
  });

  it('offers nothing that ends after the horizon', () => {
    const found = starts({ now: at('2026-11-23T12:00:00Z'), horizonDays: 1 });
    expect(found.at(0)).toBe('2026-11-23T12:00:00.000Z');
    // Tuesday's times that end by 12:00Z are inside the one-day horizon; 11:00-12:00 is the last.
    expect(found.at(-1)).toBe('2026-11-24T11:00:00.000Z');
    expect(starts({ now: monday, horizonDays: 14 }).at(-1)).toBe('2026-12-04T16:00:00.000Z');
  });

  it('stops at the limit, soonest first', () => {
    const found = starts({ now: monday, lengthMinutes: 30, limit: 4 });
    expect(found).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:30:00.000Z',
    ]);
    expect([...found].sort()).toEqual(found);
  });
});
