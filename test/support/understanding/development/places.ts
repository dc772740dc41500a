/**
 * Development addresses: streets with and without a street word, Welsh and Scottish names, and
 * a postcode in the street's area for each (shaped like real ones; not anyone's address).
 */
import { hasStreetWord, isSpeltStreet, type Place, type PostcodeStyle } from '../postcodes.js';

export const PLACES: readonly Place[] = [
  { street: 'Wilbraham Road', town: 'Chorlton', postcode: 'M21 9PX' },
  { street: 'Heol Goffa', town: 'Llanelli', postcode: 'SA15 3LS' },
  { street: 'Whalley Range', town: 'Blackburn', postcode: 'BB1 6EA' },
  { street: 'Leith Walk', town: 'Edinburgh', postcode: 'EH6 8NP' },
  { street: 'Moorside', town: 'Swinton', postcode: 'M27 0EW' },
  { street: 'Ormeau Road', town: 'Belfast', postcode: 'BT7 1EB' },
  { street: 'Albany Road', town: 'Cardiff', postcode: 'CF24 3RR' },
  { street: 'Soho Road', town: 'Birmingham', postcode: 'B21 9BH' },
  { street: 'Tudor Close', town: 'Stockport', postcode: 'SK2 7BN' },
  { street: 'Parkfield', town: 'Oldham', postcode: 'OL4 1EE' },
  { street: 'Stryd y Castell', town: 'Caernarfon', postcode: 'LL55 1SE' },
  { street: 'Great Western Road', town: 'Glasgow', postcode: 'G12 8HN' },
  { street: 'Canongate', town: 'Edinburgh', postcode: 'EH8 8BN' },
  { street: 'Northgate', town: 'Cottingham', postcode: 'HU16 4HE' },
  { street: 'Belmont Avenue', town: 'Sunderland', postcode: 'SR2 9RL' },
  { street: 'Holloway Road', town: 'London', postcode: 'N7 8JG' },
  { street: 'The Paddock', town: 'Wrexham', postcode: 'LL11 2TT' },
  { street: 'Abbeydale Road', town: 'Sheffield', postcode: 'S7 1FD' },
  { street: 'Sandhills', town: 'Stalybridge', postcode: 'SK15 2BB' },
  { street: 'Meadow Way', town: 'Norwich', postcode: 'NR6 6AB' },
];

/** Welsh and Scottish streets a caller may spell out. */
export const SPELT_PLACES = PLACES.filter((p) => isSpeltStreet(p.street));

/** Streets with no word for street in their name. */
export const BARE_PLACES = PLACES.filter((p) => !hasStreetWord(p.street));

export const HOUSE_NAMES = ['Ty Gwyn', 'Rose Cottage', 'The Laurels', 'Bryn Teg', 'Glen View'];

export const POSTCODE_STYLES: readonly PostcodeStyle[] = [
  'written',
  'written',
  'letters',
  'letter-names',
  'district-number',
  'nato',
  'doubles',
  'halves',
];
