/**
 * A timeline said while another question was put counts only in a clause about the sale
 * (timeline-clauses.ts). These are the clause shapes around such a clause that still say when:
 * a time put right in a clause of its own, the caller's own aim, a remark that makes the time a
 * plan, and how pressed they are; beside them, the clauses that still say nothing of the sale.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { extractTimeline } from './timeline.js';

// Thursday 3 April 2025, late morning in London.
const NOW = DateTime.fromISO('2025-04-03T11:00', { zone: 'Europe/London' }).toJSDate();
const volunteered = (said: string) => extractTimeline(said, NOW, 'Europe/London', { said: 'volunteered' });

describe('volunteered, a time put right in a clause of its own is the later one', () => {
  it.each([
    ['we want to sell within six months, actually, no, make that three months', 13],
    ['ideally sold in six months. No, sorry. Three months.', 13],
    ["we'd like it gone in about two months, or rather six weeks, my husband says", 6],
    ["i'd want to be moved within a year, wait, no, make it six months, the kids and that", 26],
  ])('%j is about %i weeks', (said, weeks) => {
    expect(volunteered(said)?.weeks).toBe(weeks);
  });

  it.each([
    ["we'd like it sold by june, sorry, july", 'July'],
    ["we'd want it sold, well, no, sorry, by the summer", 'summer'],
  ])('%j is by %s', (said, label) => {
    expect(volunteered(said)?.label).toContain(label);
  });

  it.each([
    // The word that turns goes on to something else: the time before it stands.
    ["we'd like it sold by june, no, we've the wedding in july", 'June'],
    ['selling by may, sorry, the tenants go in august', 'May'],
  ])('%j stays %s', (said, label) => {
    expect(volunteered(said)?.label).toContain(label);
  });
});

describe('volunteered, a join said twice does not part the time from its sale', () => {
  it.each([
    ["i'd be hoping to be done, so, so, july really", 'July'],
    ['we need to be out, and, and, by october', 'October'],
  ])('%j is by %s', (said, label) => {
    expect(volunteered(said)?.label).toContain(label);
  });
});

describe("volunteered, the caller's own aim is the timeline", () => {
  it.each([
    ["we're looking at the thirty-first of july to be done", 'July'],
    ["i'm thinking maybe the end of the summer", 'summer'],
    ["we were thinking christmas, if we're honest", 'Christmas'],
    ['i am targeting the new year', 'new year'],
    ["we're looking at six weeks or so", '6 weeks'],
  ])('%j is %s', (said, label) => {
    expect(volunteered(said)?.label?.toLowerCase()).toContain(label.toLowerCase());
  });

  it.each([
    "we're looking at a new boiler next month",
    'i was thinking about it last year',
    "we've been looking at bungalows since january",
  ])('%j is no timeline', (said) => {
    expect(volunteered(said)).toBeNull();
  });
});

describe('volunteered, a remark that the time is a plan makes it the timeline', () => {
  it.each([
    ["maybe a year from now. I'm just planning ahead.", 52],
    ["end of june, that's the plan", 13],
    ["six months or so, that's the idea", 26],
  ])('%j is about %i weeks', (said, weeks) => {
    expect(volunteered(said)?.weeks).toBe(weeks);
  });

  it.each(["the tenants leave in june, that's the plan", 'the funeral is in may, i am just thinking ahead'])(
    '%j is no timeline',
    (said) => {
      expect(volunteered(said)).toBeNull();
    },
  );
});

describe('volunteered, how pressed for time the caller is', () => {
  it.each(['no time pressure, mind', "we're not pressed for time", 'we can take our time, honestly'])(
    '%j is flexible',
    (said) => {
      expect(volunteered(said)?.kind).toBe('flexible');
    },
  );
});

describe('volunteered, how soon work on the house is wanted is not how soon the sale is', () => {
  it.each([
    'it needs doing up quickly, the roof leaks',
    'needs fixing like the clappers before winter',
    'the kitchen needs replacing asap',
    'the boiler wants sorting urgently',
    'we had the bathroom done in march, it needs decorating by the summer',
  ])('%j says nothing of the sale', (said) => {
    expect(volunteered(said)).toBeNull();
  });

  it('"it needs a lot of work, so i want a quick sale" is as soon as possible', () => {
    expect(volunteered('it needs a lot of work, so i want a quick sale')?.kind).toBe('asap');
  });

  it.each([
    ['needs a new boiler, and we need it sold within a month', 4],
    ["the roof's been fixed, i want it sold in six weeks", 6],
  ])('%j, a clause that names the sale, is about %i weeks', (said, weeks) => {
    expect(volunteered(said)?.weeks).toBe(weeks);
  });
});
