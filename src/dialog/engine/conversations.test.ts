/**
 * Scripted calls: a good call from greeting to booking, slots learnt in any order and several at
 * once, read-backs and corrections, returning callers and withheld numbers.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { CALLER } from '../../../test/support/dialog/fixtures.js';
import { runScript, type Script, type Step } from '../../../test/support/dialog/script.js';
import { HOT_SELLER, sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';

const NEW_NUMBER = '+447911123456';

const GOOD_CALLS: Script[] = [
  {
    name: 'a warm seller answers every question and books the first viewing offered',
    steps: [...sellerSteps(WARM_SELLER), 'the first one'],
    expect: {
      replies: {
        0: /virtual assistant.*How can I help\?$/,
        1: /Could I take your name/,
        2: /Thanks, Sarah\. What's the address/,
        3: /Just to check, is the postcode M 1 4, 5 A B\?/,
        12: /We would like to come and see the property\. Would today at midday or today at 2pm suit you for a viewing\?/,
        13: /booked a viewing for today at midday.*Goodbye\.$/,
      },
      lead: { name: 'Sarah Jones', phone: CALLER },
      opportunity: {
        outcome: 'warm',
        score: 66,
        postcode: 'M14 5AB',
        address: '12 Acacia Avenue',
        facts: {
          property_type: 'semi-detached',
          bedrooms: 3,
          condition: 'good',
          occupancy: 'owner_occupied',
          asking_price: 320_000,
          timeline: 'flexible, no fixed date',
          reason: 'downsizing',
        },
      },
      booking: { kind: 'viewing', start: '2025-04-03T12:00' },
      transfer: null,
      end: 'completed',
      // The lead as soon as the name is known; the opportunity once postcode, type and condition are.
      turnEffects: { 2: ['capture_lead'], 6: [], 7: ['score_opportunity'], 13: ['book', 'end'] },
    },
  },
  {
    name: 'several slots in one utterance: "a three bed semi in M14 5AB"',
    steps: ["it's a three bed semi in M14 5AB", 'yes', 'Sarah Jones'],
    expect: {
      replies: {
        1: /A 3-bed semi-detached, got it\. Just to check, is the postcode M 1 4, 5 A B\?/,
        2: /^Great\. Could I take your name/,
        3: /Thanks, Sarah\. And what's the house number and street\?/,
      },
      never: [/What type of property/, /How many bedrooms/],
      state: (s) => {
        expect(s.answers.property_type?.value).toBe('semi-detached');
        expect(s.answers.bedrooms?.value).toBe(3);
        expect(s.answers.postcode).toEqual({ value: 'M14 5AB', confirmed: true, readBack: false });
      },
      end: null,
    },
  },
  {
    name: 'everything at once, then only the missing questions are asked',
    steps: [
      "I'm John Smith, I want to sell a two bed terraced at 5 Mill Lane M15 6BD, it needs a full renovation and it's empty, I want 150k as soon as possible because of probate",
      'yes',
      'yes',
      'the second one',
    ],
    config: (c) => {
      c.transfer.when_hot = false;
    },
    expect: {
      replies: { 2: /Is the number you are calling from the best one/, 3: /viewing/ },
      never: [/name, please/, /What type/, /How many bedrooms/, /condition/, /price are you hoping/],
      lead: { name: 'John Smith', phone: CALLER },
      opportunity: {
        outcome: 'hot',
        score: 100,
        postcode: 'M15 6BD',
        address: '5 Mill Lane',
        facts: {
          property_type: 'terraced',
          bedrooms: 2,
          condition: 'needs_full_renovation',
          occupancy: 'vacant',
        },
      },
      booking: { kind: 'viewing', start: '2025-04-03T14:00' },
      end: 'completed',
    },
  },
  {
    name: 'answers out of order: price and reason before anything is asked',
    steps: ["we're relocating for work and hoping for about £250,000", 'Priya Patel', 'M20 2AB', 'yes'],
    expect: {
      replies: { 1: /£250,000, relocating, got it\. Could I take your name/ },
      never: [/price are you hoping/, /reason for selling/],
      state: (s) => {
        expect(s.answers.price?.value).toBe(250_000);
        expect(s.answers.reason?.value).toBe('relocation');
        expect(s.answers.name?.value).toBe('Priya Patel');
      },
      end: null,
    },
  },
  {
    name: 'a spoken postcode "em fourteen five ay bee" is read back character by character',
    steps: ['I want to sell', 'Sarah Jones', 'em fourteen five ay bee', 'yes'],
    expect: {
      replies: {
        3: /is the postcode M 1 4, 5 A B\?/,
        4: /^Great\. And what's the house number and street\?/,
      },
      state: (s) => expect(s.answers.postcode?.value).toBe('M14 5AB'),
    },
  },
  {
    name: 'a postcode read back and refused is asked again, then taken',
    steps: ['I want to sell', 'Sarah Jones', 'M14 5AB', 'no', 'M15 6BD', 'yes'],
    expect: {
      replies: {
        4: /Sorry about that\. Could you tell me the postcode of the property\?/,
        5: /is the postcode M 1 5, 6 B D\?/,
      },
      state: (s) =>
        expect(s.answers.postcode).toEqual({ value: 'M15 6BD', confirmed: true, readBack: false }),
    },
  },
  {
    name: 'a postcode corrected in answer to the read-back: "no, it\'s M15 6BD"',
    steps: ['I want to sell', 'Sarah Jones', 'M14 5AB', "no, it's M15 6BD", 'yes'],
    expect: {
      replies: { 4: /is the postcode M 1 5, 6 B D\?/ },
      state: (s) => expect(s.answers.postcode?.value).toBe('M15 6BD'),
    },
  },
  {
    name: 'a postcode corrected later: "actually the postcode is M15 6BD"',
    steps: [
      ...sellerSteps(HOT_SELLER).slice(0, 6),
      'actually the postcode is M15 6BD',
      'yes',
      'needs a bit of work',
    ],
    expect: {
      replies: { 7: /is the postcode M 1 5, 6 B D\?/, 8: /What condition/ },
      opportunity: { postcode: 'M15 6BD' },
    },
  },
  {
    name: 'a correction of an implicit read-back: "no, it\'s four bedrooms"',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 6), "no, it's four bedrooms"],
    expect: {
      replies: {
        6: /A 3-bed semi-detached, got it/,
        7: /Sorry about that\. Four bedrooms, got it\. What condition/,
      },
      state: (s) => expect(s.answers.bedrooms?.value).toBe(4),
    },
  },
  {
    name: 'a bare "no" to an implicit read-back asks that question again',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 6), 'no', 'four'],
    expect: {
      replies: {
        7: /Sorry about that\. How many bedrooms does it have\?/,
        8: /Four bedrooms, got it\. What condition/,
      },
      state: (s) => expect(s.answers.bedrooms?.value).toBe(4),
    },
  },
  {
    name: 'a correction long after: the opportunity is re-scored with the new facts',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 10), "sorry, it's actually a flat"],
    expect: {
      opportunity: { outcome: 'disqualified', facts: { property_type: 'flat' } },
      state: (s) => expect(s.answers.property_type?.value).toBe('flat'),
    },
  },
  {
    name: 'the price said in words is taken as said',
    steps: [
      'I want to sell',
      'Sarah Jones',
      'M14 5AB',
      'yes',
      '',
      'semi',
      'three',
      'good',
      'empty',
      'two hundred and fifty thousand',
    ],
    expect: {
      replies: { 10: /£250,000, got it/ },
      state: (s) => expect(s.answers.price?.value).toBe(250_000),
    },
  },
  {
    name: 'a doubtful price ("two fifty") is read back and confirmed',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 8), 'two fifty', 'yes'],
    expect: {
      replies: { 9: /Just to check, was that £250,000\?/, 10: /^Great\. How soon/ },
      state: (s) => expect(s.answers.price).toEqual({ value: 250_000, confirmed: true, readBack: false }),
    },
  },
  {
    name: 'a district alone is kept and the full postcode asked for',
    steps: ['I want to sell', 'Sarah Jones', "it's in M14", 'M14 5AB', 'yes'],
    expect: {
      replies: {
        3: /In M14, got it\. Could you tell me the postcode of the property\? For example, M14 5AB\./,
        4: /is the postcode M 1 4, 5 A B\?/,
      },
      state: (s) => expect(s.answers.postcode?.value).toBe('M14 5AB'),
    },
  },
  {
    name: '"no" to "is anyone living there?" means empty; "just me" means the owner',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 7), 'no'],
    expect: {
      replies: { 8: /Empty at the moment, got it/ },
      state: (s) => expect(s.answers.occupancy?.value).toBe('vacant'),
    },
  },
  {
    name: '"just me" to "is anyone living there?" means owner-occupied',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 7), 'just me'],
    expect: { state: (s) => expect(s.answers.occupancy?.value).toBe('owner_occupied') },
  },
  {
    name: 'a better number than caller ID is read back and used for the lead',
    steps: [...sellerSteps(WARM_SELLER).slice(0, 11), 'no, call me on 07911 123456', 'yes', 'the first one'],
    expect: {
      replies: { 12: /is the best number 0 7 9 1 1, 1 2 3 4 5 6\?/ },
      lead: { name: 'Sarah Jones', phone: NEW_NUMBER },
      // The new number waits for the yes before the lead is updated.
      turnEffects: { 12: [], 13: ['capture_lead'] },
      booking: { kind: 'viewing', start: '2025-04-03T12:00' },
    },
  },
  {
    name: '"no" to caller ID asks for the number, then reads it back',
    steps: [
      ...sellerSteps(WARM_SELLER).slice(0, 11),
      'no',
      'oh seven nine one one one two three four five six',
      'yes',
    ],
    expect: {
      replies: {
        12: /No problem\. What is the best number to call you back on\?/,
        13: /0 7 9 1 1, 1 2 3 4 5 6/,
      },
      lead: { name: 'Sarah Jones', phone: NEW_NUMBER },
    },
  },
  {
    name: 'a returning caller is greeted without their name, asked it, and kept on their lead',
    steps: [...sellerSteps(WARM_SELLER), 'the second one'],
    ctx: { returningLead: { id: 'lead_1', name: 'Sarah Jones' } },
    expect: {
      replies: {
        0: /^Hello, welcome back to Northern Homebuyers\. I'm Alex, a virtual assistant\. How can I help today\?$/,
        1: /Could I take your name/,
        2: /^Thanks, Sarah\. What's the address/,
      },
      // Nothing is captured on the number alone: the call is linked to the lead when it starts.
      turnEffects: { 0: [], 1: [], 2: ['capture_lead'] },
      lead: { name: 'Sarah Jones', phone: CALLER },
      transfer: null,
      booking: { kind: 'viewing', start: '2025-04-03T14:00' },
      state: (s) => expect(s.returningLeadId).toBe('lead_1'),
    },
  },
  {
    name: 'a returning caller who says the first name of the lead gets its full name, without a read-back',
    steps: ['I want to sell', { kind: 'speech', text: 'sarah', confidence: 0.3 }],
    ctx: { returningLead: { id: 'lead_1', name: 'Sarah Jones' } },
    expect: {
      replies: { 2: /^Thanks, Sarah\. What's the address/ },
      never: [/Just to check, is your name/],
      lead: { name: 'Sarah Jones', phone: CALLER },
    },
  },
  {
    name: 'a returning caller who gives another name is never told the lead’s',
    steps: ['I want to sell', 'John Smith', '12 Acacia Avenue, M14 5AB', 'yes'],
    ctx: { returningLead: { id: 'lead_1', name: 'Sarah Jones' } },
    expect: {
      replies: { 2: /^Thanks, John\. What's the address/ },
      never: [/Sarah/, /Jones/],
      // The call's name goes to the service, which adds it to the lead's note, never its name.
      lead: { name: 'John Smith', phone: CALLER },
      state: (s) => expect(s.answers.name?.value).toBe('John Smith'),
    },
  },
  {
    name: 'a withheld number is asked for outright, and the lead waits for it',
    steps: [...sellerSteps(WARM_SELLER).slice(0, 11), '07911 123456', 'yes', 'the first one'],
    ctx: { callerNumber: '' },
    expect: {
      replies: { 11: /What is the best number to call you back on\?$/ },
      never: [/number you are calling from/],
      turnEffects: { 2: [], 13: ['capture_lead'] },
      lead: { name: 'Sarah Jones', phone: NEW_NUMBER },
      booking: { kind: 'viewing', start: '2025-04-03T12:00' },
    },
  },
  {
    name: 'a name given up front in the greeting reply is not asked for again',
    steps: ["hello, my name is Tom Baker and I'd like to sell my bungalow"],
    expect: {
      replies: { 1: /^Thanks, Tom\. A bungalow, got it\. What's the address/ },
      lead: { name: 'Tom Baker', phone: CALLER },
    },
  },
  {
    name: 'a name heard with low recognition confidence is read back; "no" asks again',
    steps: ['I want to sell', { kind: 'speech', text: 'Sara Jonas', confidence: 0.3 }, 'no', 'Sarah Jones'],
    expect: {
      replies: {
        2: /^Just to check, is your name Sara Jonas\?$/,
        3: /^Sorry about that\. What name should I put down\?$/,
        4: /^Thanks, Sarah\. What's the address/,
      },
      lead: { name: 'Sarah Jones', phone: CALLER },
      // The doubtful name never reached the lead.
      turnEffects: { 2: [], 3: [], 4: ['capture_lead'] },
    },
  },
  {
    name: '"that\'s all I know" alongside an answer does not end the call',
    steps: ['I want to sell', 'Sarah Jones', "it's a semi, that's all I know"],
    expect: { replies: { 3: /A semi-detached, got it\./ }, end: null },
  },
  {
    name: "configured questions are filled in with the business and the caller's name",
    config: (c) => {
      c.questions = c.questions.map((q) =>
        q.slot === 'address'
          ? { ...q, prompt: 'Thanks {name}. Where is the property {business} should look at?' }
          : q,
      );
    },
    steps: ['I want to sell', 'Sarah Jones'],
    expect: {
      replies: {
        2: /^Thanks, Sarah\. Thanks Sarah\. Where is the property Northern Homebuyers should look at\?$/,
      },
    },
  },
];

describe('scripted calls: a good call', () => {
  it.each(GOOD_CALLS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});

describe('a returning caller, known only by caller ID', () => {
  const returning = { returningLead: { id: 'lead_1', name: 'Sarah Jones' } };
  const beforeTheName: Step[] = ['pardon?', { kind: 'silence' }, 'I want to sell'];

  it.each([
    ['in hours', returning, undefined],
    ['out of hours', { ...returning, withinBusinessHours: false }, undefined],
    [
      'with {name} in the middle of the returning greeting',
      returning,
      (c: Parameters<NonNullable<Script['config']>>[0]) => {
        c.lines.returning_greeting = 'Welcome back to {business}, {name}! How can I help today?';
      },
    ],
  ])('is not named before saying their name (%s)', (_case, ctx, config) => {
    const run = runScript({
      name: 'returning',
      steps: [...beforeTheName, 'Sarah Jones'],
      ctx,
      config,
      expect: {},
    });
    const before = run.replies.slice(0, beforeTheName.length + 1);
    expect(before.join(' ')).not.toMatch(/Sarah|Jones/);
    expect(run.replies[beforeTheName.length + 1]).toMatch(/Sarah/);
  });
});

describe('scripted calls: speech as it really arrives', () => {
  it.each([['M14 5AB'], ['m one four five a b'], ['em fourteen five ay bee'], ['it is m145ab']])(
    'the postcode %j is read back as M 1 4, 5 A B and kept',
    (said) => {
      checkScript({
        name: said,
        steps: ['I want to sell', 'Sarah Jones', said, 'yes'],
        expect: {
          replies: { 3: /Just to check, is the postcode M 1 4, 5 A B\?$/ },
          state: (s) => expect(s.answers.postcode?.value).toBe('M14 5AB'),
        },
      });
    },
  );

  it.each([
    ['two hundred and fifty thousand', 250_000],
    ['250k', 250_000],
    ['£250,000', 250_000],
    ['a quarter of a million', 250_000],
    ['about 180 grand', 180_000],
  ])('the price %j is taken as %d and said back', (said, amount) => {
    checkScript({
      name: said,
      steps: [...sellerSteps(HOT_SELLER).slice(0, 8), said],
      expect: {
        replies: { 9: new RegExp(`£${amount.toLocaleString('en-GB')}, got it\\. How soon`) },
        opportunity: { facts: { asking_price: amount } },
      },
    });
  });

  it.each([
    ['three bed semi', 3, 'semi-detached'],
    ['a 4 bedroom detached house', 4, 'detached'],
    ['two up two down terrace', 2, 'terraced'],
    ['a studio flat', 0, 'flat'],
  ])('%j fills bedrooms and type together', (said, bedrooms, type) => {
    checkScript({
      name: said,
      steps: ['I want to sell', 'Sarah Jones', 'M14 5AB', 'yes', said],
      expect: {
        never: [/How many bedrooms/, /What type of property/],
        state: (s) => {
          expect(s.answers.bedrooms?.value).toBe(bedrooms);
          expect(s.answers.property_type?.value).toBe(type);
        },
      },
    });
  });
});
