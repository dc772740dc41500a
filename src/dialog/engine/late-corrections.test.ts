/**
 * A fact put right at any later turn, however the caller puts it: "I said three beds didn't I?
 * It's four", "actually four, I forgot the loft", "I think I said 14, it's 41", "that postcode is
 * mine, the house is ...". The latest word wins and is said back; nothing else is disturbed.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../test/support/dialog/script.js';

/** A seller who has given the address, type, bedrooms, condition and occupancy. */
const SO_FAR = [
  'hi I want to sell my house',
  'Dave Smith',
  'it is 14 Oak Road, M14 5AB',
  'yes',
  'semi',
  'three bedrooms',
  'good condition',
  'we live there',
];

function afterSoFar(...steps: string[]) {
  const run = runScript({ name: 'late correction', steps: [...SO_FAR, ...steps], expect: {} });
  return { reply: run.replies.at(-1) ?? '', answers: run.state.answers };
}

describe('a fact put right turns later', () => {
  it.each([
    "I said three beds didn't I? It's four",
    'i said three bedrooms did i its four',
    'actually four, I forgot the loft',
    'I think I said three, it should be four',
    'sorry I must have said three bedrooms earlier, there are four',
  ])('bedrooms: %j', (said) => {
    const { reply, answers } = afterSoFar(said);
    expect(answers.bedrooms?.value).toBe(4);
    expect(reply).toMatch(/^Sorry about that\. Four bedrooms, got it\./);
    // The occupancy said back last is left as it was.
    expect(answers.occupancy?.value).toBe('owner_occupied');
  });

  it.each([
    "I said 14 didn't I? It's 41",
    'i think i said 14 its 41 actually',
    'I might have said 14 but it is 41',
    // In words, owned as a mistake, or named as the house number.
    'no wait, forty one, not fourteen',
    "my mistake, it's number 41",
    'sorry, the house number is 41 not 14',
  ])('the house number: %j', (said) => {
    const { reply, answers } = afterSoFar(said);
    expect(answers.address?.value).toBe('41 Oak Road');
    expect(reply).toMatch(/^Sorry about that\. At 41 Oak Road, got it\./);
    expect(answers.bedrooms?.value).toBe(3);
  });

  it.each([
    'that postcode is mine, the house is CF37 2DA',
    "that's my postcode, not the house's, the house is CF37 2DA",
  ])('the postcode: %j', (said) => {
    const { reply, answers } = afterSoFar(said);
    expect(answers.postcode?.value).toBe('CF37 2DA');
    expect(reply).toMatch(/is the postcode C F 3 7, 2 D A\?/);
  });

  it.each(['sorry, the house number is 41 not 14', 'my mistake, its number 41'])(
    'a house number put right while the price is asked is not a price: %j',
    (said) => {
      const { answers } = afterSoFar(said);
      // SO_FAR ends as the price is asked.
      expect(answers.address?.value).toBe('41 Oak Road');
      expect(answers.price).toBeNull();
    },
  );

  it.each(['I think I said 250, it is 275 actually', "i said 250 didn't i, it's 275"])(
    'the price, read back: %j',
    (said) => {
      const { reply } = afterSoFar('250 grand', said);
      expect(reply).toMatch(/was that £275,000\?/);
    },
  );

  it.each(["i said it's good didn't i", 'no i said three bedrooms'])(
    'leaves a fact alone when the caller only says it again: %j',
    (said) => {
      const { answers } = afterSoFar(said);
      expect(answers.bedrooms?.value).toBe(3);
      expect(answers.address?.value).toBe('14 Oak Road');
    },
  );
});
