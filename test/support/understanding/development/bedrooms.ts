/** Development templates: the number of bedrooms. */
import { bedrooms, capitalise, templatesFor } from '../define.js';
import { sayNumber } from '../numbers.js';
import { sayPostcode } from '../postcodes.js';
import { MUM, PERSON, TAG } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { PLACES } from './places.js';
import { AGE, KIDS } from './stories.js';

/** A typical count, said in words or digits. */
function count(g: Gen, min = 1, max = 6): { n: number; said: string } {
  const n = g.chance(0.85) ? g.int(Math.max(min, 2), Math.min(max, 4)) : g.int(min, max);
  return { n, said: g.chance(0.6) ? sayNumber(n) : String(n) };
}

const t = templatesFor('bedrooms');

export const BEDROOMS_TEMPLATES: readonly Template[] = [
  t('bare', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: c.said, expected: [bedrooms(c.n)] };
  }),
  t('n-bedrooms', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `${capitalise(c.said)} bedrooms.`, expected: [bedrooms(c.n)] };
  }),
  t('got-n-bedrooms', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `It's got ${c.said} bedrooms.`, expected: [bedrooms(c.n)] };
  }),
  t('bedroomed', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `${capitalise(c.said)} bedroomed.`, expected: [bedrooms(c.n)] };
  }),
  t('double-bedrooms', ['bedrooms'], (g) => {
    const doubles = g.pick([1, 2, 3]);
    return {
      text: `${capitalise(sayNumber(doubles))} double ${doubles === 1 ? 'bedroom' : 'bedrooms'} and a single.`,
      expected: [bedrooms(doubles + 1)],
    };
  }),
  t('doubles-and-single', ['bedrooms'], (g) => {
    const doubles = g.pick([2, 3]);
    const extra = g.pick(['a single', 'a box room']);
    return {
      text: `${capitalise(sayNumber(doubles))} doubles and ${extra}.`,
      expected: [bedrooms(doubles + 1)],
    };
  }),
  t('story-sewing-room', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    return {
      text: `There's ${c.said}, ${g.pick(MUM)} had the back one as a sewing room though.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('at-a-push', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    return {
      text: `${capitalise(c.said)}, maybe ${sayNumber(c.n + 1)} at a push.`,
      expected: [{ key: 'bedrooms', value: c.n, also: [c.n + 1] }],
    };
  }),
  t('hedged', ['bedrooms'], (g) => {
    const c = count(g);
    return {
      text: `${capitalise(c.said)}, I think, I've not been in for a while.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('correction-attic', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    return {
      text: `${capitalise(sayNumber(c.n))}, no, ${sayNumber(c.n + 1)}, I forgot the attic room.`,
      expected: [bedrooms(c.n + 1)],
      mustNotTake: [{ key: 'bedrooms', value: c.n }],
    };
  }),
  t('pets', ['bedrooms'], (g) => {
    const c = count(g);
    const d = KIDS(g);
    return {
      text: `${capitalise(c.said)}. ${capitalise(d.text)}, mind.`,
      expected: [bedrooms(c.n)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('kids', ['bedrooms'], (g) => {
    const c = count(g);
    const d = KIDS(g);
    return {
      text: `${capitalise(c.said)}, ${d.text}, so it's been a squeeze.`,
      expected: [bedrooms(c.n)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('age', ['bedrooms'], (g) => {
    const c = count(g);
    const d = AGE(g);
    return {
      text: `${capitalise(c.said)}, and ${d.text}, so the stairs are a struggle.`,
      expected: [bedrooms(c.n)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('regional-like', ['bedrooms'], (g) => {
    const c = count(g);
    return {
      text: g.pick([
        `${capitalise(c.said)} bedrooms, like, ${g.pick(TAG)}.`,
        `Och, ${c.said}, ${g.pick(PERSON)}.`,
        `${capitalise(c.said)}, tidy size an' all.`,
      ]),
      expected: [bedrooms(c.n)],
    };
  }),
  t('regional', ['bedrooms'], (g) => {
    const c = count(g);
    return {
      text: g.pick([
        `Aye, ${c.said}, ${g.pick(PERSON)}.`,
        `${capitalise(c.said)} bedrooms, innit.`,
        `${capitalise(c.said)}, all proper sized.`,
      ]),
      expected: [bedrooms(c.n)],
    };
  }),
  t('two-up-two-down', ['bedrooms'], () => ({ text: `It's a two up two down.`, expected: [bedrooms(2)] })),
  t('ahead-opening-terrace', ['opening'], (g) => {
    const c = count(g);
    return { text: `Hiya, got a ${c.said} bedroomed terrace to sell.`, expected: [bedrooms(c.n)] };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const c = count(g);
    return { text: `Hi, I want to sell a ${c.said} bedroom house.`, expected: [bedrooms(c.n)] };
  }),
  t('ahead-address', ['address'], (g) => {
    const c = count(g);
    const place = g.pick(PLACES);
    return {
      text: `${g.int(1, 99)} ${place.street}, ${sayPostcode(g, place.postcode, 'written')}, it's a ${c.said} bed.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('studio-no-bedroom', ['bedrooms'], () => ({
    text: `Studio, there's no separate bedroom.`,
    expected: [bedrooms(0)],
  })),
  t('studio', ['bedrooms'], () => ({ text: `It's a studio, so none really.`, expected: [bedrooms(0)] })),
  t('count-the-little-one', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    return { text: `${capitalise(c.said)} if you count the little one.`, expected: [bedrooms(c.n)] };
  }),
  t('smallest-size', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    const feet = g.pick([8, 9, 10]);
    return {
      text: `${capitalise(c.said)}, all decent sizes, the smallest's about ${feet} foot square.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: feet }],
    };
  }),
  t('first-floor', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    return {
      text: `${capitalise(c.said)}, all on the first floor.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: 1 }],
    };
  }),
];
