/**
 * Held-out templates: the number of bedrooms. Never tune the engine on these; read only the figures.
 */
import { bedrooms, capitalise, templatesFor } from '../define.js';
import { sayNumber } from '../numbers.js';
import { sayPostcode } from '../postcodes.js';
import { KIDS, MUM } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { PLACES } from './places.js';
import { MORTGAGE_TERM } from './stories.js';

/** A typical count, said in words or digits. */
function count(g: Gen, min = 1, max = 6): { n: number; said: string } {
  const n = g.chance(0.85) ? g.int(Math.max(min, 2), Math.min(max, 4)) : g.int(min, max);
  return { n, said: g.chance(0.6) ? sayNumber(n) : String(n) };
}

const t = templatesFor('bedrooms');

export const BEDROOMS_TEMPLATES: readonly Template[] = [
  t('bare', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `${c.said}${g.pick(['', '.', ' yeah', ' of them'])}`, expected: [bedrooms(c.n)] };
  }),
  t('n-bed', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `${c.said}${g.pick([' bed', '-bed', ' bed house', ' beds'])}`, expected: [bedrooms(c.n)] };
  }),
  t('its-a-n-bedroom', ['bedrooms'], (g) => {
    const c = count(g);
    return {
      text: `It's a ${c.said} bedroom${g.pick(['', ' house', ' property'])}.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('upstairs', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `There's ${c.said} bedrooms upstairs.`, expected: [bedrooms(c.n)] };
  }),
  t('just-the', ['bedrooms'], (g) => {
    const n = g.pick([1, 2]);
    return {
      text: `Just the ${sayNumber(n)}${g.pick(['', ', it is only small'])}.`,
      expected: [bedrooms(n)],
    };
  }),
  t('story-moved-out', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    return {
      text: `Well there's ${c.said}, ${g.pick(KIDS)} have all moved out now so it's just me rattling round.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('sizes-question', ['bedrooms'], (g) => {
    const c = count(g);
    return {
      text: `Bedrooms? ${capitalise(c.said)}. Why, do you need the sizes?`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('box-room-question', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    return {
      text: `${capitalise(c.said)}, does that include the box room? Well, ${c.said} anyway.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('correction-own-house', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    const wrong = c.n + 1;
    return {
      text: `${capitalise(sayNumber(wrong))}. Sorry no, ${c.said}, I'm thinking of my own house.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: wrong }],
    };
  }),
  t('knocked-through', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    return {
      text: `Used to be ${sayNumber(c.n + 1)} but two were knocked into one, so ${c.said}.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: c.n + 1 }],
    };
  }),
  t('loft-conversion', ['bedrooms'], (g) => {
    const c = count(g, 3, 5);
    return {
      text: `It was a ${sayNumber(c.n - 1)} bed but we had the loft converted so it's ${c.said} now.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: c.n - 1 }],
    };
  }),
  t('mortgage-term', ['bedrooms'], (g) => {
    const c = count(g);
    const d = MORTGAGE_TERM(g);
    return {
      text: `${capitalise(c.said)}, and ${d.text}.`,
      expected: [bedrooms(c.n)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('reception-rooms', ['bedrooms'], (g) => {
    const c = count(g, 3, 5);
    return {
      text: `${capitalise(c.said)} bedrooms, two reception rooms.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: 2 }],
    };
  }),
  t('and-bathrooms', ['bedrooms'], (g) => {
    const c = count(g, 2, 5);
    const baths = g.pick([1, 2]);
    return {
      text: `${capitalise(c.said)} bedrooms and ${sayNumber(baths)} ${baths === 1 ? 'bathroom' : 'bathrooms'}.`,
      expected: [bedrooms(c.n)],
      mustNotTake: [{ key: 'bedrooms', value: baths }],
    };
  }),
  t('a-couple', ['bedrooms'], () => ({ text: `A couple. Two, I mean.`, expected: [bedrooms(2)] })),
  t('ahead-type', ['property_type'], (g) => {
    const c = count(g);
    return {
      text: `A ${g.pick(['bungalow', 'semi detached', 'terrace'])} with ${c.said} bedrooms.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('ahead-type-n-bed', ['property_type'], (g) => {
    const c = count(g);
    return {
      text: `${capitalise(c.said)} bed ${g.pick(['semi', 'terrace', 'detached'])}.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('ahead-address', ['address'], (g) => {
    const c = count(g);
    const place = g.pick(PLACES);
    return {
      text: `${g.int(1, 99)} ${place.street}, ${sayPostcode(g, place.postcode, 'written')}. ${capitalise(c.said)} bed house.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('attic-room', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    return {
      text: `${capitalise(c.said)} plus an attic room.`,
      expected: [{ key: 'bedrooms', value: c.n, also: [c.n + 1] }],
    };
  }),
  t('and-box-room', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    return {
      text: `${capitalise(c.said)} and a box room.`,
      expected: [{ key: 'bedrooms', value: c.n + 1, also: [c.n] }],
    };
  }),
  t('downstairs-bedroom', ['bedrooms'], (g) => {
    const c = count(g, 2, 4);
    return {
      text: `${capitalise(c.said)} upstairs, and one downstairs ${g.pick(MUM)} uses as a bedroom.`,
      expected: [{ key: 'bedrooms', value: c.n + 1, also: [c.n] }],
    };
  }),
  t('hyphen', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `${c.n}-bed.`, expected: [bedrooms(c.n)] };
  }),
  t('we-have-got', ['bedrooms'], (g) => {
    const c = count(g);
    return {
      text: `We've got ${c.said}${g.pick(['', ' upstairs', ' bedrooms'])}.`,
      expected: [bedrooms(c.n)],
    };
  }),
  t('got-n', ['bedrooms'], (g) => {
    const c = count(g);
    return { text: `We got ${c.said}${g.pick([' bedrooms', '', ' beds'])}.`, expected: [bedrooms(c.n)] };
  }),
];
