/**
 * Held-out templates: how soon the caller wants to sell. Never tune the engine on these; read only the figures.
 */
import { capitalise, templatesFor } from '../define.js';
import { sayNumber } from '../numbers.js';
import { drawPrice, sayPrice } from '../prices.js';
import { KIDS, PERSON } from '../regional.js';
import { misreadsOf } from '../stories.js';
import { ASAP, FLEXIBLE, timeline, weeks, weeksUntil } from '../timelines.js';
import type { Gen, Template, TimelineBucket } from '../types.js';
import { AGE, CARE_HOME, PAST_JOBS, SINCE_YEAR, VACANT_SINCE } from './stories.js';

const ASAP_SAID = [
  'as quick as possible',
  'like now',
  'ASAP please',
  'asap',
  'yesterday',
  'the sooner the better',
];
const FLEXIBLE_SAID = [
  'no massive hurry',
  'in my own time',
  "I'm happy to wait for the right price",
  'whenever',
  'when the right offer comes along',
  "I'm flexible",
];

/** "in about 8 weeks", "over the next four months", with its bucket. */
function span(g: Gen): { said: string; bucket: TimelineBucket } {
  const unit = g.pick(['weeks', 'months'] as const);
  const n = unit === 'weeks' ? g.pick([3, 5, 6, 8, 12]) : g.pick([2, 3, 5, 6, 12]);
  const number = g.chance(0.5) ? sayNumber(n) : String(n);
  const w = unit === 'weeks' ? n : Math.round((n * 52) / 12);
  const frame = g.pick(['in about', 'over the next', 'within', 'no more than']);
  return { said: `${frame} ${number} ${unit}`, bucket: weeks(w - 1, w + 1) };
}

/** A season or date named loosely, from the benchmark's clock (3 April 2025). */
function byDate(g: Gen): { said: string; bucket: TimelineBucket } {
  return g.pick([
    { said: 'by the end of the summer', bucket: weeksUntil(8, 31, 4) },
    { said: 'before the kids go back to school in September', bucket: weeksUntil(9, 3, 3) },
    { said: 'by the new year', bucket: weeksUntil(12, 31, 3) },
    { said: 'by the autumn', bucket: weeksUntil(9, 30, 6) },
    { said: 'end of next month', bucket: weeksUntil(5, 31, 2) },
  ]);
}

const t = templatesFor('timeline');

