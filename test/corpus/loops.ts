/**
 * Plain colloquial answers the agent must take first time, and callers it must not go round in
 * circles with: no reply three times in a row, no question more than twice in a row.
 */
import { HOT, warm } from './base.js';
import { hotBooking, hotHandover, offeredVisit, pick } from './steps.js';
import type { CorpusCall } from './types.js';

export const LOOPS: CorpusCall[] = [
  {
    id: 'quick-as-possible',
    class: 'loops',
    about: 'answers the timeline with "quick as possible"',
    opening: ['hi yeah selling my house'],
    ...warm(
      { timeline: 'quick as possible' },
      // Selling as soon as possible lifts the warm profile into a hot enquiry.
      { facts: { timeline: /as soon as possible/i }, askedAtMost: { timeline: 1 }, ...HOT },
    ),
  },
  {
    id: 'within-the-year',
    class: 'loops',
    about: 'answers the timeline with "within the year"',
    opening: ['hello i want to sell my semi'],
    ...warm(
      { timeline: 'um within the year' },
      {
        facts: { timeline: /within (a|the|1|one) year|12 months/i },
        askedAtMost: { timeline: 1 },
        neverSays: [/next year/i],
      },
    ),
  },
  {
    id: 'good-its-fine',
    class: 'loops',
    about: 'answers the condition with "good, it’s fine"',
    opening: ['hiya looking to sell'],
    ...warm({ condition: 'good its fine' }, { facts: { condition: 'good' }, askedAtMost: { condition: 1 } }),
  },
  {
    id: 'price-with-tenant-in',
    class: 'loops',
    about: 'answers the price with "about 240 with the tenant in"',
    opening: ['hello i want to sell a house i let out'],
    ...warm(
      { occupancy: 'its let yeah', price: 'about 240 with the tenant in', reason: 'tired landlord' },
      {
        facts: { occupancy: 'tenanted', price: 240_000, reason: 'landlord_exit' },
        outcome: 'hot',
        handover: hotHandover,
        booking: hotBooking,
        askedAtMost: { price: 1 },
      },
    ),
  },
  {
    id: 'yes-to-a-choice',
    class: 'loops',
    about: 'says "yes that’s fine" to a choice of two times, then picks when asked which',
    opening: ['hi there selling my house'],
    ...warm({ offer: ['yes thats fine', pick(0, 'oh the first one sorry')] }, { booking: offeredVisit }),
  },
  {
    id: 'yes-to-a-choice-stubborn',
    class: 'loops',
    about: 'keeps saying "yes that’s fine" to a choice of two times',
    opening: ['hello about selling my house'],
    ...warm(
      { offer: 'yes thats fine' },
      { booking: (v) => ({ kind: v.open ? 'viewing' : 'callback', when: 'any' }) },
    ),
  },
  {
    id: 'mumbles-one-question',
    class: 'loops',
    about: 'cannot answer the bedrooms question in any way the agent understands',
    opening: ['hi im selling my house'],
    ...warm(
      {
        bedrooms: [
          'well its hard to say really',
          'depends how you count them',
          'erm the box room is tiny',
          'i dont know',
        ],
      },
      { facts: { bedrooms: null }, askedAtMost: { bedrooms: 2 }, outcome: 'warm' },
    ),
  },
  {
    id: 'off-topic-questions',
    class: 'loops',
    about: 'asks "are you a robot" and "who am i speaking to" before answering',
    opening: ['hello are you a robot', 'who am i speaking to', 'ok fine yeah im selling my house'],
    ...warm({}, { says: [/virtual assistant/i], askedAtMost: { name: 2 } }),
  },
  {
    id: 'silent-caller',
    class: 'loops',
    about: 'says nothing at all after the greeting',
    opening: ['', '', '', '', ''],
    answers: {},
    expect: { lead: {}, noOpportunity: true, booking: null, handover: false },
  },
];
