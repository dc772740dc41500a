/**
 * Held-out addresses. Never tune the engine on these; read only the figures. Streets with and
 * without a street word, Welsh and Scottish names, each with a postcode in its area (shaped like
 * real ones; not anyone's address).
 */
import { hasStreetWord, isSpeltStreet, type Place, type PostcodeStyle } from '../postcodes.js';

export const PLACES: readonly Place[] = [
  { street: 'Heol y Nant', town: 'Swansea', postcode: 'SA6 8AZ' },
  { street: 'Ffordd Pentre', town: 'Mold', postcode: 'CH7 1UY' },
  { street: 'Easter Road', town: 'Edinburgh', postcode: 'EH7 5QY' },
  { street: 'Fairfield', town: 'Buxton', postcode: 'SK17 7DF' },
  { street: 'Dickenson Road', town: 'Longsight', postcode: 'M13 0WG' },
  { street: 'Lisburn Road', town: 'Belfast', postcode: 'BT9 6AA' },
  { street: 'Penny Lane', town: 'Liverpool', postcode: 'L18 1DG' },
  { street: 'Derby Road', town: 'Nottingham', postcode: 'NG7 1LR' },
  { street: 'Corporation Road', town: 'Middlesbrough', postcode: 'TS1 2RX' },
  { street: 'Gorse Hill', town: 'Swindon', postcode: 'SN2 1DD' },
  { street: 'Ladybarn Lane', town: 'Fallowfield', postcode: 'M14 6RL' },
  { street: 'Ffordd Las', town: 'Rhyl', postcode: 'LL18 2DY' },
  { street: 'Dumbarton Road', town: 'Glasgow', postcode: 'G11 6PD' },
  { street: 'Broadway', town: 'Chadderton', postcode: 'OL9 0JA' },
  { street: 'Station Road', town: 'Hebden Bridge', postcode: 'HX7 6AB' },
  { street: 'Stanley Road', town: 'Bootle', postcode: 'L20 3DG' },
  { street: 'Westgate Road', town: 'Newcastle', postcode: 'NE4 6AR' },
  { street: 'The Crescent', town: 'Salford', postcode: 'M5 4WT' },
  { street: 'Ash Grove', town: 'Leeds', postcode: 'LS6 1AW' },
  { street: 'Kingsley Avenue', town: 'Middleton', postcode: 'M24 1LL' },
];

/** Welsh and Scottish streets a caller may spell out. */
export const SPELT_PLACES = PLACES.filter((p) => isSpeltStreet(p.street));

/** Streets with no word for street in their name. */
export const BARE_PLACES = PLACES.filter((p) => !hasStreetWord(p.street));

export const HOUSE_NAMES = ['Bryn Awel', 'The Old Forge', 'Hillcrest', 'Ty Newydd', 'Craigview'];

export const POSTCODE_STYLES: readonly PostcodeStyle[] = [
  'written',
  'written',
  'letters',
  'letter-names',
  'district-number',
  'nato',
  'doubles',
  'for-words',
  'digits-apart',
];
