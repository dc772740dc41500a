/**
 * Held-out templates: the asking price. Never tune the engine on these; read only the figures.
 */
import { price, templatesFor } from '../define.js';
import { sayBelowHundred } from '../numbers.js';
import { drawPrice, type PriceStyle, sayPrice } from '../prices.js';
import { MUM, PERSON, tag } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { ACROSS_ROAD, AGE, CHARGES, PAID } from './stories.js';

const STYLES: readonly PriceStyle[] = [
  'k',
  'grand',
  'words-grand',
  'words-thousand',
  'pounds',
  'colloquial-k',
  'colloquial',
  'full-digits',
];
const HEDGES = ['north of', 'give or take', 'ballpark', 'just shy of', 'somewhere near', 'circa', 'close to'];

function say(g: Gen, pounds: number, bare = false): string {
  return sayPrice(g, pounds, bare ? [...STYLES, 'bare-words', 'bare-digits'] : STYLES);
}

function drawRange(g: Gen): [number, number] {
  const low = drawPrice(g);
  return [low, low + g.pick([10, 15, 20, 40, 50]) * 1000];
}

const t = templatesFor('price');

export const PRICE_TEMPLATES: readonly Template[] = [
  t('bare', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `${say(g, p, true)}${g.pick(['', '.', ' I think', ' really'])}`, expected: [price(p)] };
  }),
  t('hoping', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${g.pick(["We're hoping for", "We're hoping to get", "I'm hoping for"])} ${say(g, p)}.`,
      expected: [price(p)],
    };
  }),
  t('hedged', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `${g.pick(HEDGES)} ${say(g, p, true)}${tag(g)}.`, expected: [price(p)] };
  }),
  t('happy-with', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `I'd be happy with ${say(g, p)}, ${g.pick(['nothing silly', "I'm not greedy", 'that would clear everything'])}.`,
      expected: [price(p)],
    };
  }),
  t('range-between', ['price'], (g) => {
    const [a, b] = drawRange(g);
    return { text: `Somewhere between ${say(g, a, true)} and ${say(g, b)}.`, expected: [price((a + b) / 2)] };
  }),
  t('range-colloquial', ['price'], (g) => {
    const h = g.int(2, 4);
    const low = h * 100 - g.pick([20, 25, 50]);
    const text = `${sayBelowHundred(Math.floor(low / 100))} ${sayBelowHundred(low % 100)} to ${sayBelowHundred(h)}`;
    return {
      text: `Anywhere from ${text}${g.pick(['', ' hundred', ' hundred grand'])}.`,
      expected: [price(((low + h * 100) / 2) * 1000)],
    };
  }),
  t('what-do-you-pay', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `Well what do you lot normally pay? We'd want ${say(g, p)}.`, expected: [price(p)] };
  }),
  t('is-that-realistic', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${say(g, p, true)}, is that realistic? I've no idea what they go for.`,
      expected: [price(p)],
    };
  }),
  t('story-across-road', ['price'], (g) => {
    const d = ACROSS_ROAD(g);
    const p = drawPrice(g);
    return {
      text: `${d.text}, and ours is bigger, so ${say(g, p)}.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('story-paid', ['price'], (g) => {
    const d = PAID(g);
    const p = drawPrice(g) + 130_000;
    return {
      text: `Well ${d.text}, so anything over ${say(g, p)} and I'm happy.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('story-owed', ['price'], (g) => {
    const p = drawPrice(g) + 150_000;
    const d = CHARGES(g);
    return {
      text: `${d.text}, so I'd need ${say(g, p)} at least.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('correction', ['price'], (g) => {
    const first = drawPrice(g);
    const p = first + g.pick([5, 10, 25, 40]) * 1000;
    return {
      text: `${say(g, first, true)}. Actually, no, make that ${say(g, p, true)}.`,
      expected: [price(p)],
      mustNotTake: [{ key: 'price', value: first }],
    };
  }),
  t('website-said', ['price'], (g) => {
    const online = drawPrice(g) + 30_000;
    const p = online - g.pick([15, 20, 30]) * 1000;
    return {
      text: `${g.pick(['Zoopla', 'One of them websites', 'The valuation'])} says ${say(g, online)} but I'd settle for ${say(g, p)}.`,
      expected: [price(p)],
      mustNotTake: [{ key: 'price', value: online }],
    };
  }),
  t('unsure', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `I don't really know, maybe ${say(g, p)}? What are they going for round here?`,
      expected: [price(p)],
    };
  }),
  t('millions', ['price'], (g) => {
    const p = g.pick([1_200_000, 1_250_000, 1_400_000, 2_500_000, 1_050_000]);
    return {
      text: `We're thinking ${sayPrice(g, p, ['million-digits', 'million-words'])}, ${g.pick(["it's on a big plot", 'it has a paddock', 'there are two cottages with it'])}.`,
      expected: [price(p)],
    };
  }),
  t('fraction', ['price'], (g) => {
    const p = g.pick([250_000, 500_000, 750_000]);
    return {
      text: `${g.pick(['Oh, ', '', 'Around '])}${sayPrice(g, p, ['fraction'])}${g.pick(['', ' I suppose', ', I was told'])}.`,
      expected: [price(p)],
    };
  }),
  t('not-less-than', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `I won't take less than ${say(g, p)}, I know what it's worth.`, expected: [price(p)] };
  }),
  t('ono', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${say(g, p)} ${g.pick(['or near offer', 'ono', 'or thereabouts', 'or best offer'])}.`,
      expected: [price(p)],
    };
  }),
  t('regional', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: g.pick([
        `Och, I'd want ${say(g, p)} for it, ${g.pick(PERSON)}.`,
        `${say(g, p)}, tidy house like, it's worth that mun.`,
        `${say(g, p)} and not a penny less, our kid says.`,
      ]),
      expected: [price(p)],
    };
  }),
  t('age', ['price'], (g) => {
    const p = drawPrice(g);
    const d = AGE(g);
    return {
      text: `Well ${d.text} and I just want it sorted, ${say(g, p)} would be fine.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('ahead-condition', ['condition', 'occupancy'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${g.pick(["It's tidy", 'Needs a bit doing', 'Tenant in'])}, we want ${say(g, p)} for it mind.`,
      expected: [price(p)],
    };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const p = drawPrice(g);
    return { text: `Hiya, I've got a house to sell, hoping for ${say(g, p)}.`, expected: [price(p)] };
  }),
  t('ahead-opening-mums', ['opening'], (g) => {
    const p = drawPrice(g);
    return {
      text: `Hi, I want to sell ${g.pick(MUM)}'s house, I'm looking for ${g.pick(HEDGES)} ${say(g, p)}.`,
      expected: [price(p)],
    };
  }),
  t('offers-over', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `Offers over ${say(g, p)}, like the agents put it.`, expected: [price(p)] };
  }),
];
