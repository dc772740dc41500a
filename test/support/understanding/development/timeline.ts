/** Development templates: how soon the caller wants to sell. */
import { capitalise, templatesFor } from '../define.js';
import { sayNumber } from '../numbers.js';
import { drawPrice, sayPrice } from '../prices.js';
import { MUM, PERSON } from '../regional.js';
import { misreadsOf, timelineMisread } from '../stories.js';
import { ASAP, FLEXIBLE, timeline, weeks, weeksUntil } from '../timelines.js';
import type { Gen, Template, TimelineBucket } from '../types.js';
import { AGE, EMPTY_SINCE, ON_MARKET, YEARS_THERE } from './stories.js';

const ASAP_SAID = [
  'as soon as possible',
  'quick as you like',
  'straight away',
  'right away',
  'urgently',
  'immediately',
  'fast as you can',
];
const FLEXIBLE_SAID = [
  'no rush',
  "I'm not in a hurry",
  'no fixed date',
  'I can wait',
  "there's no deadline",
  "it's not urgent",
];

/** "within 3 months", "in the next six weeks", with its bucket. */
function within(g: Gen): { said: string; bucket: TimelineBucket } {
  const unit = g.pick(['weeks', 'months'] as const);
  const n = unit === 'weeks' ? g.pick([2, 3, 4, 6, 8, 10]) : g.pick([2, 3, 4, 6, 9]);
  const number = g.chance(0.5) ? sayNumber(n) : String(n);
  const w = unit === 'weeks' ? n : Math.round((n * 52) / 12);
  const frame = g.pick(['within', 'in the next', 'in', 'inside']);
  return { said: `${frame} ${number} ${unit}`, bucket: weeks(w - 1, w + 1) };
}

/** A deadline by a month's end from the benchmark's clock (3 April 2025). */
function byMonth(g: Gen): { said: string; bucket: TimelineBucket } {
  const [month, m] = g.pick([
    ['May', 5],
    ['June', 6],
    ['July', 7],
    ['August', 8],
    ['October', 10],
  ] as const);
  return { said: `by the end of ${month}`, bucket: weeksUntil(m, 28, 3) };
}

const t = templatesFor('timeline');

