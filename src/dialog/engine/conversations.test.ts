/**
 * Scripted calls: a good call from greeting to booking, slots learnt in any order and several at
 * once, read-backs and corrections, returning callers and withheld numbers.
 */
import { describe, it } from 'vitest';
import { CALLER, DESK } from './test-support/fixtures.js';
import { checkScript, HOT_SELLER, type Script, sellerSteps, WARM_SELLER } from './test-support/script.js';

const noHotTransfer = (c: { transfer: { when_hot: boolean } }) => {
  c.transfer.when_hot = false;
};

const SCRIPTS: Script[] = [
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
      turnEffects: { 2: ['capture_lead'], 13: ['book', 'end'] },
    },
  },
];

describe('scripted calls: a good call', () => {
  it.each(SCRIPTS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});
