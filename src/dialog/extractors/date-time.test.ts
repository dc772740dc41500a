import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordinalDigits, sayBelowHundred, sayOrdinal } from '../../../test/support/dialog/render-speech.js';
import { extractDateTime } from './date-time.js';

const ZONE = 'Europe/London';

/** A London wall-clock time as an instant. */
function london(iso: string): Date {
  return DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
}

function londonText(d: Date | undefined): string {
  return d === undefined ? 'none' : (DateTime.fromJSDate(d, { zone: ZONE }).toISO() ?? 'invalid');
}

// Friday 28 March 2025, 10:30 GMT; clocks go forward on Sunday 30 March.
const FRIDAY = london('2025-03-28T10:30');

describe('extractDateTime', () => {
  it.each([
    ['tomorrow afternoon', '2025-03-29T12:00', 'part_of_day'],
    ['friday at 10', '2025-04-04T10:00', 'exact'],
    ['friday at ten', '2025-04-04T10:00', 'exact'],
    ['next tuesday morning', '2025-04-01T09:00', 'part_of_day'],
    ['the 3rd at half two', '2025-04-03T14:30', 'exact'],
    ['monday at quarter past nine', '2025-03-31T09:15', 'exact'],
    ['this evening', '2025-03-28T17:00', 'part_of_day'],
    ['saturday at 2', '2025-03-29T14:00', 'exact'],
    ['tomorrow at 10:30', '2025-03-29T10:30', 'exact'],
    ['on the 14th at quarter past three', '2025-04-14T15:15', 'exact'],
    ['14th of april at 11', '2025-04-14T11:00', 'exact'],
    ['april the fourteenth at eleven am', '2025-04-14T11:00', 'exact'],
    ['the twenty first at 3pm', '2025-04-21T15:00', 'exact'],
    ['call me at 3pm', '2025-03-28T15:00', 'exact'],
    ['at 9', '2025-03-29T09:00', 'exact'],
    ['first thing monday', '2025-03-31T09:00', 'exact'],
    ['thursday at twenty to four', '2025-04-03T15:40', 'exact'],
    ['wednesday at ten thirty', '2025-04-02T10:30', 'exact'],
    ['monday 2pm', '2025-03-31T14:00', 'exact'],
    ['monday at 2 p m', '2025-03-31T14:00', 'exact'],
    ['tuesday at 8 in the evening', '2025-04-01T20:00', 'exact'],
    ['the day after tomorrow at 11', '2025-03-30T11:00', 'exact'],
    ['sunday at midday', '2025-03-30T12:00', 'exact'],
    ['25/4 at 10', '2025-04-25T10:00', 'exact'],
    ['yeah um tomorrow about eleven ish would be good', '2025-03-29T11:00', 'exact'],
    // Said on a Friday: next Friday (this one would be "today").
    ['friday', '2025-04-04T00:00', 'day'],
    ['this friday', '2025-03-28T00:00', 'day'],
    ['tuesday week', '2025-04-08T00:00', 'day'],
    ['a week on friday', '2025-04-04T00:00', 'day'],
    ['the 31st', '2025-03-31T00:00', 'day'],
    ['at lunchtime', '2025-03-28T12:00', 'part_of_day'],
  ] as const)('reads %j as %s', (said, expected, precision) => {
    const result = extractDateTime(said, FRIDAY);
    expect(londonText(result?.start)).toBe(londonText(london(expected)));
    expect(result?.precision).toBe(precision);
  });

  it('adds relative durations to now exactly', () => {
    expect(extractDateTime('in an hour', FRIDAY)?.start).toEqual(new Date(FRIDAY.getTime() + 3_600_000));
    expect(extractDateTime('in half an hour', FRIDAY)?.start).toEqual(new Date(FRIDAY.getTime() + 1_800_000));
    expect(extractDateTime('in an hour and a half', FRIDAY)?.start).toEqual(
      new Date(FRIDAY.getTime() + 5_400_000),
    );
    expect(extractDateTime('in twenty minutes', FRIDAY)?.start).toEqual(
      new Date(FRIDAY.getTime() + 1_200_000),
    );
  });

  it('gives windows for parts of the day, narrowed to business hours', () => {
    expect(extractDateTime('tomorrow afternoon', FRIDAY)).toEqual({
      start: london('2025-03-29T12:00'),
      end: london('2025-03-29T17:00'),
      precision: 'part_of_day',
      partOfDay: 'afternoon',
    });
    const evening = extractDateTime('this evening', FRIDAY, ZONE, { open: '09:00', close: '17:30' });
    expect(londonText(evening?.end)).toBe(londonText(london('2025-03-28T17:30')));
  });

  it('starts a window that is already under way at now', () => {
    const now = london('2025-03-28T14:07');
    expect(extractDateTime('this afternoon', now)?.start).toEqual(now);
  });

  it('uses business hours to decide am or pm', () => {
    const lateShift = { open: '12:00', close: '21:00' };
    expect(londonText(extractDateTime('monday at 8', FRIDAY, ZONE, lateShift)?.start)).toBe(
      londonText(london('2025-03-31T20:00')),
    );
    expect(londonText(extractDateTime('monday at 8', FRIDAY)?.start)).toBe(
      londonText(london('2025-03-31T08:00')),
    );
  });

  it('rolls past times forward', () => {
    const saturday = london('2025-03-29T09:00');
    expect(londonText(extractDateTime('friday', saturday)?.start)).toBe(
      londonText(london('2025-04-04T00:00')),
    );
    expect(londonText(extractDateTime('at 8am', saturday)?.start)).toBe(
      londonText(london('2025-03-30T08:00')),
    );
    expect(londonText(extractDateTime('the 3rd at 10', london('2025-04-03T11:00'))?.start)).toBe(
      londonText(london('2025-05-03T10:00')),
    );
  });

  it('refuses a fixed day that has passed', () => {
    expect(extractDateTime('today at 9', FRIDAY)).toBeNull();
    expect(extractDateTime('this morning', london('2025-03-28T15:00'))).toBeNull();
  });

  it('keeps wall-clock time across the change to BST', () => {
    const saturdayNight = london('2025-03-29T22:00');
    const result = extractDateTime('tomorrow at 10', saturdayNight);
    expect(result?.start.toISOString()).toBe('2025-03-30T09:00:00.000Z');
    const autumn = extractDateTime('monday at 10', london('2025-10-24T12:00'));
    expect(autumn?.start.toISOString()).toBe('2025-10-27T10:00:00.000Z');
  });

  it('honours another zone', () => {
    const result = extractDateTime('tomorrow at 10', FRIDAY, 'America/New_York');
    expect(result?.start.toISOString()).toBe('2025-03-29T14:00:00.000Z');
  });

  it.each(['', 'hello', 'yes please', 'three bed semi', "i'd want 250k", 'sometime next week', 'next week'])(
    'finds no time in %j',
    (said) => {
      expect(extractDateTime(said, FRIDAY)).toBeNull();
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Properties: random "now" values from 2024 to 2027 cover both GMT and BST and every change
// between them; each suite also runs with the process in other time zones.

const nowArb = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2027-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A business-hours time (09:00–17:15 on quarter hours) and the ways a caller might say it. */
const spokenTimeArb = fc
  .record({ hour: fc.integer({ min: 9, max: 17 }), quarter: fc.integer({ min: 0, max: 3 }), style: fc.nat() })
  .filter(({ hour, quarter }) => hour < 17 || quarter <= 1)
  .map(({ hour, quarter, style }) => {
    const minute = quarter * 15;
    const h12 = (h: number): number => (h > 12 ? h - 12 : h);
    const word = (h: number): string => sayBelowHundred(h12(h));
    const options: Record<number, string[]> = {
      0: [
        `at ${word(hour)}`,
        `at ${h12(hour)}`,
        `at ${word(hour)} o'clock`,
        `at ${h12(hour)}${hour >= 12 ? 'pm' : 'am'}`,
      ],
      15: [`at quarter past ${word(hour)}`, `at a quarter past ${h12(hour)}`, `at ${h12(hour)}:15`],
      30: [`at half ${word(hour)}`, `at half past ${word(hour)}`, `at ${word(hour)} thirty`],
      45: [`at quarter to ${word(hour + 1)}`, `at ${h12(hour)}:45`, `at ${word(hour)} forty five`],
    };
    const said = options[minute] ?? [];
    return { hour, minute, said: said[style % said.length] ?? '' };
  });

/** The next occurrence after `now` of a weekday at a London wall-clock time, computed plainly. */
function nextWeekdayAt(now: Date, weekday: number, hour: number, minute: number): Date {
  const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
  // A weekday said on that day means next week's.
  for (let k = 1; k <= 7; k++) {
    const day = today.plus({ days: k });
    const candidate = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour, minute },
      { zone: ZONE },
    );
    if (day.weekday === weekday && candidate.toMillis() > now.getTime()) return candidate.toJSDate();
  }
  throw new Error('unreachable');
}

/** The next 'day of month' at a time, this month or next. */
function nextDayOfMonthAt(now: Date, dayOfMonth: number, hour: number, minute: number): Date {
  const month = DateTime.fromJSDate(now, { zone: ZONE }).startOf('month');
  for (let k = 0; k <= 1; k++) {
    const m = month.plus({ months: k });
    const candidate = DateTime.fromObject(
      { year: m.year, month: m.month, day: dayOfMonth, hour, minute },
      { zone: ZONE },
    );
    if (candidate.toMillis() > now.getTime()) return candidate.toJSDate();
  }
  throw new Error('unreachable');
}

for (const processZone of [
  'Europe/London',
  'UTC',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
]) {
  describe(`date-time properties with TZ=${processZone}`, () => {
    const original = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = processZone;
    });
    afterAll(() => {
      process.env.TZ = original;
    });

    it('reads "<weekday> at <time>" as the next such instant in London', () => {
      fc.assert(
        fc.property(nowArb, fc.integer({ min: 1, max: 7 }), spokenTimeArb, (now, weekday, time) => {
          const said = `${WEEKDAYS[weekday - 1] ?? ''} ${time.said}`;
          const result = extractDateTime(said, now);
          expect(result?.start.toISOString(), said).toBe(
            nextWeekdayAt(now, weekday, time.hour, time.minute).toISOString(),
          );
          expect(result?.precision).toBe('exact');
        }),
        { numRuns: 150 },
      );
    });

    it('reads "tomorrow afternoon" as noon to five tomorrow in London', () => {
      fc.assert(
        fc.property(nowArb, (now) => {
          const tomorrow = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day').plus({ days: 1 });
          const at = (hour: number): string =>
            DateTime.fromObject(
              { year: tomorrow.year, month: tomorrow.month, day: tomorrow.day, hour },
              { zone: ZONE },
            )
              .toJSDate()
              .toISOString();
          const result = extractDateTime('tomorrow afternoon', now);
          expect(result?.start.toISOString()).toBe(at(12));
          expect(result?.end?.toISOString()).toBe(at(17));
        }),
        { numRuns: 150 },
      );
    });

    it('reads "on the <nth> at <time>" as the next such instant in London', () => {
      fc.assert(
        fc.property(
          nowArb,
          fc.integer({ min: 1, max: 28 }),
          fc.boolean(),
          spokenTimeArb,
          (now, day, inWords, time) => {
            const said = `on the ${inWords ? sayOrdinal(day) : ordinalDigits(day)} ${time.said}`;
            const result = extractDateTime(said, now);
            expect(result?.start.toISOString(), said).toBe(
              nextDayOfMonthAt(now, day, time.hour, time.minute).toISOString(),
            );
          },
        ),
        { numRuns: 150 },
      );
    });

    it('adds "in an hour" to now whatever the clocks do', () => {
      fc.assert(
        fc.property(nowArb, (now) => {
          expect(extractDateTime('in an hour', now)?.start.getTime()).toBe(now.getTime() + 3_600_000);
        }),
        { numRuns: 50 },
      );
    });
  });
}
