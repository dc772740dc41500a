/**
 * Scripted calls: hand-overs to a person on request and for hot enquiries, only inside business
 * hours and with a number; explanations and callbacks otherwise; failed transfers.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { CALLER, DESK } from '../../../test/support/dialog/fixtures.js';
import type { Script } from '../../../test/support/dialog/script.js';
import { HOT_SELLER, sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';

const HANDOVERS: Script[] = [
  {
    name: '"can I speak to someone" at the start is put through, and the hang-up after ends it as transferred',
    steps: ['can I speak to someone please', { kind: 'hangup' }],
    expect: {
      replies: { 1: /^I'll put you through to one of the team now\. Please hold\.$/, 2: /^$/ },
      transfer: {
        to: DESK,
        brief: /^New seller, name not given, no postcode yet, not scored yet, asked to speak to someone$/,
      },
      lead: { name: null, phone: CALLER },
      opportunity: null,
      end: 'transferred',
      turnEffects: { 1: ['capture_lead', 'transfer'], 2: ['end'] },
    },
  },
  {
    name: 'a returning caller put through tells the desk which lead the number is on, not the caller',
    steps: ['I want to sell', 'John Smith', 'can I speak to someone please'],
    ctx: { returningLead: { id: 'lead_1', name: 'Sarah Jones' } },
    expect: {
      transfer: {
        to: DESK,
        brief:
          /^Returning seller, John Smith \(the lead is Sarah Jones\), no postcode yet, not scored yet, asked to speak to someone$/,
      },
      never: [/Sarah/],
    },
  },
  {
    name: '"a real person" mid-call keeps what was learnt and briefs the desk',
    steps: [...sellerSteps(HOT_SELLER).slice(0, 7), "I'd rather talk to a real person"],
    expect: {
      transfer: {
        to: DESK,
        brief: /^New seller, Sarah Jones, M14 5AB, score \d+, hot, asked to speak to someone$/,
      },
      lead: { name: 'Sarah Jones', phone: CALLER },
      opportunity: { postcode: 'M14 5AB', facts: { bedrooms: 3, condition: 'needs_modernisation' } },
      end: null,
      state: (s) => expect(s.phase).toBe('transferring'),
    },
  },
  ...[
    [
      'I want to sell my three bed semi, can I speak to someone?',
      { bedrooms: 3, property_type: 'semi-detached' },
    ],
    ["it's a 2 bed flat, is there someone there I could talk to?", { bedrooms: 2, property_type: 'flat' }],
    ["can I talk to a real person? it's a four bedroom detached", { bedrooms: 4, property_type: 'detached' }],
  ].map(
    ([said, facts]): Script => ({
      name: `facts said with a request for a person are kept for whoever picks up: ${said}`,
      steps: [String(said)],
      expect: {
        replies: { 1: /put you through/ },
        transfer: { to: DESK },
        state: (s) => {
          for (const [key, value] of Object.entries(facts as object))
            expect(s.answers[key as 'bedrooms']?.value, key).toBe(value);
        },
      },
    }),
  ),
  ...[
    'is there someone I can talk to about it? my number is 07700 900456',
    'can I just speak to a person, call me on 07700 900456 if not',
  ].map(
    (said): Script => ({
      name: `a number said with a request for a person is kept: ${said}`,
      steps: [...sellerSteps(HOT_SELLER).slice(0, -1), said],
      expect: {
        transfer: { to: DESK },
        state: (s) => expect(s.answers.phone?.value).toBe('+447700900456'),
      },
    }),
  ),
  {
    name: '"operator" while slots are being offered',
    steps: [...sellerSteps(WARM_SELLER), 'operator'],
    expect: { transfer: { to: DESK }, booking: null, replies: { 13: /put you through/ } },
  },
  {
    name: 'a request for a person out of hours is explained and a callback booked',
    steps: ['can I speak to a human', 'Dave Smith', 'yes', 'the first one'],
    ctx: { withinBusinessHours: false },
    expect: {
      replies: {
        0: /Our office is closed just now, but I can take your details and book a callback\. How can I help\?$/,
        1: /^Our office is closed just now, so I can't put you through to someone\. I can arrange for one of the team to call you back\. Could I take your name/,
        3: /Would today at midday or today at 2pm suit you for a call back\?/,
      },
      transfer: null,
      lead: { name: 'Dave Smith', phone: CALLER },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'out_of_hours',
    },
  },
  {
    name: 'a request for a person with no transfer number configured books a callback',
    steps: ['put me through to someone', 'Dave Smith', 'yes', 'the second one'],
    config: (c) => {
      c.transfer = { number: null, on_request: false, when_hot: false };
    },
    expect: {
      replies: { 1: /^I'm sorry, I can't put you through to someone just now\. I can arrange/ },
      transfer: null,
      booking: { kind: 'callback', start: '2025-04-03T14:00' },
      end: 'completed',
    },
  },
  {
    name: 'a request for a person when on_request is off books a callback',
    steps: ['can I talk to an actual person', 'Dave Smith', 'yes', 'the first one'],
    config: (c) => {
      c.transfer.on_request = false;
    },
    expect: { transfer: null, booking: { kind: 'callback', start: '2025-04-03T12:00' } },
  },
  {
    name: 'a hot enquiry inside business hours is transferred with a brief',
    steps: sellerSteps(HOT_SELLER),
    expect: {
      replies: { 12: /Thank you, that's everything I need for now\. I'll put you through/ },
      transfer: { to: DESK, brief: /^New seller, Sarah Jones, M14 5AB, score 100, hot$/ },
      opportunity: { outcome: 'hot', score: 100 },
      booking: null,
      end: null,
    },
  },
  {
    name: 'a hot enquiry out of hours is offered a callback, not a transfer or a viewing',
    steps: [...sellerSteps(HOT_SELLER), 'the first one'],
    ctx: { withinBusinessHours: false },
    expect: {
      transfer: null,
      opportunity: { outcome: 'hot' },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'out_of_hours',
    },
  },
  {
    name: 'a hot enquiry with when_hot off is offered a viewing',
    steps: [...sellerSteps(HOT_SELLER), 'the second one'],
    config: (c) => {
      c.transfer.when_hot = false;
    },
    expect: { transfer: null, booking: { kind: 'viewing', start: '2025-04-03T14:00' }, end: 'completed' },
  },
  {
    name: 'a transfer nobody answers comes back to book a callback',
    steps: [...sellerSteps(HOT_SELLER), { kind: 'transfer_failed', reason: 'no-answer' }, 'the first one'],
    expect: {
      replies: {
        13: /^I'm sorry, nobody was able to take your call just now\. I can arrange for one of the team to call you back\. Would today at midday or today at 2pm suit you for a call back\?$/,
      },
      transfer: { to: DESK },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      end: 'completed',
      state: (s) => expect(s.transfer?.failed).toBe('no-answer'),
    },
  },
  {
    name: 'after a failed transfer, asking for a person again does not transfer twice',
    steps: [
      'can I speak to someone',
      { kind: 'transfer_failed', reason: 'busy' },
      'a real person please',
      'Dave Smith',
      'yes',
      'the first one',
    ],
    expect: {
      replies: { 3: /^I'm sorry, the team still aren't free to take your call\./ },
      booking: { kind: 'callback', start: '2025-04-03T12:00' },
      state: (s) => expect(s.transfer?.failed).toBe('busy'),
      turnEffects: { 3: [] },
    },
  },
];

describe('scripted calls: hand-overs', () => {
  it.each(HANDOVERS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    const run = checkScript(script);
    expect(run.effects.filter((e) => e.type === 'transfer').length).toBeLessThanOrEqual(1);
  });
});
