/**
 * Cues about the conversation itself rather than the property: a caller correcting what the
 * agent just took ("no i said four", "that's wrong"), saying goodbye, or talking about selling
 * in general, denying a value without giving another, or having no message to leave. Rule lists,
 * so a new phrasing is one line here and not a regex in the engine.
 */
import { normaliseUtterance } from './normalise.js';
import { findPhraseMatches, phraseRule } from './phrases.js';

type Cue = 'correction' | 'pause' | 'goodbye' | 'selling';

/** Longer than this, "actually" or "hold on" is a turn of phrase, not a correction ("hold on, I need to ask my wife"). */
const SHORT_CORRECTION_WORDS = 6;

const RULES = [
  phraseRule<Cue>(
    'correction',
    [
      // Not "not": "not in any great rush", "not many", "not sure" answer the question put; a
      // value taken back with "not" ("not three, four") is read by correction.ts.
      '^(?:no|nope|nah|sorry|oops)',
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
  phraseRule<Cue>('pause', ['^(?:wait|hang on|hold on)', 'actually'], false),
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
  const found = cues(text);
  if (found.has('correction')) return true;
  return found.has('pause') && text.trim().split(/\s+/).length <= SHORT_CORRECTION_WORDS;
}

/** A goodbye, as opposed to "that's all" which may mean "that's all I know". */
export function saysGoodbye(text: string): boolean {
  return cues(text).has('goodbye');
}

/** Talk of selling a home, for a first answer that is neither yes nor no. */
export function talksAboutSelling(text: string): boolean {
  return cues(text).has('selling');
}

/** A whole answer to "what message would you like me to pass on?" that leaves none. */
const NO_MESSAGE = ['no', 'nope', 'nah', 'nothing', 'no thanks', 'no thank you', 'no message', 'not really'];
const NO_MESSAGE_PATTERN = new RegExp(`^(?:${NO_MESSAGE.join('|')})[.!]?$`, 'i');

/** "No thanks", "nothing": the caller has no message to leave. */
export function leavesNoMessage(text: string): boolean {
  return NO_MESSAGE_PATTERN.test(text.trim());
}

const NEGATORS = /\b(?:not|isn't|wasn't|never)\b/g;
/** Words that put a new value after a negation: "that's not right, it's four". */
const RESTATING = /\b(?:it's|its|it is|i said|i meant|should be|actually|but)\b/;

/**
 * A negation with nothing asserted after it: "i'm not asking three million", "it's not three
 * bedrooms"; not "that's not right, it's four" (the value after "it's" is the new one).
 */
export function isDenial(text: string): boolean {
  const said = text.toLowerCase();
  const negators = [...said.matchAll(NEGATORS)];
  const last = negators[negators.length - 1];
  if (last === undefined) return false;
  return !RESTATING.test(said.slice((last.index ?? 0) + last[0].length));
}
