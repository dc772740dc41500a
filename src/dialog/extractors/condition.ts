/**
 * Property condition in the three bands the buy box uses. Callers mix praise and problems
 * ("good nick but the kitchen's dated"), and what costs a buyer money is the problem, so the
 * most severe band heard wins.
 */
import type { Condition } from '../slots/condition.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

const NEED = "(?:needs?|needing|need|wants?|could do with|requires?|it's in need of|in need of)";

type Heard = Condition | 'ignore';

const RULES = [
  // Words that describe the caller, not the house ("tired landlord", "i'm tired of it").
  phraseRule<Heard>('ignore', [
    'tired (?:landlord|of|out)',
    "(?:i'm|im|i am|we're|we are) (?:so |really |just )?tired",
  ]),
  // Negated forms said as a whole; they carry their own meaning.
  phraseRule<Heard>(
    'good',
    [
      '(?:had|has had|been given|just had|recently had) (?:a )?(?:full|complete|total|major) (?:refurb|refurbishment|renovation|overhaul)',
      "(?:doesn't|does not|don't|wouldn't) need (?:any|much|anything) (?:work|doing|done)?",
      "(?:doesn't|does not|don't) need anything",
      'nothing (?:needs|to) (?:doing|do|be done)',
      'no work (?:needed|required|to do)',
      'nothing wrong with it',
    ],
    false,
  ),
  phraseRule<Heard>(
    'needs_modernisation',
    [
      "(?:not|isn't|is not) (?:in )?(?:a )?(?:very |that |the )?(?:good|great|best|decent) (?:nick|condition|state|order|shape)",
      "(?:not|isn't) (?:been )?(?:updated|modernised|touched)",
    ],
    false,
  ),
  phraseRule<Heard>('needs_full_renovation', [
    'derelict',
    'fire damaged?',
    'flood(?:ed)? damaged?',
    'flooded',
    'needs? gutting',
    'gutted',
    'uninhabitable',
    'not habitable',
    'unliveable',
    'unlivable',
    '(?:full|complete|total|major|whole|massive) (?:refurb|refurbishment|renovation|overhaul|rebuild|modernisation)',
    `${NEED} (?:everything doing|a lot of work|lots of work|loads of work|completely redoing|knocking down|underpinning|rebuilding)`,
    '(?:a lot|lots|loads) of work',
    'major works?',
    'structural (?:problems?|issues?|damage|work)',
    'subsidence',
    'falling down',
    'a (?:total |complete )?wreck',
    'shell',
    'condemned',
    'unmortgageable',
    'not mortgageable',
    'japanese knotweed',
    '(?:real|complete|total|proper) doer upper',
    'squatters',
  ]),
  phraseRule<Heard>('needs_modernisation', [
    `${NEED} (?:a bit of|some|a little|a little bit of|bits of) (?:work|tlc|love|updating|attention|doing)`,
    `${NEED} (?:a bit|a few bits|a little|bits) (?:doing|done|of doing)`,
    `${NEED} (?:updating|modernising|modernisation|redecorating|decorating|a refresh|a lick of paint|tlc|some love)`,
    `${NEED} (?:a )?new (?:kitchen|bathroom|boiler|windows|carpets|roof)`,
    `${NEED} (?:rewiring|a rewire|damp proofing)`,
    '(?:bit of|some) (?:work|tlc)',
    'tlc',
    'dated',
    'tired',
    'old fashioned',
    'a lick of paint',
    'cosmetic',
    'bit rough',
    'doer upper',
    'needs work',
    'some work',
    '(?:fair|average|ok|okay|reasonable|liveable) (?:nick|condition|state)',
    'original (?:kitchen|bathroom)',
    'damp',
  ]),
  phraseRule<Heard>('good', [
    '(?:good|great|excellent|decent|lovely|perfect|immaculate|mint|pristine|fantastic|brilliant|top|very good) (?:nick|condition|state|order|shape)',
    'immaculate',
    'pristine',
    'spotless',
    'mint',
    '(?:recently |newly |fully |just |all )?(?:done up|renovated|refurbished|refurbed|modernised|updated|redecorated)',
    'new (?:kitchen|bathroom|boiler|roof|windows)',
    'move in ready',
    'ready to move (?:in|into)',
    'turn ?key',
    'well (?:maintained|kept|looked after)',
  ]),
];

/**
 * Short answers to "good, needs some modernising, or a full renovation?" that mean nothing
 * about a house said in passing ("good", "it's fine", "the second one"): read only when the
 * condition was asked.
 */
const ANSWER_RULES = [
  phraseRule<Heard>('needs_full_renovation', [
    '(?:a |the )?(?:full )?renovation',
    'the (?:last|third) one',
    'full',
  ]),
  phraseRule<Heard>('needs_modernisation', [
    '(?:some |a bit of )?moderni[sz](?:ing|ation)',
    '(?:some |a bit of )?updating',
    'the (?:middle|second) one',
    '(?:fair|average|middling|so so|could be better)',
    'in between',
    'somewhere in (?:the )?(?:middle|between)',
  ]),
  phraseRule<Heard>('good', [
    '(?:pretty |really |very |quite )?(?:good|fine|decent|great|lovely|nice)',
    'not bad',
    'the first one',
    'no work',
  ]),
];

const SEVERITY: readonly Condition[] = ['needs_full_renovation', 'needs_modernisation', 'good'];

/** The condition band the caller described, or null when they gave no hint. */
export function extractCondition(text: string, options: { answering?: boolean } = {}): Condition | null {
  const normalised = normaliseUtterance(text);
  const heard = new Set(findAssertedMatches(normalised, RULES).map((m) => m.value));
  const found = SEVERITY.find((c) => heard.has(c));
  if (found !== undefined || options.answering !== true) return found ?? null;
  const answered = new Set(findAssertedMatches(normalised, ANSWER_RULES).map((m) => m.value));
  return SEVERITY.find((c) => answered.has(c)) ?? null;
}
