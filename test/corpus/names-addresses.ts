/**
 * Names and addresses: fillers and false starts dropped, spelt letters taken literally, a
 * returning caller's full name kept once they say it (never said to them before: caller ID can be
 * faked) and never replaced by another, UK addresses kept whole.
 */
import { warm } from './base.js';
import type { CorpusCall } from './types.js';

export const NAMES_ADDRESSES: CorpusCall[] = [
  {
    id: 'false-start-name',
    class: 'names-addresses',
    about: 'a false start on the name: "its claire um claire dunne"',
    opening: ['hi selling my house'],
    ...warm({ name: 'its claire um claire dunne' }, { lead: { name: 'Claire Dunne' } }),
  },
  {
    id: 'spelt-name',
    class: 'names-addresses',
    about: 'spells the first name: "aoife thats spelt a o i f e"',
    opening: ['hello i want to sell my house'],
    ...warm({ name: 'aoife murphy thats spelt a o i f e' }, { lead: { name: 'Aoife Murphy' } }),
  },
  {
    id: 'double-t-name',
    class: 'names-addresses',
    about: 'spells a surname with "double t"',
    opening: ['hi there selling a semi'],
    ...warm({ name: 'james pratt p r a double t' }, { lead: { name: 'James Pratt' } }),
  },
  {
    id: 'returning-first-name',
    class: 'names-addresses',
    about: 'a returning caller who says "it’s danny again"',
    returning: { name: 'Danny Webb' },
    opening: ['hiya its danny again about selling my house'],
    ...warm(
      { name: 'danny' },
      { lead: { name: 'Danny Webb' }, says: [/^Hello, welcome back/, /Thanks, Danny/] },
    ),
  },
  {
    id: 'returning-other-name',
    class: 'names-addresses',
    about: 'a call from a returning caller’s number by someone giving another name',
    returning: { name: 'Danny Webb' },
    opening: ['hello im selling my house'],
    ...warm(
      {},
      {
        lead: { name: 'Danny Webb' },
        notes: ['Gave the name Mark Davies'],
        neverSays: [/Danny/, /Webb/],
      },
    ),
  },
  {
    id: 'street-without-suffix',
    class: 'names-addresses',
    about: 'a street without a Road or Street suffix: "11 kingsway cheadle"',
    opening: ['hi selling my house'],
    ...warm({ address: '11 kingsway cheadle sk8 1aa' }, { postcode: 'SK8 1AA', address: '11 Kingsway' }),
  },
  {
    id: 'directional-street',
    class: 'names-addresses',
    about: 'a directional street: "bramhall lane south"',
    opening: ['hello selling a semi'],
    ...warm(
      { address: '150 bramhall lane south bramhall sk7 2dz' },
      { postcode: 'SK7 2DZ', address: '150 Bramhall Lane South' },
    ),
  },
  {
    id: 'cowbridge-road-east',
    class: 'names-addresses',
    about: 'a multi-word Cardiff street: "cowbridge road east"',
    opening: ['hi i want to sell my terrace in cardiff'],
    ...warm(
      { address: '201 cowbridge road east cf11 9ab', property_type: 'terraced' },
      { postcode: 'CF11 9AB', address: '201 Cowbridge Road East', facts: { property_type: 'terraced' } },
    ),
  },
  {
    id: 'flat-in-a-block',
    class: 'names-addresses',
    about: 'a flat number before the house number: "flat 4 12 albert road"',
    opening: ['selling my flat'],
    ...warm(
      { address: 'flat 4 12 albert road levenshulme m19 3aa', property_type: 'flat' },
      { postcode: 'M19 3AA', address: 'Flat 4, 12 Albert Road', facts: { property_type: 'flat' } },
    ),
  },
  {
    id: 'house-name',
    class: 'names-addresses',
    about: 'a house name instead of a number: "rose cottage"',
    opening: ['hi im selling a cottage'],
    ...warm(
      { address: 'rose cottage church lane marple sk6 7aa', property_type: 'cottage' },
      { postcode: 'SK6 7AA', address: 'Rose Cottage, Church Lane', facts: { property_type: 'other' } },
    ),
  },
];
