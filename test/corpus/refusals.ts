/**
 * Refusals and "don't know", for any question: nothing stored, a short acknowledgement, never
 * asked again in that call, and no "sorry, I didn't catch that".
 */
import { HOT, warm } from './base.js';
import type { CorpusCall } from './types.js';

const NOT_CAUGHT = /didn.t catch/i;

export const REFUSALS: CorpusCall[] = [
  {
    id: 'refuses-price',
    class: 'refusals',
    about: 'would rather not say a price',
    opening: ['hi im thinking of selling'],
    ...warm(
      { price: 'id rather not say' },
      { facts: { price: null }, askedAtMost: { price: 1 }, neverSays: [NOT_CAUGHT] },
    ),
  },
  {
    id: 'price-offer-first',
    class: 'refusals',
    about: 'would rather hear what the buyer would offer first',
    opening: ['hello selling my house'],
    ...warm(
      { price: 'id rather hear what youd offer first' },
      { facts: { price: null }, askedAtMost: { price: 1 }, neverSays: [NOT_CAUGHT] },
    ),
  },
  {
    id: 'reason-personal',
    class: 'refusals',
    about: 'says the reason is personal',
    opening: ['hiya i need to sell my house'],
    ...warm(
      { reason: 'thats personal' }, // A refused reason is unknown and earns half: this enquiry scores hot.
      { facts: { reason: null }, askedAtMost: { reason: 1 }, neverSays: [NOT_CAUGHT], ...HOT },
    ),
  },
  {
    id: 'timeline-dont-know',
    class: 'refusals',
    about: 'does not know how soon',
    opening: ['hello um i might sell my house'],
    ...warm(
      { timeline: 'honestly i dont know yet' },
      { facts: { timeline: null }, askedAtMost: { timeline: 1 }, neverSays: [NOT_CAUGHT] },
    ),
  },
  {
    id: 'bedrooms-not-sure',
    class: 'refusals',
    about: 'is not sure how many bedrooms (an inherited house never visited)',
    opening: ['hi i inherited a house and want to sell it'],
    ...warm(
      { bedrooms: 'im not sure to be honest ive never been inside', reason: 'i inherited it' },
      {
        facts: { bedrooms: null, reason: 'inherited' },
        askedAtMost: { bedrooms: 1 },
        neverSays: [NOT_CAUGHT],
        ...HOT,
      },
    ),
  },
  {
    id: 'occupancy-why',
    class: 'refusals',
    about: 'asks why they need to know who lives there, and will not say',
    opening: ['hello im selling a house'],
    ...warm(
      { occupancy: 'why do you need to know that id rather not say' },
      { facts: { occupancy: null }, askedAtMost: { occupancy: 1 }, neverSays: [NOT_CAUGHT] },
    ),
  },
  {
    id: 'refuses-name',
    class: 'refusals',
    about: 'will not give a name',
    opening: ['hi selling a flat'],
    ...warm(
      { name: 'id rather not give my name', property_type: 'flat' },
      { lead: {}, facts: { property_type: 'flat' }, askedAtMost: { name: 1 }, neverSays: [NOT_CAUGHT] },
    ),
  },
  {
    id: 'refuses-everything',
    class: 'refusals',
    about: 'gives a postcode and refuses every other question',
    opening: ['i want to sell but im not answering loads of questions'],
    answers: {
      name: 'no',
      address: 'its in m14 5ab thats all youre getting',
      property_type: 'not saying',
      bedrooms: 'not saying',
      condition: 'not telling you that',
      occupancy: 'none of your business',
      price: 'id rather not say',
      timeline: 'not saying',
      reason: 'thats private',
      phone: 'yes',
      offer: 'no thanks',
      when: 'no',
    },
    expect: {
      postcode: 'M14 5AB',
      facts: { property_type: null, bedrooms: null, price: null, reason: null },
      neverSays: [NOT_CAUGHT],
      askedAtMost: {
        property_type: 1,
        bedrooms: 1,
        condition: 1,
        occupancy: 1,
        price: 1,
        timeline: 1,
        reason: 1,
      },
    },
  },
];
