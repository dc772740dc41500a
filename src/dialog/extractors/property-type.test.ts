import { describe, expect, it } from 'vitest';
import { extractPropertyType } from './property-type.js';

describe('extractPropertyType', () => {
  it.each([
    ['three bed semi', 'semi-detached'],
    ['semi-detached house', 'semi-detached'],
    ['semi detached', 'semi-detached'],
    ["it's a detached house", 'detached'],
    ['link detached', 'detached'],
    ['end of terrace', 'terraced'],
    ['mid terrace', 'terraced'],
    ['terraced house', 'terraced'],
    ['a victorian terrace', 'terraced'],
    ['town house', 'terraced'],
    ['townhouse', 'terraced'],
    ['back to back', 'terraced'],
    ['two up two down', 'terraced'],
    ['flat', 'flat'],
    ['ground floor flat', 'flat'],
    ['apartment', 'flat'],
    ['maisonette', 'flat'],
    ['penthouse', 'flat'],
    ['studio', 'flat'],
    ['bungalow', 'bungalow'],
    ['detached bungalow', 'bungalow'],
    ['semi detached bungalow', 'bungalow'],
    ['dormer bungalow', 'bungalow'],
    ['a cottage', 'other'],
    ['a farmhouse', 'other'],
    ['barn conversion', 'other'],
    ['block of flats', 'other'],
    ['an hmo', 'other'],
    ['mobile home', 'other'],
    ['plot of land', 'other'],
    ['terraced cottage', 'terraced'],
    ['detached cottage', 'detached'],
    ['flat above a shop', 'flat'],
    ["it's not a semi it's detached", 'detached'],
    ["no it's a semi", 'semi-detached'],
    ['um like a four bed semi yeah', 'semi-detached'],
  ])('reads %j as %s', (said, type) => {
    expect(extractPropertyType(said)).toBe(type);
  });

  it.each([
    '',
    'hello',
    "it's a house",
    'house with a flat roof extension',
    'a flat fee',
    'it has a roof terrace',
    "it isn't detached",
    "i'm semi retired",
    'granny flat at the back of the house',
    'rose cottage mill lane hebden bridge',
    'its on chapel street',
  ])('finds no type in %j', (said) => {
    expect(extractPropertyType(said)).toBeNull();
  });
});

describe('a type put right in the same breath', () => {
  it.each([
    ['detached, well, link detached really, the garages join', 'detached'],
    ["it's a semi well end of terrace really", 'terraced'],
    ['a terrace, no sorry, a semi', 'semi-detached'],
    ['well it is a bungalow', 'bungalow'],
    ['a maison ette over the shops', 'flat'],
  ])('reads %j as %s', (said, type) => {
    expect(extractPropertyType(said)).toBe(type);
  });
});
