/**
 * Classes of timeline answers, each in several phrasings and at several times of year: a season
 * named while it is under way, "the next fortnight" with no number, and no timescale at all.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { extractTimeline } from './timeline.js';

const at = (iso: string): Date => DateTime.fromISO(iso, { zone: 'Europe/London' }).toJSDate();

describe('a season named while it is under way is this one', () => {
  it.each([
    ['sometime in the spring', '2025-04-03T10:00', 9],
    ['by the spring', '2025-03-02T10:00', 13],
    ['in the summer', '2025-07-15T10:00', 7],
    ['over the winter', '2026-01-10T10:00', 7],
    ['by the end of autumn', '2025-10-01T10:00', 9],
  ])('%j on %s is within %i weeks', (said, now, weeks) => {
    const t = extractTimeline(said, at(now));
    expect(t?.weeks).toBe(weeks);
  });

  it.each([
    ['next spring', '2025-04-03T10:00'],
    ['in the winter', '2025-04-03T10:00'],
  ])('%j on %s is a later season', (said, now) => {
    expect(extractTimeline(said, at(now))?.weeks ?? 0).toBeGreaterThan(9);
  });
});

describe('one of a unit with no number', () => {
  it.each([
    ['within the next fortnight', 2],
    ['in the next week or two', 2],
    ['over the next month', 4],
  ])('%j is within %i weeks', (said, weeks) => {
    expect(extractTimeline(said, at('2025-04-03T10:00'))?.weeks).toBe(weeks);
  });
});

describe('no timescale is flexible', () => {
  it.each([
    "there's no timescale really",
    'no set date',
    'no real deadline as such',
    "we haven't got a time frame, no time frame at all",
  ])('%j', (said) => {
    expect(extractTimeline(said, at('2025-04-03T10:00'))?.kind).toBe('flexible');
  });
});

describe("a tenancy's end is not when the caller sells", () => {
  const NOW = at('2026-11-24T12:00');
  it.each([
    'the tenants are moving out next month',
    'the tenancy ends in june',
    'their lease is up in march',
    "the tenant's given notice, she's out in 6 weeks",
    'the ast runs till august',
    'let to a nurse on a twelve month contract',
  ])('%j → nothing', (said) => {
    expect(extractTimeline(said, NOW)).toBeNull();
  });

  it.each([
    ['tenants are out in january and we would like it sold by easter', 'by Easter'],
    ['i want to sell before the tenancy ends in june', 'in June'],
  ])("%j is still the caller's own timeline", (said, label) => {
    expect(extractTimeline(said, NOW)?.label).toContain(label);
  });
});

describe('asked how soon, a tenancy’s end is the answer', () => {
  it.each(['when the lease is up in june', 'the lease runs out in june', 'the tenants are out in june'])(
    '%j',
    (said) => {
      const now = at('2026-11-24T12:00');
      expect(extractTimeline(said, now)).toBeNull();
      expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label).toContain('June');
    },
  );

  it('volunteered, a tenancy tied to the sale by "so after that" is the timeline', () => {
    expect(
      extractTimeline('the tenancy ends in july, so after that', at('2026-11-24T12:00'))?.label,
    ).toContain('July');
  });
});

describe('volunteered, a date or a duration counts only in a clause about the sale or the move', () => {
  const volunteered = (said: string, now = at('2026-03-10T12:00')) =>
    extractTimeline(said, now, 'Europe/London', { said: 'volunteered' });

  it.each([
    'a terrace, been in the family fifty years',
    'debts, the bailiffs are coming next week',
    "it's deepak patel, i rang yesterday",
    'i got a job in leeds starting in september',
    'needs a new boiler, the old one packed in last winter',
    'clearing it out will take two months',
    'the survey man is coming out on friday',
    'my daughter gets married in june so it is all go',
    'we had the windows done a couple of year back',
    'tenants in till june then its empty',
    "the tenant's there until march, then it's empty",
  ])('%j is no timeline', (said) => {
    expect(volunteered(said)).toBeNull();
  });

  it.each([
    ['relocating for work, need to be there by june', 'June'],
    ['semi, and we need it gone in the next couple of months', '2 months'],
    ["it's empty, i'd like it sold by christmas", 'Christmas'],
    ['hoping to complete within six weeks if we can', '6 weeks'],
    ['the tenancy ends in july, so after that', 'July'],
    ["we're moving in august", 'August'],
    ["the tenants leave in may, then we'll sell", 'May'],
  ])('%j is a timeline (%s)', (said, label) => {
    expect(volunteered(said)?.label).toContain(label);
  });

  it.each([
    ['i rang yesterday', null],
    ['yesterday ideally', 'as soon as possible'],
    ['i needed it sold yesterday', 'as soon as possible'],
  ])('asked, %j', (said, label) => {
    expect(
      extractTimeline(said, at('2026-03-10T12:00'), 'Europe/London', { said: 'asked' })?.label ?? null,
    ).toBe(label);
  });
});

describe('durations said in quarters, halves and half-words', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    ['within the next quarter', 13, 'within 3 months'],
    ['a quarter', 13, 'within 3 months'],
    ['half a year or so', 26, 'within 6 months'],
    ['in about half a year', 26, 'within 6 months'],
    ['within the next half year', 26, 'within 6 months'],
    ['fairly quick, within a couple of months ideally', 9, 'within 2 months'],
    ['really soon, six weeks tops', 6, 'within 6 weeks'],
  ])('%j is %i weeks', (said, weeks, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })).toMatchObject({ weeks, label });
  });

  it.each(['soon as', 'now really', 'erm now ideally', 'right now'])('%j is as soon as possible', (said) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.kind).toBe('asap');
  });

  it.each([
    'as and when',
    'not for a while yet',
    "not sure, we're just seeing what prices are like",
    "we've not really thought about it",
    "we're getting a feel for the market",
  ])('%j is flexible', (said) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.kind).toBe('flexible');
  });
});

describe('an occasion "next year" is the one a year on', () => {
  it.each([
    ['by easter next year', '2025-04-03T11:00', 53],
    ['next christmas', '2025-11-01T11:00', 60],
    ['before christmas next year', '2025-04-03T11:00', 91],
  ])('%j on %s is %i weeks', (said, now, weeks) => {
    expect(extractTimeline(said, at(now))?.weeks).toBe(weeks);
  });

  it('without "next", the coming one', () => {
    expect(extractTimeline('by easter', at('2025-04-03T11:00'))?.weeks).toBe(3);
  });
});

describe('timelines tied to the caller’s own plans, a day with no month, and "not this year"', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(['when i find somewhere to go', "once we've found a place", 'depends if we find somewhere'])(
    '%j is flexible',
    (said) => {
      expect(asked(said)?.kind).toBe('flexible');
    },
  );

  it.each([
    ['by the 15th', 2],
    ['before the twentieth', 3],
    ['before the kids go back to school', 22],
    ['not this year', 39],
  ])('%j is %i weeks away', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });
});
