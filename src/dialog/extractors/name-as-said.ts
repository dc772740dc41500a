/**
 * The name as the caller said it, when the agent has just asked for it and no frame ("my name
 * is", "it's") or plain name words gave one: "gareth price", "mohammed khan, but everyone calls
 * me mo", "gary fisher, well me and my brother own it". Names are any words at all (Price, Wood,
 * May), so the test is what a name cannot be: a question, a request, a number, or a clause with
 * the little words of a sentence in it ("Will" and "May" are names as often as they are verbs). The words before the first clause break are the name;
 * they are always read back, since no rule vouched for them (docs/agent.md, "Names").
 */
import { joinSurnamePrefixes, titleCase } from './name.js';
import { ENDEARMENTS, NEVER_IN_A_NAME } from './name-stopwords.js';
import { normaliseUtterance, tokenise } from './normalise.js';

/** Where the name ends and the caller goes on: "gary fisher, well ...", "mo khan but ...". */
const CLAUSE_BREAK =
  /[,;.!]|\s(?:but|well|and|so|because|cos|though|although|or|that's|thats|it's|its|it is|here|speaking)\s/i;

/** Said before a name without being part of it. */
const LEAD_INS = new Set(
  "yeah yes yep yeh aye ok okay right sure hi hello hiya hey oh er erm um uh so well its it's it is im i'm i am mr mrs miss ms dr mister what mine me".split(
    ' ',
  ),
);

const MAX_WORDS = 4;

function withoutLeadIns(clause: string): string[] {
  const words = joinSurnamePrefixes(tokenise(normaliseUtterance(clause)));
  let start = 0;
  while (start < words.length && LEAD_INS.has(words[start] ?? '')) start++;
  let end = words.length;
  while (end > start && ENDEARMENTS.has(words[end - 1] ?? '')) end--;
  return words.slice(start, end);
}

export interface NameAsSaid {
  /** Title-cased: "Gareth Price". */
  full: string;
}

/** The name as said, or null when the answer cannot be a name. */
export function readNameAsSaid(text: string): NameAsSaid | null {
  // "what, mine?" echoes the question before the answer; any other question mark asks one.
  const said = text.replace(/^\W*(?:\w+\W+){0,3}?what\W+(?:\w+\W+)?mine\?/i, ' ');
  if (said.includes('?')) return null;
  // The first clause with anything in it once the lead-ins are gone: "yeah, it's tom bell".
  const name =
    said
      .split(CLAUSE_BREAK)
      .map(withoutLeadIns)
      .find((words) => words.length > 0) ?? [];
  if (name.length === 0 || name.length > MAX_WORDS) return null;
  if (!name.every((w) => /^[a-z][a-z'-]*$/.test(w) && !NEVER_IN_A_NAME.has(w))) return null;
  // "blah blah", "mumble mumble": a word said over and over is noise, not a name.
  if (name.length > 1 && name.every((w) => w === name[0])) return null;
  return { full: name.map(titleCase).join(' ') };
}
