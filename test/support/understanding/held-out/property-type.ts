/**
 * Held-out templates: the type of property. Never tune the engine on these; read only the figures.
 */
import type { PropertyType } from '../../../../src/dialog/slots/index.js';
import { capitalise, propertyType, templatesFor } from '../define.js';
import { DAD, PERSON, SMALL, tag } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { PLACES } from './places.js';
import { SIZE } from './stories.js';

/** How callers name each type, with the type the desk files it under. */
const TYPES: readonly (readonly [string, PropertyType])[] = [
  ['semi detached', 'semi-detached'],
  ['former council semi', 'semi-detached'],
  ['detached property', 'detached'],
  ['end terrace', 'terraced'],
  ['terraced', 'terraced'],
  ['tenement flat', 'flat'],
  ['bungalow', 'bungalow'],
  ['detached bungalow', 'bungalow'],
  ['semi-detached', 'semi-detached'],
  ['ex-council semi', 'semi-detached'],
  ['detached house', 'detached'],
  ['mid terrace', 'terraced'],
  ['back to back', 'terraced'],
  ['ground floor flat', 'flat'],
  ['bungalow', 'bungalow'],
];

function type(g: Gen): { said: string; value: PropertyType; a: string } {
  const [said, value] = g.pick(TYPES);
  return { said, value, a: /^[aeiou]/i.test(said) ? `an ${said}` : `a ${said}` };
}

const t = templatesFor('property_type');

export const PROPERTY_TYPE_TEMPLATES: readonly Template[] = [
  t('bare', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${g.pick([p.said, p.a, capitalise(p.said)])}${g.pick(['', '.', ' yeah'])}`,
      expected: [propertyType(p.value)],
    };
  }),
  t('its-a', ['property_type'], (g) => {
    const p = type(g);
    return { text: `It's ${p.a}${tag(g)}.`, expected: [propertyType(p.value)] };
  }),
  t('with-bedrooms', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${capitalise(p.said)}, ${g.pick(['two', 'three', 'four'])} bedrooms.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('story-estate', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${capitalise(g.pick(DAD))} bought it new, it's ${p.a} on one of them estates, all the same.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('do-you-buy', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${capitalise(p.a)}. ${g.pick(['Do you buy them?', 'Is that a problem?', 'Is that alright?'])}`,
      expected: [propertyType(p.value)],
    };
  }),
  t('kind-of', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `I'd say ${p.said}, kind of, ${g.pick(["it's a funny one", 'more or less', 'if I had to pick'])}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('detached-then-semi', ['property_type'], () => ({
    text: `Detached. Oh no, it's attached to the garage next door, so semi I suppose.`,
    expected: [propertyType('semi-detached')],
    mustNotTake: [{ key: 'property_type', value: 'detached' }],
  })),
  t('detached-no-semi', ['property_type'], () => ({
    text: `It's a detached, no, sorry, semi, it's joined to next door on one side.`,
    expected: [propertyType('semi-detached')],
    mustNotTake: [{ key: 'property_type', value: 'detached' }],
  })),
  t('four-in-a-block', ['property_type'], (g) => ({
    text: `${g.pick(["It's a", 'A', 'Lower'])} four in a block, ${g.pick(['upstairs', 'downstairs'])} one.`,
    expected: [propertyType('flat')],
  })),
  t('link-detached', ['property_type'], () => ({
    text: `Link detached, joined by the garages.`,
    expected: [propertyType('detached', 'semi-detached')],
  })),
  t('thirties', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${capitalise(p.a)}, built in the ${g.pick(['1930s', 'thirties', 'sixties', '1970s'])}.`,
      expected: [propertyType(p.value)],
      mustNotTake: [
        { key: 'price', value: 1930 },
        { key: 'price', value: 1970 },
        { key: 'bedrooms', value: 30 },
      ],
    };
  }),
  t('regional', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: g.pick([
        `A ${g.pick(SMALL)} ${p.said}, ${g.pick(PERSON)}.`,
        `Tidy little ${p.said}, mun.`,
        `${capitalise(p.said)}, like, nowt special.`,
      ]),
      expected: [propertyType(p.value)],
    };
  }),
  t('size', ['property_type'], (g) => {
    const p = type(g);
    const d = SIZE(g);
    return {
      text: `${capitalise(p.a)}, ${d.text}.`,
      expected: [propertyType(p.value)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('ahead-opening-my', ['opening'], (g) => {
    const p = type(g);
    return {
      text: `Hi, I'm looking to sell my ${p.said} in ${g.pick(PLACES).town}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const p = type(g);
    return {
      text: `Hello, I've got ${p.a} I want to sell, in ${g.pick(PLACES).town}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('ahead-name', ['name'], (g) => {
    const p = type(g);
    return {
      text: `${g.pick(['Lorraine', 'Gav', 'Sunita Gill'])}. It's about ${p.a} we need to sell quick.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('flat-above-shop', ['property_type'], () => ({
    text: `It's a flat above a shop, on the high street.`,
    expected: [propertyType('flat')],
  })),
  t('detached-bungalow', ['property_type'], () => ({
    text: `It's a bungalow, detached, on a corner plot.`,
    expected: [propertyType('bungalow')],
  })),
  t('purpose-built', ['property_type'], (g) => ({
    text: `Purpose built flat, ${g.pick(['second', 'third', 'first'])} floor, no lift.`,
    expected: [propertyType('flat')],
    mustNotTake: [
      { key: 'bedrooms', value: 2 },
      { key: 'bedrooms', value: 3 },
      { key: 'bedrooms', value: 1 },
    ],
  })),
  t('hmo', ['property_type'], (g) => ({
    text: `It's an HMO, ${g.pick(['six', 'five', 'seven'])} rooms let out to students.`,
    expected: [propertyType('other')],
  })),
  t('park-home', ['property_type'], (g) => ({
    text: `It's a ${g.pick(['park home', 'static caravan on a residential site', 'houseboat'])}, is that any good to you?`,
    expected: [propertyType('other')],
  })),
  t('studio', ['property_type'], () => ({
    text: `Studio flat, just the one room really.`,
    expected: [propertyType('flat')],
  })),
  t('bunglow', ['property_type'], (g) => ({
    text: `${g.pick(['A bunglow', 'bunglow', "It's a bunglow"])}, all on one level.`,
    expected: [propertyType('bungalow')],
  })),
  t('semi-split', ['property_type'], (g) => ({
    text: `It's a semi ${g.pick(['de', 'the'])} tached.`,
    expected: [propertyType('semi-detached')],
  })),
];
