/**
 * Held-out templates: the condition of the property. Never tune the engine on these; read only the figures.
 */
import type { Condition } from '../../../../src/dialog/slots/index.js';
import { bareCondition, capitalise, condition, templatesFor } from '../define.js';
import { MUM, PERSON, VERY } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { PAST_JOBS, VACANT_SINCE } from './stories.js';

const GOOD = [
  'lovely',
  'decent',
  'recently refurbished',
  'all modernised',
  'in good condition',
  'spotless',
  'great, you could move straight in',
];
const DATED = [
  'in need of a bit of TLC',
  'in need of updating',
  'liveable but dated',
  'cosmetic stuff mainly',
  'a bit dated',
  'a bit tired',
  'old fashioned',
];
const WRECK = [
  'in need of a complete overhaul',
  'a shell',
  'riddled with dry rot',
  'a wreck',
  'damp throughout and needs rewiring',
  'needing a new roof, the lot',
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
  t('its', ['condition'], (g) => {
    const s = state(g);
    return { text: `It's ${s.said}.`, expected: [condition(s.value)] };
  }),
  t('to-be-honest', ['condition'], (g) => {
    const s = state(g);
    return { text: `To be honest with you, it's ${s.said}.`, expected: [condition(s.value)] };
  }),
  t('past-jobs', ['condition'], (g) => {
    const d = PAST_JOBS(g);
    return {
      text: `${capitalise(d.text)}, so it's ${state(g, 'good').said}.`,
      expected: [condition('good')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('never-changed', ['condition'], (g) => ({
    text: `${capitalise(g.pick(MUM))} lived there fifty years and never changed a thing, so it's ${g.pick(['a bit dated', 'old fashioned', 'very seventies'])}.`,
    expected: [condition('needs_modernisation')],
    mustNotTake: [
      { key: 'bedrooms', value: 50 },
      { key: 'price', value: 50_000 },
    ],
  })),
  t('is-that-a-problem', ['condition'], (g) => {
    const s = state(g);
    return { text: `It's ${s.said}, is that a problem for you?`, expected: [condition(s.value)] };
  }),
  t('depends-who-asks', ['condition'], (g) => {
    const s = state(g);
    return {
      text: `Depends who you ask, but I'd say it's ${s.said}.`,
      expected: [condition(s.value)],
    };
  }),
  t('good-then-dated', ['condition'], () => ({
    text: `Good. Well, the kitchen's dated, so it needs some modernising I suppose.`,
    expected: [condition('needs_modernisation')],
    mustNotTake: [{ key: 'condition', value: 'good' }],
  })),
  t('good-but-bathroom', ['condition'], () => ({
    text: `Good, apart from the bathroom, that's dated.`,
    expected: [condition('needs_modernisation', 'good')],
  })),
  t('fire', ['condition'], (g) => ({
    text: `There was a fire in the ${g.pick(['kitchen', 'back bedroom', 'loft'])}, so it needs ${g.pick(['everything', 'a complete rebuild inside', 'totally redoing'])}.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('regional', ['condition'], (g) => {
    const [text, value] = g.pick([
      [`Tidy, mun, nothing needs doing.`, 'good'],
      [`${capitalise(g.pick(VERY))} nice inside, ${g.pick(PERSON)}.`, 'good'],
      [`Bit old fashioned, like, needs a few bits doing.`, 'needs_modernisation'],
      [`It's a right state, ${g.pick(PERSON)}, needs gutting.`, 'needs_full_renovation'],
    ] as const);
    return { text, expected: [condition(value)] };
  }),
  t('middle-one', ['condition'], () => ({
    text: `The middle one, needs some modernising.`,
    expected: [condition('needs_modernisation')],
  })),
  t('everything', ['condition'], (g) => ({
    text: `${g.pick(['It needs everything', 'Everything needs doing', "It's a total renovation"])}, ${g.pick(['roof, wiring, the lot', 'top to bottom'])}.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('needs-love', ['condition'], () => ({
    text: `It needs some love, it's a bit tired.`,
    expected: [condition('needs_modernisation')],
  })),
  t('ceiling-down', ['condition'], () => ({
    text: `The ceiling's come down in the back bedroom and there's water coming in.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('ahead-bedrooms', ['bedrooms'], (g) => ({
    text: `${g.pick(['Two', 'Three', 'Four'])}. It's a doer upper, mind, needs the lot.`,
    expected: [condition('needs_full_renovation')],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Hi, I've got a house that needs a full renovation, would you buy it?`,
    expected: [condition('needs_full_renovation')],
  })),
  t('ahead-type', ['property_type'], (g) => ({
    text: `${g.pick(['Terraced', 'Detached', 'A flat'])}, and it's immaculate inside.`,
    expected: [condition('good')],
  })),
  t('new-kitchen', ['condition'], (g) => {
    const years = g.pick([2, 3, 4]);
    return {
      text: `Really good, the kitchen went in ${years} year ago.`,
      expected: [condition('good')],
      mustNotTake: [{ key: 'bedrooms', value: years }, { key: 'timeline' }],
    };
  }),
  t('kept-up', ['condition'], () => ({
    text: `Condition's good, it's been rented out so it's been kept up.`,
    expected: [condition('good')],
  })),
  t('vacant-decline', ['condition'], (g) => {
    const d = VACANT_SINCE(g);
    return {
      text: `${capitalise(d.text)}, and it's gone downhill, needs a fair bit doing.`,
      expected: [condition('needs_modernisation', 'needs_full_renovation')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('quote', ['condition'], (g) => {
    const k = g.pick([12, 25, 40]);
    return {
      text: `A builder quoted ${k}k to put it right, mostly cosmetic.`,
      expected: [condition('needs_modernisation')],
      mustNotTake: [{ key: 'price', value: k * 1000 }],
    };
  }),
  t('not-bad', ['condition'], () => ({
    text: `Not bad at all, it's all been looked after.`,
    expected: [condition('good')],
  })),
  t('inside-or-out', ['condition'], (g) => {
    const s = state(g);
    return { text: `Inside or out? Both really, it's ${s.said}.`, expected: [condition(s.value)] };
  }),
];