export const TIMELINE_TEMPLATES: readonly Template[] = [
  t('asap', ['timeline'], (g) => ({
    text: `${g.pick(ASAP_SAID)}${g.pick(['', '.', ' really'])}`,
    expected: [timeline(ASAP)],
  })),
  t('span', ['timeline'], (g) => {
    const w = span(g);
    return { text: capitalise(w.said), expected: [timeline(w.bucket)] };
  }),
  t('hoping-span', ['timeline'], (g) => {
    const s = span(g);
    return {
      text: `We're hoping ${s.said}${g.pick(['', ', all being well'])}.`,
      expected: [timeline(s.bucket)],
    };
  }),
  t('months-range', ['timeline'], (g) => {
    const low = g.pick([2, 3, 4]);
    return {
      text: `${capitalise(sayNumber(low))} or ${sayNumber(low + 1)} months.`,
      expected: [timeline(weeks(Math.round((low * 52) / 12) - 1, Math.round(((low + 1) * 52) / 12) + 1))],
    };
  }),
  t('by-month', ['timeline'], (g) => {
    const b = byDate(g);
    return {
      text: `${capitalise(b.said)}${g.pick(['', ' if we can', ', that would be ideal'])}.`,
      expected: [timeline(b.bucket)],
    };
  }),
  t('this-side-of-christmas', ['timeline'], () => ({
    text: `This side of Christmas.`,
    expected: [timeline(weeksUntil(12, 25, 3))],
  })),
  t('flexible', ['timeline'], (g) => ({
    text: `${capitalise(g.pick(FLEXIBLE_SAID))}.`,
    expected: [timeline(FLEXIBLE)],
  })),
  t('passed-asap', ['timeline'], (g) => {
    const d = CARE_HOME(g);
    return {
      text: `${capitalise(d.text)}, so we want it sorted ${g.pick(ASAP_SAID)}.`,
      expected: [timeline(ASAP)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('vacant-urgent', ['timeline'], (g) => {
    const d = VACANT_SINCE(g);
    return {
      text: `${capitalise(d.text)}, I just want shot of it, like now.`,
      expected: [timeline(ASAP)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('how-fast-question', ['timeline'], () => ({
    text: `How fast can you complete? Because I need it done urgently.`,
    expected: [timeline(ASAP)],
  })),
  t('how-long-question', ['timeline'], (g) => {
    const w = span(g);
    return {
      text: `How long does it take you lot? We'd want it done ${w.said}.`,
      expected: [timeline(w.bucket)],
    };
  }),
  t('all-depends', ['timeline'], () => ({
    text: `It all depends on the sale of my mum's place, but a few months I reckon.`,
    expected: [timeline(weeks(8, 18))],
  })),
  t('correction-later', ['timeline'], () => ({
    text: `Straight away. Well, not straight away, we need to clear it first, so about six weeks.`,
    expected: [timeline(weeks(5, 7))],
    mustNotTake: [{ key: 'timeline', value: ASAP }],
  })),
  t('past-work', ['timeline'], (g) => {
    const d = PAST_JOBS(g);
    return {
      text: `Well ${d.text}, but we want to be out by Christmas.`,
      expected: [timeline(weeksUntil(12, 25, 3))],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('regional', ['timeline'], (g) => {
    const [text, bucket] = g.pick([
      [`Quick as, ${g.pick(PERSON)}.`, ASAP],
      [`Och, there's nae rush.`, FLEXIBLE],
      [`In my own time, like, ${g.pick(['innit', 'you know'])}.`, FLEXIBLE],
      [`Soon as, mun.`, ASAP],
    ] as const);
    return { text, expected: [timeline(bucket)] };
  }),
  t('school-year', ['timeline'], (g) => ({
    text: `Before ${g.pick(KIDS)} start the new school in September.`,
    expected: [timeline(weeksUntil(9, 3, 3))],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Hi, I need to sell my house quickly, can you help?`,
    expected: [timeline(ASAP)],
  })),
  t('ahead-price', ['price'], (g) => {
    const p = drawPrice(g);
    const s = span(g);
    return {
      text: `${sayPrice(g, p, ['k', 'grand', 'words-grand'])}, and I'd want it done ${s.said}.`,
      expected: [timeline(s.bucket)],
    };
  }),
  t('ahead-occupancy', ['occupancy'], () => ({
    text: `Nobody's in it, so there's no rush really.`,
    expected: [timeline(FLEXIBLE)],
  })),
  t('years-no-rush', ['timeline'], (g) => {
    const d = SINCE_YEAR(g);
    return {
      text: `${capitalise(d.text)}, so we're not in a rush.`,
      expected: [timeline(FLEXIBLE)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('age-soon', ['timeline'], (g) => {
    const d = AGE(g);
    return {
      text: `${capitalise(d.text)}, so sooner rather than later.`,
      expected: [timeline(ASAP)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('ninety-days', ['timeline'], () => ({
    text: `Within ninety days.`,
    expected: [timeline(weeks(12, 14))],
  })),
  t('fortnight', ['timeline'], (g) => ({
    text: `${g.pick(['A fortnight', 'Within a fortnight', 'Couple of weeks'])} if you can.`,
    expected: [timeline(weeks(1, 3))],
  })),
  t('when-found', ['timeline'], () => ({
    text: `When I've found somewhere else, there's no point rushing.`,
    expected: [timeline(FLEXIBLE)],
  })),
];
