/**
 * Held-out templates: the reason for selling. Never tune the engine on these; read only the figures.
 */
import type { SellingReason } from '../../../../src/dialog/slots/index.js';
import { capitalise, reason, templatesFor } from '../define.js';
import { drawPrice, sayPrice } from '../prices.js';
import { AGO, DAD, NAN, PARTNER, PERSON } from '../regional.js';
import { misreadsOf, timelineMisread } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE, CARE_HOME, PAID } from './stories.js';

/** Reasons said as a clause, with the category the desk scores. */
const CLAUSES: readonly (readonly [string, SellingReason])[] = [
  ['my father died', 'probate'],
  ['the house was left to me', 'inherited'],
  ["we're relocating for my husband's job", 'relocation'],
  ['my marriage has broken down', 'divorce'],
  ["I'm in arrears", 'financial'],
  ['we want somewhere smaller', 'downsizing'],
  ["I'm getting out of the rental game", 'landlord_exit'],
  ["my health isn't great", 'health'],
  ["I'm the executor of my dad's estate", 'probate'],
  ["I've got a new job in Bristol", 'relocation'],
  ["the bank's threatening to take it off us", 'repossession'],
  ['me and the wife have split up', 'divorce'],
  ["I've been made redundant", 'financial'],
  ["we're downsizing", 'downsizing'],
  ["I'm selling my buy to let", 'landlord_exit'],
  ['I inherited it off my auntie', 'inherited'],
];

function why(g: Gen): { said: string; value: SellingReason } {
  const [said, value] = g.pick(CLAUSES);
  return { said, value };
}

const t = templatesFor('reason');

export const REASON_TEMPLATES: readonly Template[] = [
  t('bare', ['reason'], (g) => {
    const w = why(g);
    return { text: `${w.said}${g.pick(['', '.', ' really'])}`, expected: [reason(w.value)] };
  }),
  t('well', ['reason'], (g) => {
    const w = why(g);
    return { text: `Well, ${w.said}${g.pick(['', ', so', ', basically'])}.`, expected: [reason(w.value)] };
  }),
  t('father-probate', ['reason'], (g) => ({
    text: `${capitalise(g.pick(DAD))} died ${g.pick(['last autumn', 'in February', 'before Christmas'])} and we've just got probate.`,
    expected: [reason('probate')],
    mustNotTake: [timelineMisread()],
  })),
  t('separated', ['reason'], (g) => ({
    text: `${capitalise(g.pick(PARTNER))} and me separated last year, and we need to sell to split it.`,
    expected: [reason('divorce')],
    mustNotTake: [timelineMisread()],
  })),
  t('does-it-matter', ['reason'], (g) => {
    const w = why(g);
    return {
      text: `${g.pick(['Does it matter why?', 'Do I have to say?', 'Why do you ask?'])} ${capitalise(w.said)}.`,
      expected: [reason(w.value)],
    };
  }),
  t('mostly', ['reason'], (g) => {
    const w = why(g);
    return { text: `Mostly ${w.said}, if I'm being honest.`, expected: [reason(w.value)] };
  }),
  t('two-reasons', ['reason'], () => ({
    text: `We're relocating, and to be fair the mortgage has got on top of us as well.`,
    expected: [reason('financial', 'relocation')],
  })),
  t('new-job', ['reason'], (g) => ({
    text: `New job in ${g.pick(['Leeds', 'Aberdeen', 'London', 'Swansea'])}, I start in ${g.pick(['June', 'the summer', 'September'])}.`,
    expected: [reason('relocation')],
  })),
  t('court-date', ['reason'], () => ({
    text: `There's a court date for possession next month, I need to sell before then.`,
    expected: [reason('repossession')],
  })),
  t('paid-negative', ['reason'], (g) => {
    const d = PAID(g);
    return {
      text: `${capitalise(d.text)}, but I can't keep up with the payments now.`,
      expected: [reason('financial')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('tax-changes', ['reason'], () => ({
    text: `Fed up of renting it out, with all the tax changes it's not worth it.`,
    expected: [reason('landlord_exit')],
  })),
  t('age-health', ['reason'], (g) => {
    const d = AGE(g);
    return {
      text: `${capitalise(d.text)} and ${g.pick(["my health's not good", "I've had a stroke", 'my knees have gone'])}.`,
      expected: [reason('health')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('regional', ['reason'], (g) => {
    const [text, value] = g.pick([
      [`${capitalise(g.pick(NAN))} passed, bless her, so we're selling hers.`, 'probate'],
      [`Brassic, ${g.pick(PERSON)}, can't pay the bills.`, 'financial'],
      [`The wife's left us, like.`, 'divorce'],
    ] as const);
    return { text, expected: [reason(value)] };
  }),
  t('inherited-years-ago', ['reason'], (g) => ({
    text: `I inherited it off ${g.pick(NAN)} ${g.pick(AGO)} and I've never lived in it.`,
    expected: [reason('inherited', 'probate')],
    mustNotTake: [timelineMisread()],
  })),
  t('moving-abroad', ['reason'], (g) => ({
    text: `We're moving back to ${g.pick(['Poland', 'Ireland', 'Pakistan', 'Nigeria'])} to be near family.`,
    expected: [reason('relocation')],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Hello, my dad's passed away and I need to sell his house.`,
    expected: [reason('probate', 'inherited')],
  })),
  t('ahead-timeline', ['timeline'], () => ({
    text: `As soon as possible, I've been made redundant.`,
    expected: [reason('financial')],
  })),
  t('ahead-price', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${sayPrice(g, p, ['k', 'words-grand'])}, we've got a new job up north so we're off.`,
      expected: [reason('relocation')],
    };
  }),
  t('ahead-occupancy', ['occupancy'], (g) => {
    const d = CARE_HOME(g);
    return {
      text: `Empty, ${d.text}, she can't look after herself.`,
      expected: [reason('health')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('chain', ['reason'], () => ({
    text: `Our chain fell through and we've lost the house we wanted.`,
    expected: [reason('other')],
  })),
  t('empty-nest', ['reason'], () => ({
    text: `Kids have all left home, we're rattling around in it.`,
    expected: [reason('downsizing')],
  })),
  t('care-costs', ['reason'], (g) => ({
    text: `${capitalise(g.pick(DAD))} needs full time care and the house has to pay for it.`,
    expected: [reason('health', 'financial')],
  })),
  t('cash-in', ['reason'], () => ({
    text: `Just want to cash in, to be honest, put it towards a business.`,
    expected: [reason('other')],
  })),
  t('estate', ['reason'], () => ({
    text: `It's part of an estate, I'm the administrator.`,
    expected: [reason('probate')],
  })),
];
