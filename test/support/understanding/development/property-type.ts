/** Development templates: the type of property. */
import type { PropertyType } from '../../../../src/dialog/slots/index.js';
import { capitalise, propertyType, templatesFor } from '../define.js';
import { sayPostcode } from '../postcodes.js';
import { MUM, SMALL, VERY } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { PLACES } from './places.js';
import { PAST_WORK, YEARS_THERE } from './stories.js';

/** How callers name each type, with the type the desk files it under. */
const TYPES: readonly (readonly [string, PropertyType])[] = [
  ['semi', 'semi-detached'],
  ['semi-detached house', 'semi-detached'],
  ['detached', 'detached'],
  ['terraced house', 'terraced'],
  ['end of terrace', 'terraced'],
  ['flat', 'flat'],
  ['maisonette', 'flat'],
  ['dormer bungalow', 'bungalow'],
  ['semi', 'semi-detached'],
  ['detached', 'detached'],
  ['terrace', 'terraced'],
  ['Victorian terrace', 'terraced'],
  ['apartment', 'flat'],
  ['top floor flat', 'flat'],
  ['chalet bungalow', 'bungalow'],
];

function type(g: Gen): { said: string; value: PropertyType; a: string } {
  const [said, value] = g.pick(TYPES);
  return { said, value, a: /^[aeiou]/.test(said) ? `an ${said}` : `a ${said}` };
}

const t = templatesFor('property_type');

export const PROPERTY_TYPE_TEMPLATES: readonly Template[] = [
  t('bare', ['property_type'], (g) => {
    const p = type(g);
    return { text: g.pick([p.said, p.a]), expected: [propertyType(p.value)] };
  }),
  t('what-they-call', ['property_type'], (g) => {
    const p = type(g);
    return { text: `It's what they call ${p.a}.`, expected: [propertyType(p.value)] };
  }),
  t('with-beds', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${g.pick(['Three', 'Two', 'Four', '3'])} bed ${p.said}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('story-mums', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `It was ${g.pick(MUM)}'s, ${p.a} on the corner, she'd been there since she got married.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('does-it-matter', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${capitalise(p.said)}. ${g.pick(['Does that matter?', 'Do you take them?', "That's not a problem is it?"])}`,
      expected: [propertyType(p.value)],
    };
  }),
  t('hedged', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: `${g.pick(["I think you'd call it", "It's sort of", "I suppose it's"])} ${p.a}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('semi-really-end', ['property_type'], (g) => ({
    text: `${g.pick(['Semi', "It's a semi"])}, well, end terrace really, ${g.pick(['we share one wall', "it's the end of the row"])}.`,
    expected: [propertyType('terraced')],
    mustNotTake: [{ key: 'property_type', value: 'semi-detached' }],
  })),
  t('flat-then-maisonette', ['property_type'], () => ({
    text: `It's a flat, well, a maisonette really, it's got its own front door and stairs.`,
    expected: [propertyType('flat')],
  })),
  t('regional', ['property_type'], (g) => {
    const p = type(g);
    return {
      text: g.pick([
        `Aye, ${g.pick(SMALL)} ${p.said}.`,
        `${capitalise(g.pick(VERY))} nice ${p.said}, innit.`,
        `Just ${p.a}, our kid had the one next door.`,
      ]),
      expected: [propertyType(p.value)],
    };
  }),
  t('two-up-two-down', ['property_type'], () => ({
    text: `Proper little terrace, two up two down.`,
    expected: [propertyType('terraced')],
  })),
  t('quasi-semi', ['property_type'], () => ({
    text: `It's a quasi semi, you know, the ones that look like a semi but they're in fours.`,
    expected: [propertyType('semi-detached', 'terraced')],
  })),
  t('years-there', ['property_type'], (g) => {
    const p = type(g);
    const d = YEARS_THERE(g);
    return {
      text: `${capitalise(p.a)}, ${d.text}.`,
      expected: [propertyType(p.value)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('past-work', ['property_type'], (g) => {
    const p = type(g);
    const d = PAST_WORK(g);
    return {
      text: `${capitalise(p.said)}, and ${d.text}.`,
      expected: [propertyType(p.value)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('since-year', ['property_type'], (g) => {
    const p = type(g);
    const d = YEARS_THERE(g);
    return {
      text: `${capitalise(p.said)}, ${d.text}.`,
      expected: [propertyType(p.value)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('ahead-name', ['name'], (g) => {
    const p = type(g);
    return {
      text: `It's ${g.pick(['Kerry', 'Tom Hughes', 'Nadeem'])}, I'm calling about ${p.a} I've inherited.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('ahead-address', ['address'], (g) => {
    const p = type(g);
    const place = g.pick(PLACES);
    return {
      text: `${g.int(1, 90)} ${place.street}, ${sayPostcode(g, place.postcode, 'written')}, it's ${p.a}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('ahead-address-type-first', ['address'], (g) => {
    const p = type(g);
    const place = g.pick(PLACES);
    return {
      text: `${capitalise(p.a)} at ${g.int(1, 120)} ${place.street}, ${sayPostcode(g, place.postcode, 'written')}.`,
      expected: [propertyType(p.value)],
    };
  }),
  t('detached-garage', ['property_type'], (g) => ({
    text: `Detached house with a ${g.pick(['garage', 'double garage', 'big garden'])}.`,
    expected: [propertyType('detached')],
  })),
  t('cottage', ['property_type'], (g) => ({
    text: `${g.pick(["It's a cottage", 'An old stone cottage', 'Little cottage'])}, out in the country.`,
    expected: [propertyType('other', 'detached')],
  })),
  t('farmhouse', ['property_type'], () => ({
    text: `An old farmhouse with a couple of acres.`,
    expected: [propertyType('other', 'detached')],
  })),
  t('house-then-type', ['property_type'], (g) => {
    const p = type(g);
    return { text: `It's a house. ${capitalise(p.a)}.`, expected: [propertyType(p.value)] };
  }),
  t('compare-neighbours', ['property_type'], (g) => ({
    text: `Same as all the others on the street, ${g.pick(['semis', 'semi-detached'])}, 1950s.`,
    expected: [propertyType('semi-detached')],
    mustNotTake: [{ key: 'price', value: 1950 }],
  })),
  t('terraced-town-house', ['property_type'], (g) => ({
    text: `${g.pick(['Three storey', 'A', 'Tall'])} town house, terraced, in the middle of the row.`,
    expected: [propertyType('terraced')],
  })),
  t('what-kind-question', ['property_type'], (g) => {
    const p = type(g);
    return { text: `What, the house? ${capitalise(p.a)}, why?`, expected: [propertyType(p.value)] };
  }),
];
