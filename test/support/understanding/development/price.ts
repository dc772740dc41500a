/** Development templates: the asking price. */
import { price, templatesFor } from '../define.js';
import { sayBelowHundred } from '../numbers.js';
import { drawPrice, type PriceStyle, sayPrice } from '../prices.js';
import { PERSON, tag, VERY } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE, BOUGHT, NEIGHBOUR, OWED } from './stories.js';

const STYLES: readonly PriceStyle[] = [
  'k',
  'grand',
  'words-grand',
  'words-thousand',
  'full-digits',
  'quid',
  'colloquial',
  'colloquial-k',
];
const HEDGES = [
  'about',
  'around',
  'roughly',
  'in the region of',
  'a shade under',
  'something like',
  'ideally',
];

function say(g: Gen, pounds: number, bare = false): string {
  return sayPrice(g, pounds, bare ? [...STYLES, 'bare-digits', 'bare-words'] : STYLES);
}

/** Two ends of a range, the higher 10k to 50k above the lower. */
function drawRange(g: Gen): [number, number] {
  const low = drawPrice(g);
  return [low, low + g.pick([10, 20, 25, 30, 50]) * 1000];
}

const t = templatesFor('price');

export const PRICE_TEMPLATES: readonly Template[] = [
  t('bare', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: say(g, p, true), expected: [price(p)] };
  }),
  t('looking-to-get', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${g.pick(['Looking to get', "We'd like", "I'm after"])} ${say(g, p)} for it.`,
      expected: [price(p)],
    };
  }),
  t('hedged', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `${g.pick(HEDGES)} ${say(g, p, true)}${tag(g)}.`, expected: [price(p)] };
  }),
  t('want-get', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `I'd want to get ${say(g, p)} for it really.`, expected: [price(p)] };
  }),
  t('range-to', ['price'], (g) => {
    const [a, b] = drawRange(g);
    return {
      text: `${g.pick(['From', 'Anything from', ''])} ${say(g, a, true)} up to ${say(g, b)}.`,
      expected: [price((a + b) / 2)],
    };
  }),
  t('range-hundreds', ['price'], (g) => {
    const h = g.int(1, 4);
    const b = h * 100 + g.pick([25, 50]);
    const text = `${sayBelowHundred(h)} to ${sayBelowHundred(h)} ${sayBelowHundred(b % 100)}`;
    return {
      text: `${g.pick(['', 'Ooh, ', "I'd say "])}${text}${g.pick(['', ' grand', ' thousand'])}.`,
      expected: [price(((h * 100 + b) / 2) * 1000)],
    };
  }),
  t('what-would-you-give', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `What would you give me for it? I was thinking ${say(g, p)}.`, expected: [price(p)] };
  }),
  t('does-that-sound-right', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `Not a clue really. ${say(g, p, true)}? Does that sound about right to you?`,
      expected: [price(p)],
    };
  }),
  t('story-neighbour', ['price'], (g) => {
    const p = drawPrice(g);
    const d = NEIGHBOUR(g);
    return {
      text: `Well ${d.text}, so we were thinking ${say(g, p)}.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('story-bought', ['price'], (g) => {
    const p = drawPrice(g) + 100_000;
    const d = BOUGHT(g);
    return {
      text: `${d.text}, and we'd want ${say(g, p)} now, it's gone up a lot.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('story-charges', ['price'], (g) => {
    const d = OWED(g);
    const p = drawPrice(g);
    return {
      text: `It's a leasehold flat, ${d.text}, and I'm asking ${say(g, p)}.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('correction', ['price'], (g) => {
    const first = drawPrice(g);
    const p = first + g.pick([10, 15, 20, 30]) * 1000;
    return {
      text: `${say(g, first, true)}, no sorry, ${say(g, p, true)}, ${g.pick(["I'm thinking of the other one", 'I got mixed up', 'the wife says'])}.`,
      expected: [price(p)],
      mustNotTake: [{ key: 'price', value: first }],
    };
  }),
  t('agent-said', ['price'], (g) => {
    const agent = drawPrice(g) + 20_000;
    const p = agent - g.pick([10, 15, 20]) * 1000;
    return {
      text: `The estate agent said ${say(g, agent)} but honestly I'd take ${say(g, p)}.`,
      expected: [price(p)],
      mustNotTake: [{ key: 'price', value: agent }],
    };
  }),
  t('near-enough', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${sayPrice(g, p, ['quid', 'pounds', 'words-thousand'])}, near enough.`,
      expected: [price(p)],
    };
  }),
  t('worth', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `I reckon it's worth ${sayPrice(g, p, ['quid', 'grand', 'words-thousand'])} to be honest.`,
      expected: [price(p)],
    };
  }),
  t('million', ['price'], (g) => {
    const p = g.pick([1_250_000, 1_500_000, 1_100_000, 2_000_000, 1_750_000]);
    return {
      text: `${sayPrice(g, p, ['million-words'])}, ${g.pick(["it's a big place", "it's got land with it", 'six acres'])}.`,
      expected: [price(p)],
    };
  }),
  t('lowest', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `The lowest I'd go is ${say(g, p)}.`, expected: [price(p)] };
  }),
  t('tenant-in', ['price'], (g) => {
    const p = drawPrice(g);
    return { text: `With the tenant in, ${g.pick(HEDGES)} ${say(g, p)}.`, expected: [price(p)] };
  }),
  t('regional', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `Ah, ${g.pick(VERY)} hard to say ${g.pick(PERSON)}, but ${say(g, p)} would do us, aye.`,
      expected: [price(p)],
    };
  }),
  t('age', ['price'], (g) => {
    const d = AGE(g);
    const p = drawPrice(g);
    return {
      text: `${d.text}, so ${say(g, p)} and I'm done with it.`,
      expected: [price(p)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('pounds-sign', ['price'], (g) => {
    const p = drawPrice(g);
    return {
      text: `£${p.toLocaleString('en-GB')}${g.pick(['', ' ideally', ' or near offer'])}.`,
      expected: [price(p)],
    };
  }),
  t('ahead-occupancy', ['occupancy', 'condition'], (g) => {
    const p = drawPrice(g);
    return {
      text: `${g.pick(["It's empty", 'Nobody lives there', 'Good nick'])}, and we're after ${say(g, p)} if that helps.`,
      expected: [price(p)],
    };
  }),
  t('ahead-type', ['property_type'], (g) => {
    const p = drawPrice(g);
    return { text: `Terraced, two up two down, and I'm asking ${say(g, p)}.`, expected: [price(p)] };
  }),
  t('ahead-bedrooms', ['bedrooms'], (g) => {
    const p = drawPrice(g);
    return { text: `Three, and I'm thinking ${say(g, p)} for it.`, expected: [price(p)] };
  }),
];
