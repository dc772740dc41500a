/** Timelines only from words about when to sell: arrears, rates and past events are not deadlines. */
import { describe, expect, it } from 'vitest';
import { withVariants } from '../../../test/support/dialog/speech-variants.js';
import { extractTimeline } from './timeline.js';

// Tuesday 24 November 2026, midday in London.
const NOW = new Date('2026-11-24T12:00:00Z');

describe('extractTimeline: not timelines', () => {
  it.each(
    withVariants([
      ["i'm 4 months behind", null],
      ["we're six months in arrears", null],
      ['the service charge is about £1,800 a year', null],
      ['ground rent is 250 a year', null],
      ['the rent is 650 a month', null],
      ['she passed in the summer', null],
      ['mum died in march', null],
      ['we bought it in june', null],
      ["it's been empty for six months", null],
      ['the boiler is two years old', null],
      ['the tenants left three weeks ago', null],
      ['quick question', null],
      ["it's been on the market 6 months", null],
      ["we've been trying to sell for 2 years", null],
      ['we moved out in august', null],
      ['dad passed last christmas', null],
      ['im calling about selling my mums house she passed away in march', null],
      ['selling my dads place he died back in june', null],
      ['we want to sell the flat we bought it in 2019', null],
      ['looking to sell mum went into a home in september', null],
    ] as const),
  )('%j → nothing', (said) => {
    expect(extractTimeline(said, NOW)).toBeNull();
  });
});

describe('extractTimeline: timelines', () => {
  it.each(
    withVariants([
      ['within the year', 'within 12 months'],
      ['in the next year', 'within 12 months'],
      ['sometime this year', 'within 12 months'],
      ['over the next year or so', 'within 12 months'],
      ["i'd like it done this year", 'within 12 months'],
      ['pretty soon really', 'as soon as possible'],
      ['a couple of months', 'within 2 months'],
      ['quick as possible', 'as soon as possible'],
      ['as quick as we can', 'as soon as possible'],
      ['asap', 'as soon as possible'],
      ['yesterday ideally', 'as soon as possible'],
      ['sooner rather than later', 'as soon as possible'],
      ['need it gone quick', 'as soon as possible'],
      ['no rush', 'flexible, no fixed date'],
      ['when the right offer comes', 'flexible, no fixed date'],
      ['when the right offer comes along', 'flexible, no fixed date'],
      ['in the next few months', 'within 3 months'],
      ['within a month', 'within 1 month'],
      ['by christmas', 'by Christmas (about 5 weeks)'],
      ['mum passed in the summer and we want it sold by christmas', 'by Christmas (about 5 weeks)'],
      ['she passed away in march we need it sold by christmas', 'by Christmas (about 5 weeks)'],
    ] as const),
  )('%j → %j', (said, label) => {
    expect(extractTimeline(said, NOW)?.label).toBe(label);
  });
});
