/**
 * Scripted calls: offering real free times and booking the one the caller accepts, by order
 * ("the second one") or by time ("Friday at 10", "tomorrow afternoon"), in BST and in GMT.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { BST_NOW, freeTimes, GMT_NOW, london } from '../../../test/support/dialog/fixtures.js';
import type { Script } from '../../../test/support/dialog/script.js';
import { COLD_SELLER, HOT_SELLER, sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';

/** Asks for a callback straight away: name, number, then the offer. */
const CALLBACK = ['could someone call me back', 'Dave Smith', 'yes'];
const WARM = sellerSteps(WARM_SELLER);
const hourlyCallbacks = (now: Date) => ({ callback: freeTimes(now, 60), viewing: freeTimes(now, 60) });

const BOOKINGS: Script[] = [
  {
    name: 'asked to be rung back at the last question, a hot seller keeps the whole enquiry and gets the callback',
    steps: [
      ...sellerSteps({ ...HOT_SELLER, phone: 'just call me back later on this number' }),
      'the first one',
    ],
    expect: {
      opportunity: { outcome: 'hot', postcode: 'M14 5AB' },
      never: [/put you through/],
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'completed',
      state: (s) => {
        expect(s.goal).toBe('qualify');
        expect(s.transfer).toBeNull();
      },
    },
  },
  {
    name: 'a callback asked for with a time is offered the free times nearest it first',
    steps: [
      ...sellerSteps({ ...HOT_SELLER, phone: 'ring me back tomorrow morning on this number' }),
      'the first one',
    ],
    expect: {
      replies: { 12: /Would tomorrow at 9am or tomorrow at 11am suit you for a call back\?$/ },
      booking: { kind: 'callback', start: '2025-04-04T09:00' },
      end: 'completed',
    },
  },
  // Busy callers who keep answering: the apology is not a request, so every question is still put.
  ...[
    { bedrooms: "three, sorry, I'm driving, three" },
    { type: "it's a semi, sorry, I'm in the car, semi" },
    { condition: "I'm at work at the moment so bear with me, it's in good condition" },
    { price: "320 grand, sorry I'm on the road, 320 grand" },
  ].map(
    (answer): Script => ({
      name: `a busy caller answering (${Object.values(answer)[0]}) is still asked every question`,
      steps: [...sellerSteps({ ...WARM_SELLER, ...answer }), 'the first one'],
      expect: {
        opportunity: { outcome: 'warm', postcode: 'M14 5AB' },
        booking: { kind: 'viewing', start: '2025-04-03T12:00' },
        end: 'completed',
        state: (s) => expect(s.goal).toBe('qualify'),
      },
    }),
  ),
  {
    name: 'a callback asked for mid-call with a day and hour is offered that time once the number is known',
    steps: [
      ...sellerSteps(HOT_SELLER).slice(0, 4),
      "I'm driving, can you call me back tomorrow at 2?",
      'yes',
      'yes',
    ],
    expect: {
      replies: { 6: /Would tomorrow at 2pm suit you for a call back\?$/ },
      booking: { kind: 'callback', start: '2025-04-04T14:00' },
      end: 'completed',
    },
  },
  {
    name: 'a callback asked for at a time nobody is in says so and offers the nearest free times',
    steps: [...sellerSteps({ ...HOT_SELLER, phone: 'yes, ring me back at 7 tonight' })],
    expect: {
      replies: { 12: /isn't free\. Would [^?]+ suit you for a call back\?$/ },
    },
  },
  {
    name: 'a cold enquiry is offered a callback and takes the first one',
    steps: [...sellerSteps(COLD_SELLER), 'the first one'],
    expect: {
      opportunity: { outcome: 'cold', score: 46, postcode: 'SK4 2AA' },
      replies: {
        12: /I can arrange for one of the team to call you back\. Would today at midday or today at 2pm suit you for a call back\?/,
      },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'completed',
    },
  },
  {
    name: 'a disqualified enquiry (a flat) is still offered a callback',
    steps: [...sellerSteps({ ...WARM_SELLER, type: "it's a flat" }), 'second'],
    expect: {
      opportunity: { outcome: 'disqualified', facts: { property_type: 'flat' } },
      booking: { kind: 'callback', start: '2025-04-03T14:00' },
    },
  },
  {
    name: '"Friday at 10" on a Thursday in BST books Friday 10:00 BST',
    steps: [...CALLBACK, 'Friday at 10'],
    expect: {
      replies: { 4: /booked a call back for tomorrow at 10am\./ },
      booking: { kind: 'callback', start: '2025-04-04T10:00' },
      state: (s) => expect(s.booking?.start).toBe('2025-04-04T09:00:00.000Z'),
    },
  },
  {
    name: '"Friday at 10" on a Tuesday in GMT books Friday 10:00 GMT',
    now: GMT_NOW,
    ctx: { freeTimes: hourlyCallbacks(GMT_NOW) },
    steps: [...CALLBACK, 'friday at ten'],
    expect: {
      replies: {
        3: /Would today at 4pm or tomorrow at 9am suit you for a call back\?/,
        4: /for Friday at 10am\./,
      },
      booking: { kind: 'callback', start: '2025-11-14T10:00' },
      state: (s) => expect(s.booking?.start).toBe('2025-11-14T10:00:00.000Z'),
    },
  },
  {
    name: '"tomorrow afternoon" in BST offers two afternoon viewings, and the second is taken',
    steps: [...WARM, 'tomorrow afternoon', 'the second one'],
    expect: {
      replies: { 13: /^I could do tomorrow at midday or tomorrow at 2pm\. Which would suit you\?$/ },
      booking: { kind: 'viewing', start: '2025-04-04T14:00' },
    },
  },
  {
    name: '"tomorrow afternoon" in GMT offers afternoon callbacks, and the first is taken',
    now: GMT_NOW,
    ctx: { freeTimes: hourlyCallbacks(GMT_NOW) },
    steps: [...CALLBACK, 'tomorrow afternoon please', 'the first one'],
    expect: {
      replies: { 4: /I could do tomorrow at midday or tomorrow at 2pm/ },
      booking: { kind: 'callback', start: '2025-11-12T12:00' },
      state: (s) => expect(s.booking?.start).toBe('2025-11-12T12:00:00.000Z'),
    },
  },
  {
    name: 'a time that is taken offers the nearest free ones',
    now: GMT_NOW,
    ctx: {
      freeTimes: {
        callback: freeTimes(GMT_NOW, 60, [london('2025-11-14T10:00').toISOString()]),
        viewing: freeTimes(GMT_NOW, 60),
      },
    },
    steps: [...CALLBACK, 'Friday at 10', 'the later one'],
    expect: {
      replies: {
        4: /^I'm sorry, Friday at 10am isn't free\. I could do Friday at 9am or Friday at 11am\. Which would suit you\?$/,
      },
      booking: { kind: 'callback', start: '2025-11-14T11:00' },
    },
  },
  {
    name: 'two offers turned down, then the caller names a day: Monday at 2pm',
    steps: [...WARM, 'no', 'neither of those', 'Monday at 2pm'],
    expect: {
      replies: {
        13: /^No problem\. How about today at 3pm or tomorrow at 9am\?$/,
        14: /^No problem\. What day and time would suit you best\?$/,
      },
      booking: { kind: 'viewing', start: '2025-04-07T14:00' },
    },
  },
  {
    name: 'every offer turned down: no booking, the team will be in touch',
    steps: [...CALLBACK, 'no', 'no', "no, I don't want one"],
    expect: {
      replies: { 6: /One of the team will be in touch\. Thank you for calling/ },
      booking: null,
      lead: { name: 'Dave Smith', phone: '+447700900123' },
      end: 'completed',
    },
  },
  {
    name: '"yes" to two times asks which, then "the earlier one"',
    steps: [...CALLBACK, 'yes that works', 'the earlier one'],
    expect: {
      replies: { 4: /^Which would suit you better, today at midday or today at 2pm\?$/ },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
    },
  },
  {
    name: '"either is fine" takes the first time',
    steps: [...CALLBACK, 'either is fine'],
    expect: { booking: { kind: 'callback', start: '2025-04-03T12:00' } },
  },
  {
    name: 'no free callback times: the call closes without a booking',
    ctx: { freeTimes: { callback: [], viewing: [] } },
    steps: CALLBACK,
    expect: {
      replies: { 3: /can't see a free time in the diary just now.*Goodbye\.$/ },
      booking: null,
      end: 'completed',
    },
  },
  {
    name: 'no free viewing times: a warm enquiry is offered a callback instead',
    ctx: { freeTimes: { callback: freeTimes(BST_NOW, 15), viewing: [] } },
    steps: [...WARM, 'the first one'],
    expect: {
      replies: { 12: /suit you for a call back\?/ },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
    },
  },
  {
    name: '"I can\'t do today, how about tomorrow at 11" books tomorrow at 11',
    steps: [...WARM, "I can't do today, how about tomorrow at 11"],
    expect: { booking: { kind: 'viewing', start: '2025-04-04T11:00' } },
  },
  {
    name: '"the 2pm one" picks the offered time at that hour',
    steps: [...WARM, 'the 2pm one please'],
    expect: { booking: { kind: 'viewing', start: '2025-04-03T14:00' } },
  },
  {
    name: 'a time between free times offers the times either side',
    steps: [...WARM, 'tomorrow at half ten', 'the first one'],
    expect: {
      replies: {
        13: /^I'm sorry, tomorrow at 10:30am isn't free\. I could do tomorrow at 10am or tomorrow at 11am\./,
      },
      booking: { kind: 'viewing', start: '2025-04-04T10:00' },
    },
  },
  {
    name: 'offers are spoken in the time zone across the clocks going back (GMT Monday after BST)',
    now: london('2025-10-24T16:00'),
    ctx: { freeTimes: hourlyCallbacks(london('2025-10-24T16:00')) },
    steps: [...CALLBACK, 'monday at 9'],
    expect: {
      replies: { 3: /Would Monday at 9am or Monday at 11am suit you for a call back\?/ },
      booking: { kind: 'callback', start: '2025-10-27T09:00' },
      state: (s) => expect(s.booking?.start).toBe('2025-10-27T09:00:00.000Z'),
    },
  },
  {
    name: '"pardon?" during an offer repeats it; a callback instead of a viewing is offered on request',
    steps: [...WARM, 'sorry, say that again', 'could you just ring me back instead', 'the first one'],
    expect: {
      replies: {
        13: /^Of course\. Would today at midday or today at 2pm suit you for a viewing\?$/,
        14: /^I can arrange for one of the team to call you back\. Would today at midday or today at 2pm suit you for a call back\?$/,
      },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
    },
  },
];

describe('scripted calls: bookings', () => {
  it.each(BOOKINGS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    const run = checkScript(script);
    const book = run.effects.find((e) => e.type === 'book');
    if (book?.type === 'book') {
      // Only a real free time is ever booked.
      const now = script.now ?? BST_NOW;
      const free = script.ctx?.freeTimes ?? { callback: freeTimes(now, 15), viewing: freeTimes(now, 60) };
      expect(free[book.kind]).toContainEqual({ start: book.start, end: book.end });
    }
  });
});
