/**
 * The name as the caller said it, when the agent has just asked for it and no frame ("my name
 * is", "it's") or plain name words gave one: "gareth price", "mohammed khan, but everyone calls
 * me mo", "gary fisher, well me and my brother own it". Names are any words at all (Price, Wood,
 * May), so the test is what a name cannot be: a question, a request, a number, or a clause with
 * the little words of a sentence in it ("Will" and "May" are names as often as they are verbs). The words before the first clause break are the name;
 * they are always read back, since no rule vouched for them (docs/agent.md, "Names").
 */
import { joinSurnamePrefixes, titleCase } from './name.js';
import { normaliseUtterance, tokenise } from './normalise.js';

/** Where the name ends and the caller goes on: "gary fisher, well ...", "mo khan but ...". */
const CLAUSE_BREAK =
  /[,;.!]|\s(?:but|well|and|so|because|cos|though|although|or|that's|thats|here|speaking)\s/i;

/** Said before a name without being part of it. */
const LEAD_INS = new Set(
  "yeah yes yep yeh aye ok okay right sure hi hello hiya hey oh er erm um uh so well its it's it is im i'm i am mr mrs miss ms dr mister".split(
    ' ',
  ),
);

/**
 * Words no name is made of: the closed classes of English (pronouns, articles, prepositions,
 * auxiliaries, question words), numbers, and what callers say instead of a name.
 */
const NEVER_IN_A_NAME = new Set(
  `a an the and or but if of to in on at by for from with about as into than then there here
  i me my mine we us our you your he him his she her they them their it its it's this that these those
  is are was were be been am do does did done have has had can could would should shall might must
  who what when where why how which whose whom not no nope yes yeah don't dont can't cant won't
  one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand
  please thanks thank sorry pardon hello hi bye goodbye okay ok
  speak talk call ring phone number someone somebody anyone person human agent manager
  sell selling sold buy buying house home property flat bedroom bedrooms bed semi detached terraced bungalow
  postcode address street road avenue lane`.split(/\s+/),
);

const MAX_WORDS = 4;

export interface NameAsSaid {
  /** Title-cased: "Gareth Price". */
  full: string;
}

/** The name as said, or null when the answer cannot be a name. */
export function readNameAsSaid(text: string): NameAsSaid | null {
  if (text.includes('?')) return null;
  const clause = text.split(CLAUSE_BREAK)[0] ?? '';
  const words = joinSurnamePrefixes(tokenise(normaliseUtterance(clause)));
  let start = 0;
  while (start < words.length && LEAD_INS.has(words[start] ?? '')) start++;
  const name = words.slice(start);
  if (name.length === 0 || name.length > MAX_WORDS) return null;
  if (!name.every((w) => /^[a-z][a-z'-]*$/.test(w) && !NEVER_IN_A_NAME.has(w))) return null;
  // "blah blah", "mumble mumble": a word said over and over is noise, not a name.
  if (name.length > 1 && name.every((w) => w === name[0])) return null;
  return { full: name.map(titleCase).join(' ') };
}