export const TIMELINE_TEMPLATES: readonly Template[] = [
  t('asap', ['timeline'], (g) => ({ text: g.pick(ASAP_SAID), expected: [timeline(ASAP)] })),
  t('within', ['timeline'], (g) => {
    const s = within(g);
    return { text: `${capitalise(s.said)}.`, expected: [timeline(s.bucket)] };
  }),
  t('ideally-within', ['timeline'], (g) => {
    const w = within(g);
    return {
      text: `Ideally ${w.said}${g.pick(['', ', if that works', ', tops'])}.`,
      expected: [timeline(w.bucket)],
    };
  }),
  t('weeks-range', ['timeline'], (g) => {
    const low = g.pick([4, 6, 8]);
    const high = low + 2;
    return {
      text: `${capitalise(sayNumber(low))} to ${sayNumber(high)} weeks.`,
      expected: [timeline(weeks(low, high))],
    };
  }),
  t('by-date', ['timeline'], (g) => {
    const d = byMonth(g);
    return {
      text: `${capitalise(d.said)}${g.pick(['', ', hopefully', ' at the latest'])}.`,
      expected: [timeline(d.bucket)],
    };
  }),
  t('christmas', ['timeline'], (g) => ({
    text: `${g.pick(['Before Christmas', 'By Christmas', 'Definitely before Christmas'])}.`,
    expected: [timeline(weeksUntil(12, 25, 3))],
  })),
  t('flexible', ['timeline'], (g) => ({
    text: capitalise(g.pick(FLEXIBLE_SAID)),
    expected: [timeline(FLEXIBLE)],
  })),
  t('care-home-urgent', ['timeline'], (g) => ({
    text: `${capitalise(g.pick(MUM))} went into a home in ${g.pick(['January', 'the autumn', 'February'])} and the fees are mounting up, so ${g.pick(ASAP_SAID)}.`,
    expected: [timeline(ASAP)],
    mustNotTake: [timelineMisread()],
  })),
  t('empty-asap', ['timeline'], (g) => {
    const d = EMPTY_SINCE(g);
    return {
      text: `${capitalise(d.text)}, so the sooner the better.`,
      expected: [timeline(ASAP)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('how-quick', ['timeline'], (g) => ({
    text: `How quick can you do it? ${capitalise(g.pick(ASAP_SAID))}, really.`,
    expected: [timeline(ASAP)],
  })),
  t('how-long-question', ['timeline'], (g) => {
    const s = within(g);
    return { text: `What's the usual? I'd be looking at ${s.said}.`, expected: [timeline(s.bucket)] };
  }),
  t('depends', ['timeline'], (g) => {
    const [said, bucket] = g.pick([
      ['couple of', weeks(6, 12)],
      ['few', weeks(8, 18)],
    ] as const);
    return {
      text: `Probably in the next ${said} months, depends on us finding somewhere.`,
      expected: [timeline(bucket)],
    };
  }),
  t('correction-sooner', ['timeline'], () => ({
    text: `Three months. Actually, sooner, a month if you can.`,
    expected: [timeline(weeks(3, 5))],
    mustNotTake: [{ key: 'timeline', value: weeks(12, 14) }],
  })),
  t('since-year', ['timeline'], (g) => {
    const d = YEARS_THERE(g);
    return {
      text: `${capitalise(d.text)}, so no great rush, whenever suits.`,
      expected: [timeline(FLEXIBLE)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('regional', ['timeline'], (g) => {
    const [text, bucket] = g.pick([
      [`Sharpish, like.`, ASAP],
      [`No rush, ${g.pick(PERSON)}.`, FLEXIBLE],
      [`Whenever, aye, I'm not fussed.`, FLEXIBLE],
      [`Proper quick if you can, ${g.pick(PERSON)}.`, ASAP],
    ] as const);
    return { text, expected: [timeline(bucket)] };
  }),
  t('tenancy-ends', ['timeline'], (g) => ({
    text: `The tenancy ends in ${g.pick(['June', 'July'])}, so after that.`,
    expected: [timeline(weeks(8, 22))],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Hello, I'm after a quick sale on my house, is that something you do?`,
    expected: [timeline(ASAP)],
  })),
  t('ahead-price', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${sayPrice(g, p, ['k', 'grand', 'words-thousand'])}, and we need it gone quick.`,
      expected: [timeline(ASAP)],
    };
  }),
  t('ahead-occupancy', ['occupancy'], (g) => {
    const w = within(g);
    return { text: `Empty, and I want it sold ${w.said}.`, expected: [timeline(w.bucket)] };
  }),
  t('mortgage-term', ['timeline'], (g) => {
    const d = ON_MARKET(g);
    return {
      text: `${capitalise(d.text)}, but I'd like to sell over the next year or so.`,
      expected: [timeline(weeks(48, 60))],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('age-within-year', ['timeline'], (g) => {
    const d = AGE(g);
    return {
      text: `${capitalise(d.text)}, I'd like it done within the year.`,
      expected: [timeline(weeks(48, 56))],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('next-month', ['timeline'], () => ({ text: `Next month, ideally.`, expected: [timeline(weeks(4, 9))] })),
  t('couple-weeks', ['timeline'], (g) => ({
    text: `${g.pick(['In the next few weeks', 'Couple of weeks', 'Two or three weeks'])}, if possible.`,
    expected: [timeline(weeks(1, 6))],
  })),
  t('found-somewhere', ['timeline'], (g) => ({
    text: g.pick([
      `As soon as, really, we've found somewhere.`,
      `We've already bought the new place, so as soon as you can.`,
    ]),
    expected: [timeline(ASAP)],
  })),
];
