/** Development templates: who lives in the property now. */
import type { Occupancy } from '../../../../src/dialog/slots/index.js';
import { capitalise, occupancy, templatesFor } from '../define.js';
import { DAD, KIDS, MUM, PARTNER, PERSON, SIBLING } from '../regional.js';
import { misreadsOf, timelineMisread } from '../stories.js';
import { weeks } from '../timelines.js';
import type { Gen, Template } from '../types.js';
import { AGE, EMPTY_SINCE, YEARS_THERE } from './stories.js';

const SAID: readonly (readonly [string, Occupancy])[] = [
  ['we live there', 'owner_occupied'],
  ["it's our home", 'owner_occupied'],
  ["it's empty", 'vacant'],
  ["it's vacant", 'vacant'],
  ["it's let out", 'tenanted'],
  ["I'm living in it", 'owner_occupied'],
  ['owner occupied', 'owner_occupied'],
  ["it's stood empty", 'vacant'],
  ["it's rented", 'tenanted'],
  ["it's a buy to let with a tenant", 'tenanted'],
];

function who(g: Gen): { said: string; value: Occupancy } {
  const [said, value] = g.pick(SAID);
  return { said, value };
}

const t = templatesFor('occupancy');

export const OCCUPANCY_TEMPLATES: readonly Template[] = [
  t('bare', ['occupancy'], (g) => {
    const w = who(g);
    return { text: w.said, expected: [occupancy(w.value)] };
  }),
  t('at-the-moment', ['occupancy'], (g) => {
    const w = who(g);
    return { text: `At the moment ${w.said}.`, expected: [occupancy(w.value)] };
  }),
  t('nurse-contract', ['occupancy'], (g) => ({
    text: `It's let to a ${g.pick(['nurse', 'young couple', 'fella from the council'])} on a twelve month contract, ${g.pick(['no problems', "she's lovely", 'pays on time'])}.`,
    expected: [occupancy('tenanted')],
    mustNotTake: [timelineMisread(weeks(48, 56)), { key: 'bedrooms', value: 12 }],
  })),
  t('care-home', ['occupancy'], (g) => ({
    text: `Nobody since ${g.pick(MUM)} went into the home in ${g.pick(['March', 'the spring', 'January'])}.`,
    expected: [occupancy('vacant')],
    mustNotTake: [timelineMisread()],
  })),
  t('vacant-since', ['occupancy'], (g) => {
    const d = EMPTY_SINCE(g);
    return { text: `${capitalise(d.text)}.`, expected: [occupancy('vacant')], mustNotTake: misreadsOf(d) };
  }),
  t('does-that-matter', ['occupancy'], () => ({
    text: `There's a tenant in, does that matter?`,
    expected: [occupancy('tenanted')],
  })),
  t('brother-gone', ['occupancy'], (g) => ({
    text: `Empty, I think, ${g.pick(SIBLING)} was stopping there for a bit but he's gone now.`,
    expected: [occupancy('vacant')],
  })),
  t('me-then-tenant', ['occupancy'], () => ({
    text: `Me. Well, not me, I moved out, there's a tenant in it now.`,
    expected: [occupancy('tenanted')],
    mustNotTake: [{ key: 'occupancy', value: 'owner_occupied' }],
  })),
  t('used-to-rent', ['occupancy'], () => ({
    text: `We used to rent it out but it's empty now.`,
    expected: [occupancy('vacant')],
    mustNotTake: [{ key: 'occupancy', value: 'tenanted' }],
  })),
  t('just-me', ['occupancy'], () => ({ text: `Just me.`, expected: [occupancy('owner_occupied')] })),
  t('household', ['occupancy'], (g) => ({
    text: `Us lot, me, ${g.pick(PARTNER)} and ${g.pick(KIDS)}.`,
    expected: [occupancy('owner_occupied')],
  })),
  t('our-kid-rents', ['occupancy'], () => ({
    text: `Our kid rents it off me.`,
    expected: [occupancy('tenanted')],
  })),
  t('sitting-tenant', ['occupancy'], (g) => {
    const d = YEARS_THERE(g);
    return {
      text: `Sitting tenant, ${d.text
        .replace(/^we've/, "she's")
        .replace(/^been/, "she's been")
        .replace(/^lived/, "she's lived")}.`,
      expected: [occupancy('tenanted')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('regional', ['occupancy'], (g) => {
    const [text, value] = g.pick([
      [`Aye, it's just me in it, ${g.pick(PERSON)}.`, 'owner_occupied'],
      [`Naebody, it's lying empty.`, 'vacant'],
      [`Got a couple renting it, like, ${g.pick(['innit', 'you know'])}.`, 'tenanted'],
    ] as const);
    return { text, expected: [occupancy(value)] };
  }),
  t('bare-no', ['occupancy'], (g) => ({
    text: g.pick(['No.', 'No, nobody.', 'Nope.', 'No one.']),
    expected: [occupancy('vacant')],
  })),
  t('yes-me', ['occupancy'], (g) => ({
    text: g.pick(['Yes, me.', 'Yeah, I do.', 'Yes, we do.']),
    expected: [occupancy('owner_occupied')],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Morning, I want to sell a rental property, the tenant's staying put.`,
    expected: [occupancy('tenanted')],
  })),
  t('ahead-condition', ['condition'], () => ({
    text: `Good, and it's empty now, so you can go round whenever.`,
    expected: [occupancy('vacant')],
  })),
  t('periodic', ['occupancy'], () => ({
    text: `The tenants are on a periodic, they'd go if we needed them to.`,
    expected: [occupancy('tenanted')],
  })),
  t('rooms-let', ['occupancy'], (g) => {
    const n = g.pick([3, 4, 5]);
    return {
      text: `All ${n} rooms are let, it's full.`,
      expected: [occupancy('tenanted')],
      mustNotTake: [{ key: 'bedrooms', value: n }],
    };
  }),
  t('age', ['occupancy'], (g) => {
    const d = AGE(g);
    return {
      text: `Just me, ${d.text}, it's too big for me.`,
      expected: [occupancy('owner_occupied')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('mum-lives-there', ['occupancy'], (g) => ({
    text: `${capitalise(g.pick(MUM))} lives there, I'm selling it for her.`,
    expected: [occupancy('owner_occupied')],
  })),
  t('dad-moved-out', ['occupancy'], (g) => ({
    text: `Empty, ${g.pick(DAD)} moved in with us at Christmas.`,
    expected: [occupancy('vacant')],
    mustNotTake: [timelineMisread()],
  })),
  t('ahead-type', ['property_type'], (g) => ({
    text: `${g.pick(['A semi', 'Terraced', 'A flat'])}, I live in it with ${g.pick(PARTNER)}.`,
    expected: [occupancy('owner_occupied')],
  })),
];
