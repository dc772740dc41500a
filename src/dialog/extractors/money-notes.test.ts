import { describe, expect, it } from 'vitest';
import { withVariants } from '../../../test/support/dialog/speech-variants.js';
import { extractMoneyNotes } from './money-notes.js';

describe('extractMoneyNotes', () => {
  it.each(
    withVariants([
      ["i'm 4 months behind", ['Mortgage arrears: 4 months']],
      ["we're about six months behind on the mortgage", ['Mortgage arrears: 6 months']],
      ["we're behind by two months", ['Mortgage arrears: 2 months']],
      ['three months in arrears', ['Mortgage arrears: 3 months']],
      ['arrears of about £4,000', ['Mortgage arrears: £4,000']],
      ['the service charge is about £1,800 a year', ['Service charge: £1,800 a year']],
      ['service charge is 120 a month', ['Service charge: £120 a month']],
      ['ground rent is 250 a year', ['Ground rent: £250 a year']],
      ['we owe about 90 grand on the mortgage', ['Mortgage outstanding: about £90,000']],
      ["there's about 90 left on the mortgage", ['Mortgage outstanding: about £90,000']],
      ['mortgage of 150,000 and we want 200k', ['Mortgage outstanding: about £150,000']],
      ['no mortgage we own it outright', ['No mortgage: owned outright']],
      ["it's mortgage free", ['No mortgage: owned outright']],
      [
        "we're three months behind on the mortgage and owe about 120k",
        ['Mortgage arrears: 3 months', 'Mortgage outstanding: about £120,000'],
      ],
    ] as const),
  )('%j → %j', (said, notes) => {
    expect(extractMoneyNotes(said)).toEqual(notes);
  });

  it.each(
    withVariants([
      ['asking 250k', []],
      ['3 mill road m14 5rt', []],
      ["it's been empty for six months", []],
      ['i want 200 grand', []],
      ['no mortgage we want 250k', ['No mortgage: owned outright']],
      ["i'm not behind on anything", []],
    ] as const),
  )('%j → %j (nothing about debts or charges)', (said, notes) => {
    expect(extractMoneyNotes(said)).toEqual(notes);
  });
});
