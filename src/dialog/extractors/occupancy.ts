/**
 * Who lives in the property: the owner, tenants, or nobody. Callers often describe a change
 * ("the tenants moved out so it's empty now"), so the last statement made wins.
 */
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

export type Occupancy = 'owner_occupied' | 'vacant' | 'tenanted';

type Heard = Occupancy | 'ignore';

const FAMILY =
  '(?:my|our) (?:mum|mother|mom|dad|father|nan|nana|gran|grandma|grandad|parents|family|wife|husband|partner)';
const LIVES = '(?:live|lives|living|stay|stays|staying|reside|resides)';
const THERE =
  '(?:there|in it|in there|at the property|at the house|in the property|in the house|here|at home)';

const RULES = [
  // Phrases that use the words without describing occupancy.
  phraseRule<Heard>('ignore', ['empty nest(?:ers?)?', '(?:kids|children) (?:have |had )?(?:moved out|left)']),
  phraseRule<Heard>(
    'vacant',
    [
      `(?:nobody|no one|noone) (?:${LIVES}|is living|has lived|has been living|lived)(?: ${THERE})?`,
      '(?:nobody|no one|noone) (?:in it|in there|there)',
      "(?:nobody's|no one's) (?:living )?(?:there|in it)",
      'no tenants?',
      "(?:tenants?|they|we|i) (?:have |has |'ve )?(?:moved out|left|gone|vacated)",
      "(?:tenant's|tenants have|they've|we've|i've) (?:moved out|left|gone)",
      "(?:don't|doesn't|do not|does not) (?:have|have got) (?:any )?tenants",
      'not (?:being )?lived in',
      'not (?:currently )?(?:let|rented)(?: out)?',
    ],
    false,
  ),
  phraseRule<Heard>('vacant', [
    'empty',
    'vacant',
    'unoccupied',
    'unlived in',
    'standing empty',
    'sat empty',
    'sitting empty',
    'been empty',
  ]),
  phraseRule<Heard>('tenanted', [
    'tenants?',
    'tenanted',
    'tenancy',
    "(?:it's |it is |its )?let out",
    "(?:it's|it is|its) (?:currently )?let",
    'rented out',
    '(?:renting|rent|let|letting) it out',
    "(?:it's|it is|its) (?:being )?rented",
    'lodgers?',
    'sitting tenant',
    'ast',
    'on a lease',
  ]),
  phraseRule<Heard>('owner_occupied', [
    `(?:i|we|i'm|we're|i am|we are|i still|we still|i've|we've) ${LIVES} ${THERE}`,
    `(?:i|we) (?:still )?${LIVES} (?:there|in it)`,
    `${FAMILY} (?:still )?${LIVES} ${THERE}`,
    "(?:it's|it is|its) (?:my|our) (?:home|family home|main residence)",
    'owner occupied',
    '(?:my|our) (?:home|family home)',
    'living in it',
  ]),
];

/** Who occupies the property, or null when the caller did not say. */
export function extractOccupancy(text: string): Occupancy | null {
  const matches = findAssertedMatches(normaliseUtterance(text), RULES).filter((m) => m.value !== 'ignore');
  const last = matches[matches.length - 1];
  return last === undefined || last.value === 'ignore' ? null : last.value;
}
