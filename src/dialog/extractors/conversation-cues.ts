/**
 * Cues about the conversation itself rather than the property: a caller correcting what the
 * agent just took ("no i said four", "that's wrong"), saying goodbye, or talking about selling
 * in general. Rule lists, so a new phrasing is one line here and not a regex in the engine.
 */
import { normaliseUtterance } from './normalise.js';
import { findPhraseMatches, phraseRule } from './phrases.js';

type Cue = 'correction' | 'goodbye' | 'selling';

const RULES = [
  phraseRule<Cue>(
    'correction',
    [
      '^(?:no|nope|nah|sorry|actually|wait|hang on|hold on|oops|not)',
      'actually',
      'i meant',
      'i mean',
      'i said',
      'i did say',
      'correction',
      "(?:that's|that is|thats|it's|its) (?:wrong|not right|incorrect)",
      "(?:you've|you have|you) (?:got|heard|put) (?:that|it) wrong",
      "(?:i'm|i am|we're|we are) not (?:asking|looking for|after)",
      'not what i said',
    ],
    false,
  ),
  phraseRule<Cue>(
    'goodbye',
    ['bye', 'goodbye', 'ta ?ra', '(?:got|have|need) to go', 'gotta go', 'hang up', 'leave it there'],
    false,
  ),
  phraseRule<Cue>(
    'selling',
    ['sell', 'selling', 'sale', 'house', 'property', 'flat', 'home', 'bungalow', 'valuation', 'offer'],
    false,
  ),
];

function cues(text: string): Set<Cue> {
  return new Set(findPhraseMatches(normaliseUtterance(text), RULES).map((m) => m.value));
}

/** The caller is putting right something they or the agent said. */
export function isCorrection(text: string): boolean {
  return cues(text).has('correction');
}

/** A goodbye, as opposed to "that's all" which may mean "that's all I know". */
export function saysGoodbye(text: string): boolean {
  return cues(text).has('goodbye');
}

/** Talk of selling a home, for a first answer that is neither yes nor no. */
export function talksAboutSelling(text: string): boolean {
  return cues(text).has('selling');
}
