/**
 * Scripted calls in speech-recognition style where facts must come only from words about them:
 * a house number is not a price, arrears and charges become notes, ranges are read back as
 * ranges, corrections replace or clear what was taken, and a returning caller keeps their name.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { CALLER } from '../../../test/support/dialog/fixtures.js';
import type { Script } from '../../../test/support/dialog/script.js';
import { HOT_SELLER, sellerSteps } from '../../../test/support/dialog/sellers.js';
import { summariseCall } from '../summary/summarise.js';

/** A seller's answers up to the price question. */
const TO_THE_PRICE = [
  'i want to sell',
  'john smith',
  '12 acacia avenue m14 5ab',
  'yes',
  'semi',
  '3',
  'good',
  'i live there',
];

const SCRIPTS: Script[] = [
  {
    name: 'a house number, arrears, a past tenant and a range: each fact from its own words',
    steps: [
      'yeah i want to sell my house',
      'its claire um claire dunne',
      '3 mill road m14 5rt',
      'yes',
      'three bed semi',
      'needs a bit of work',
      'its empty the last tenants werent great',
      'between 200 and 220',
      'yes',
      "i'm 4 months behind",
      'within the year',
    ],
    expect: {
      replies: {
        2: /^Thanks, Claire\./,
        3: /^At 3 Mill Road, got it\. Just to check, is the postcode M 1 4, 5 R T\?/,
        7: /^Empty at the moment, got it\./,
        8: /^Just to check, was that £200,000 to £220,000\?/,
        11: /^Selling within 12 months, got it\./,
      },
      never: [/£3,000,000/, /with tenants in/, /selling within 4 months/i],
      lead: { name: 'Claire Dunne', phone: CALLER },
      opportunity: {
        address: '3 Mill Road',
        postcode: 'M14 5RT',
        facts: {
          asking_price: 210_000,
          occupancy: 'vacant',
          reason: 'financial',
          timeline: 'within 12 months',
          condition: 'needs_modernisation',
        },
      },
      state: (s) => {
        expect(s.answers.price?.range).toEqual({ min: 200_000, max: 220_000 });
        expect(s.notes).toEqual(['Mortgage arrears: 4 months']);
        const summary = summariseCall(s, [], { timeZone: 'Europe/London' });
        expect(summary).toContain('asking £200,000 to £220,000');
        expect(summary).toContain('Notes: Mortgage arrears: 4 months.');
      },
    },
  },
  {
    name: '"i\'m not asking three million" clears the price and asks again; "220 not 240" replaces it',
    steps: [
      ...TO_THE_PRICE,
      '3 million',
      "no no i'm not asking three million",
      'about 240',
      'yes',
      "actually it's 220 not 240",
      'yes',
    ],
    expect: {
      replies: {
        7: /^A 3-bed semi-detached, got it\.|^In good condition, got it\./,
        10: /^Sorry about that\. Roughly what price are you hoping to get\?/,
        13: /^Sorry about that\. Just to check, was that £220,000\?/,
      },
      state: (s) => {
        expect(s.answers.price?.value).toBe(220_000);
        expect(s.answers.condition?.value).toBe('good');
      },
    },
  },
  {
    name: 'a returning caller who says "it\'s danny again" keeps their full name',
    steps: ["it's danny again", 'yeah selling my flat'],
    ctx: { returningLead: { id: 'lead_1', name: 'Danny Ryan' } },
    expect: {
      state: (s) => expect(s.answers.name?.value).toBe('Danny Ryan'),
    },
  },
  {
    name: 'a spelt name is taken literally and read back; a flat keeps its number',
    steps: [
      'hi',
      "that's spelt a o i f e",
      'yes',
      'flat 4 12 mill road m14 5rt',
      'yes',
      'no i said four bedrooms',
    ],
    expect: {
      replies: {
        2: /^Just to check, is your name Aoife\?/,
        4: /at Flat 4, 12 Mill Road, got it/,
        6: /^A 4-bed flat, got it\./,
      },
      state: (s) => {
        expect(s.answers.name?.value).toBe('Aoife');
        expect(s.answers.address?.value).toBe('Flat 4, 12 Mill Road');
      },
    },
  },
  {
    name: '"no mortgage, we own it outright" is not a no to the phone question, and is kept as a note',
    steps: [
      'selling a 2 bed terrace in m14 5ab',
      'yes',
      'sarah jones',
      '5 mill lane',
      'good',
      "it's empty",
      '150k',
      'no rush',
      'downsizing',
      'no mortgage we own it outright',
    ],
    expect: {
      replies: { 9: /Is the number you are calling from the best one/, 10: /^Sorry, I didn't catch that\./ },
      never: [/No problem\. What is the best number/, /Sorry about that/],
      lead: { name: 'Sarah Jones', phone: CALLER },
      state: (s) => expect(s.notes).toContain('No mortgage: owned outright'),
    },
  },
  {
    name: 'a reason told as a story, with the timeline said again in passing, is read and kept in their words',
    steps: [
      ...TO_THE_PRICE,
      '200k',
      'as soon as possible',
      "it were me mam's and she's gone now, god bless her, we just want it gone",
    ],
    expect: {
      replies: { 11: /^I'm sorry to hear that\./ },
      never: [/Sorry, I didn't catch that\. May I ask why/],
      state: (s) => {
        expect(s.answers.reason?.value).toBe('probate');
        expect((s.notes ?? []).join(' ')).toContain("it were me mam's and she's gone now");
      },
    },
  },
  {
    name: 'a reason said after a one-word lead-in with a question mark is still read, and a question back is not',
    steps: [
      ...TO_THE_PRICE,
      '200k',
      'as soon as possible',
      'Honestly? The noise from the pub over the road.',
    ],
    expect: {
      state: (s) => {
        expect(s.answers.reason?.value).toBe('other');
        expect((s.notes ?? []).join(' ')).toContain('The noise from the pub');
      },
    },
  },
  {
    name: 'a question back at the reason is not taken as the reason',
    steps: [...TO_THE_PRICE, '200k', 'as soon as possible', 'why would you need to know that?'],
    expect: {
      state: (s) => expect(s.answers.reason?.value ?? null).toBeNull(),
    },
  },
  {
    name: 'a "no" to the number question is not a new reason in the caller\'s words',
    steps: [...sellerSteps(HOT_SELLER).slice(0, -1), "no this is my neighbour's phone, mine's broken"],
    expect: {
      state: (s) => {
        expect(s.answers.reason?.value).toBe('probate');
        expect(s.asking?.slot).toBe('phone');
        expect((s.notes ?? []).join(' ')).not.toContain('neighbour');
      },
    },
  },
];

describe('scripted calls: facts from the words about them', () => {
  it.each(SCRIPTS.map((s) => [s.name, s] as const))('%s', (_name, script) => {
    checkScript(script);
  });
});
