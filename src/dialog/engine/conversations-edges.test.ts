/**
 * Scripted calls: callers who are not selling, silence, speech that cannot be understood, keypad
 * presses, callers who hang up part-way, and calls out of hours.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { CALLER } from '../../../test/support/dialog/fixtures.js';
import type { Script } from '../../../test/support/dialog/script.js';
import { HOT_SELLER, sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';

const SILENCE = { kind: 'silence' } as const;
const HANGUP = { kind: 'hangup' } as const;
const HOT = sellerSteps(HOT_SELLER);

const NOT_SELLERS: Script[] = [
  {
    name: 'an estate agent leaves a message and books a callback; no opportunity',
    steps: [
      "Hi, I'm calling from Smith and Co estate agents about a client's house",
      'Tom Clarke',
      'please ask someone to ring me about the listing on Mill Lane',
      'yes',
      'the first one',
    ],
    expect: {
      replies: {
        1: /^Thanks for calling\. I'll take a message and ask someone to call you back\. Could I take your name/,
        2: /What message would you like me to pass on\?/,
      },
      lead: {
        name: 'Tom Clarke',
        phone: CALLER,
        note: /^Estate agent: please ask someone to ring me about the listing on Mill Lane$/,
      },
      opportunity: null,
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'not_seller',
    },
  },
  {
    name: 'a wrong number who wants nothing more is let go without a lead',
    steps: ['sorry, wrong number', "no it's fine, bye"],
    expect: {
      replies: { 1: /^No problem, it sounds like you may have the wrong number\./, 2: /Goodbye\.$/ },
      lead: null,
      opportunity: null,
      booking: null,
      end: 'not_seller',
    },
  },
  {
    name: 'a wrong number with no message is let go',
    steps: ['I think I dialled the wrong number', 'Jo Bloggs', 'no'],
    expect: {
      replies: { 3: /No problem\. Thank you for calling/ },
      lead: { name: 'Jo Bloggs', phone: CALLER, note: /^Wrong number$/ },
      end: 'not_seller',
    },
  },
  {
    name: 'a returning seller chasing an offer is asked their name like anyone, then leaves a message',
    ctx: { returningLead: { id: 'lead_9', name: 'Mary Hughes' } },
    steps: [
      "I'm chasing the offer you made me last week",
      'Mary Hughes',
      'has the survey been booked yet',
      'yes',
      'the second one',
    ],
    expect: {
      replies: {
        1: /^Thanks, I'll make sure the team gets back to you about that\. I'll take a message.*Could I take your name/,
        2: /^Thanks, Mary\. What message/,
      },
      lead: {
        name: 'Mary Hughes',
        phone: CALLER,
        note: /^Existing seller chasing an offer: has the survey been booked yet$/,
      },
      opportunity: null,
      booking: { kind: 'callback', start: '2025-04-03T14:00' },
      end: 'not_seller',
    },
  },
  {
    name: '"no" to "are you calling about selling?" takes a message',
    steps: ['no', 'Ann Lee', 'I wanted to ask about a parcel', 'yes', 'the first one'],
    expect: {
      lead: { name: 'Ann Lee', phone: CALLER, note: /^Not a seller: I wanted to ask about a parcel$/ },
      end: 'not_seller',
    },
  },
  {
    name: 'an estate agent who asks for a person is put through',
    steps: ["I'm an estate agent, can I speak to someone in the office"],
    expect: { transfer: { to: '+441612345678', brief: /asked to speak to someone/ }, opportunity: null },
  },
];

const SILENCE_AND_UNCLEAR: Script[] = [
  {
    name: 'silence is re-prompted, then the call closes after max_silence',
    steps: [SILENCE, SILENCE, SILENCE],
    expect: {
      replies: {
        1: /^Are you still there\? How can I help\?$/,
        2: /^Are you still there\?/,
        3: /can't hear anything.*Goodbye\.$/,
      },
      end: 'silence',
      lead: { name: null, phone: CALLER },
      opportunity: null,
    },
  },
  {
    name: 'an answer after silence resets the count',
    steps: ['I want to sell', SILENCE, SILENCE, 'Sarah Jones', SILENCE, SILENCE],
    expect: { replies: { 2: /Are you still there\? Could I take your name/ }, end: null },
  },
  {
    name: 'with max_silence 0 the first silence closes the call',
    config: (c) => {
      c.reprompts.max_silence = 0;
    },
    steps: ['I want to sell', 'Sarah Jones', SILENCE],
    expect: { end: 'silence', lead: { name: 'Sarah Jones', phone: CALLER } },
  },
  {
    name: 'speech never understood: each question re-asked once, then the enquiry goes on without it',
    steps: ['I want to sell', "it's a bad line", 'blah blah', 'mumble mumble', 'mumble', "it's a semi"],
    expect: {
      replies: {
        2: /^Sorry, what name should I put down\?$/,
        3: /^No problem, let's move on\. What's the address/,
        5: /^No problem, let's move on\. What type of property/,
        6: /^A semi-detached, got it\./,
      },
      never: [/trouble understanding/, /call you back/],
      booking: null,
      state: (s) => {
        expect(s.goal).toBe('qualify');
        expect(s.skipped).toEqual(['name', 'address']);
      },
    },
  },
  ...[
    ['Gareth Price', 'Gareth Price'],
    ['Mohammed Khan, but everyone calls me Mo', 'Mohammed Khan'],
    ['gary fisher, well me and my brother own it between us', 'Gary Fisher'],
  ].map(
    ([said, name]): Script => ({
      name: `a name no frame vouches for is taken as said and read back: ${said}`,
      steps: ['I want to sell', said ?? '', 'yes'],
      expect: {
        replies: {
          2: new RegExp(`^Just to check, is your name ${name}\\?$`),
          3: /^Great\. What's the address/,
        },
        state: (s) => expect(s.answers.name).toMatchObject({ value: name, confirmed: true }),
      },
    }),
  ),
  ...[
    'use this number to call me back',
    'the one i am calling from',
    'yeah this mobile is fine',
    // Pointing at it outweighs a "don't know" said first.
    "I don't know it off by heart, use the one I'm on",
    'not sure, my daughter sorts all that, just use this one',
    'the number you have got is fine',
    // The recogniser writes "one" as a digit.
    'you can use this 1',
    'that 1 is fine',
    // A grudging yes.
    "s'pose so",
    'aye, reckon so',
  ].map(
    (said): Script => ({
      name: `pointing at the number called from is a yes to it: ${said}`,
      steps: [...HOT.slice(0, -1), said],
      expect: {
        replies: { [HOT.length]: /^Great, we'll use the number you're calling from\./ },
        state: (s) => expect(s.answers.phone?.value).toBe(CALLER),
      },
    }),
  ),
  ...["not this number, it's 07700 900456", "don't use the one I'm ringing on, try 07700 900456"].map(
    (said): Script => ({
      name: `the number called from turned down is not taken: ${said}`,
      steps: [...HOT.slice(0, -1), said],
      expect: { state: (s) => expect(s.answers.phone?.value).toBe('+447700900456') },
    }),
  ),
  ...['why do you need it?', 'do I have to give you that?', "what's that got to do with it?"].map(
    (said): Script => ({
      name: `a question about the question is answered and the question put again: ${said}`,
      steps: [...HOT.slice(0, -1), said, "I'd rather not say"],
      expect: {
        replies: {
          [HOT.length]:
            /^You don't have to say, but it helps the team come back to you with the right offer\. Is the number you are calling from/,
          [HOT.length + 1]: /^That's fine\./,
        },
        state: (s) => expect(s.answers.phone).toBeNull(),
      },
    }),
  ),
  ...[
    "I've got two houses, I want to sell the one I don't live in",
    "no it's not my home, but I do want to sell it",
    "we don't live there any more and want to sell it",
  ].map(
    (said): Script => ({
      name: `talk of selling outweighs a "no" in the opening: ${said}`,
      steps: [said],
      expect: {
        replies: { 1: /Could I take your name/ },
        state: (s) => {
          expect(s.goal).toBe('qualify');
          expect(s.message).toBeNull();
        },
      },
    }),
  ),
  {
    name: 'one question not understood after others were: it is skipped and the call moves on',
    steps: [...HOT.slice(0, 5), 'purple', 'banana'],
    expect: {
      replies: {
        6: /^Sorry, how many bedrooms is that\?$/,
        7: /^No problem, let's move on\. What condition/,
      },
      state: (s) => expect(s.skipped).toEqual(['bedrooms']),
    },
  },
  {
    name: 'two questions in a row not understood: the enquiry still goes on to the next',
    config: (c) => {
      c.reprompts.max_unclear = 1;
    },
    steps: [...HOT.slice(0, 5), 'purple', 'banana', 'orange', 'apple', "it's empty"],
    expect: {
      replies: {
        9: /^No problem, let's move on\. Is anyone living there/,
        10: /^Empty at the moment, got it\./,
      },
      never: [/trouble understanding/],
      state: (s) => {
        expect(s.goal).toBe('qualify');
        expect(s.skipped).toEqual(['bedrooms', 'condition']);
      },
    },
  },
  {
    name: '"pardon?" repeats the question without counting it as unclear',
    steps: ['I want to sell', 'pardon?', 'Sarah Jones'],
    expect: {
      replies: { 2: /^Of course\. Could I take your name, please\?$/, 3: /Thanks, Sarah/ },
      state: (s) => expect(s.asking?.tries).toBe(0),
    },
  },
  {
    name: 'keypad presses are ignored gracefully and the question is asked again',
    steps: ['I want to sell', { kind: 'dtmf', digits: '5' }, 'Sarah Jones'],
    expect: {
      replies: { 2: /^Sorry, I can only understand spoken answers\. Could I take your name, please\?$/ },
      lead: { name: 'Sarah Jones', phone: CALLER },
    },
  },
  {
    name: 'a number keyed in when a number is asked for is read back',
    steps: [...sellerSteps(WARM_SELLER).slice(0, 11), 'no', { kind: 'dtmf', digits: '07911123456#' }, 'yes'],
    expect: {
      replies: { 13: /is the best number 0 7 9 1 1, 1 2 3 4 5 6\?/ },
      lead: { name: 'Sarah Jones', phone: '+447911123456' },
    },
  },
];

const HANG_UPS: Script[] = [
  {
    name: 'a hang-up straight after the greeting keeps the caller as a lead to call back',
    steps: [HANGUP],
    expect: {
      replies: { 1: /^$/ },
      lead: { name: null, phone: CALLER },
      opportunity: null,
      end: 'caller_hung_up',
    },
  },
  {
    name: 'a hang-up after the name: the lead, no opportunity',
    steps: ['I want to sell', 'Sarah Jones', HANGUP],
    expect: {
      lead: { name: 'Sarah Jones', phone: CALLER },
      opportunity: null,
      end: 'caller_hung_up',
      turnEffects: { 3: ['end'] },
    },
  },
  {
    name: 'a hang-up after the postcode and type: a partial opportunity',
    steps: [...HOT.slice(0, 5), HANGUP],
    expect: {
      lead: { name: 'Sarah Jones', phone: CALLER },
      opportunity: {
        postcode: 'M14 5AB',
        facts: { property_type: 'semi-detached', bedrooms: null, asking_price: null },
      },
      end: 'caller_hung_up',
      turnEffects: { 6: ['score_opportunity', 'end'] },
    },
  },
  {
    name: 'a hang-up while slots are offered: records kept, nothing booked',
    steps: [...sellerSteps(WARM_SELLER), HANGUP],
    expect: {
      lead: { name: 'Sarah Jones', phone: CALLER },
      opportunity: { outcome: 'warm' },
      booking: null,
      end: 'caller_hung_up',
    },
  },
  {
    name: 'a withheld caller who hangs up before giving a number leaves only an opportunity',
    ctx: { callerNumber: '' },
    steps: ["it's a three bed semi in M14 5AB", HANGUP],
    expect: {
      lead: null,
      opportunity: { postcode: 'M14 5AB', facts: { bedrooms: 3 } },
      end: 'caller_hung_up',
    },
  },
  {
    name: 'a hang-up during a postcode read-back keeps the postcode heard',
    steps: ['I want to sell', 'Sarah Jones', 'M14 5AB', HANGUP],
    expect: { opportunity: { postcode: 'M14 5AB' }, end: 'caller_hung_up' },
  },
  {
    name: 'nothing happens after the call has ended',
    steps: [HANGUP, 'hello?', SILENCE],
    expect: { replies: { 2: /^$/, 3: /^$/ }, turnEffects: { 2: [], 3: [] }, end: 'caller_hung_up' },
  },
];

const OTHER: Script[] = [
  {
    name: 'a caller who says goodbye mid-call is closed politely with what was learnt',
    steps: [...HOT.slice(0, 5), "that's all for now, bye"],
    expect: {
      replies: { 6: /^Thank you for calling Northern Homebuyers\. Goodbye\.$/ },
      opportunity: { postcode: 'M14 5AB' },
      end: 'completed',
    },
  },
  {
    name: 'a caller who asks for a callback mid-call skips the remaining questions',
    steps: [...HOT.slice(0, 5), "I'm driving at the moment, can you call me back", 'yes', 'the second one'],
    expect: {
      replies: {
        6: /^Of course\. I can arrange for one of the team to call you back\. Is the number you are calling from/,
      },
      booking: { kind: 'callback', start: '2025-04-03T14:00' },
      state: (s) => expect(s.answers.bedrooms).toBeNull(),
    },
  },
  {
    name: 'a full call out of hours books a callback and ends as out of hours',
    ctx: { withinBusinessHours: false },
    steps: [...sellerSteps(WARM_SELLER), 'the first one'],
    expect: {
      replies: {
        0: /Are you calling about selling a property\? Our office is closed just now.*How can I help\?$/,
      },
      transfer: null,
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'out_of_hours',
    },
  },
  {
    name: 'the configured wording is used, with the business and agent filled in',
    config: (c) => {
      c.business_name = 'Quick Sale Co';
      c.agent_name = 'Robin';
      c.lines.greeting = 'Good day, {business} here, this is {agent}. What can I do for you?';
      c.questions = c.questions.map((q) =>
        q.slot === 'name' ? { ...q, prompt: 'Who am I speaking to?' } : q,
      );
    },
    steps: ['selling my flat'],
    expect: {
      replies: {
        0: /^Good day, Quick Sale Co here, this is Robin\. I'm a virtual assistant\. What can I do for you\?$/,
        1: /Who am I speaking to\?$/,
      },
    },
  },
];

describe('scripted calls: not sellers', () => {
  it.each(NOT_SELLERS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});

describe('scripted calls: silence, unclear speech and keypad', () => {
  it.each(SILENCE_AND_UNCLEAR.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});

describe('scripted calls: hang-ups', () => {
  it.each(HANG_UPS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});

describe('scripted calls: other', () => {
  it.each(OTHER.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});
