/** Development templates: the reason for selling. */
import type { SellingReason } from '../../../../src/dialog/slots/index.js';
import { capitalise, reason, templatesFor } from '../define.js';
import { drawPrice, sayPrice } from '../prices.js';
import { MUM, PARTNER, PERSON } from '../regional.js';
import { misreadsOf, timelineMisread } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE, OWED, PASSED, YEARS_THERE } from './stories.js';

/** Reasons said as a clause ("my mum passed away"), with the category the desk scores. */
const CLAUSES: readonly (readonly [string, SellingReason])[] = [
  ['my mum passed away', 'probate'],
  ["it's a probate sale", 'probate'],
  ["we're moving up to Scotland with work", 'relocation'],
  ["we're getting divorced", 'divorce'],
  ["we're behind on the mortgage", 'financial'],
  ["it's too big for us now the kids have gone", 'downsizing'],
  ["I'm fed up of being a landlord", 'landlord_exit'],
  ["I can't manage the stairs any more", 'health'],
  ["we're winding up my gran's estate", 'probate'],
  ['work are sending me to Dubai', 'relocation'],
  ["the lender's taking us to court", 'repossession'],
  ["we're separating", 'divorce'],
  ["I can't afford the payments", 'financial'],
  ["it's more house than we need now", 'downsizing'],
  ["I'm selling off my rental portfolio", 'landlord_exit'],
  ['I need somewhere all on one level for my hip', 'health'],
];

function why(g: Gen): { said: string; value: SellingReason } {
  const [said, value] = g.pick(CLAUSES);
  return { said, value };
}

const t = templatesFor('reason');

export const REASON_TEMPLATES: readonly Template[] = [
  t('bare', ['reason'], (g) => {
    const w = why(g);
    return { text: w.said, expected: [reason(w.value)] };
  }),
  t('its-because', ['reason'], (g) => {
    const w = why(g);
    return { text: `It's because ${w.said}.`, expected: [reason(w.value)] };
  }),
  t('passed-executor', ['reason'], (g) => {
    const d = PASSED(g);
    return {
      text: `${capitalise(d.text)} and I'm the executor, so it's down to me.`,
      expected: [reason('probate')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('split-up', ['reason'], (g) => ({
    text: `We've split up, ${g.pick(PARTNER)} moved out at Christmas, so it has to go.`,
    expected: [reason('divorce')],
    mustNotTake: [timelineMisread()],
  })),
  t('why-need-to-know', ['reason'], (g) => {
    const w = why(g);
    return { text: `Why do you need to know that? Oh well, ${w.said}.`, expected: [reason(w.value)] };
  }),
  t('mainly', ['reason'], (g) => {
    const w = why(g);
    return { text: `Mainly because ${w.said}, I suppose.`, expected: [reason(w.value)] };
  }),
  t('two-reasons', ['reason'], () => ({
    text: `Downsizing really. Well, and money's tight, if I'm honest.`,
    expected: [reason('financial', 'downsizing')],
  })),
  t('transfer', ['reason'], (g) => ({
    text: `I've got a transfer to ${g.pick(['Inverness', 'Cardiff', 'Belfast', 'Manchester'])} with the police.`,
    expected: [reason('relocation')],
  })),
  t('bank-letter', ['reason'], () => ({
    text: `I've had a letter from the bank, they're talking about repossessing it.`,
    expected: [reason('repossession')],
  })),
  t('owed-lost-job', ['reason'], (g) => {
    const d = OWED(g);
    return {
      text: `${capitalise(d.text)} and I've lost my job.`,
      expected: [reason('financial')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('section-24', ['reason'], () => ({
    text: `Section 24 killed it for me, landlords get hammered, so I'm selling up.`,
    expected: [reason('landlord_exit')],
  })),
  t('age-stairs', ['reason'], (g) => {
    const d = AGE(g);
    return {
      text: `${capitalise(d.text)} and I can't manage the stairs any more.`,
      expected: [reason('health')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('regional', ['reason'], (g) => {
    const [text, value] = g.pick([
      [`${capitalise(g.pick(MUM))}'s gone, God rest her, and none of us want it.`, 'probate'],
      [`Skint, ${g.pick(PERSON)}, proper skint.`, 'financial'],
      [`Me and ${g.pick(PARTNER)} have gone our separate ways, like.`, 'divorce'],
    ] as const);
    return { text, expected: [reason(value)] };
  }),
  t('left-to-me', ['reason'], (g) => {
    const d = YEARS_THERE(g);
    return {
      text: `It was left to me by ${g.pick(['my uncle', 'my godmother', 'a cousin'])}, ${d.text
        .replace(/^we've had it/, "he'd had it")
        .replace(/^been there/, "he'd been there")
        .replace(/^lived there/, "he'd lived there")}.`,
      expected: [reason('inherited', 'probate')],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('emigrating', ['reason'], (g) => ({
    text: `We're emigrating to ${g.pick(['Australia', 'Canada', 'Spain'])}.`,
    expected: [reason('relocation')],
  })),
  t('ahead-opening', ['opening'], () => ({
    text: `Hi, I'm going through a divorce and need to sell the house.`,
    expected: [reason('divorce')],
  })),
  t('ahead-timeline', ['timeline'], () => ({
    text: `Quick as possible, the bank are after repossessing it.`,
    expected: [reason('repossession')],
  })),
  t('ahead-price', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${sayPrice(g, p, ['k', 'grand'])}, I need to clear some debts.`,
      expected: [reason('financial')],
    };
  }),
  t('ahead-occupancy', ['occupancy'], (g) => ({
    text: `Empty, ${g.pick(['my dad died', 'me dad passed away'])} in January.`,
    expected: [reason('probate', 'inherited')],
  })),
  t('neighbours', ['reason'], () => ({
    text: `The neighbours are a nightmare, we just want out.`,
    expected: [reason('other')],
  })),
  t('kids-gone', ['reason'], (g) => ({
    text: `It's too big for us now ${g.pick(['the kids', 'the bairns', 'our two'])} have flown the nest.`,
    expected: [reason('downsizing')],
  })),
  t('care-home-fees', ['reason'], (g) => ({
    text: `${capitalise(g.pick(MUM))}'s going into a care home and we need to pay for it.`,
    expected: [reason('health', 'financial')],
  })),
  t('buying-business', ['reason'], () => ({
    text: `I want the money out to buy into a business.`,
    expected: [reason('other')],
  })),
  t('executor-aunt', ['reason'], () => ({
    text: `I'm sorting out my aunt's estate, probate's just come through.`,
    expected: [reason('probate')],
  })),
];
