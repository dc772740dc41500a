/**
 * A caller declining to answer ("i'd rather not say", "that's personal", "i'd rather hear what
 * you'd offer first") or not knowing ("no idea", "dunno", "can't remember"). Either way nothing
 * is stored and the question is not asked again.
 */
import { normaliseUtterance } from './normalise.js';
import { findPhraseMatches, phraseRule } from './phrases.js';

export type Refusal = 'refused' | 'unknown';

type Heard = Refusal | 'aside';

const RULES = [
  // Who or what the caller does not know, named before it: "i don't answer numbers i don't
  // know", "people we don't know". Longer than the bare "don't know", so it wins the words and
  // declines nothing.
  phraseRule<Heard>('aside', [
    "(?:numbers|callers|people|folk|anyone|anybody|strangers|names)(?: (?:that|who))? (?:i|we) (?:don't|do not|dont|didn't|did not) (?:know|recognise|recognize)",
  ]),
  phraseRule<Heard>(
    'refused',
    [
      "(?:i'd|i would|id|we'd|we would) (?:rather|prefer(?: to)?) not(?: say| tell| share| answer| go into (?:it|that))?",
      '(?:rather|prefer) not to (?:say|tell|share|answer|go into (?:it|that))',
      "(?:i'd|i would|id|we'd|we would) rather (?:hear|know|see|wait for) (?:what|your)",
      "(?:hear|see|know) (?:what|how much) (?:you|you would|you'd) (?:offer|pay|give)",
      "(?:that's|that is|thats|it's|its) (?:personal|private|confidential|my business)",
      'none of your business',
      "(?:not|won't be|i'm not|i am not) (?:telling|saying|sharing|giving (?:you )?(?:that|it|them|my \\w+)(?! away))",
      "(?:won't|will not|wont) (?:say|tell you|give (?:that|it|you that|you it)(?: out)?)",
      "(?:don't|do not|dont) (?:want|wish|like) to (?:say|tell|share|answer|give (?:that|it) out|go into (?:it|that))",
      "(?:i'll|i will|i'd|i would) (?:keep|leave) that (?:to myself|for now|for later|out)",
      '(?:pass|skip) (?:on )?(?:that|this)(?: one)?',
      'no comment',
      "(?:can't|cannot|can not) (?:say|tell you|share|give (?:that|it) out)",
    ],
    false,
  ),
  phraseRule<Heard>(
    'unknown',
    [
      "(?:i'm |i am |im )?not (?:sure|certain|really sure|100 percent sure)",
      "(?:i |we )?(?:don't|do not|dont|dunno|didn't|did not) (?:really )?(?:know|remember|recall)",
      'dunno',
      'no idea',
      'not a clue',
      "(?:haven't|have not|havent) (?:got )?(?:a|any) (?:clue|idea)",
      'no clue',
      "(?:can't|cannot|can not|cant) (?:remember|recall|say for sure|say for certain)",
      "(?:haven't|have not|havent) (?:thought|decided|worked (?:it|that) out)",
      'not decided',
      'hard to say',
      "(?:i've|i have) (?:no|got no) idea",
      'who knows',
      'no clue',
      'unsure',
    ],
    false,
  ),
];

/** A reply that is only "no": to a question without a yes or a no in it, a refusal. */
const BARE_NO =
  /^(?:(?:um|er|erm|uh|well|oh) )*(?:no|nope|nah|no thanks|no thank you|no way|no chance|not a chance)$/;

export interface RefusalOptions {
  /**
   * The question asked cannot be answered yes or no ("could I take your name?"), so a bare
   * "no" declines it. Not for yes/no questions, nor for "is anyone living there?".
   */
  openQuestion?: boolean;
}

/** 'refused' or 'unknown' when the reply declines or cannot answer; null otherwise. */
export function extractRefusal(text: string, options: RefusalOptions = {}): Refusal | null {
  const normalised = normaliseUtterance(text);
  if (options.openQuestion === true && BARE_NO.test(normalised.replace(/[^a-z' ]/g, '').trim()))
    return 'refused';
  const found = findPhraseMatches(normalised, RULES).filter((m) => m.value !== 'aside');
  if (found.some((m) => m.value === 'refused')) return 'refused';
  return found.length > 0 ? 'unknown' : null;
}
