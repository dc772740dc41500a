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

describe('a street put right, a number taken back, a letter taken off', () => {
  it.each([
    // The street put right with a direction after its street word, its first word said twice.
    ['41 bramhall lane, sorry, bramhall lane south', '41 Bramhall Lane South'],
    ['9 kings road no sorry kings kings road east', '9 Kings Road East'],
    ['number 3, high street, I mean high street north', '3 High Street North'],
    // A number taken back is no street of its own.
    ['twenty, wait, no, 22 ash grove', '22 Ash Grove'],
    ['eight... sorry, got muddled, 18 the willows', '18 The Willows'],
    // The number said plain after its letter: the plain one stands.
    ['6 york street, it used to say 6b on the door but just 6 now', '6 York Street'],
    ['31 mill lane but the post comes as 31a, it is only 31', '31 Mill Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('keeps a letter given later when the number is not said plain again', () => {
    expect(extractAddress('9 elm road, well, 9c really', { asked: true })).toBe('9C Elm Road');
    expect(extractAddress('7 mill lane, 7b in fact, just 7 flats in the block', { asked: true })).toBe(
      '7B Mill Lane',
    );
  });
});

describe('house names without a house word, said as names', () => {
  it.each([
    // A name that ends as house names do, before the number.
    ['hillcrest, 4 park road, otley', 'Hillcrest, 4 Park Road, Otley'],
    ["it's rosebank 22 elm grove", 'Rosebank, 22 Elm Grove'],
    ['glen view, 9 main street', 'Glen View, 9 Main Street'],
    // A name the caller says is its name.
    ['the house is called brookfield, 4 mill lane', 'Brookfield, 4 Mill Lane'],
    ["tregenna, that's the bungalow, 7 fore street", 'Tregenna, 7 Fore Street'],
    ["penrose that's the house name 12 chapel road", 'Penrose, 12 Chapel Road'],
    // "called" with the street after it, or after the name said again.
    ["it's known as the laurels and it's on church road", 'The Laurels, Church Road'],
    ['we named it ashdene. it was something else before. ashdene, moor lane', 'Ashdene, Moor Lane'],
    ['the house is called millbrook, no number, on long lane', 'Millbrook, Long Lane'],
    // An old house's "old" is part of its name.
    ['the old smithy, church street, st ives', 'The Old Smithy, Church Street'],
    ['the old bakery, bridge lane', 'The Old Bakery, Bridge Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['leeds, 12 oak road', '12 Oak Road'],
    ['bolton 7 chorley road', '7 Chorley Road'],
    ['the gaff? 8 stanley road', '8 Stanley Road'],
    ['erm the property, it is 3 mill lane', '3 Mill Lane'],
    ['the old place 19 kings road', '19 Kings Road'],
    ["it's the address, 5 park view", '5 Park View'],
  ])('a town or a word for home before the number is no name: %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('volunteered, a name that ends as house names do is not taken', () => {
    expect(extractAddress('hillcrest 4 park road')).toBe('4 Park Road');
  });
});

describe('house names spelt out or said alone', () => {
  it.each([
    // Spelt out, then the street.
    ['pen y bryn, p e n, y, b r y n, on heol y dderwen', 'Pen y Bryn, Heol y Dderwen'],
    ["bryn haul, that's b r y n then h a u l, on station road", 'Bryn Haul, Station Road'],
    ['tir na nog t i r n a n o g mill lane', 'Tir na Nog, Mill Lane'],
    // Spelt, with a gloss, then the street as a clause of its own.
    ["bod hyfryd, b o d, that's welsh for a pleasant spot, chapel street", 'Bod Hyfryd, Chapel Street'],
    // Alone: spelt out, or said to be the house's name.
    ['it is a croft, achnabreck, a c h n a b r e c k, near oban', 'Achnabreck'],
    ["high moss, that's the name of the house, no number", 'High Moss'],
    ["sron garbh. that's the house. s r o n, g a r b h.", 'Sron Garbh'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('a word spelt out that is not the name before it makes no house name', () => {
    expect(extractAddress("it's 14 park road, that's p a r k", { asked: true })).toBe('14 Park Road');
  });
});

describe('house names with house words, and Welsh articles in them', () => {
  it.each([
    ['mill house, mill road, histon', 'Mill House, Mill Road, Histon'],
    ['manor farm cottage, long lane', 'Manor Farm Cottage, Long Lane'],
    ['the old mill house mill lane', 'The Old Mill House, Mill Lane'],
    ['bryn y mor cottage, llandudno', 'Bryn y Mor Cottage, Llandudno'],
    ['pen yr allt farm', 'Pen yr Allt Farm'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('flats known by their floor or their position before the house number', () => {
  it.each([
    // Glasgow positions said in words, with or without the floor after.
    ['two stroke one, 18 byres road', 'Flat 2/1, 18 Byres Road'],
    ['nought slash two, that is the ground floor, twelve hyndland road', 'Flat 0/2, 12 Hyndland Road'],
    ['it is one stroke won top floor 7 gibson street', 'Flat 1/1, 7 Gibson Street'],
    ['3/2 forty white street', 'Flat 3/2, 40 White Street'],
    // Edinburgh floor and door before the number, as written on the envelope.
    ['2f1, 9 marchmont crescent', '2F1, 9 Marchmont Crescent'],
    ['one f two 33 leamington terrace', '1F2, 33 Leamington Terrace'],
    // A flat known by its floor, before the house's number.
    ['the basement flat, 27 ladbroke grove', 'Basement Flat, 27 Ladbroke Grove'],
    ['first floor flat 6 cheyne walk', 'First Floor Flat, 6 Cheyne Walk'],
    ["it's the garden flat, forty one aberdare gardens", 'Garden Flat, 41 Aberdare Gardens'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('a flat on a floor, said after the number, keeps the house number as the house', () => {
    expect(extractAddress('16 elm road, a flat on the second floor', { asked: true })).toMatch(
      /^16 Elm Road/,
    );
  });
});

describe('house numbers said in other ways', () => {
  it.each([
    // One digit at a time.
    ['one oh four high street', '104 High Street'],
    ["it's three one eight london road", '318 London Road'],
    // A half number.
    ['nine and a half church lane', '9½ Church Lane'],
    ['4 and a half bridge street', '4½ Bridge Street'],
    // A letter said again to make it sure.
    ['twelve b, b for bravo, park avenue', '12B Park Avenue'],
    ['6 c, c as in charlie, mill lane', '6C Mill Lane'],
    // After "number", the recogniser's spelling of a digit's sound.
    ['number ate heol y parc', '8 Heol y Parc'],
    ["it's number for church walk", '4 Church Walk'],
    // A street whose name starts with a number word, after the number in digits.
    ['15 seven oaks road', '15 Seven Oaks Road'],
    ['2 nine elms lane', '2 Nine Elms Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['it was built in nineteen thirty something, 4 oak road', '4 Oak Road'],
    ["she's sixty odd. 8 kirk lane", '8 Kirk Lane'],
  ])('a year or an age is no house: %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('streets with everyday words inside, and towns around them', () => {
  it.each([
    // "of" and a title inside the street's name.
    ['number 5, duke of york street', '5 Duke of York Street'],
    ['22 prince of wales drive, cardiff', '22 Prince of Wales Drive, Cardiff'],
    ['number seven sir thomas lane', '7 Sir Thomas Lane'],
    // The town first, each as a clause of its own, then the street and its number.
    ['Harrogate. Otley Road. Number 40.', '40 Otley Road'],
    ['Wigan. Mesnes Street. Twelve. WN1 1QP.', '12 Mesnes Street'],
    ['Heol y Nant, twenty three, CF14 6LJ', '23 Heol y Nant'],
    // A district ending in a street word, a place "outside" a town.
    ['4 lorne street, heaton park', '4 Lorne Street, Heaton Park'],
    ['holly farm, back lane, outside thirsk', 'Holly Farm, Back Lane'],
    // "st" after a street word starts a town's saint.
    ['2 fore street st austell', '2 Fore Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('a postcode made of ordinary words is no postcode beside a clear one', () => {
    expect(
      extractAddress('lived at number 8 for years, so 8 st helens road, w a ten, one a b', { asked: true }),
    ).toBe('8 St Helens Road');
  });
});

describe('a street with no street word, spelt out after it', () => {
  it.each([
    ['41 whalley range w h a l l e y', '41 Whalley Range'],
    ['6 moorside m o o r s i d e', '6 Moorside'],
    ['number 12 the sidings, s i d i n g s', '12 The Sidings'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('the street said again, more fully', () => {
  it.each([
    ['7 park road park road west', '7 Park Road West'],
    ['22 church lane, church lane north, le2 1ab', '22 Church Lane North'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a name started afresh is said once', () => {
  it.each([
    ['flat 6 redwood redwood court hill street', 'Flat 6, Redwood Court, Hill Street'],
    ['22 holly holly bank road', '22 Holly Bank Road'],
    ['the old the old forge station lane', 'The Old Forge, Station Lane'],
    ['9 cherry tree cherry tree close', '9 Cherry Tree Close'],
    ['heol heol y nant 4', '4 Heol y Nant'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    // Two names side by side, not one said twice: "mill farm, mill lane".
    ['kiln farm kiln farm lane', 'Kiln Farm, Kiln Farm Lane'],
    ['Mossley Farm, Mossley Road', 'Mossley Farm, Mossley Road'],
  ])('two names that share words are both kept: %j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('letters and numbers of a postcode said twice stay', () => {
    expect(extractAddress('5 dale road l l two two', { asked: true })).toBe('5 Dale Road');
  });
});

describe('a number read back in pieces after it was said', () => {
  it.each([
    ['seventy, seven oh, carlton road', '70 Carlton Road'],
    ['forty four oh gordon street', '40 Gordon Street'],
    ['thirty, three oh, mill lane', '30 Mill Lane'],
    ['14, one four, beech avenue', '14 Beech Avenue'],
    ['flat 1208, twelve oh eight, 3 dock street', 'Flat 1208, 3 Dock Street'],
    ['apartment 305 three oh five 22 canal walk', 'Apartment 305, 22 Canal Walk'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['ninety nine oak road', '99 Oak Road'],
    ['flat 3, 3 park road', 'Flat 3, 3 Park Road'],
  ])('a number not read back keeps its reading: %j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('"the road" names no street', () => {
  it.each([
    ['the bus goes two the road, 12 moor lane', '12 Moor Lane'],
    ['you turn off four the street then 6 church walk', '6 Church Walk'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('a village street called "the street" stands alone', () => {
    expect(extractAddress('3 the street, wickham', { asked: true })).toBe('3 The Street, Wickham');
  });
});

describe('the number and the street said apart, an aside between', () => {
  it.each([
    ['seven and a half, if you can believe it. Castle Street.', '7½ Castle Street'],
    ["we're 21b, that's the top one, the bottom one's let, Lisburn Road, bt9 6aa", '21B Lisburn Road'],
    ['nine, would you credit it, union street', '9 Union Street'],
    ['the old name was sheep street, now it is wool street, so put that, number 5', '5 Wool Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each(["twenty years we've lived on mill road", 'three bedrooms, all on station road'])(
    'a count is not a house number: %j',
    (said) => {
      expect(extractAddress(said, { asked: true })).toBeNull();
    },
  );
});

describe('a house name, an aside, then its street', () => {
  it.each([
    ['we called it tigh na mara, it means by the sea, harbour road', 'Tigh na Mara, Harbour Road'],
    ['it is known as fairhaven, my mother named it, cliff lane, whitby', 'Fairhaven, Cliff Lane, Whitby'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a number said plain in words, a number word written as a digit', () => {
  it.each([
    ['nine park road, the old sign says 9a but it is just nine now le1 2ab', '9 Park Road'],
    ['15 3 kings road', '15 3 Kings Road'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe("a house's name before the farm it stands in", () => {
  it.each([
    ['The Stables, Glebe Farm, Church Lane', 'The Stables, Glebe Farm, Church Lane'],
    ['the bothy, kirkton farm, ab3 4cd', 'The Bothy, Kirkton Farm'],
    ['The Dairy, Westfield Farm.', 'The Dairy, Westfield Farm'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it("whose house it was is no house's name", () => {
    expect(extractAddress("my nan's place, rose cottage, mill lane", { asked: true })).toBe(
      'Rose Cottage, Mill Lane',
    );
  });
});

describe('a flat said apart from its house number and street', () => {
  it.each([
    // The flat's word said another way, or with "number" after it.
    ['flat number six, 40 station road', 'Flat 6, 40 Station Road'],
    ["the flat's number 3, 12 york street", 'Flat 3, 12 York Street'],
    ["t'flat, number two, 9 mill lane", 'Flat 2, 9 Mill Lane'],
    // Where the flat is, said before its number.
    ['the flat over the bakery, number 1, and the block is 25 king street', 'Flat 1, 25 King Street'],
    ['the flat at the back number, number 7, 3 queen street', 'Flat 7, 3 Queen Street'],
    // An aside between the flat and the house's number.
    ['flat b, the middle one, 14 ash road', 'Flat B, 14 Ash Road'],
    ['apartment 9, the building is 60 canal street', 'Apartment 9, 60 Canal Street'],
    // The building, then its street led on to.
    ['flat 3, alder court, that is 8 park road', 'Flat 3, Alder Court, 8 Park Road'],
    ["flat 12 in brook house, that's on mill road", 'Flat 12, Brook House, Mill Road'],
    // A Glasgow position said anywhere after the street.
    ['40 byres road, it is the top left so 3/2 on the buzzer', 'Flat 3/2, 40 Byres Road'],
    ['12 crow road, second floor, the door on the left, 2/1', 'Flat 2/1, 12 Crow Road'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['ground floor flat, two bed, 18 ash road', '18 Ash Road'],
    ['a flat, 2 bedrooms, 18 ash road', '18 Ash Road'],
    ['the flat near the bus stop number 4', null],
  ])('a count or a place is no flat number: %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street or number taken back with a regional no', () => {
  it.each([
    ['9 elm road, nah, 11 elm road', '11 Elm Road'],
    ["22 grove street, naw, that's my sister's, 24 grove street", '24 Grove Street'],
    ['310 dumbarton road, naw, wait, 312, that is the one', '312 Dumbarton Road'],
    ['31 shore road, nah, 33, that is it', '33 Shore Road'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['5 quay street walker nah hang on', '5 Quay Street, Walker'],
    ['5 quay street walker naw wait', '5 Quay Street, Walker'],
  ])('no town takes the word that takes back: %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('the accents of the words as said', () => {
  it.each([
    ['3 Heol yr Ysgol, Llandâf', '3 Heol yr Ysgol, Llandâf'],
    ['8 Ffordd y Môr', '8 Ffordd y Môr'],
    ['Tŷ Gwyn, Heol Fawr', 'Tŷ Gwyn, Heol Fawr'],
    ["2 Rue de l'Église", "2 Rue De L'Église"],
    ['15 lôn las', '15 Lôn Las'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street with no street word ended by a district, a town or the caller going on', () => {
  it.each([
    // A district alone, written or spoken, ends the street and its town.
    ['17 bryn teg pontypridd c f thirty seven and then i forget', '17 Bryn Teg, Pontypridd'],
    ['6 bryn glas tregaron sy25 something', '6 Bryn Glas, Tregaron'],
    // A one-word street built on a street word is the street alone; the word after it the town.
    ['4 hollygrove buckley ch7 i think', '4 Hollygrove, Buckley'],
    ['8 northways hexham n e forty six', '8 Northways, Hexham'],
    ['2 elmcourt dunfermline ky11 and then something', '2 Elmcourt, Dunfermline'],
    // "in" a town, then the caller going on about themselves.
    ["number six tanyfron in bala i've not got the postcode", '6 Tanyfron, Bala'],
    ['14 penrhos in nefyn we never used the postcode', '14 Penrhos, Nefyn'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street said first, then "number"', () => {
  it.each([
    ['bryn celyn number four llandeilo sa19 6aa', '4 Bryn Celyn'],
    ['erm tan y bryn number 12 harlech ll46 2aa', '12 Tan y Bryn'],
    // A place the caller says it is not is no street.
    ['truro, not redruth. number 6, the moorings, tr1 2aa', '6 The Moorings'],
    // One word first is as often the town.
    ['leeds number 9 the willows ls6 2ab', '9 The Willows'],
    ['new town number 9 the willows ls6 2ab', '9 The Willows'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('words placing the house are no town', () => {
  it.each([
    ['5 mill mews tucked behind the church', '5 Mill Mews'],
    ['14 corn street hidden in the corner m1 1aa', '14 Corn Street'],
    ['12 kings road nestled by the river', '12 Kings Road'],
    ['12 kings road slap bang opposite the school', '12 Kings Road'],
    // A town said before the postcode or the clause's end still stands.
    ['9 oak road, didsbury, on the left as you come in', '9 Oak Road, Didsbury'],
    ['6 station road knutsford wa16 6aa', '6 Station Road, Knutsford'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a Welsh street before the postcode spelt in the spelling alphabet', () => {
  it.each([
    ['4 stryd fawr lima, lima lima five five', '4 Stryd Fawr'],
    ['6 ffordd las charlie, charlie foxtrot ten', '6 Ffordd Las'],
    ['3 ffordd glan lima lima five five', '3 Ffordd Glan'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('unasked as well', () => {
    expect(extractAddress('9 heol hir, sierra, uh, sierra alpha one eight two bravo bravo')).toBe(
      '9 Heol Hir',
    );
  });
});

describe('a house name, then a street with no street word closed by the postcode', () => {
  it.each([
    ['the beeches tonge moor bolton b l two six a b', 'The Beeches, Tonge Moor, Bolton'],
    ['the cedars sandy knowe galashiels td1 1aa', 'The Cedars, Sandy Knowe, Galashiels'],
    ['holly bank greenacres oldham ol4 2aa', 'Holly Bank, Greenacres, Oldham'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('not without the postcode straight after', () => {
    expect(extractAddress('the beeches tonge moor bolton and it needs work', { asked: true })).toBeNull();
  });
});

describe('a block of flats named to its building word', () => {
  it.each([
    ['apartment 12, quayside lofts, on wapping quay, l3 4bb', 'Apartment 12, Quayside Lofts, Wapping Quay'],
    ['flat 5 riverside studios, canal street', 'Flat 5, Riverside Studios, Canal Street'],
    ['apartment 2 eastbank works, m4 6ab', 'Apartment 2, Eastbank Works'],
    ['flat 11 highfield residences, ls6 2ab', 'Flat 11, Highfield Residences'],
    ["flat 9 st george's chambers, castle street", "Flat 9, St George's Chambers, Castle Street"],
    ['flat 30 brookside apartments, m14 5ab', 'Flat 30, Brookside Apartments'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a flat placed in the house said next', () => {
  it.each([
    ["it's flat fourteen, in number three, clarendon square", 'Flat 14, 3 Clarendon Square'],
    ['flat two at number nine mill road', 'Flat 2, 9 Mill Road'],
    ['apartment four of number 12 york street', 'Apartment 4, 12 York Street'],
    ['flat seven, at number 30, the green', 'Flat 7, 30 The Green'],
    ['flat six inside number 22 the crescent', 'Flat 6, 22 The Crescent'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street put right after a word for the one spoken to', () => {
  it.each([
    ['17 tynemouth terrace, no man, tynemouth place, ne30 4bj', '17 Tynemouth Place'],
    ['17 tynemouth terrace no man tynemouth place ne30 4bj', '17 Tynemouth Place'],
    ['14 oakfield road, no pet, oakfield avenue', '14 Oakfield Avenue'],
    ['3 park road, sorry duck, park avenue', '3 Park Avenue'],
    ['5 elm close nah mate elm grove', '5 Elm Grove'],
    ['8 mill street, sorry hen, mill lane', '8 Mill Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('a street named with such a word still stands', () => {
    expect(extractAddress('22 love lane, no, love road', { asked: true })).toBe('22 Love Road');
  });
});

describe('the line the house had before, then the one it has now', () => {
  it.each([
    [
      'it was 25 victoria terrace when we bought it, but the council renumbered the lot, so it is 32 now, 32 victoria terrace',
      '32 Victoria Terrace',
    ],
    ["it used to be 14 mill lane but they renamed it, it's 14 miller way now", '14 Miller Way'],
    ["it was number 6 the green, they renumbered it, it's 8 the green now", '8 The Green'],
    ['originally 4 station road, now 4 station approach', '4 Station Approach'],
    ['formerly 9 pit lane, now 9 meadow lane', '9 Meadow Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('not another house said after', () => {
    expect(extractAddress("it was 12 oak road, my mum's, we live at 3 elm close", { asked: true })).toBe(
      '12 Oak Road',
    );
  });
});

describe('a house number with a digit written as its sound or as a digit', () => {
  it.each([
    ['its too hundred and seven london road', '207 London Road'],
    ['number for hundred and twelve bury new road', '412 Bury New Road'],
    ['1 oh won heathfield road', '101 Heathfield Road'],
    ['1 oh 1 heathfield road', '101 Heathfield Road'],
    ['3 oh ate station road', '308 Station Road'],
    ['2 nought 4 kingsway', '204 Kingsway'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('Celtic articles inside a street’s name, and a Welsh street’s name before the town', () => {
  it.each([
    ["number 8, sràid a' chaisteil, stornoway", '8 Sràid a Chaisteil, Stornoway'],
    ["we're number 5, chy-an-mor, that's c-h-y dash a-n dash m-o-r, porthleven", '5 Chy an Mor'],
    ['6 parc an dour, tr1 1aa', '6 Parc an Dour'],
    ['4 druim nan eun, portree', '4 Druim nan Eun, Portree'],
    ['bwthyn bach lôn cefn pwllheli ll53 5tt', 'Bwthyn Bach, Lôn Cefn, Pwllheli'],
    ['7 heol goffa llanelli sa15 3aa', '7 Heol Goffa, Llanelli'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    ['3 park view an end terrace', '3 Park View'],
    ['12 oak road an old house', '12 Oak Road'],
    ['12 heol llanishen fach cardiff', '12 Heol Llanishen Fach, Cardiff'],
  ])('no article, or a qualifier kept in the name: %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street with no street word, then an offer to spell it', () => {
  it.each([
    ['three bryn eglwys do you want me to spell it b-r-y-n then eglwys', '3 Bryn Eglwys'],
    ['12 pant glas shall i spell that', '12 Pant Glas'],
    ["4 tan y fron i'll spell it for you t a n", '4 Tan y Fron'],
    ['22 whalley range do you want me to spell it', '22 Whalley Range'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a house said to be known by a name', () => {
  it.each([
    ["glan yr afon, it's a house name, on heol y nant, sa9 1lg", 'Glan yr Afon, Heol y Nant'],
    [
      'glan yr afon its a house name on heol y nant ystradgynlais sa9 1lg',
      'Glan yr Afon, Heol y Nant, Ystradgynlais',
    ],
    ["fernlea, it's just a name, station road", 'Fernlea, Station Road'],
    ["hollybrook, that's a house name, 4 mill lane", 'Hollybrook, 4 Mill Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a word broken off after the town', () => {
  it.each([
    ['9 lark lane aigburth la.. l17 8us', '9 Lark Lane, Aigburth'],
    ['4 mill road didsbury village de.. m20 2aa', '4 Mill Road, Didsbury Village'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a saint said in full is written "St", as on the sign', () => {
  it.each([
    ["number 30 saint aidan's terrace, sunderland", "30 St Aidan's Terrace, Sunderland"],
    ['one saint nicholas close ch2 2ax', '1 St Nicholas Close'],
    ['saint helens avenue, number six', '6 St Helens Avenue'],
    ["flat 9, saint george's chambers, castle street", "Flat 9, St George's Chambers, Castle Street"],
    ['12 church street, saint ives', '12 Church Street, St Ives'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a flat known by its side or floor of the house, then the house number', () => {
  it.each([
    ['top flat nine cromwell road hove bn3 3eb', 'Top Flat, 9 Cromwell Road, Hove'],
    ['the bottom flat, 22 elm road', 'Bottom Flat, 22 Elm Road'],
    ['rear flat 4a station road', 'Rear Flat, 4A Station Road'],
    ['front flat, number 7 the crescent', 'Front Flat, 7 The Crescent'],
    ['back flat, thirty one mill lane', 'Back Flat, 31 Mill Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a house letter before a street named with an everyday word', () => {
  it.each([
    ['eighty eight a market place brigg dn20 8es', '88A Market Place, Brigg'],
    ['88 a market place', '88A Market Place'],
    ['twelve b love lane', '12B Love Lane'],
    ['2 a first avenue', '2A First Avenue'],
    ['3 c well lane', '3C Well Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a house number written as the sound of its digit, before a street with its street word', () => {
  it.each([
    ["it's ate holly bank, huddersfield, hd3 3bp", '8 Holly Bank, Huddersfield'],
    ['so ate station road, bolton', '8 Station Road, Bolton'],
    ['won mill lane', '1 Mill Lane'],
    ['right, won church street, m1 1aa', '1 Church Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street spelt out before it is said, then its number', () => {
  it.each([
    ['p e n y l a n penylan road, number 102', '102 Penylan Road'],
    ['c a e r caer street number twenty', '20 Caer Street'],
    ['w e s t o n weston road number 3', '3 Weston Road'],
    ["it's easier if i spell it, k e i r keir street, number 14, g3 6aa", '14 Keir Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('the street, a bare number, then the town and the postcode', () => {
  it.each([
    ['castle brae 44 dunfermline k y eleven eight p q', '44 Castle Brae'],
    ["wellington road twenty seven it's in smethwick b sixty seven seven j e", '27 Wellington Road'],
    ['oak lane 12 in leeds ls6 2ab', '12 Oak Lane'],
    ['so hawthorn avenue 9 stockport sk4 1aa', '9 Hawthorn Avenue'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('the street, then words naming its number', () => {
  it.each([
    [
      "lower bristol road in bath the number's two one two and it's b a two three d w",
      '212 Lower Bristol Road',
    ],
    ['acacia avenue, and the house number is 14', '14 Acacia Avenue'],
    ["mill lane, the door number's 6", '6 Mill Lane'],
    ['mill lane in leeds, number 4 i think', '4 Mill Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it('a number that starts with nought is a phone number', () => {
    expect(extractAddress('mill road number 0161 496 0000', { asked: true })).toBeNull();
  });
});

describe('the street line, then the caller saying it is a flat and which', () => {
  it.each([
    ["30 lower mosley street, it's a flat really, flat 14, manchester", 'Flat 14, 30 Lower Mosley Street'],
    ["9 park road, well technically it's flat 3", 'Flat 3, 9 Park Road'],
    ["9 park road, it's actually apartment 4b", 'Apartment 4B, 9 Park Road'],
    ["12 kent street, but it's a flat, flat two", 'Flat 2, 12 Kent Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street said again after "no" is disowned, not put right: the line after it stands', () => {
  it.each([
    [
      "thirty seven highfield rise? no, highfield rise is my mum's. mine's thirty seven highfield view",
      '37 Highfield View',
    ],
    ["14 elm grove no elm grove is next door, we're 14 elm close", '14 Elm Close'],
    ["6 park road, sorry, park road is my old place, it's 6 park avenue", '6 Park Avenue'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a street with no street word, said again later as its whole name', () => {
  it.each([
    ["number 19 windermere it's a road but it's just called windermere on the lakes estate", '19 Windermere'],
    ['3 larkspur its just larkspur nothing after it', '3 Larkspur'],
    ["number 6 cherry tree it's just called cherry tree on the estate", '6 Cherry Tree'],
    ["22 falstaff the street's simply falstaff", '22 Falstaff'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a house name that starts with a word common in house names', () => {
  it.each([
    ['little orchard butts lane stamford pe9 1en', 'Little Orchard, Butts Lane, Stamford'],
    ['great oaks, church road', 'Great Oaks, Church Road'],
    ['little paddocks, chapel lane', 'Little Paddocks, Chapel Lane'],
    ['old orchard, mill lane', 'Old Orchard, Mill Lane'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a numbered house in a named row or block, then its street', () => {
  it.each([
    [
      'two coastguard cottages, cliff road, mundesley, nr11 8jf',
      '2 Coastguard Cottages, Cliff Road, Mundesley',
    ],
    ['4 victoria buildings, mill street', '4 Victoria Buildings, Mill Street'],
    ["6 railway villas, that's on station road", '6 Railway Villas, Station Road'],
    ['3 mill houses, bridge lane', '3 Mill Houses, Bridge Lane'],
    ['7 broadway cottages, high street', '7 Broadway Cottages, High Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });
});

describe('a house name, then a street whose name starts with a house word', () => {
  it.each([
    ['the laurels mill hill deal ct14 9ew', 'The Laurels, Mill Hill, Deal'],
    ['the old forge hall lane', 'The Old Forge, Hall Lane'],
    ['the granary manor road', 'The Granary, Manor Road'],
    ['glenview mill road', 'Glenview, Mill Road'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said, { asked: true })).toBe(line);
  });

  it.each([
    "i'm calling about a property of my late mother's the laurels mill hill deal ct14 9ew",
    'the granary manor road',
  ])('unasked, the house word is no end of a name: %j', (said) => {
    expect(extractAddress(said)).toBeNull();
  });
});
