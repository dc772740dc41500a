/**
 * Hand-over to a human: on request at any point inside business hours (a callback outside them),
 * for hot enquiries, and messages from callers who are not selling.
 */
import { HOT, warm } from './base.js';
import { offeredCallback, pick } from './steps.js';
import type { CorpusCall } from './types.js';

export const HANDOVER: CorpusCall[] = [
  {
    id: 'real-person-at-once',
    class: 'handover',
    about: 'asks for a real person straight away',
    opening: ['can i speak to a real person please'],
    answers: { name: 'its lisa grant', phone: 'yes', offer: pick(0, 'first one please') },
    expect: {
      lead: {},
      noOpportunity: true,
      handover: (v) => v.open,
      booking: (v) => (v.open ? null : offeredCallback),
    },
  },
  {
    id: 'not-a-robot-mid-call',
    class: 'handover',
    about: 'half way through says "i dont want to talk to a robot"',
    opening: ['hi im selling my house'],
    ...warm(
      {
        condition: 'look i dont want to talk to a robot put me through to someone',
        offer: pick(0, 'the first one'),
      },
      {
        facts: {
          property_type: 'semi-detached',
          bedrooms: 3,
          condition: null,
          occupancy: null,
          price: null,
          timeline: null,
          reason: null,
        },
        outcome: undefined,
        handover: (v) => v.open,
        booking: (v) => (v.open ? null : offeredCallback),
      },
    ),
  },
  {
    id: 'person-during-offer',
    class: 'handover',
    about: 'asks for someone while times are offered',
    opening: ['hello selling my semi'],
    ...warm(
      { offer: ['can i just speak to someone in the office', pick(0, 'ok the first one then')] },
      { handover: (v) => v.open, booking: (v) => (v.open ? null : offeredCallback) },
    ),
  },
  {
    id: 'hot-probate-handed-over',
    class: 'handover',
    about: 'a hot probate seller, handed to the desk inside business hours',
    opening: ['hi i need to sell my late fathers house quickly'],
    ...warm(
      { price: '200 grand', timeline: 'asap', condition: 'needs modernising', reason: 'my dad passed away' },
      {
        facts: {
          price: 200_000,
          timeline: /as soon as possible/i,
          condition: 'needs_modernisation',
          reason: 'probate',
        },
        ...HOT,
      },
    ),
  },
  {
    id: 'estate-agent-message',
    class: 'handover',
    about: 'an estate agent leaving a message',
    opening: ['hi its dave from bridge estates calling about a client'],
    answers: {
      name: 'dave hill',
      message: 'can someone ring me about the listing on mill lane',
      phone: 'yes',
      offer: pick(0, 'first one'),
    },
    expect: {
      lead: { name: 'Dave Hill' },
      noOpportunity: true,
      handover: false,
      notes: [/mill lane/i],
      booking: offeredCallback,
    },
  },
  {
    id: 'wrong-number',
    class: 'handover',
    about: 'a wrong number with no message',
    opening: ['oh sorry i think ive got the wrong number', 'no its fine bye'],
    answers: {},
    expect: { noOpportunity: true, booking: null, handover: false },
  },
  {
    id: 'chasing-offer',
    class: 'handover',
    about: 'a seller chasing the offer made last week',
    opening: ['hiya im chasing the offer you made me last week on my house'],
    answers: {
      name: 'sue barker',
      message: 'just want to know if the offer still stands',
      phone: 'yes',
      offer: pick(0, 'the first one'),
    },
    expect: {
      lead: { name: 'Sue Barker' },
      noOpportunity: true,
      notes: [/offer/i],
      booking: offeredCallback,
    },
  },
];
