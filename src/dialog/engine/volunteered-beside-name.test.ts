/**
 * Facts said beside the name, or in the first words of the call, are not read as the name: a
 * house's state after "it's" ("it's tidy, mind", "it's lush inside"), and what follows an "and
 * it's" joined on to the name given ("Bronwen Price, and it's Ty Gwyn on Heol y Bryn").
 */
import { describe, expect, it } from 'vitest';
import { BST_NOW } from '../../../test/support/dialog/fixtures.js';
import type { SlotName } from '../slots/index.js';
import { understand } from './understand.js';

const hear = (text: string, asked: SlotName | null, opening = false) =>
  understand(text, {
    expects: new Set(asked === null ? [] : [asked]),
    asked,
    opening,
    facts: true,
    street: false,
    now: BST_NOW,
    zone: 'Europe/London',
  }).values;

describe('at the opening, a house\'s state after "it\'s" is no name', () => {
  it.each([
    "hiya, it's tidy mind, a three bed semi",
    "hello, it's lush inside, three bed semi",
    "it's mint, just had it done, three bed semi",
    "it's canny, the house, three bed",
    "alright, it's immaculate, four bed detached",
    "it's spotless throughout, three bed detached",
    "it's draughty and the roof leaks, two bed bungalow",
  ])('%j names nobody', (said) => {
    expect(hear(said, null, true).name).toBeUndefined();
  });

  it.each([
    ["hi, it's sarah jones, i've a three bed semi", 'Sarah Jones'],
    ["hello, and it's dave, it's about my mum's bungalow", 'Dave'],
  ])('%j is still %s', (said, name) => {
    expect(hear(said, null, true).name).toBe(name);
  });
});

describe('asked the name, an "and it\'s" joined on after it goes on about something else', () => {
  it.each([
    ["Bronwen Price, and it's Ty Gwyn, on Heol y Bryn, that I'm selling", 'Bronwen Price'],
    ["gareth hughes and it's rose cottage i'm ringing about", 'Gareth Hughes'],
    ["Precious Okafor, but it's Mill House, Church Lane, the one for sale", 'Precious Okafor'],
  ])('%j is %s', (said, name) => {
    expect(hear(said, 'name').name).toBe(name);
  });
});
