/**
 * Held-out templates: the address and postcode. Never tune the engine on these; read only the figures.
 */
import { capitalise, postcode, street, templatesFor } from '../define.js';
import { type Place, sayPostcode } from '../postcodes.js';
import { PERSON, tag } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { ExpectedFact, Gen, Template } from '../types.js';
import { BARE_PLACES, HOUSE_NAMES, PLACES, POSTCODE_STYLES, SPELT_PLACES } from './places.js';
import { SINCE_YEAR } from './stories.js';

interface Home extends Place {
  number: number;
  line: string;
}

function home(g: Gen, from: readonly Place[] = PLACES): Home {
  const place = g.pick(from);
  const number = g.chance(0.7) ? g.int(1, 80) : g.int(81, 300);
  return { ...place, number, line: `${number} ${place.street}` };
}

function pc(g: Gen, h: Place): string {
  return sayPostcode(g, h.postcode, g.pick(POSTCODE_STYLES));
}

function line(h: Home, text = h.line): ExpectedFact {
  return street(text, `${text}, ${h.town}`);
}

const t = templatesFor('address');

export const ADDRESS_TEMPLATES: readonly Template[] = [
  t('its-line-postcode', ['address'], (g) => {
    const h = home(g);
    return { text: `It's ${h.line}, ${pc(g, h)}.`, expected: [line(h), postcode(h.postcode)] };
  }),
  t('its-line-and-postcode', ['address'], (g) => {
    const h = home(g);
    return {
      text: `It's ${h.line}, and the postcode is ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('in-town', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line} in ${h.town}, the postcode is ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('postcode-only', ['address'], (g) => {
    const h = home(g);
    return { text: `${g.pick(['', 'Postcode is ', "It's "])}${pc(g, h)}`, expected: [postcode(h.postcode)] };
  }),
  t('postcode-first', ['address'], (g) => {
    const h = home(g);
    return {
      text: `The postcode's ${pc(g, h)}, it's number ${h.number} ${h.street}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('glasgow-stroke', ['address'], (g) => {
    const h = home(g);
    const [floor, door] = [g.int(0, 3), g.int(1, 3)];
    const flat = `${floor}/${door}`;
    return {
      text: `${g.pick(['Flat ', ''])}${floor} stroke ${door}, ${h.line}, ${pc(g, h)}.`,
      expected: [
        street(`Flat ${flat}, ${h.line}`, `${flat} ${h.line}`, `Flat ${flat}, ${h.line}, ${h.town}`),
        postcode(h.postcode),
      ],
    };
  }),
  t('edinburgh-stair', ['address'], (g) => {
    const h = home(g);
    const flat = g.int(1, 9);
    return {
      text: `${h.number} stroke ${flat} ${h.street}, ${pc(g, h)}.`,
      expected: [street(`${h.number}/${flat} ${h.street}`, `Flat ${flat}, ${h.line}`), postcode(h.postcode)],
    };
  }),
  t('flat-run-on', ['address'], (g) => {
    const h = home(g);
    const flat = g.int(1, 9);
    return {
      text: `flat ${flat} ${h.line.toLowerCase()} ${h.postcode.toLowerCase()}`,
      expected: [street(`Flat ${flat}, ${h.line}`), postcode(h.postcode)],
    };
  }),
  t('just-postcode-question', ['address'], (g) => {
    const h = home(g);
    return { text: `Is it just the postcode you want? ${pc(g, h)}.`, expected: [postcode(h.postcode)] };
  }),
  t('dont-quote-me', ['address'], (g) => {
    const h = home(g);
    return {
      text: `Should be ${pc(g, h)}, don't quote me. ${h.line}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('hedged-postcode', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line}, and I think it's ${pc(g, h)}, I always get the end bit wrong.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('correct-number', ['address'], (g) => {
    const h = home(g);
    const wrong = h.number + g.pick([1, 3, 20]);
    return {
      text: `${wrong} ${h.street}, sorry, ${h.number}, I was looking at the wrong letter. ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
      mustNotTake: [{ key: 'address', value: `${wrong} ${h.street}` }],
    };
  }),
  t('nato-postcode', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line}. Postcode, ${sayPostcode(g, h.postcode, 'nato')}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('nato-after-line', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line}, ${sayPostcode(g, h.postcode, 'nato')}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('for-words', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line}, ${sayPostcode(g, h.postcode, 'for-words')}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('since-year', ['address'], (g) => {
    const h = home(g);
    const d = SINCE_YEAR(g);
    return {
      text: `${h.line}, ${pc(g, h)}, ${d.text}.`,
      expected: [line(h), postcode(h.postcode)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('no-street-word', ['address'], (g) => {
    const h = home(g, BARE_PLACES);
    return {
      text: `It's ${h.line}, just ${h.street}, no road or anything. ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('spelt-street', ['address'], (g) => {
    const h = home(g, SPELT_PLACES);
    const letters = h.street.toUpperCase().replace(/ /g, '').split('').join(' ');
    return {
      text: `${h.line}, ${h.town}. I'll spell it, ${letters}. ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('regional', ['address'], (g) => {
    const h = home(g);
    return {
      text: g.pick([
        `${h.line}, ${pc(g, h)}${tag(g, 0.8)}.`,
        `Och, it's ${h.line}, ${h.town}, ${pc(g, h)}, ${g.pick(PERSON)}.`,
      ]),
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const h = home(g);
    return {
      text: `Hi, I want to sell ${h.line} in ${h.town}, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('ahead-name', ['name'], (g) => {
    const h = home(g);
    return {
      text: `${g.pick(['Gemma', 'Raj', 'Fergus', 'Nia'])}, and it's about ${h.line}, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('district-only', ['address'], (g) => {
    const h = home(g);
    const district = h.postcode.split(' ')[0] ?? '';
    return {
      text: `Just the ${district} bit, I'm not sure of the rest${g.pick(['', ', sorry'])}.`,
      expected: [{ key: 'district', value: district }],
    };
  }),
  t('house-name', ['address'], (g) => {
    const h = home(g);
    const house = g.pick(HOUSE_NAMES);
    return {
      text: `It's ${house}, ${h.street}, ${pc(g, h)}.`,
      expected: [street(`${house}, ${h.street}`, `${house}, ${h.street}, ${h.town}`), postcode(h.postcode)],
    };
  }),
  t('bits', ['address'], (g) => {
    const h = home(g);
    const [outward = '', inward = ''] = h.postcode.split(' ');
    return {
      text: `${capitalise(h.line)}. First bit's ${outward}, second bit ${inward}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
];
