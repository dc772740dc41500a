/**
 * Classes of street lines as people say them, each in several phrasings: the street before its
 * number, a word between the number and the street, a number put right, a building with no street
 * word, and a Scottish flat's position ("3 stroke 1").
 */
import { describe, expect, it } from 'vitest';
import { extractAddress } from './address.js';
import { extractReason } from './reason.js';

describe('street lines as people say them', () => {
  it.each([
    // The street first, then its number.
    ['acacia avenue, number 14, ls6 2ab', '14 Acacia Avenue'],
    ['mill lane number 3', '3 Mill Lane'],
    ["it's on elm grove, number 30", '30 Elm Grove'],
    // A word between the number and a street that has its street word.
    ["it's 14 on acacia avenue ls6 2ab", '14 Acacia Avenue'],
    ["number 14, that's acacia avenue, ls6 2ab", '14 Acacia Avenue'],
    ['number 9 its station road', '9 Station Road'],
    // A number put right keeps its street.
    ['14 acacia avenue, sorry 16, ls6 2ab', '16 Acacia Avenue'],
    ['22 bold street, no, sorry, 24', '24 Bold Street'],
    // A flat in a building with no street word, known by the postcode or the end of the answer.
    ['apartment 4, the maltings, ls2 7ef', 'Apartment 4, The Maltings'],
    ['flat 9 riverside', 'Flat 9, Riverside'],
    // A Scottish flat's position, said or written.
    ['flat 3 stroke 1 22 dumbarton road g11 6aa', 'Flat 3/1, 22 Dumbarton Road'],
    ['flat two slash one, 8 great western road, g12 8hl', 'Flat 2/1, 8 Great Western Road'],
    ['2/1 8 great western road g12 8hl', 'Flat 2/1, 8 Great Western Road'],
    ['0/2, 41 paisley road', 'Flat 0/2, 41 Paisley Road'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said)).toBe(line);
  });

  it.each(['14 acacia avenue, sorry, 16 years we lived there', 'number 14 and it was 3 years ago'])(
    'does not take a number that is not the house put right: %j',
    (said) => {
      expect(extractAddress(said) ?? '').not.toMatch(/^16 |^3 /);
    },
  );

  it.each(['flat 3 stroke 1, 22 dumbarton road', 'it is 1 slash 2, 12 hyndland road'])(
    'a flat position is not an illness: %j',
    (said) => {
      expect(extractReason(said)).toBeNull();
    },
  );
});

describe('asked for the address, a street with no street word ends at the clause or the answer', () => {
  it.each([
    // After the postcode, or at the end of the answer.
    ["m14 5ab, it's number 12 acacia", '12 Acacia'],
    ['bb1 6ea, house number 38 whalley range', '38 Whalley Range'],
    ['ll11 2tt house number 4 the paddock', '4 The Paddock'],
    // Before a town, set off by the recogniser's comma.
    ['47 whalley range, blackburn', '47 Whalley Range, Blackburn'],
    ['um so it’s 14 hollins, bury', '14 Hollins, Bury'],
    ['61 woodlands, doncaster dn4 5ab', '61 Woodlands, Doncaster'],
    ["6 rhodfa'r mor, aberystwyth", "6 Rhodfa'r Mor, Aberystwyth"],
    // The street first, its number after a comma.
    ["it's on hill top, number 40, ol4 1ee", '40 Hill Top'],
    // A house name with no house word, then a street that has one.
    ['the laurels northgate cottingham hu16 and then 4he', 'The Laurels, Northgate, Cottingham'],
    ['ty gwyn soho road birmingham b21 9bh', 'Ty Gwyn, Soho Road, Birmingham'],
    [
      'like, Bryn Teg, Tudor Close, Stockport, sierra kilo two seven bravo november.',
      'Bryn Teg, Tudor Close, Stockport',
    ],
    // A postcode's spelling begun is not a town.
    ['5 Heol Goffa, uh sierra, uh, sierra alpha one five three lima sierra.', '5 Heol Goffa'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    // Not asked, such words may be the sentence going on.
    ['47 whalley range, blackburn', null],
    ['the laurels northgate cottingham', null],
  ])('volunteered, %j is %j', (said, line) => {
    expect(extractAddress(said)).toBe(line);
  });

  it.each([
    '17 honestly',
    'number 4, i’m not sure of the postcode',
    'h you one six four aitch ee',
    "it's my mammy's old place, erm, i don't know the postcode",
    '3 bed semi in bolton',
  ])('%j is no street line', (said) => {
    expect(extractAddress(said, { asked: true })).toBeNull();
  });
});

describe('a flat’s letter said in words, before the house’s own number', () => {
  it.each([
    ['flat four b, nine king street', 'Flat 4B, 9 King Street'],
    ['flat two a twelve mill road', 'Flat 2A, 12 Mill Road'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('the street first, then its number as a clause of its own', () => {
  it.each([
    ['acacia avenue, 12, m14 5ab', '12 Acacia Avenue'],
    ['the house on bury road, 60', '60 Bury Road'],
    // With no commas to go by: the postcode or the answer's end straight after the number.
    ['its on oak road 12 m14 5ab', '12 Oak Road'],
    ['acacia avenue 14', '14 Acacia Avenue'],
    ['kingsway 40 m19 2ll', '40 Kingsway'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each(["we've been on mill road, 20 years now", 'we been on mill road 20 years m14 5ab'])(
    'takes no count after a street for its number: %j',
    (said) => {
      expect(extractAddress(said, { asked: true })).toBeNull();
    },
  );
});

describe('street names the name readers keep out', () => {
  it.each([
    // A Welsh article joins a name of three words, with no street word: not a street and a town.
    ['17 pen y bryn sa1 6ln', '17 Pen y Bryn'],
    ['7 cwrt y felin, cf5 2ab', '7 Cwrt y Felin'],
    ['6 glan yr afon ll21 0ab', '6 Glan yr Afon'],
    // Everyday words that start a street when a street word follows.
    ['19 market place, dl8 4pq', '19 Market Place'],
    ['4 love lane', '4 Love Lane'],
    ['22 first avenue hove bn3 2ab', '22 First Avenue, Hove'],
    ['3 well street', '3 Well Street'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});
