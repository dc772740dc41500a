/**
 * Scripted calls, table-driven over many phrasings in speech-recognition style: refusals and
 * "don't know" for every question, questions about the call, and corrections said back.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { CALLER } from '../../../test/support/dialog/fixtures.js';
import { HOT_SELLER, type SellerAnswers, sellerSteps } from '../../../test/support/dialog/sellers.js';
import { REFUSALS as SPOKEN_REFUSALS } from '../../../test/support/dialog/utterances.js';

const REFUSALS = [...SPOKEN_REFUSALS, 'um id rather not say', 'er not sure really'];

/** Each question, the answer it replaces, and its fact on the opportunity. */
const SLOTS: { slot: string; answer: keyof SellerAnswers; fact?: string; question: RegExp }[] = [
  { slot: 'property_type', answer: 'type', fact: 'property_type', question: /What type of property/ },
  { slot: 'bedrooms', answer: 'bedrooms', fact: 'bedrooms', question: /How many bedrooms/ },
  { slot: 'condition', answer: 'condition', fact: 'condition', question: /What condition/ },
  { slot: 'occupancy', answer: 'occupancy', fact: 'occupancy', question: /anyone living there/ },
  { slot: 'price', answer: 'price', fact: 'asking_price', question: /what price/ },
  { slot: 'timeline', answer: 'timeline', fact: 'timeline', question: /How soon/ },
  { slot: 'reason', answer: 'reason', fact: 'reason', question: /reason for selling/ },
];

describe('refusals and "don\'t know", for every question', () => {
  for (const { slot, answer, fact, question } of SLOTS) {
    it.each(REFUSALS)(
      `${slot}: %j is acknowledged, nothing is stored, and it is never asked again`,
      (said) => {
        const steps = sellerSteps({ ...HOT_SELLER, [answer]: said });
        const at = steps.indexOf(said) + 1;
        const run = checkScript({
          name: `${slot} refused`,
          steps: [...steps, 'the first one'],
          expect: { replies: { [at]: /^(?:That's fine|No problem)\./ } },
        });
        expect(run.state.refused).toContain(slot);
        const later = run.replies.slice(at);
        for (const reply of later) expect(reply).not.toMatch(question);
        const opp = [...run.effects].reverse().find((e) => e.type === 'score_opportunity');
        if (fact !== undefined && opp?.type === 'score_opportunity')
          expect(opp.facts[fact as keyof typeof opp.facts]).toBeNull();
      },
    );
  }

  it.each(REFUSALS)('the name: %j moves on without a name', (said) => {
    const run = checkScript({
      name: 'name refused',
      steps: ['i want to sell my house', said, '12 acacia avenue m14 5ab', 'yes'],
      expect: { replies: { 2: /^(?:That's fine|No problem)\. What's the address/ } },
    });
    expect(run.state.refused).toEqual(['name']);
  });
});

describe('questions about the call', () => {
  it.each([
    ['are you a robot', /virtual assistant/],
    ['um is this a real person', /virtual assistant/],
    ['who am i speaking to', /I'm Alex/],
    ['what company is this', /Northern Homebuyers/],
  ])('%j gets a short honest answer and the question again', (said, answer) => {
    const run = checkScript({
      name: 'off topic',
      steps: ['i want to sell', said, 'sarah jones'],
      expect: { replies: { 3: /Thanks, Sarah/ }, transfer: null },
    });
    expect(run.replies[2]).toMatch(answer);
    expect(run.replies[2]).toMatch(/name/);
  });
});

describe('corrections said back', () => {
  const upTo = (n: number): string[] => sellerSteps(HOT_SELLER).slice(0, n);
  it.each([
    'no i said four bedrooms',
    'no its four bedrooms',
    'sorry i meant four bedrooms',
    'actually its 4 bed',
  ])('%j later in the call replaces the bedrooms and says it back', (said) => {
    const run = checkScript({
      name: 'bedrooms corrected',
      steps: [...upTo(8), said],
      expect: { replies: { 9: /Four bedrooms, got it\./ } },
    });
    expect(run.state.answers.bedrooms?.value).toBe(4);
  });

  it.each([
    "i'm not asking three million",
    'no im not asking three million',
    'thats wrong i am not asking three million',
  ])('%j drops the price and asks for it again', (said) => {
    const steps = sellerSteps({ ...HOT_SELLER, price: 'three million' });
    const at = steps.indexOf('three million') + 2;
    const run = checkScript({
      name: 'price denied',
      steps: [...steps.slice(0, at), said],
      expect: { replies: { [at + 1]: /Sorry about that\. .*price/ } },
    });
    expect(run.state.answers.price).toBeNull();
  });

  it('a price taken is said back', () => {
    checkScript({
      name: 'price said back',
      steps: sellerSteps(HOT_SELLER).slice(0, 8).concat('about 250 grand'),
      expect: { replies: { 9: /^£250,000, got it\./ }, lead: { name: 'Sarah Jones', phone: CALLER } },
    });
  });
});

describe('what happens to a refused or unclear answer', () => {
  it('a refused price is scored as unknown, like one never given', () => {
    const run = checkScript({
      name: 'price refused',
      steps: sellerSteps({ ...HOT_SELLER, price: "i'd rather hear what you'd offer first" }),
      expect: { opportunity: { facts: { asking_price: null } } },
    });
    const opp = [...run.effects].reverse().find((e) => e.type === 'score_opportunity');
    const line =
      opp?.type === 'score_opportunity' ? opp.breakdown.find((b) => /price/i.test(b.criterion)) : undefined;
    expect(line?.reason).toMatch(/not known/);
  });

  it('a question given up on keeps the words in the lead note and may come back once at the end', () => {
    const steps = sellerSteps({ ...HOT_SELLER, price: 'well it depends on the market' });
    const at = steps.indexOf('well it depends on the market');
    const run = checkScript({
      name: 'price unclear',
      steps: [...steps.slice(0, at + 1), 'hmm well you know', ...steps.slice(at + 1), '250k'],
      expect: {
        replies: { [at + 2]: /^No problem, let's move on\./ },
        lead: { name: 'Sarah Jones', phone: CALLER, note: /price: "well it depends on the market/ },
      },
    });
    expect(run.replies.some((r) => /One last thing\. .*price/.test(r))).toBe(true);
    expect(run.state.answers.price?.value).toBe(250_000);
  });
});

describe('a fact put right while another question is open', () => {
  const base = sellerSteps(HOT_SELLER);
  it.each([
    ['actually its 220k', 11, { asking_price: 220_000 }],
    ['no wait its 220 grand', 11, { asking_price: 220_000 }],
    ['sorry its a detached not a semi', 9, { property_type: 'detached' }],
    ['no i said four bedrooms', 10, { bedrooms: 4 }],
  ] as const)('%j replaces the fact, says it back, and puts the open question again', (said, at, facts) => {
    const run = checkScript({
      name: said,
      steps: [...base.slice(0, at), said],
      expect: { replies: { [at + 1]: /^Sorry about that\. .*got it\./ } },
    });
    const opp = [...run.effects].reverse().find((e) => e.type === 'score_opportunity');
    expect(opp?.type === 'score_opportunity' ? opp.facts : null).toMatchObject(facts);
    expect(run.replies[at + 1]?.endsWith(run.state.lastAsk)).toBe(true);
  });
});
