/**
 * Property type from how people describe their home: "three bed semi", "end of terrace",
 * "maisonette", "detached bungalow". Callers often stack words ("semi-detached bungalow",
 * "terraced cottage"), so the most specific structural type wins.
 */
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

export type PropertyType = 'detached' | 'semi-detached' | 'terraced' | 'flat' | 'bungalow' | 'other';

/** "special" is a building that is not a home at all; "minor" a home named by its style. */
type Family = Exclude<PropertyType, 'other'> | 'special' | 'minor' | 'ignore';

const RULES = [
  // Phrases that contain a type word but describe a feature, not the property.
  phraseRule<Family>('ignore', [
    'flat (?:roof(?:ed)?|rate|fee|out|broke|pack|tyre|cap|screen)',
    'flat as a pancake',
    'granny flat',
    'roof terrace',
    'terrace garden',
    'semi retired',
    'semi rural',
    'semi skilled',
  ]),
  phraseRule<Family>('special', [
    'block of flats',
    'hmo',
    'house in multiple occupation',
    'mobile home',
    'park home',
    'static caravan',
    'houseboat',
    'plot of land',
    'piece of land',
    'building plot',
  ]),
  phraseRule<Family>('bungalow', ['(?:dormer |chalet |detached |semi detached )?bungalows?']),
  phraseRule<Family>('flat', ['flat', 'apartment', 'maisonette', 'penthouse', 'studio', 'bedsit', 'flats']),
  phraseRule<Family>('semi-detached', ['semi detached', 'semi', 'semis']),
  phraseRule<Family>('terraced', [
    'end of terrace',
    'end terrace',
    'mid terrace',
    'terraced',
    'terrace',
    'town ?house',
    'back to back',
    'two up two down',
  ]),
  phraseRule<Family>('detached', ['link detached', 'detached']),
  phraseRule<Family>('minor', [
    'cottage',
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

/** The property type the caller described, or null when they did not say. */
export function extractPropertyType(text: string): PropertyType | null {
  const families = new Set(findAssertedMatches(normaliseUtterance(text), RULES).map((m) => m.value));
  for (const family of PRECEDENCE) {
    if (!families.has(family)) continue;
    return family === 'special' || family === 'minor' ? 'other' : family;
  }
  return null;
}
