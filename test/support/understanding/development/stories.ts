/** Development distractors: numbers and dates in a seller's story that are not the fact asked. */

import { sayNumber } from '../numbers.js';
import { drawPrice, sayPrice } from '../prices.js';
import { AGO, MUM, NAN } from '../regional.js';
import { type DistractorMaker, numberMisreads, timelineMisread } from '../stories.js';
import { weeks } from '../timelines.js';

export const AGE: DistractorMaker = (g) => {
  const age = g.int(61, 88);
  const said = g.chance(0.5) ? String(age) : sayNumber(age);
  return {
    text: g.pick([`I'm ${said} now`, `I'm ${said} this year`, `I'm ${said}, so`]),
    misreads: numberMisreads(age),
  };
};

export const YEARS_THERE: DistractorMaker = (g) => {
  const years = g.int(12, 40);
  const said = g.chance(0.5) ? String(years) : sayNumber(years);
  return {
    text: g.pick([`we've been there ${said} years`, `been in it ${said} year`, `lived there ${said} years`]),
    misreads: [...numberMisreads(years), timelineMisread(weeks(years * 52 - 20, years * 52 + 20))],
  };
};

export const PAST_WORK: DistractorMaker = (g) =>
  g.pick([
    { text: `we done the kitchen ${g.pick(AGO)}`, misreads: [timelineMisread()] },
    { text: `had a new boiler put in ${g.pick(AGO)}`, misreads: [timelineMisread()] },
    { text: 'the roof was redone in 2019', misreads: [timelineMisread(), { key: 'price', value: 2019 }] },
    { text: 'we had it rewired about ten year ago', misreads: [timelineMisread(), ...numberMisreads(10)] },
  ]);

export const NEIGHBOUR: DistractorMaker = (g) => {
  const pounds = drawPrice(g);
  return {
    text: `${g.pick(['the house next door', 'the one next door', 'next door but one'])} went for ${sayPrice(g, pounds, ['k', 'grand', 'bare-digits', 'colloquial'])} ${g.pick(['last year', 'in the summer', 'a few month back'])}`,
    misreads: [{ key: 'price', value: pounds }],
  };
};

export const BOUGHT: DistractorMaker = (g) => {
  const paid = g.pick([45, 60, 72, 85, 95, 110]);
  const year = g.pick([1998, 2002, 2004, 2007]);
  return {
    text: `we bought it back in ${year} for ${g.chance(0.5) ? `${paid} grand` : `${sayNumber(paid)} thousand`}`,
    misreads: [{ key: 'price', value: paid * 1000 }, { key: 'price', value: year }, timelineMisread()],
  };
};

export const PASSED: DistractorMaker = (g) => {
  const month = g.pick(['march', 'january', 'the summer', 'february', 'november']);
  return {
    text: `${g.pick([...MUM, ...NAN])} passed in ${month}`,
    misreads: [timelineMisread()],
  };
};

export const EMPTY_SINCE: DistractorMaker = (g) => ({
  text: g.pick([
    'it has been empty since october',
    "it's been empty since last october",
    'empty since the back end of october',
  ]),
  misreads: [timelineMisread(weeks(24, 32))],
});

export const OWED: DistractorMaker = (g) => {
  const owed = g.pick([40, 55, 70, 90, 120]);
  return {
    text: g.pick([`there's about ${owed} grand left on the mortgage`, `we owe ${owed}k on it`]),
    misreads: [{ key: 'price', value: owed * 1000 }],
  };
};

export const KIDS: DistractorMaker = (g) => {
  const kids = g.int(2, 5);
  return {
    text: g.pick([
      `we've got ${sayNumber(kids)} kids`,
      `there's ${kids} of us`,
      `with ${sayNumber(kids)} grandkids running about`,
    ]),
    misreads: [{ key: 'bedrooms', value: kids }],
  };
};

export const ON_MARKET: DistractorMaker = (g) => {
  const months = g.pick([3, 6, 8, 9]);
  return {
    text: g.pick([
      `it was on with an estate agent for ${sayNumber(months)} months`,
      `it's been on Rightmove ${months} month with no joy`,
    ]),
    misreads: [timelineMisread(weeks(months * 4, months * 5)), ...numberMisreads(months)],
  };
};
