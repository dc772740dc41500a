/**
 * Bookings on the day and time the caller asked for or accepted, never silently another: picks
 * by order, by hour, by restating the time, a weekday with a part of day, "ring me back later".
 * Days are relative to the call (test/corpus/clocks.ts), so each is checked at every clock time.
 */
import { warm } from './base.js';
import { either, offeredCallback, offeredVisit, pick, pickByHour, pickLast } from './steps.js';
import type { BookingExpect, ClockView, CorpusCall } from './types.js';

const kindAt = (v: ClockView): BookingExpect['kind'] => (v.open ? 'viewing' : 'callback');

export const BOOKINGS: CorpusCall[] = [
  {
    id: 'pick-the-1st-one',
    class: 'bookings',
    about: 'picks "the 1st one", as speech recognition writes it',
    opening: ['hi im selling a house'],
    ...warm({ offer: pick(0, 'the 1st one') }, { booking: offeredVisit }),
  },
  {
    id: 'pick-the-later-one',
    class: 'bookings',
    about: 'picks "the later one"',
    opening: ['hello i want to sell my house'],
    ...warm({ offer: pickLast('um the later one please') }, { booking: offeredVisit }),
  },
  {
    id: 'pick-either',
    class: 'bookings',
    about: 'says "either is fine"',
    opening: ['hi selling my semi'],
    ...warm({ offer: either('either is fine to be honest') }, { booking: offeredVisit }),
  },
  {
    id: 'pick-bare-hour',
    class: 'bookings',
    about: 'picks by a bare hour ("9 is fine")',
    opening: ['yeah hi looking to sell'],
    ...warm({ offer: pickByHour((h) => `${h} is fine`) }, { booking: offeredVisit }),
  },
  {
    id: 'restate-second-offer',
    class: 'bookings',
    about: 'restates the second offered time word for word',
    opening: ['hello selling my house please'],
    ...warm({ offer: pick(1, '{time} is fine thank you') }, { booking: offeredVisit }),
  },
  {
    id: 'friday-morning',
    class: 'bookings',
    about: 'asks "could you do friday morning" instead, then takes the first time offered',
    opening: ['hi im looking to sell my house'],
    ...warm(
      { offer: ['could you do friday morning instead', pick(0, 'yeah {time}')] },
      { booking: (v) => ({ kind: kindAt(v), when: { day: 'fri', part: 'morning' } }) },
    ),
  },
  {
    id: 'not-today-thursday',
    class: 'bookings',
    about: 'says "not today, can you do thursday at 11"',
    opening: ['hello selling my house'],
    ...warm(
      { offer: ['no not today can you do thursday at 11', pick(0, 'yes {time}')] },
      { booking: (v) => ({ kind: kindAt(v), when: { day: 'thu', time: '11:00' } }) },
    ),
  },
  {
    id: 'tuesday-afternoon-later',
    class: 'bookings',
    about: 'asks for next tuesday afternoon, then "later, say 3pm"',
    opening: ['hi looking to sell my house'],
    ...warm(
      { offer: ['how about tuesday afternoon', 'later say 3pm', pick(0, 'yes {time}')] },
      { booking: (v) => ({ kind: kindAt(v), when: { day: 'tue', time: '15:00' } }) },
    ),
  },
  {
    id: 'monday-at-2',
    class: 'bookings',
    about: 'names a weekday and a bare hour ("monday at 2")',
    opening: ['hiya selling my house'],
    ...warm(
      { offer: ['can we do monday at 2', pick(0, 'yes {time}')] },
      { booking: (v) => ({ kind: kindAt(v), when: { day: 'mon', time: '14:00' } }) },
    ),
  },
  {
    id: 'driving-ring-back-later',
    class: 'bookings',
    about: 'is driving and asks to be rung back later, at the price question',
    opening: ['hello im selling my house'],
    ...warm(
      { price: 'sorry im driving can you ring me back later', offer: pick(0, 'the first one') },
      {
        facts: { price: null, timeline: null, reason: null },
        outcome: undefined,
        booking: offeredCallback,
        neverSays: [/yes or a no/i],
        askedAtMost: { price: 1 },
      },
    ),
  },
];
