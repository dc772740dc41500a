/**
 * Yes or no to a question the agent asked. The earliest decisive phrase wins, and longer
 * phrases are tried first so "no problem" is yes, "not really" is no and "not sure" is neither.
 * A correction ("no, it's four bedrooms") is a no; the engine reads the new value separately.
 */
import { normaliseUtterance } from './normalise.js';

export type YesNo = 'yes' | 'no';

type Answer = YesNo | 'unsure';

const PHRASES: readonly [Answer, string][] = [
  // Phrases containing "no"/"not" that mean yes, listed so they beat the bare negatives.
  [
    'yes',
    "no problem|no worries|no bother|not a problem|why not|i don't see why not|don't mind|do not mind|no doubt|can't complain|no objection",
  ],
  [
    'unsure',
    "not sure|i'm not sure|i don't know|dunno|don't know|no idea|maybe|perhaps|possibly|not certain|hard to say|i'm unsure|unsure|depends|it depends|might do|could be",
  ],
  [
    'no',
    "no|nope|nah|naw|na|no thanks|no thank you|not really|not at all|not at the moment|not right now|not now|not yet|not quite|not interested|that's wrong|that is wrong|that's not right|that isn't right|that's incorrect|incorrect|wrong|negative|never|i don't think so|don't think so|definitely not|absolutely not|certainly not|of course not|no way|i'm not|it isn't|it's not|it wasn't|i don't|we don't|i haven't|we haven't|i wouldn't|not that i know of|rather not|i'd rather not",
  ],
  [
    'yes',
    "yes|yeah|yep|yup|yea|yah|ya|aye|yes please|sure|ok|okay|alright|all right|correct|that's correct|that's right|that is right|right|exactly|absolutely|definitely|of course|certainly|indeed|go on then|go on|go ahead|please do|sounds good|sounds great|that's fine|fine|perfect|lovely|great|brilliant|spot on|that's it|that's the one|uh huh|mhm|mm hmm|affirmative|i do|i am|it is|we do|we are|that works|works for me|i think so|i guess so|i suppose so|suppose so|s'pose so|spose so|reckon so|i reckon so|should do|that'll do|that'll be fine|that's grand|that's sound|that's champion|please|yes it is|too right|bang on|you got it|you've got it|that'd be great",
  ],
];

interface Hit {
  answer: Answer;
  index: number;
  length: number;
}

const MATCHERS = PHRASES.map(([answer, alternatives]) => {
  const sorted = alternatives.split('|').sort((a, b) => b.length - a.length);
  return { answer, pattern: new RegExp(`\\b(?:${sorted.join('|')})\\b`, 'g') };
});

/**
 * Nouns that turn "no" into a determiner: "no mortgage", "no tenants", "no rush". Each maps to
 * the question it does answer (null: none), so "no tenants" still answers "is anyone living there?".
 */
const NO_TOPICS: Readonly<Record<string, string | null>> = {
  mortgage: null,
  debt: null,
  debts: null,
  loan: null,
  chain: null,
  problems: null,
  issues: null,
  damp: 'condition',
  work: 'condition',
  tenants: 'occupancy',
  tenant: 'occupancy',
  lodgers: 'occupancy',
  one: 'occupancy',
  rush: 'timeline',
  hurry: 'timeline',
  deadline: 'timeline',
  agent: null,
  agents: null,
};

export interface YesNoDetail {
  answer: YesNo | null;
  /** The noun the "no" went with ("no mortgage" → "mortgage"), or null for a plain answer. */
  about: string | null;
  /** The question that noun answers (a slot name), or null when it answers none. */
  slot: string | null;
}

/** The yes/no answer and, for "no <noun>", what the "no" was about. */
export function readYesNo(text: string): YesNoDetail {
  const normalised = normaliseUtterance(text);
  const found = [...normalised.matchAll(/\bno ([a-z]+)\b/g)].find((m) => (m[1] ?? '') in NO_TOPICS);
  const about = found?.[1];
  if (found === undefined || about === undefined)
    return { answer: extractYesNo(text), about: null, slot: null };
  // "yes, no mortgage", "no, no mortgage": the rest of the words answer the question.
  const rest = `${normalised.slice(0, found.index)} ${normalised.slice((found.index ?? 0) + found[0].length)}`;
  const answer = extractYesNo(rest);
  if (answer !== null) return { answer, about: null, slot: null };
  return { answer: 'no', about, slot: NO_TOPICS[about] ?? null };
}

/** 'yes', 'no', or null when the reply is neither or the caller is unsure. */
export function extractYesNo(text: string): YesNo | null {
  const normalised = normaliseUtterance(text);
  const hits: Hit[] = [];
  for (const { answer, pattern } of MATCHERS) {
    for (const m of normalised.matchAll(pattern))
      hits.push({ answer, index: m.index ?? 0, length: m[0].length });
  }
  if (hits.length === 0) return null;
  hits.sort((a, b) => a.index - b.index || b.length - a.length);
  // Skip hits swallowed by an earlier, longer one ("no" inside "no problem").
  const decisive: Hit[] = [];
  for (const hit of hits) {
    const last = decisive[decisive.length - 1];
    if (last === undefined || hit.index >= last.index + last.length) decisive.push(hit);
  }
  const [first, second] = decisive;
  if (first === undefined) return null;
  // British "yeah no" means no and "no yeah" means yes: the second word settles it.
  if (second !== undefined && isBareParticle(normalised, first) && isBareParticle(normalised, second)) {
    if (first.answer !== second.answer && second.index === first.index + first.length + 1) {
      return second.answer === 'unsure' ? null : second.answer;
    }
  }
  return first.answer === 'unsure' ? null : first.answer;
}

function isBareParticle(normalised: string, hit: Hit): boolean {
  return /^(?:yes|yeah|yep|no|nah|nope)$/.test(normalised.slice(hit.index, hit.index + hit.length));
}
