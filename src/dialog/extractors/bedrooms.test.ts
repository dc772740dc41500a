import { describe, expect, it } from 'vitest';
import { extractBedrooms } from './bedrooms.js';

describe('extractBedrooms', () => {
  it.each([
    ['three bed', 3],
    ['3 bedroom', 3],
    ['three bedroomed', 3],
    ['a four bed semi', 4],
    ['4 bed detached', 4],
    ['it has got five bedrooms', 5],
    ['three double bedrooms', 3],
    ['2 good sized bedrooms', 2],
    ['3bed', 3],
    ['one bedroom flat', 1],
    ['a twelve bedroom hmo', 12],
    ['studio', 0],
    ['a studio flat', 0],
    ['it is a bedsit', 0],
    ['two up two down', 2],
    ['bedrooms is three', 3],
    ["no it's four bedrooms", 4],
    ['it was a three bed but we converted the loft so now a four bed', 4],
    ['3 bed for 250k', 3],
    ['three bed semi at 12 acacia avenue', 3],
    ['um like a three bedroom house yeah', 3],
    ['2 bed 1 bath', 2],
  ])('reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said)).toBe(bedrooms);
  });

  it.each([
    '',
    'hello',
    '12 acacia avenue',
    'four',
    'i want 250k',
    'twenty five bedrooms',
    'a double bedroom',
    'it has 2 bathrooms',
    'm14 5ab',
  ])('finds no bedrooms in %j', (said) => {
    expect(extractBedrooms(said)).toBeNull();
  });

  it.each([
    ['four', 4],
    ["no it's four", 4],
    ["there's three", 3],
    ['just the two', 2],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each(['it has 2 bathrooms', 'three or four', '250k', 'forty'])(
    'with acceptBareNumber still rejects %j',
    (said) => {
      expect(extractBedrooms(said, { acceptBareNumber: true })).toBeNull();
    },
  );
});
