/**
 * Facts taken only from words about that fact: house numbers, postcodes, months behind, service
 * charges, mortgages and past events are not prices or timelines; amounts owed go in the notes.
 */
import { HOT, warm } from './base.js';
import type { CorpusCall } from './types.js';

export const WRONG_WORDS: CorpusCall[] = [
  {
    id: 'house-number-not-price',
    class: 'wrong-words',
    about: 'gives the address 3 Mill Road before the price is asked',
    opening: ['hi i want to sell 3 mill road m14 5rt'],
    ...warm(
      { address: '3 mill road m14 5rt' },
      { postcode: 'M14 5RT', address: '3 Mill Road', neverSays: [/3,000,000/] },
    ),
  },
  {
    id: 'pound-street-worth',
    class: 'wrong-words',
    about: 'says "12 pound street, it’s worth about 150k" in one breath',
    opening: ['hello im selling 12 pound street m20 2rl its worth about 150k'],
    ...warm(
      { name: 'its tom baxter', address: '12 pound street m20 2rl', price: '150k' },
      {
        lead: { name: 'Tom Baxter' },
        postcode: 'M20 2RL',
        address: '12 Pound Street',
        facts: { price: 150_000 },
        ...HOT,
      },
    ),
  },
  {
    id: 'months-behind',
    class: 'wrong-words',
    about: 'says "I’m 4 months behind" as the reason',
    opening: ['hi i need to sell'],
    ...warm(
      { reason: 'im 4 months behind on the mortgage', timeline: 'quick as i can' },
      { facts: { reason: 'financial', timeline: /as soon as possible/i }, notes: [/4 months/i], ...HOT },
    ),
  },
  {
    id: 'service-charge',
    class: 'wrong-words',
    about: 'mentions the flat’s service charge of about £1,800 a year',
    opening: ['hiya selling my flat the service charge is about £1800 a year which is killing me'],
    ...warm(
      { property_type: 'flat', price: 'about 140 thousand' },
      { facts: { property_type: 'flat', price: 140_000, timeline: /6 months/i }, notes: [/1,?800/], ...HOT },
    ),
  },
  {
    id: 'passed-in-summer',
    class: 'wrong-words',
    about: 'says "she passed in the summer", which is not when they want to sell',
    opening: ['hello its about my mums house she passed in the summer'],
    ...warm(
      { reason: 'my mum died', timeline: 'no rush really' },
      {
        facts: { reason: 'probate', timeline: /no rush|no fixed|flexible/i },
        neverSays: [/by summer|selling by/i],
        ...HOT,
      },
    ),
  },
  {
    id: 'last-tenants-empty',
    class: 'wrong-words',
    about: 'says the last tenants weren’t great: the flat is empty',
    opening: ['hi i want to sell a flat i used to let out'],
    ...warm(
      { property_type: 'flat', occupancy: 'its empty the last tenants werent great' },
      { facts: { property_type: 'flat', occupancy: 'vacant' } },
    ),
  },
  {
    id: 'owned-outright',
    class: 'wrong-words',
    about: 'answers who lives there with "no mortgage, we own it outright and we live there"',
    opening: ['hello we want to sell our semi'],
    ...warm(
      { occupancy: 'no mortgage we own it outright and we live there' },
      { facts: { occupancy: 'owner_occupied' } },
    ),
  },
  {
    id: 'mortgage-balance',
    class: 'wrong-words',
    about: 'says what is owed on the mortgage before the price',
    opening: ['hi im looking to sell'],
    ...warm(
      { price: 'well i owe about 90 on the mortgage but id want 320' },
      { facts: { price: 320_000 }, notes: [/mortgage/i] },
    ),
  },
  {
    id: 'ground-rent',
    class: 'wrong-words',
    about: 'mentions the ground rent of 250 a year with the price',
    opening: ['selling my leasehold flat'],
    ...warm(
      { property_type: 'flat', price: 'about 160 the ground rent is 250 a year' },
      { facts: { property_type: 'flat', price: 160_000 }, notes: [/ground rent/i], ...HOT },
    ),
  },
  {
    id: 'flat-number-not-bedrooms',
    class: 'wrong-words',
    about: 'a two bed flat at number 40, said in one go',
    opening: ['hi its a 2 bed flat at number 40 chorlton road m15 4ja'],
    ...warm(
      { property_type: 'flat', bedrooms: 'two', address: '40 chorlton road m15 4ja' },
      { postcode: 'M15 4JA', facts: { property_type: 'flat', bedrooms: 2 } },
    ),
  },
];
