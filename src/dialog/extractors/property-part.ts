/**
 * The words about the house being sold, when the caller also names their own home or their own
 * postcode: "i live at 12 oak road but i'm selling my dad's, it's 7 ash grove", "that's my
 * postcode m14 5ab, the house is m15 6cd". What follows the last words that point at the house
 * for sale is about it; what the caller says of where they live is not.
 */

import { extractPostcode } from './postcode.js';

/**
 * The caller's own home or postcode, or an address of another kind (work, the surgery, the one on
 * their letters): not the property.
 */
const OWN_HOME =
  /\b(?:(?:my|our|the) (?:work|office|business|surgery|shop|practice|correspondence|postal|billing|forwarding|home|current) (?:address|postcode)|not the (?:[a-z]+ )?(?:address|postcode)|the (?:address|postcode) (?:on|in) (?:my|our|the) (?:emails?|letters?|post|bills?|account|file|records)|i live at|i'm living at|im living at|we live at|where (?:i|we) live(?: is)?|my (?:own )?(?:address|house|home|postcode) is|mine is|that's my (?:own )?(?:postcode|address)|thats my (?:own )?(?:postcode|address)|that's mine|thats mine|not (?:the house|the property|that one))\b/i;

/** Words that point at the house for sale. */
const FOR_SALE =
  /\b(?:the (?:house|property|place|one) (?:i'm |im |we're |were )?(?:selling |for sale )?(?:is|is at|'s)|the house's|the one i'm selling is|the one im selling is|i'm selling|im selling|we're selling|selling|it's at|its at|the address is|it's|its)\b/gi;

/** Where the caller volunteers the property's street unasked: "the house is 9 elm street". */
const POINTS_AT_IT =
  /\b(?:the (?:house|property|place) (?:is|is at|'s)|i'm selling|im selling|we're selling|selling|it's at|its at|it's|its|it is)\s+(?=(?:number |no )?\d)|\bnumber\s+(?=\d)/i;

export interface PropertyPart {
  /** The words after the last that point at the house for sale. */
  text: string;
  /** The caller set apart only their own postcode ("that's my postcode"), not a street. */
  postcodeOnly: boolean;
}

/** The part of the text about the property when the caller also named their own home; else null. */
export function propertyPart(text: string): PropertyPart | null {
  const own = OWN_HOME.exec(text);
  if (own === null) return null;
  // "where i live is 12 oak road, it's a semi" may be the house for sale: after "where i live",
  // only words naming the house for sale point away from it, never a bare "it's".
  const strongOnly = /^where/i.test(own[0]);
  const cues = [...text.matchAll(FOR_SALE)].filter(
    (m) => (m.index ?? 0) > (own.index ?? 0) && !(strongOnly && /^it'?s$/i.test(m[0])),
  );
  const last = cues.at(-1);
  // "12 beech grove, yo31 7pq, not the surgery address, that's yo1 7hh": the house's own postcode
  // came first, and the one after is the other address's.
  const before = text.slice(0, own.index ?? 0);
  if (
    last === undefined &&
    extractPostcode(before) !== null &&
    extractPostcode(text.slice(own.index ?? 0)) !== null
  )
    return { text: before, postcodeOnly: false };
  // "7 ash grove, not my own house, m14 5ab" names no other home: nothing to set apart.
  if (last === undefined) return null;
  return { text: text.slice((last.index ?? 0) + last[0].length), postcodeOnly: /postcode/i.test(own[0]) };
}

/** Where the caller says they live, unasked: "i live at 31 victoria avenue", "i've lived at 18 rose hill". */
const LIVES_AT =
  /\b(?:i|we|i've|we've|ive|weve|i have|we have)(?: still| always)? (?:live|lived|been living|living) at\s+(?=(?:number |no )?\d)/i;

/** A home other than the caller's own is in the story: a relative's, a let, a second house. */
const ANOTHER_PROPERTY =
  /\b(?:(?:my|our|me) )?(?:mum|mam|mother|dad|father|nan|nana|gran|grandma|grandad|parents|auntie|aunt|uncle|brother|sister|son|daughter)(?:'s|s)\b|\b(?:another|other|second|investment|buy to let) (?:house|property|place|flat|one)\b|\b(?:rental|inherited|tenants?|tenanted|let out|rented out|renting it|probate|late)\b/i;

/**
 * The street the caller points at unasked ("the house is 9 elm street"), as the words from it on;
 * or where they say they live when nothing in the turn tells of another home ("i live at 31
 * victoria avenue and i want to sell up"): a seller who lives there is selling it.
 */
export function pointedAtStreet(text: string): string | null {
  const m = POINTS_AT_IT.exec(text) ?? (ANOTHER_PROPERTY.test(text) ? null : LIVES_AT.exec(text));
  return m === null ? null : text.slice((m.index ?? 0) + m[0].length);
}
