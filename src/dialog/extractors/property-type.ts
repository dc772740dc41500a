/**
 * Property type from how people describe their home: "three bed semi", "end of terrace",
 * "maisonette", "detached bungalow". Callers often stack words ("semi-detached bungalow",
 * "terraced cottage"), so the most specific structural type wins.
 */
import type { PropertyType } from '../slots/property-type.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';
import { STREET_SUFFIXES } from './street-words.js';

/** "special" is a building that is not a home at all; "minor" a home named by its style. */
type Family = Exclude<PropertyType, 'other'> | 'special' | 'minor' | 'ignore';

const RULES = [
  // Phrases that contain a type word but describe a feature, not the property.
  phraseRule<Family>('ignore', [
    'flat (?:roof(?:ed)?|rate|fee|out|broke|pack|tyre|cap|screen)',
    'flat as a pancake',
    'granny flat',
    '(?:flat|apartment) (?:above|over) (?:the |a )?garage',
    'roof terrace',
    'terrace garden',
    'semi retired',
    'semi rural',
    'semi skilled',
    // Level ground: "somewhere on the flat".
    'on the flat',
  ]),
  phraseRule<Family>('special', [
    'block of flats',
    'hmo',
    'house in multiple occupation',
    'mobile home',
    'park home',
    'static caravan',
    'houseboat',
    'house boat',
    'narrow ?boats?',
    'canal boat',
    'barge',
    'plot of land',
    'piece of land',
    'building plot',
  ]),
  phraseRule<Family>('bungalow', ['(?:dormer |chalet |detached |semi detached )?bungalows?']),
  phraseRule<Family>('flat', [
    'flat',
    'apartment',
    'maisonette',
    'penthouse',
    'studio',
    'bedsit',
    'flats',
    // Scottish flats: a tenement's, and the four flats of a two-storey block.
    'tenement',
    'four in a block',
    '(?:upper|lower|ground floor|top floor) conversion',
    // A Glasgow flat's position ("0/1, 40 dumbarton road", "nought stroke one", written so by the
    // normaliser), and an Edinburgh one's ("3f2"): only flats are addressed so. Not a fraction.
    '[0-9]/[0-9](?! of\\b)',
    '[0-9]f[0-9]',
  ]),
  phraseRule<Family>('semi-detached', ['semi detached', 'semi', 'semis']),
  phraseRule<Family>('terraced', [
    'end of terrace',
    'end terrace',
    'mid terrace',
    'terraced',
    'terrace',
    'town ?house',
    'back to back',
    // The terrace's name for its rooms, in words or digits: "a 2 up 2 down", "three up three down";
    // not "two up and one down", which counts the bedrooms.
    '(?:one ?up one|two ?up two|three ?up three|1 ?up 1|2 ?up 2|3 ?up 3) ?down',
  ]),
  phraseRule<Family>('detached', ['link detached', 'detached']),
  phraseRule<Family>('minor', [
    // Not a house name: "rose cottage, mill lane" is an address, not the type of house.
    "(?:a|my|our|his|her|their|little|small|old|country|stone|mums|dads|mum's|dad's) cottage",
    'farm ?house',
    'barn conversion',
    'converted barn',
    'commercial (?:property|premises|unit|building)',
    'mixed use',
    'shop',
    'pub',
    'chapel',
    'lodge',
    'mill',
  ]),
];

/** The first family present in this order decides the type. */
const PRECEDENCE: readonly Exclude<Family, 'ignore'>[] = [
  'special',
  'bungalow',
  'flat',
  'semi-detached',
  'terraced',
  'detached',
  'minor',
];

/** Words that describe a property after its number ("3 bed end terrace"), never a street's name. */
const NOT_STREET = new Set(
  'bed beds bedroom bedrooms bedroomed storey story floor double single semi detached up down a an'.split(
    ' ',
  ),
);

/**
 * "3 mill road", "12 terrace road", "14 the crescent": a house number and street name said
 * with the address are not the kind of property.
 */
