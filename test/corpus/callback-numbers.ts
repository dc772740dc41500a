/** Callback numbers: a number the caller gives and confirms replaces the caller ID on the lead. */
import { warm } from './base.js';
import type { CorpusCall } from './types.js';

export const CALLBACK_NUMBERS: CorpusCall[] = [
  {
    id: 'mobile-instead',
    class: 'callback-numbers',
    about: 'says no to caller ID and gives a mobile, read back and confirmed',
    opening: ['hi selling my house'],
    ...warm(
      { phone: ['no ring my mobile instead its 07911 123456'] },
      { lead: { name: 'Mark Davies', phone: '+447911123456' } },
    ),
  },
  {
    id: 'mobile-spoken-digits',
    class: 'callback-numbers',
    about: 'gives the number as spoken digits with "double"',
    opening: ['hello i want to sell my semi'],
    ...warm(
      { phone: ['no', 'oh seven nine double one one two three four five eight'] },
      { lead: { name: 'Mark Davies', phone: '+447911123458' } },
    ),
  },
  {
    id: 'withheld-number',
    class: 'callback-numbers',
    about: 'calls with caller ID withheld and gives a number',
    from: 'anonymous',
    opening: ['hi selling my house'],
    ...warm({ phone: '07700 900456' }, { lead: { name: 'Mark Davies', phone: '+447700900456' } }),
  },
  {
    id: 'landline-callback',
    class: 'callback-numbers',
    about: 'prefers the office landline',
    opening: ['hello im selling a house'],
    ...warm(
      { phone: 'no best to ring my work number 0161 496 0123' },
      { lead: { name: 'Mark Davies', phone: '+441614960123' } },
    ),
  },
  {
    id: 'number-corrected',
    class: 'callback-numbers',
    about: 'gives a mobile, then corrects a digit at the read-back',
    opening: ['hi im selling my semi'],
    ...warm(
      // Each call of the corpus has a number of its own: a number another lead holds is only noted.
      { phone: 'no use 07911 123450', confirm: ['yes', 'no its 07911 123457', 'yes'] },
      { lead: { name: 'Mark Davies', phone: '+447911123457' } },
    ),
  },
];
