/** Corrections name a fact and carry its new value, or take a value back with nothing in its place. */
import { describe, expect, it } from 'vitest';
import { speechVariants } from '../../../test/support/dialog/speech-variants.js';
import { readCorrection } from './correction.js';
import { extractPrice } from './price.js';

const CORRECTIONS = [
  ['no i said four bedrooms', [], 'bedrooms', false],
  ['sorry i meant 3 bedrooms', [], 'bedrooms', false],
  ["it's 4 bedrooms not 3", [], 'bedrooms', false],
  ["no it's five beds", ['bedrooms'], 'bedrooms', false],
  ["i'm not asking three million", [], 'price', true],
  ["i'm not asking 3 million", ['price'], 'price', true],
  ["actually it's 220 not 250", ['price'], 'price', false],
  ["actually it's 220 not 250", [], 'price', false],
  ['no i said 250k', [], 'price', false],
  ["that's wrong it's m14 5ab", [], 'postcode', false],
  ["no the postcode's m14 5ab", ['postcode'], 'postcode', false],
  ["that's not right my name is jon smith", [], 'name', false],
  ["no it's a semi not detached", [], 'property_type', false],
  ['no i said 07700 900456 is my number', [], 'phone', false],
] as const;

describe('readCorrection', () => {
  it.each(
    CORRECTIONS.flatMap(([said, last, fact, cleared]) =>
      speechVariants(said)
        .filter((v) => !v.startsWith('yeah'))
        .map((v) => [v, last, fact, cleared] as const),
    ),
  )('%j after %j corrects %j (cleared: %j)', (said, last, fact, cleared) => {
    expect(readCorrection(said, last)).toMatchObject({ fact, cleared });
  });

  it('keeps the new value and drops the one taken back', () => {
    const correction = readCorrection("actually it's 220 not 250", ['price']);
    expect(extractPrice(correction?.text ?? '', { assumeThousands: true })?.amount).toBe(220_000);
  });

  it.each([
    ['yes', ['price']],
    ['no', ['price']],
    ['four bedrooms', []],
    ["i'm not sure", ['price']],
    ['not 100 percent sure', ['price']],
    ['no mortgage we own it outright', ['price']],
    ["it's not in great condition", []],
    ["i'm not in a rush", []],
    ['not really', ['occupancy']],
    ["it's not mine it was my mums", []],
    ["i'm not 65 yet", ['price']],
    ["it's not 5 minutes from the station", []],
  ] as const)('%j after %j is no correction', (said, last) => {
    expect(readCorrection(said, last)).toBeNull();
  });
});
