/**
 * Held-out templates: who lives in the property now. Never tune the engine on these; read only the figures.
 */
import type { Occupancy } from '../../../../src/dialog/slots/index.js';
import { capitalise, occupancy, templatesFor } from '../define.js';
import { sayNumber } from '../numbers.js';
import { KIDS, NAN, PARTNER, PERSON, SIBLING, tag } from '../regional.js';
import { misreadsOf, timelineMisread } from '../stories.js';
import { weeks } from '../timelines.js';
import type { Gen, Template } from '../types.js';
import { AGE, CARE_HOME, VACANT_SINCE } from './stories.js';

const SAID: readonly (readonly [string, Occupancy])[] = [
  ['we do', 'owner_occupied'],
  ["it's my home", 'owner_occupied'],
  ["nobody's in it", 'vacant'],
  ["it's unoccupied", 'vacant'],
  ['got tenants in', 'tenanted'],
  ['I live there', 'owner_occupied'],
  ["I'm still in it", 'owner_occupied'],
  ["no one's living there", 'vacant'],
  ["there's a tenant in", 'tenanted'],
  ["it's tenanted", 'tenanted'],
];

function who(g: Gen): { said: string; value: Occupancy } {
  const [said, value] = g.pick(SAID);
  return { said, value };
}

const t = templatesFor('occupancy');

export const OCCUPANCY_TEMPLATES: readonly Template[] = [
  t('bare', ['occupancy'], (g) => {
    const w = who(g);
    return { text: `${w.said}${g.pick(['', '.', ' yeah'])}`, expected: [occupancy(w.value)] };
  }),
  t('tagged', ['occupancy'], (g) => {
    const w = who(g);
    return { text: `${capitalise(w.said)}${tag(g, 0.7)}.`, expected: [occupancy(w.value)] };
  }),
  t('six-month-ast', ['occupancy'], (g) => ({
    text: `There's a ${g.pick(['family', 'lad', 'couple'])} in on a six month AST, ${g.pick(['ends in the summer', 'they want to stay', 'no arrears'])}.`,
    expected: [occupancy('tenanted')],
    mustNotTake: [timelineMisread(weeks(24, 28)), { key: 'bedrooms', value: 6 }],
  })),
  t('care-home', ['occupancy'], (g) => {
    const d = CARE_HOME(g);
    return { text: `No, ${d.text}.`, expected: [occupancy('vacant')], mustNotTake: misreadsOf(d) };
  }),
  t('empty-since', ['occupancy'], (g) => {
    const d = VACANT_SINCE(g);
    return { text: `${capitalise(d.text)}.`, expected: [occupancy('vacant')], mustNotTake: misreadsOf(d) };
  }),
  t('is-that-ok', ['occupancy'], () => ({
    text: `It's tenanted, is that OK with you lot?`,
    expected: [occupancy('tenanted')],
  })),
  t('think-empty', ['occupancy'], (g) => ({
    text: `Should be empty, ${g.pick(SIBLING)} has the keys but nobody's living in it.`,
    expected: [occupancy('vacant')],
  })),
  t('empty-then-tenant', ['occupancy'], () => ({
    text: `It's empty. Well, no, the tenant's still in till the end of the month.`,
    expected: [occupancy('tenanted')],
    mustNotTake: [{ key: 'occupancy', value: 'vacant' }],
  })),
  t('tenants-gone', ['occupancy'], () => ({
    text: `The last tenants left in a state, so it's empty now.`,
    expected: [occupancy('vacant')],
    mustNotTake: [{ key: 'occupancy', value: 'tenanted' }],
  })),
  t('only-me', ['occupancy'], (g) => ({
    text: g.pick(['Only me.', 'Just myself.', 'Me on my own.']),
    expected: [occupancy('owner_occupied')],
  })),
  t('family', ['occupancy'], (g) => ({
    text: `Me, ${g.pick(PARTNER)} and ${g.pick(KIDS)}.`,
    expected: [occupancy('owner_occupied')],
  })),
  t('nephew-pays-rent', ['occupancy'], () => ({
    text: `My nephew's in it, he pays me rent.`,
    expected: [occupancy('tenanted')],
  })),
  t('protected-tenant', ['occupancy'], () => ({
    text: `Tenant, been there since before I bought it, a protected one.`,
    expected: [occupancy('tenanted')],
  })),
  t('regional', ['occupancy'], (g) => {
    const [text, value] = g.pick([
      [`Aye, just me and ${g.pick(KIDS)}.`, 'owner_occupied'],
      [`Nobody, ${g.pick(PERSON)}, it's stood empty.`, 'vacant'],
      [`Got a lad renting it, like.`, 'tenanted'],
    ] as const);
    return { text, expected: [occupancy(value)] };
  }),
  t('bare-no', ['occupancy'], (g) => ({
    text: g.pick(['No, no one.', 'Nah.', 'No, it is empty.', 'Nobody, no.']),
    expected: [occupancy('vacant')],
  })),
  t('yes-we-do', ['occupancy'], (g) => ({
    text: g.pick(['Yeah, us.', 'Yes, I am.', 'Yeah, we are still there.']),
    expected: [occupancy('owner_occupied')],
  })),
  t('ahead-opening', ['opening'], (g) => ({
    text: `Hi, I've got a tenanted ${g.pick(['flat', 'house', 'terrace'])} I want to sell.`,
    expected: [occupancy('tenanted')],
  })),
  t('ahead-condition', ['condition'], () => ({
    text: `Decent. Nobody's living there, so it's easy to view.`,
    expected: [occupancy('vacant')],
  })),
  t('rolling', ['occupancy'], () => ({
    text: `Let out on a rolling contract, month to month.`,
    expected: [occupancy('tenanted')],
  })),
  t('students', ['occupancy'], (g) => {
    const n = g.pick([4, 5, 6]);
    return {
      text: `Students, ${sayNumber(n)} of them.`,
      expected: [occupancy('tenanted')],
      mustNotTake: [{ key: 'bedrooms', value: n }],
    };
  }),
  t('age', ['occupancy'], (g) => {
    const d = AGE(g);
    return {
      text: `I'm still there, ${d.text}.`,
      expected: [occupancy('owner_occupied')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('nan-lives-there', ['occupancy'], (g) => ({
    text: `${capitalise(g.pick(NAN))} still lives there, it's her house.`,
    expected: [occupancy('owner_occupied')],
  })),
  t('moved-out', ['occupancy'], (g) => ({
    text: `Empty, I moved out in ${g.pick(['January', 'February', 'the new year'])}.`,
    expected: [occupancy('vacant')],
    mustNotTake: [timelineMisread()],
  })),
  t('ahead-type', ['property_type'], (g) => ({
    text: `${g.pick(['A bungalow', 'Semi', 'Flat'])}, with a tenant in it.`,
    expected: [occupancy('tenanted')],
  })),
];
