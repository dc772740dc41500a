/**
 * Corrections at any later point replace the fact and are said back; a range is kept whole.
 */
import { HOT, warm } from './base.js';
import type { CorpusCall } from './types.js';

export const CORRECTIONS: CorpusCall[] = [
  {
    id: 'said-three-didnt-i',
    class: 'corrections',
    about: 'takes back the bedrooms two questions later with a tag question: "i said three didnt i"',
    opening: ['hiya looking to sell me semi'],
    ...warm(
      { occupancy: ['hang on i said three beds didnt i its four actually', 'we live there'] },
      { facts: { bedrooms: 4 }, says: [/four bedrooms/i] },
    ),
  },
  {
    id: 'house-number-swapped',
    class: 'corrections',
    about: 'swapped the house number round and says so at the price: "i think i said 42, its 24"',
    opening: ['hi i want to sell my house'],
    ...warm(
      { price: ['oh sorry i think i said 42 its 24 mauldeth road', 'about 320 thousand'] },
      { address: '24 Mauldeth Road', says: [/At 24 Mauldeth Road/] },
    ),
  },
  {
    id: 'forgot-the-loft',
    class: 'corrections',
    about: 'adds a bedroom at the timeline question: "actually four, i forgot the loft room"',
    opening: ['morning im selling my house'],
    ...warm(
      { timeline: ['actually four i forgot the loft room', 'within six months'] },
      { facts: { bedrooms: 4 } },
    ),
  },
  {
    id: 'four-not-three-bedrooms',
    class: 'corrections',
    about: 'corrects the bedrooms a question later: "no I said four bedrooms"',
    opening: ['hi selling my house'],
    ...warm(
      { condition: ['no sorry i said four bedrooms not three', 'its in good condition'] },
      { facts: { bedrooms: 4 }, says: [/4-bed|four bedrooms/i] },
    ),
  },
  {
    id: 'not-three-million',
    class: 'corrections',
    about: 'at 3 Mill Road, says "I’m not asking three million" with the price',
    opening: ['hello i want to sell 3 mill road m14 5rt'],
    ...warm(
      {
        address: '3 mill road m14 5rt',
        price: 'im not asking three million if thats what you think its about 300 thousand',
      },
      { postcode: 'M14 5RT', facts: { price: 300_000 }, ...HOT },
    ),
  },
  {
    id: 'postcode-wrong-later',
    class: 'corrections',
    about: 'corrects the postcode two questions later: "that’s wrong, it’s M14 5AB"',
    opening: ['hi there selling a semi'],
    ...warm(
      { address: '42 mauldeth road m19 1ab', bedrooms: ['sorry thats wrong its m14 5ab not m19', 'three'] },
      { postcode: 'M14 5AB', says: [/M 1 4, 5 A B/] },
    ),
  },
  {
    id: 'flat-not-house',
    class: 'corrections',
    about: 'says a semi, then "sorry it’s actually a flat"',
    opening: ['hello selling my place'],
    ...warm(
      { property_type: 'a semi', bedrooms: ['sorry its actually a flat not a semi', 'three bedrooms'] },
      { facts: { property_type: 'flat' } },
    ),
  },
  {
    id: 'price-range',
    class: 'corrections',
    about: 'gives a price range: between 200 and 220',
    opening: ['hi im selling my semi'],
    ...warm(
      { price: 'somewhere between 200 and 220' },
      { facts: { price: { min: 200_000, max: 220_000 } }, ...HOT },
    ),
  },
  {
    id: 'price-self-repair',
    class: 'corrections',
    about: 'repairs the price mid-sentence: "215 no sorry 250"',
    opening: ['hello selling my house'],
    ...warm({ price: 'about 215 no sorry 250 thousand' }, { facts: { price: 250_000 }, ...HOT }),
  },
  {
    id: 'tenants-moved-out',
    class: 'corrections',
    about: 'says tenanted, then "actually the tenants moved out last month so it’s empty"',
    opening: ['hi i want to sell my rental'],
    ...warm(
      {
        occupancy: 'tenants',
        price: ['oh actually the tenants moved out last month so its empty', 'about 320 thousand'],
      },
      { facts: { occupancy: 'vacant' } },
    ),
  },
];
