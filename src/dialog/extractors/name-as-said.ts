/**
 * The name as the caller said it, when the agent has just asked for it: "gareth price", "mohammed
 * khan, but everyone calls me mo", "mr wright, tariq wright", "aisha evans, sorry, aisha
 * kowalski", "aoife, and the surname is macleod". Names are any words at all (Price, Wood, May),
 * so the test is what a name cannot be: a question, a request, a number, or a clause with the
 * little words of a sentence in it ("Will" and "May" are names as often as they are verbs). The
 * answer is cut into clauses; the name is the first clause that is nothing but name words, or the
 * last one when the caller put themselves right. No rule vouched for it, so it is read back
 * (docs/agent.md, "Names no rule vouches for").
 */
import { joinSurnamePrefixes, titleCase } from './name.js';
import { ENDEARMENTS, NEVER_IN_A_NAME } from './name-stopwords.js';
import { normaliseUtterance, tokenise } from './normalise.js';

/** Where a name ends and the caller goes on: "gary fisher, well ...", "connor murphy, i'm calling for". */
const CLAUSE_BREAK =
  /[,;.!]|\s(?:but|well|and|so|because|cos|though|although|or|that's|thats|it's|its|it is|here|speaking|i|i'm|im|i've|ive|we|we're|she|he|they)\s/i;

/** A caller putting their own words right: the name after it is the one they meant. */
const REPAIR = /\b(?:sorry|i mean|i meant|no wait|rather|actually|i (?:thought|think) i said)\b/i;

/** Said before a name without being part of it. */
const LEAD_INS = new Set(
  "yeah yes yep yeh aye ok okay right sure hi hello hiya hey oh er erm um uh so well its it's it is im i'm i am mr mrs miss ms dr mister what mine me sorry".split(
    ' ',
  ),
);

/** Phrases around a name that say how to write it, not what it is. */
const ASIDES =
  /\b(?:you can |just )?put (?:me |it |[a-z]+ )?down(?: as)?\b|\bi (?:thought|think) i said\b|\bthe (?:name|one) (?:is|was)\b/gi;
const HYPHENATED = /\b(?:with a hyphen|hyphenated|double[ -]barrell?ed)\b/i;
const SURNAME_IS = /\b(?:the |my )?(?:surname|last name|second name|family name)(?:'s| is| was)? ([a-z'-]+)/i;

const MAX_WORDS = 4;

export interface NameAsSaid {
  /** Title-cased: "Gareth Price". */
  full: string;
}

/** The name as said, or null when the answer cannot be a name. */
export function readNameAsSaid(text: string): NameAsSaid | null {
  // "what, mine?" echoes the question before the answer; any other question mark asks one.
  const said = text.replace(/^\W*(?:\w+\W+){0,3}?what\W+(?:\w+\W+)?mine\?/i, ' ');
  if (said.includes('?')) return null;
  const surname = SURNAME_IS.exec(said)?.[1]?.toLowerCase();
  const plain = said
    .replace(SURNAME_IS, ' ')
    .replace(HYPHENATED, ' ')
    .replace(ASIDES, ', ')
    .replace(/\b([a-z']+) as in \1\b/gi, '$1');
  const names = plain
    .split(REPAIR)
    .flatMap((part) => part.split(CLAUSE_BREAK))
    .map(nameWordsOf)
    .filter((words): words is string[] => words !== null);
  let name = REPAIR.test(plain) ? names.at(-1) : names[0];
  if (name === undefined) return null;
  if (surname !== undefined && name.length === 1 && !NEVER_IN_A_NAME.has(surname)) name = [...name, surname];
  if (HYPHENATED.test(said) && name.length >= 3) name = [...name.slice(0, -2), name.slice(-2).join('-')];
  return { full: name.map((w) => w.split('-').map(titleCase).join('-')).join(' ') };
}

/**
 * The clause's words when they can only be a name (lead-ins and endearments aside), with a word
 * said twice over once ("priya priya fraser") and a surname said first dropped ("wright tariq
 * wright"); null otherwise.
 */
function nameWordsOf(clause: string): string[] | null {
  const all = joinSurnamePrefixes(tokenise(normaliseUtterance(clause)));
  let start = 0;
  while (start < all.length && LEAD_INS.has(all[start] ?? '')) start++;
  let end = all.length;
  while (end > start && ENDEARMENTS.has(all[end - 1] ?? '')) end--;
  const raw = all.slice(start, end);
  // "blah blah", "mumble mumble": a word said over and over is noise, not a name.
  if (raw.length > 1 && raw.every((w) => w === raw[0])) return null;
  const words = raw.filter((w, i) => w !== raw[i - 1]);
  if (words.length >= 3 && words[0] === words.at(-1)) words.shift();
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  return words.every((w) => /^[a-z][a-z']*$/.test(w) && !NEVER_IN_A_NAME.has(w)) ? words : null;
}