function withoutStreets(normalised: string): string {
  const tokens = normalised.split(' ');
  for (let i = 0; i < tokens.length; i++) {
    if (!/^\d{1,4}[a-z]?$/.test(tokens[i] ?? '')) continue;
    for (let k = i + 2; k <= i + 4 && k < tokens.length; k++) {
      const words = tokens.slice(i + 1, k);
      if (words.some((w) => NOT_STREET.has(w) || !/^[a-z']+$/.test(w))) break;
      if (STREET_SUFFIXES.has(tokens[k] ?? '')) {
        tokens.fill('', i, k + 1);
        break;
      }
    }
  }
  // "mill lane", "chapel street", "the old lodge road": building words that name a street.
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (STREET_NAME_WORDS.has(tokens[i] ?? '') && STREET_SUFFIXES.has(tokens[i + 1] ?? ''))
      tokens.fill('', i, i + 2);
  }
  return tokens.filter((t) => t !== '').join(' ');
}

/** Words of the minor family that often name a street rather than the property. */
const STREET_NAME_WORDS = new Set(['mill', 'chapel', 'lodge', 'shop', 'pub', 'farm', 'barn', 'cottage']);

/**
 * A home the caller means to move to or buy, not the one they sell: "we're downsizing to a
 * bungalow", "buying my daughter a flat", "moving into a little flat", "i'd like a little
 * bungalow", "we fancy a flat by the sea" (a wish only with an article: "i want to sell my flat" is
 * the caller's own), "we want summat smaller, a bungalow", and "i'd a little bungalow" where the
 * shared normaliser has dropped the "like" of "id like" as a filler. The words up to the type
 * are only those that can stand before it (a, the, a small, a two bed).
 */
const ANOTHER_HOME =
  /\b(?:buy|buying|bought|move|moving|moved|downsize|downsizing|looking for|rent|renting|into|for|(?:(?:i'd|we'd|id|wed|i would|we would) (?:like|love|prefer)|(?:i|we) (?:want|fancy)|fancy|wanting|(?:i'd|we'd|id|wed))(?= (?:a|an|some|one)\b)|(?:want|wants|wanting|fancy|after)(?= (?:summat|something)\b))(?: (?:in)?to)?(?: (?:my|our|her|his|their) (?:son|daughter|kids?|children|mum|mam|dad|parents|family))?(?: (?:a|an|the|some|one|summat|something|little|small|smaller|nice|new|modern|ground floor|\w+ bed(?:room)?(?:ed)?)){0,3} (?=[a-z])/g;

export interface PropertyTypeOptions {
  /** The agent has just asked what type of property it is: every mention answers it. */
  asked?: boolean;
}

/** The property type the caller described, or null when they did not say. */
export function extractPropertyType(text: string, options: PropertyTypeOptions = {}): PropertyType | null {
  const normalised = withoutStreets(normaliseUtterance(text));
  // A type after "moving into" or "buying" is another home's ("we're moving into a flat, this
  // one's a semi"); said alone to the question, it is still the answer.
  const own = withoutOtherHomes(withoutLikenesses(normalised));
  const type = correctedType(own) ?? typeIn(own);
  if (type !== null || options.asked !== true) return type;
  return correctedType(normalised) ?? typeIn(normalised) ?? typeBySides(normalised);
}

/**
 * Asked the type, a house told by what it is joined to: "attached on one side" is a semi,
 * "joined on both sides" a terrace, "on its own, no neighbours either side" detached. Tried in
 * this order, so the "no neighbours either side" of a detached house is not a terrace's.
 */
const BY_SIDES: readonly [PropertyType, RegExp][] = [
  [
    'detached',
    /\b(?:on its own|stand ?alone|free ?standing|not (?:attached|joined|connected) to (?:anything|anyone|any)|no neighbours (?:either|each|on either|attached|joined)|nothing (?:attached|joined)|(?:doesn't|does not|dont|don't) share (?:a wall|any walls?))\b/,
  ],
  [
    'terraced',
    /\b(?:(?:attached|joined|connected) (?:on |at )?(?:both|either|two) sides?|neighbours (?:on )?(?:both|either) sides?|in a row(?: of houses)?|a row of houses)\b/,
  ],
  [
    'semi-detached',
    // Or the pair it is half of: "two houses stuck together", "one of a pair".
    /\b(?:(?:attached|joined|connected|stuck) (?:on |to |at )?(?:one|1) side|one side (?:attached|joined)|only one neighbour|shares? (?:a wall|one wall) with (?:next door|the neighbours?|one)|(?:two|2) (?:houses|homes) (?:stuck|joined|attached|built) together|(?:a|one of a|half of a) pair(?: of houses)?)\b/,
  ],
];

function typeBySides(normalised: string): PropertyType | null {
  return BY_SIDES.find(([, pattern]) => pattern.test(normalised))?.[0] ?? null;
}

/**
 * A type the house is only likened to: "end terrace, but it feels more like a semi", "it's
 * almost a detached". Said with a type of its own, the likeness is not the answer; said alone,
 * it is all there is (the asked reading falls back to the whole answer).
 */
const LIKENED =
  /\b(?:(?:feels|looks|seems|felt|looked) (?:more )?(?:like )?|more (?:like )?(?=an? )|almost |practically |as good as |sort of like )(?:an? |the )?(?=[a-z])/g;

function withoutLikenesses(normalised: string): string {
  // The shared normaliser drops "like" as a filler, so "feels more like a semi" comes as "feels
  // more a semi".
  return normalised
    .replace(LIKENED, (m) => `${m}likeness `)
    .replace(/\blikeness ([a-z]+(?: detached)?)/g, 'likeness');
}

/** The text with the type words that follow each mention of another home taken out. */
function withoutOtherHomes(normalised: string): string {
  let out = '';
  let from = 0;
  for (const m of normalised.matchAll(ANOTHER_HOME)) {
    const start = (m.index ?? 0) + m[0].length;
    if (start < from) continue;
    // The type's own words: "flat", "semi detached", "end of terrace".
    const words = /^[a-z]+(?: [a-z]+){0,2}/.exec(normalised.slice(start))?.[0] ?? '';
    const typed = [3, 2, 1]
      .map((n) => words.split(' ').slice(0, n).join(' '))
      .find((w) => w !== '' && typeIn(w) !== null);
    if (typed === undefined) continue;
    // "for a flat like mine" (the normaliser may drop "like"): the caller's own home after all.
    if (/^[a-z]+(?: detached)? (?:like )?(?:mine|ours)\b/.test(normalised.slice(start))) continue;
    out += `${normalised.slice(from, start)}home`;
    from = start + typed.length;
  }
  return out + normalised.slice(from);
}

/** Words with which a caller takes back the type just said: "a semi, well, end terrace really". */
const TAKEN_BACK = /\b(?:well|no|actually|or rather|sorry)\b/g;

/** The type said after the caller put right one they had said ("semi well end terrace really"). */
function correctedType(normalised: string): PropertyType | null {
  // The last few markers only: each look reads the whole turn, and a turn may hold hundreds.
  const markers = [...normalised.matchAll(TAKEN_BACK)].slice(-3).reverse();
  for (const m of markers) {
    const at = m.index ?? 0;
    const head = normalised.slice(0, at);
    if (typeIn(head) === null) continue;
    const later = typeIn(normalised.slice(at + m[0].length));
    if (later !== null) return later;
  }
  return null;
}

function typeIn(normalised: string): PropertyType | null {
  const families = new Set(findAssertedMatches(normalised, RULES).map((m) => m.value));
  for (const family of PRECEDENCE) {
    if (!families.has(family)) continue;
    return family === 'special' || family === 'minor' ? 'other' : family;
  }
  return null;
}
