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

describe('a town after the street word is not more of the street', () => {
  it.each([
    ['31 park avenue leigh wn7 1aa', '31 Park Avenue'],
    ['9 the avenue, hill top, ls6 2ab', '9 The Avenue'],
    ['14 church street bank top bl2 1aa', '14 Church Street'],
    // Before the street's own word, such words stay in it.
    ['5 park view close', '5 Park View Close'],
    ['3 church hill road', '3 Church Hill Road'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['12 oak road, bolton obviously', '12 Oak Road, Bolton'],
    ['4 ash grove leeds anyway ls6 2ab', '4 Ash Grove, Leeds'],
    ['7 kings road, hove, honestly', '7 Kings Road, Hove'],
  ])('a word about what was said is no part of the town: %j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a house letter said apart, made sure of, or given later', () => {
  it.each([
    ['seven b high street', '7B High Street'],
    ["it's 4c, c for charlie, mill road", '4C Mill Road'],
    ['2 d as in delta park road m1 1aa', '2D Park Road'],
    ['fourteen a the green', '14A The Green'],
    ['Thirty C, Heol Las, CF5 2AB.', '30C Heol Las'],
    // The same number with its letter, later in the answer.
    ['40 high street, well, 40b really', '40B High Street'],
    ["fifteen church road m1 1aa, it's actually 15c", '15C Church Road'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['twenty two, twenty two elm grove', '22 Elm Grove'],
    ['forty five forty five kings road', '45 Kings Road'],
    ['Eighty-one, eighty-one Bath Street.', '81 Bath Street'],
  ])('a number said twice over is said once: %j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('flats said in other ways and other places', () => {
  it.each([
    // An Edinburgh tenement's floor and door, before or after the street, with or without "flat".
    ['flat 1f2, 10 leith walk', 'Flat 1F2, 10 Leith Walk'],
    ['22 marchmont road, flat three f two', 'Flat 3F2, 22 Marchmont Road'],
    ["it's 5 dalkeith road, the buzzer says 2 f 1", 'Flat 2F1, 5 Dalkeith Road'],
    // A flat said straight after its street, or after the town.
    ['12 oak road flat 3 ls6 2ab', 'Flat 3, 12 Oak Road'],
    ["30 mill lane, leeds, it's flat 6", 'Flat 6, 30 Mill Lane, Leeds'],
    // A flat known by its letter.
    ['flat c, 40 church street', 'Flat C, 40 Church Street'],
    ["it's flat d 7 park road", 'Flat D, 7 Park Road'],
    // The floor said between the flat and its street.
    ['flat 2, on the top floor, 9 mill lane', 'Flat 2, 9 Mill Lane'],
    ["flat c that's second floor 40 church street", 'Flat C, 40 Church Street'],
    // A Glasgow position said in words.
    ['flat oh stroke one 12 byres road', 'Flat 0/1, 12 Byres Road'],
    ['Flat nought slash three, 7 Dumbarton Road.', 'Flat 0/3, 7 Dumbarton Road'],
    // A building, then its street.
    ['apartment 6, the maltings, mill street', 'Apartment 6, The Maltings, Mill Street'],
    ['Flat 3, Kelvin Court, Park Road, LS6 2AB.', 'Flat 3, Kelvin Court, Park Road'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['we live at 12 oak road and have a flat 2 miles away', '12 Oak Road'],
    ["it's a flat a few doors from 12 oak road", '12 Oak Road'],
  ])('a flat that is not this house’s: %j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('house names said with a number, said again, or after "it’s"', () => {
  it.each([
    ['primrose cottage 4 green lane', 'Primrose Cottage, 4 Green Lane'],
    ["yes it's the old rectory 3 church lane", 'The Old Rectory, 3 Church Lane'],
    // Asked for the address, a name with no house word only after "the"; a bare word before the
    // number is as often the town said first.
    ['The Laurels, 7 Station Road.', 'The Laurels, 7 Station Road'],
    ["right, it's the willows 3 back lane", 'The Willows, 3 Back Lane'],
    ['Brookside, 7 Station Road.', '7 Station Road'],
    ['leeds, 12 oak road', '12 Oak Road'],
    ['bolton 8 elm grove bl1 4aa', '8 Elm Grove'],
    // The name after "it's" or "that's", and said again before its street.
    ["it's ivy cottage, church lane", 'Ivy Cottage, Church Lane'],
    ["that's the old school house, church road", 'The Old School House, Church Road'],
    ['ivy cottage, yes, ivy cottage, mill lane', 'Ivy Cottage, Mill Lane'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['the house is 12 oak road', '12 Oak Road'],
    ["my nan's house, 12 oak road", '12 Oak Road'],
    ["it's an old house, 12 oak road", '12 Oak Road'],
    ["it's a detached on a little cul de sac 5 willow close", '5 Willow Close'],
  ])('no house name: %j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('volunteered, a name with no house word is not taken', () => {
    expect(extractAddress('brookside 7 station road')).toBe('7 Station Road');
  });
});

describe('which street line stands', () => {
  it.each([
    // A street with its street word, then its number, beats a number and a town.
    ['church lane, number 8, bolton', '8 Church Lane'],
    ['elm grove number 30 sheffield s1 2ab', '30 Elm Grove'],
    // A whole street line taken back: the later one stands.
    ['3 ash grove, no, sorry, 8 ash grove', '8 Ash Grove'],
    ['12 york road, wait, I tell a lie, 12 york street', '12 York Street'],
    ["6 mill lane no that's my mum's, mine is 9 park road", '9 Park Road'],
    ['12 york road, no, that is right', '12 York Road'],
    ['22 the willows in a quiet spot', null],
    // A street with no street word ends where the caller sets it apart.
    ['4 the sidings not sidings road', '4 The Sidings'],
    ["6 y bryn that's y then bryn", '6 Y Bryn'],
    // The street's first word said twice over.
    ['number 7 the the willows le7 9ws', '7 The Willows'],
    // "in" and a town running to the clause's end or the postcode.
    ['6 woodlands in doncaster dn4 5ab', '6 Woodlands, Doncaster'],
    ['Number 3 Hollins in Bury, postcode to follow.', '3 Hollins, Bury'],
  ])('%j is %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});
