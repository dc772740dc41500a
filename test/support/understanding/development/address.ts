/** Development templates: the address and postcode. */
import { capitalise, postcode, street, templatesFor } from '../define.js';
import { sayNumber } from '../numbers.js';
import { type Place, sayPostcode } from '../postcodes.js';
import { DAD, MUM, PERSON, tag } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { ExpectedFact, Gen, Template } from '../types.js';
import { BARE_PLACES, HOUSE_NAMES, PLACES, POSTCODE_STYLES, SPELT_PLACES } from './places.js';
import { YEARS_THERE } from './stories.js';

interface Home extends Place {
  number: number;
  line: string;
}

function home(g: Gen, from: readonly Place[] = PLACES): Home {
  const place = g.pick(from);
  const number = g.chance(0.7) ? g.int(1, 60) : g.int(61, 240);
  return { ...place, number, line: `${number} ${place.street}` };
}

function pc(g: Gen, h: Place): string {
  return sayPostcode(g, h.postcode, g.pick(POSTCODE_STYLES));
}

/** The street line, also right with its town after it, as the engine may keep it. */
function line(h: Home, text = h.line): ExpectedFact {
  return street(text, `${text}, ${h.town}`);
}

const t = templatesFor('address');

export const ADDRESS_TEMPLATES: readonly Template[] = [
  t('line-and-postcode', ['address'], (g) => {
    const h = home(g);
    return { text: `${h.line}, ${pc(g, h)}.`, expected: [line(h), postcode(h.postcode)] };
  }),
  t('postcode-and-number', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${pc(g, h)}, house number ${h.number}, ${h.street}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('with-town', ['address'], (g) => {
    const h = home(g);
    return { text: `${h.line}, ${h.town}, ${pc(g, h)}.`, expected: [line(h), postcode(h.postcode)] };
  }),
  t('postcode-only', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${pc(g, h)}${g.pick(['', '.', ', that should find it'])}`,
      expected: [postcode(h.postcode)],
    };
  }),
  t('number-words-and', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${sayNumber(h.number)} ${h.street}, ${pc(g, h)}`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('number-in-words', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${sayNumber(h.number)} ${h.street} ${pc(g, h)}`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('flat-comma', ['address'], (g) => {
    const h = home(g);
    const flat = g.int(1, 12);
    return {
      text: `Flat ${flat}, ${h.line}, ${pc(g, h)}.`,
      expected: [
        street(`Flat ${flat}, ${h.line}`, `Flat ${flat}, ${h.line}, ${h.town}`),
        postcode(h.postcode),
      ],
    };
  }),
  t('story-dads', ['address'], (g) => {
    const h = home(g);
    return {
      text: `We've got ${g.pick(DAD)}'s old house at ${h.line}, ${h.town}. Postcode? Erm, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('story-mums', ['address'], (g) => {
    const h = home(g);
    return {
      text: `It's ${g.pick(MUM)}'s old place, ${h.line} in ${h.town}, postcode ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('full-postcode-question', ['address'], (g) => {
    const h = home(g);
    return {
      text: `Do you need the full postcode? It's ${pc(g, h)}. ${h.line}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('correct-postcode-old-one', ['address'], (g) => {
    const h = home(g);
    const other = g.pick(PLACES.filter((p) => p.postcode !== h.postcode));
    return {
      text: `${h.line}, ${other.postcode.toLowerCase()}, hang on, that's my old one, it's ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
      mustNotTake: [{ key: 'postcode', value: other.postcode }],
    };
  }),
  t('correct-postcode', ['address'], (g) => {
    const h = home(g);
    const other = g.pick(PLACES.filter((p) => p.postcode !== h.postcode));
    return {
      text: `${h.line}, ${other.postcode}, no sorry, that's my work, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
      mustNotTake: [{ key: 'postcode', value: other.postcode }],
    };
  }),
  t('correct-number', ['address'], (g) => {
    const h = home(g);
    const wrong = h.number + g.pick([1, 2, 10]);
    return {
      text: `${wrong}, no, ${h.number}, ${h.street}, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
      mustNotTake: [{ key: 'address', value: `${wrong} ${h.street}` }],
    };
  }),
  t('doubles-postcode', ['address'], (g) => {
    const h = home(
      g,
      PLACES.filter((p) => /(.)\1/.test(p.postcode.replace(' ', ''))),
    );
    return {
      text: `${h.line}, ${sayPostcode(g, h.postcode, 'doubles')}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('district-number', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line}, ${sayPostcode(g, h.postcode, 'district-number')}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('years-there', ['address'], (g) => {
    const h = home(g);
    const d = YEARS_THERE(g);
    return {
      text: `${h.line}, ${pc(g, h)}. ${capitalise(d.text)}.`,
      expected: [line(h), postcode(h.postcode)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('no-street-word', ['address'], (g) => {
    const h = home(g, BARE_PLACES);
    return {
      text: `${h.line}, just ${h.street}, nothing on the end. ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('spelt-street', ['address'], (g) => {
    const h = home(g, SPELT_PLACES);
    const letters = h.street
      .toUpperCase()
      .split(' ')
      .map((w) => [...w].join(' '))
      .join(', ');
    return {
      text: `${h.line}, that's ${letters}, ${h.town}, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('regional', ['address'], (g) => {
    const h = home(g);
    return {
      text: `Aye, it's ${h.line}, ${h.town}, ${pc(g, h)}, ${g.pick(PERSON)}${tag(g)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const h = home(g);
    return {
      text: `Hiya, I'm looking to sell ${h.line}, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('ahead-name', ['name'], (g) => {
    const h = home(g);
    return {
      text: `It's ${g.pick(['Dave', 'Shaz', 'Imran', 'Bethan'])}, and the house is ${h.line}, ${pc(g, h)}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
  t('district-only', ['address'], (g) => {
    const h = home(g);
    const district = h.postcode.split(' ')[0] ?? '';
    return {
      text: `It's in ${district}, I don't know the rest off the top of me head.`,
      expected: [{ key: 'district', value: district }],
    };
  }),
  t('house-name', ['address'], (g) => {
    const h = home(g);
    const house = g.pick(HOUSE_NAMES);
    return {
      text: `${house}, ${h.street}, ${h.town}, ${pc(g, h)}.`,
      expected: [street(`${house}, ${h.street}`, `${house}, ${h.street}, ${h.town}`), postcode(h.postcode)],
    };
  }),
  t('halves', ['address'], (g) => {
    const h = home(g);
    return {
      text: `${h.line}. Postcode ${sayPostcode(g, h.postcode, 'halves')}.`,
      expected: [line(h), postcode(h.postcode)],
    };
  }),
];
