/**
 * Where the property is: the street line, with the postcode (always read back) and its district
 * kept apart. A district alone is kept until the full postcode comes. Scored as the location.
 */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import {
  extractAddress,
  extractPostcode,
  extractPostcodeDistrict,
  pointedAtStreet,
  propertyPart,
} from '../extractors/index.js';
import { judgeLocation } from '../scoring/criteria.js';
import { defineSlot } from './define.js';

export const addressSlot = defineSlot({
  name: 'address',
  fact: null,
  question: phrase('question.address'),
  vocabulary: [],
  /** The street line ("12 Acacia Avenue"). */
  schema: z.string().min(1),
  parts: {
    postcode: z.string().min(1),
    /** The outward code alone ("M14") when the full postcode is not known. */
    district: z.string().min(1),
  },
  place: { address: 'address', district: 'postcode', postcode: 'postcode' },
  missing: 'postcode',
  aboutProperty: true,
  model: {
    fields: {
      address: {
        field: 'street',
        schema: z.string().trim().max(120),
        description: 'House number or name and street of the property.',
      },
      postcode: { schema: z.string().trim().max(12), description: "The property's UK postcode." },
    },
    check({ values }): { address?: string; postcode?: string; district?: string } {
      const { address, postcode } = values;
      const code = typeof postcode === 'string' ? extractPostcode(postcode) : null;
      const line = typeof address === 'string' ? extractAddress(address, { asked: true }) : null;
      return {
        ...(code === null ? {} : { postcode: code.postcode, district: code.district }),
        ...(line === null ? {} : { address: line }),
      };
    },
    readBack: ['postcode'],
    rewrites: true,
  },
  scoring: { criterion: 'location', rank: 1, weight: 25, judge: judgeLocation },
  acknowledge: {
    rank: 2,
    say({ answers, taken }): string[] {
      const pieces: string[] = [];
      if (taken('address') && answers.address !== null)
        pieces.push(phrase('fragment.at_address', { address: answers.address.value }));
      // A district alone is said only while no postcode is known ("in M14").
      if (taken('district') && !taken('postcode') && answers.postcode === null && answers.district !== null)
        pieces.push(phrase('fragment.in_district', { district: answers.district.value }));
      return pieces;
    },
  },
  read(said, { listening, heard, expecting }) {
    // "i live at 12 oak road but i'm selling my dad's, 7 ash grove": only the house for sale.
    const part = propertyPart(said);
    const text = part === null || onlyNamesDistrictOf(part.text, said) ? said : part.text;
    const postcode = extractPostcode(text);
    if (postcode !== null && (expecting || postcode.confidence === 'high')) {
      heard.values.postcode = postcode.postcode;
      heard.values.district = postcode.district;
      heard.readBack.push('postcode');
    } else {
      const district = extractPostcodeDistrict(text);
      if (
        district !== null &&
        district.confidence === 'high' &&
        (expecting || writtenAsCode(district.district, text))
      )
        heard.values.district = district.district;
    }
    if (expecting || listening.street || heard.values.postcode !== undefined) {
      // "9 elm street, that's my postcode m14 5ab, the house is m15 6ab": the street still stands.
      const line =
        extractAddress(text, { asked: expecting }) ??
        (part?.postcodeOnly === true ? extractAddress(said, { asked: expecting }) : null);
      if (line !== null) heard.values.address = line;
      return;
    }
    // Unasked, a street the caller points at as the house's ("the house is 9 elm street").
    const pointed = pointedAtStreet(text);
    const line = pointed === null ? null : extractAddress(pointed, { asked: false });
    if (line !== null) heard.values.address = line;
  },
});

/**
 * "14 knockbreda park, bt6 0hb. bangor's bt20, but that's not the house, the house is bt6": the
 * words pointing at the house give only the district of the full postcode said before, so they
 * confirm it; the whole turn is about the house.
 */
function onlyNamesDistrictOf(part: string, said: string): boolean {
  if (extractPostcode(part) !== null || extractAddress(part) !== null) return false;
  const district = extractPostcodeDistrict(part);
  return district !== null && extractPostcode(said)?.district === district.district;
}

/**
 * Not asked for, a district counts only when the recogniser wrote it as one ("a house in M14");
 * built from spoken words, "eh two bedrooms" would make EH2 of a Scottish "eh".
 */
function writtenAsCode(district: string, text: string): boolean {
  const letters = /^[A-Z]+/.exec(district)?.[0] ?? '';
  const rest = district.slice(letters.length);
  return new RegExp(`\\b${letters}\\s?${rest}\\b`, 'i').test(text);
}
