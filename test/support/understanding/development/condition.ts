/** Development templates: the condition of the property. */
import type { Condition } from '../../../../src/dialog/slots/index.js';
import { bareCondition, capitalise, condition, templatesFor } from '../define.js';
import { DAD, PERSON } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { EMPTY_SINCE, PAST_WORK } from './stories.js';

const GOOD = [
  'good nick',
  'immaculate',
  'really good, nothing needs doing',
  'all done up',
  'fine',
  'mint',
  'ready to walk into',
];
const DATED = [
  'needing a bit of work',
  'needing a new kitchen and bathroom',
  'needing updating',
  'needing a lick of paint and new carpets',
  'got seventies decor',
  'in need of a new boiler and a kitchen',
  'wanting a bit of money spending',
];
const WRECK = [
  'needing everything doing',
  'needing gutting',
  'falling down',
  'got structural problems',
  'unmortgageable',
  'falling apart',
];
const BANDS: readonly (readonly [readonly string[], Condition])[] = [
  [GOOD, 'good'],
  [DATED, 'needs_modernisation'],
  [WRECK, 'needs_full_renovation'],
];

/** A phrase for a band: "it's {said}" reads as a sentence for every phrase. */
function state(g: Gen, only?: Condition): { said: string; value: Condition } {
  const [phrases, value] = g.pick(BANDS.filter(([, v]) => only === undefined || v === only));
  return { said: g.pick(phrases), value };
}

const t = templatesFor('condition');

export const CONDITION_TEMPLATES: readonly Template[] = [
  t('bare', ['condition'], (g) => {
    const s = state(g);
    return { text: bareCondition(s.said), expected: [condition(s.value)] };
  }),
  t('id-say', ['condition'], (g) => {
    const s = state(g);
    return { text: `I'd say it's ${s.said}.`, expected: [condition(s.value)] };
  }),
  t('honestly', ['condition'], (g) => {
    const s = state(g);
    return {
      text: `Honestly? It's ${s.said}${g.pick(['', ', to be fair', ", if I'm honest"])}.`,
      expected: [condition(s.value)],
    };
  }),
  t('past-work-good', ['condition'], (g) => {
    const d = PAST_WORK(g);
    return {
      text: `${capitalise(d.text)}, so it's ${state(g, 'good').said}.`,
      expected: [condition('good')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('time-capsule', ['condition'], (g) => ({
    text: `It's a bit of a time capsule, ${g.pick(DAD)} never touched it since 1982.`,
    expected: [condition('needs_modernisation')],
    mustNotTake: [{ key: 'price', value: 1982 }],
  })),
  t('still-interested', ['condition'], (g) => {
    const s = state(g);
    return { text: `It's ${s.said}. Would you still be interested?`, expected: [condition(s.value)] };
  }),
  t('want-to-see', ['condition'], (g) => {
    const s = state(g);
    return {
      text: `I'd say it's ${s.said}, but you'd want to see it yourself.`,
      expected: [condition(s.value)],
    };
  }),
  t('fine-then-boiler', ['condition'], () => ({
    text: `It's fine. Actually, the boiler's on its last legs and the windows need doing, so it wants updating really.`,
    expected: [condition('needs_modernisation')],
    mustNotTake: [{ key: 'condition', value: 'good' }],
  })),
  t('good-but-kitchen', ['condition'], (g) => ({
    text: `Good nick, but the ${g.pick(['kitchen', 'bathroom', 'kitchen and bathroom'])} ${g.pick(['is dated', 'could do with replacing'])}.`,
    expected: [condition('needs_modernisation')],
  })),
  t('tenants-trashed', ['condition'], (g) => ({
    text: `The last tenants trashed it, so it's ${state(g, 'needs_full_renovation').said}.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('regional', ['condition'], (g) => {
    const [text, value] = g.pick([
      [`Canny, like, nowt wrong with it.`, 'good'],
      [`It's grand, ${g.pick(PERSON)}, no bother.`, 'good'],
      [`Och, it's a wee bit tired.`, 'needs_modernisation'],
      [`It's minging, ${g.pick(PERSON)}, needs ripping out.`, 'needs_full_renovation'],
    ] as const);
    return { text, expected: [condition(value)] };
  }),
  t('in-between', ['condition'], () => ({
    text: `Somewhere in between, it needs modernising.`,
    expected: [condition('needs_modernisation')],
  })),
  t('full-renovation', ['condition'], (g) => ({
    text: `${g.pick(['Full renovation', 'A full renovation', 'Full renovation job'])}${g.pick(['', ', top to bottom'])}.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('tlc', ['condition'], () => ({
    text: `Just needs a bit of TLC, nothing major.`,
    expected: [condition('needs_modernisation')],
  })),
  t('roof-windows-damp', ['condition'], () => ({
    text: `Needs a new roof and windows, and it's damp.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('ahead-bedrooms', ['bedrooms'], (g) => ({
    text: `${g.pick(['Three', 'Two', 'Four'])}, and it needs gutting, I'll be honest.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Hello, I've got a property that's in a bad way, needs completely renovating, do you buy them?`,
    expected: [condition('needs_full_renovation')],
  })),
  t('ahead-type', ['property_type'], (g) => ({
    text: `${g.pick(['Semi', 'A terrace', 'Bungalow'])}, needs updating${g.pick(['', ' throughout'])}.`,
    expected: [condition('needs_modernisation')],
  })),
  t('young-boiler', ['condition'], (g) => {
    const years = g.pick([2, 3]);
    return {
      text: `It's fine, the boiler's only ${years} years old.`,
      expected: [condition('good')],
      mustNotTake: [{ key: 'bedrooms', value: years }, { key: 'timeline' }],
    };
  }),
  t('rented-well', ['condition'], () => ({
    text: `The tenants have looked after it, so it's in good order.`,
    expected: [condition('good')],
  })),
  t('empty-damp', ['condition'], (g) => {
    const d = EMPTY_SINCE(g);
    return {
      text: `${capitalise(d.text)} and the damp's got in, so it needs work.`,
      expected: [condition('needs_modernisation', 'needs_full_renovation')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('survey', ['condition'], (g) => {
    const k = g.pick([15, 20, 30]);
    return {
      text: `The survey said about ${k} grand of work, mostly the kitchen and the electrics.`,
      expected: [condition('needs_modernisation', 'needs_full_renovation')],
      mustNotTake: [{ key: 'price', value: k * 1000 }],
    };
  }),
  t('no-complaints', ['condition'], () => ({
    text: `No complaints, it's well kept.`,
    expected: [condition('good')],
  })),
  t('what-do-you-mean', ['condition'], (g) => {
    const s = state(g);
    return { text: `What do you mean, like inside? It's ${s.said}.`, expected: [condition(s.value)] };
  }),
];
