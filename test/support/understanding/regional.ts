/**
 * Everyday words from around the UK that callers use in passing. Both halves draw on them: they
 * colour an answer, they are not the answer.
 */
import type { Gen } from './types.js';

export const MUM = ['me mam', 'my mum', 'my mam', 'me mum', 'my mother', 'mam', 'my ma', 'my mammy'];
export const DAD = ['me dad', 'my dad', 'my father', 'me da', 'my old man', 'my pa'];
export const NAN = ['my nan', 'me nan', 'my gran', 'my granny', 'me nana', 'my grandma'];
export const PARTNER = ['the missus', 'the wife', 'my husband', 'my other half', 'the hubby', 'my partner'];
export const KIDS = ['the kids', 'the bairns', 'the weans', 'the little ones', 'the young uns'];
export const SIBLING = ['our kid', 'my brother', 'me brother', 'our Sharon', 'my sister', 'our Dave'];
/** A word at the end of a clause. */
export const TAG = ['innit', 'like', 'you know', 'aye', 'to be fair', 'mind', 'and that', 'sort of thing'];
export const YES = ['yeah', 'aye', 'yep', 'yes', 'ya', 'yeah yeah'];
/** "very", the way people say it. */
export const VERY = ['proper', 'dead', 'well', 'pure', 'really', 'right', 'awful'];
export const SMALL = ['wee', 'little', 'small', 'titchy'];
/** Some time ago, said loosely. */
export const AGO = [
  'a couple of year back',
  'a few year ago',
  'a couple of years ago',
  'last year',
  'years back',
];
export const HELLO = ['hiya', 'hello', 'hi there', 'alright', 'hello love', 'hiya pet', 'morning'];
export const PERSON = ['love', 'pet', 'mate', 'duck', 'hen', 'pal', 'bud'];

/** A tag to end a clause with (", innit"), or nothing. */
export function tag(g: Gen, p = 0.3): string {
  return g.chance(p) ? `, ${g.pick(TAG)}` : '';
}
