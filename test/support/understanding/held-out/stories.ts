/**
 * Held-out distractors. Never tune the engine on these; read only the figures.
 * Numbers and dates in a seller's story that are not the fact asked.
 */
import { sayNumber } from '../numbers.js';
import { drawPrice, sayPrice } from '../prices.js';
import { AGO, DAD, NAN } from '../regional.js';
import { type DistractorMaker, numberMisreads, timelineMisread } from '../stories.js';
import { weeks } from '../timelines.js';

export const AGE: DistractorMaker = (g) => {
  const age = g.int(58, 93);
  const said = g.chance(0.5) ? String(age) : sayNumber(age);
  const who = g.pick(["I'm", `${g.pick(DAD)}'s`, `${g.pick(NAN)}'s`, "she's"]);
  return {
    text: `${who} ${said}${g.pick([' next month', '', ' in June', ' and not getting any younger'])}`,
    misreads: numberMisreads(age),
  };
};

export const SINCE_YEAR: DistractorMaker = (g) => {
  const year = g.pick([1979, 1985, 1988, 1994, 2001]);
  return {
    text: g.pick([
      `we've had it since ${year}`,
      `been there since ${year}`,
      `lived there since about ${year}`,
    ]),
    misreads: [{ key: 'price', value: year }, { key: 'price', value: year * 1000 }, timelineMisread()],
  };
};

export const PAST_JOBS: DistractorMaker = (g) =>
  g.pick([
    { text: `new windows went in ${g.pick(AGO)}`, misreads: [timelineMisread()] },
    { text: `the bathroom was done ${g.pick(AGO)}`, misreads: [timelineMisread()] },
    { text: 'we put a new roof on it in 2016', misreads: [timelineMisread(), { key: 'price', value: 2016 }] },
    { text: `had the damp sorted ${g.pick(AGO)}`, misreads: [timelineMisread()] },
  ]);

export const ACROSS_ROAD: DistractorMaker = (g) => {
  const pounds = drawPrice(g);
  return {
    text: `${g.pick(['one over the road', 'the one across from us', 'a similar one round the corner'])} ${g.pick(['sold for', 'got'])} ${sayPrice(g, pounds, ['k', 'grand', 'colloquial', 'words-thousand'])}`,
    misreads: [{ key: 'price', value: pounds }],
  };
};

export const PAID: DistractorMaker = (g) => {
  const paid = g.pick([38, 52, 68, 80, 125]);
  return {
    text: g.pick([
      `we only paid ${paid} grand for it`,
      `paid ${sayNumber(paid)} thousand for it in the nineties`,
    ]),
    misreads: [{ key: 'price', value: paid * 1000 }],
  };
};

export const CARE_HOME: DistractorMaker = (g) => ({
  text: `${g.pick(NAN)} went into the home in ${g.pick(['january', 'the new year', 'september', 'december'])}`,
  misreads: [timelineMisread()],
});

export const VACANT_SINCE: DistractorMaker = (g) => ({
  text: g.pick([
    'nobody has lived in it since christmas',
    "it's stood empty since november",
    'been vacant since the autumn',
  ]),
  misreads: [timelineMisread(weeks(30, 40))],
});

export const CHARGES: DistractorMaker = (g) => {
  const charge = g.pick([150, 250, 1200, 1800]);
  return {
    text: g.pick([`the ground rent's ${charge} a year`, `service charge is ${charge} quid a year`]),
    misreads: [
      { key: 'price', value: charge },
      { key: 'price', value: charge * 1000 },
    ],
  };
};

export const PETS: DistractorMaker = (g) => {
  const pets = g.int(2, 4);
  return {
    text: g.pick([
      `we've ${sayNumber(pets)} dogs`,
      `what with the ${sayNumber(pets)} cats`,
      `${pets} cars on the drive`,
    ]),
    misreads: [{ key: 'bedrooms', value: pets }],
  };
};

export const MORTGAGE_TERM: DistractorMaker = (g) => {
  const years = g.pick([8, 12, 15]);
  return {
    text: g.pick([
      `there's ${years} years left on the mortgage`,
      `the fix ends in ${sayNumber(years)} month`,
    ]),
    misreads: [timelineMisread(), ...numberMisreads(years)],
  };
};

export const SIZE: DistractorMaker = (g) => {
  const metres = g.pick([70, 85, 95, 110]);
  return {
    text: g.pick([`it's about ${metres} square metres`, `the garden's ${sayNumber(metres)} foot long`]),
    misreads: numberMisreads(metres),
  };
};
