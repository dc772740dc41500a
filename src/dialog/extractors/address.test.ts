/** UK address lines kept whole, in speech-recognition style. */
import { describe, expect, it } from 'vitest';
import { withVariants } from '../../../test/support/dialog/speech-variants.js';
import { extractAddress } from './address.js';

describe('extractAddress', () => {
  it.each(
    withVariants([
      ['12 acacia avenue m14 5ab', '12 Acacia Avenue'],
      ["it's twelve acacia avenue", '12 Acacia Avenue'],
      ['5 mill lane', '5 Mill Lane'],
      ['3 mill road m14 5rt', '3 Mill Road'],
      ['11 kingsway cheadle', '11 Kingsway, Cheadle'],
      ['14 bramhall lane south stockport sk2 5ab', '14 Bramhall Lane South, Stockport'],
      ['22 cowbridge road east cardiff', '22 Cowbridge Road East, Cardiff'],
      ['twenty two cowbridge road east cardiff c f eleven nine d e', '22 Cowbridge Road East, Cardiff'],
      ['9 oak tree close cheadle hulme sk8 7aa', '9 Oak Tree Close, Cheadle Hulme'],
      ['flat 4 12 mill road', 'Flat 4, 12 Mill Road'],
      ['flat four twelve mill road m14 5rt', 'Flat 4, 12 Mill Road'],
      ['flat 2 10 high street', 'Flat 2, 10 High Street'],
      ['apartment 3b 10 high street', 'Apartment 3B, 10 High Street'],
      ['rose cottage church lane', 'Rose Cottage, Church Lane'],
      ['the old rectory church lane', 'The Old Rectory, Church Lane'],
      ['number 7 the green', '7 The Green'],
      ['4 the crescent m14 5rt', '4 The Crescent'],
      ['40 new street in didsbury', '40 New Street, Didsbury'],
      ['12 pound street its worth about 150k', '12 Pound Street'],
      ['1 upper brook street manchester m13 9aa', '1 Upper Brook Street, Manchester'],
      // A street put right keeps its number; the number said after the street.
      ['14 oakfield road sorry oakfield avenue l4 0ue', '14 Oakfield Avenue'],
      ['22 mill lane no sorry mill close', '22 Mill Close'],
      ['its on elm grove number 30 po4 9pe', '30 Elm Grove'],
      ['number 9 on mill close bd7 3qa', '9 Mill Close'],
      // A letter said apart from its number, and a saint's possessive.
      ['2 b park road m1 1aa', '2B Park Road'],
      ['seventy seven st johns street', '77 St Johns Street'],
      ["71 st mary's road", "71 St Mary's Road"],
      // Welsh and Gaelic street words come before the name.
      ['8 heol goffa sa15 3ls', '8 Heol Goffa'],
      ['21 stryd y castell ll55 1se', '21 Stryd y Castell'],
      ['3 ffordd las', '3 Ffordd Las'],
      // No street word at all: the words before the postcode, a town after two of them.
      ['47 whalley range bb1 6ea', '47 Whalley Range'],
      ['26 whalley range blackburn bb1 6ea', '26 Whalley Range, Blackburn'],
      ['10 sandhills sk15 2bb', '10 Sandhills'],
      // A house number later in the sentence beats whose house it was.
      ["we've got my dad's old house at 26 moorside m27 0ew", '26 Moorside'],
      ["it's my mum's old place 61 wilbraham road", '61 Wilbraham Road'],
    ] as const),
  )('%j → %j', (said, line) => {
    expect(extractAddress(said)).toBe(line);
  });

  it.each(
    withVariants([
      ['m14 5ab', null],
      ['it is on a lane', null],
      ['3 bed semi', null],
      ['about 240 with the tenant in', null],
      ["i'm 4 months behind", null],
      ["it's 250 cash", null],
      ['two fifty', null],
    ] as const),
  )('%j → no address', (said) => {
    expect(extractAddress(said)).toBeNull();
  });
});

describe('extractAddress: flats in named buildings', () => {
  it.each([
    ['flat 12 the mill 5 canal street m1 3hj', 'Flat 12, The Mill, 5 Canal Street'],
    ['unit 4 riverside court', 'Unit 4, Riverside Court'],
    ['apartment 7 riverside court salford', 'Apartment 7, Riverside Court, Salford'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said)).toBe(line);
  });
});

describe('extractAddress with spoken postcodes', () => {
  it.each([
    ['11 kingsway cheadle s k eight one a a', '11 Kingsway, Cheadle'],
    ['twenty seven church road stockport s k four one x y', '27 Church Road, Stockport'],
    ['14 ladybarn lane mike one four six sierra tango', '14 Ladybarn Lane'],
    ['its flat 2 the old mill 12 canal street', 'Flat 2, The Old Mill, 12 Canal Street'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said)).toBe(line);
  });
});
