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
import {
  ENDEARMENTS,
  explainedWords,
  isShortFor,
  joinSurnamePrefixes,
  LIKENED_TO,
  NEVER_IN_A_NAME,
  NICKNAME_ASIDE,
  NOT_NAMES,
  nicknamesIn,
  SPELLING_NOTE,
  TITLE_SPOKEN,
  TITLES,
  titleCase,
  titleOf,
} from './name-stopwords.js';
import { dropFloorHolders, normaliseUtterance, tokenise } from './normalise.js';

/** Where a name ends and the caller goes on: "gary fisher, well ...", "connor murphy, i'm calling for". */
const CLAUSE_BREAK =
  /[,;.!]|\s(?:but|well|and|so|because|cos|though|although|or|that's|thats|it's|its|it is|here|speaking|with|like|i'm|im|i've|ive|i|we're|we|she's|shes|he's|hes|she|he|they're|they|yeah|yes|yep|er|erm|um|uh)\b/i;

/** A caller putting their own words right: the name after it is the one they meant. */
const REPAIR = /\b(?:sorry|i mean|i meant|no wait|rather|actually|i (?:thought|think) i said)\b/i;

/** Said before a name without being part of it. */
const LEAD_INS = new Set(
  "yeah yes yep yeh aye ok okay right write sure hi hello hiya hey oh er erm um uh so well its it's it is im i'm i am mr mrs miss ms dr mister missus doctor what mine me sorry like basically honestly look listen anyway just".split(
    ' ',
  ),
);

/** Said after a name without being part of it: "tomasz brown, erm, yeah". */
const TRAILERS = new Set(
  'yeah yes yep yeh aye ok okay er erm um uh like please thanks ta mr mrs miss ms really actually properly officially'.split(
    ' ',
  ),
);

/** Phrases around a name that say how to write it, not what it is. */
const ASIDES =
  /\b(?:you can |just )?put (?:me |it |that |[a-z]+ )?(?:down )?(?:as|under|for)\b|\b(?:you can |just )?put (?:me |it |[a-z]+ )?down\b|^\W*(?:(?:yeah|yes|ok|okay|so|er|erm|um) )*(?:just )?put\b|\bi (?:thought|think) i said\b|\bthe (?:name|one) (?:is|was)\b/gi;
const HYPHENATED = /\b(?:with a hyphen|hyphenated|double[ -]barrell?ed)\b/i;
/** A word of a name after its label; letters spelt out with hyphens are not it. */
const LABELLED = `(?![a-z]-[a-z]-)([a-z'-]+)`;
const SURNAME = `(?:surname|last name|second name|family name)`;
const FIRST_NAME = `(?:full |proper |real )?(?:first name|christian name|forename|given name)`;
const SURNAME_IS = new RegExp(String.raw`\b(?:the |my )?${SURNAME}(?:'s| is| was)? ${LABELLED}`, 'i');
const FIRST_NAME_IS = new RegExp(String.raw`\b(?:the |my )?${FIRST_NAME}(?:'s| is| was)? ${LABELLED}`, 'i');
/** The label after the word: "okafor's the surname", "jaspreet is my full first name". */
const SURNAME_FIRST = new RegExp(String.raw`\b([a-z']+?)(?:'s| is| was) (?:(?:the|my) )+${SURNAME}\b`, 'i');
const FIRST_NAME_FIRST = new RegExp(
  String.raw`\b([a-z']+?)(?:'s| is| was) (?:(?:the|my) )+${FIRST_NAME}\b`,
  'i',
);
/** Which comes first, said once the surname is out of the way: "and it's chidi first", "chidi's first". */
const FIRST_BY_ORDER =
  /(?:\b(?:it's|its|it is|and|then) ([a-z']+)|\b([a-z']+)'s) first\b(?!\s*(?:name|of|time|thing|and foremost))/i;

const MAX_WORDS = 4;

/** The question said back before the answer: "what, mine?", "me?", "oh, my name?", "who, me?". */
const ECHO =
  /^\W*(?:\w+\W+){0,3}?(?:what\W+(?:\w+\W+)?mine|(?:who\W+|what\W+)?me|mine|(?:my|me) (?:name|full name))\?/i;

/** A couple giving their names: "tom and sue walker" is Tom Walker, who is calling. */
const COUPLE =
  /^\W*(?:(?:it['’]s|its|it is|we['’]re|we are|yeah|er|erm|um)\s+)*([a-z']+) and ([a-z']+) ([a-z'-]+)\W*$/i;

export interface NameAsSaid {
  /** Title-cased: "Gareth Price". */
  full: string;
}

/** The name as said, or null when the answer cannot be a name. */
export function readNameAsSaid(text: string): NameAsSaid | null {
  // "what, mine?", "me?", "my name?" echo the question before the answer; any other question
  // mark asks one.
  const said = beforeQuestions(dropFloorHolders(text).replace(ECHO, ' '));
  if (said.includes('?')) return null;
  const explained = explainedWords(said);
  const surname = (SURNAME_FIRST.exec(said)?.[1] ?? SURNAME_IS.exec(said)?.[1])?.toLowerCase();
  const labelled = FIRST_NAME_FIRST.exec(said)?.[1] ?? FIRST_NAME_IS.exec(said)?.[1];
  const firstName = (labelled ?? (surname === undefined ? undefined : firstByOrder(said)))?.toLowerCase();
  // "surname begum, first name nasreen": said by parts, in either order.
  if (
    surname !== undefined &&
    firstName !== undefined &&
    ![surname, firstName].some((w) => NEVER_IN_A_NAME.has(w))
  )
    return { full: [firstName, surname].map(titleCase).join(' ') };
  const plain = said
    .replace(FIRST_NAME_FIRST, ', ')
    .replace(SURNAME_FIRST, ', ')
    .replace(FIRST_NAME_IS, ', $1')
    .replace(SURNAME_IS, ' ')
    .replace(NICKNAME_ASIDE, ', ')
    .replace(SPELLING_NOTE, ', ')
    .replace(HYPHENATED, ' ')
    .replace(ASIDES, ', ')
    // "kath, short for katherine", "danni for short": the other form is an aside.
    .replace(/\bshort for [a-z'-]+|\b[a-z'-]+ for short\b/gi, ', ')
    // "price as in price", "price, price as price as in price": a word explained by itself, however
    // many goes it took.
    .replace(/\b([a-z']+)(?:,? (?:as )?\1){0,3},? as in,? \1\b/gi, '$1')
    .replace(LIKENED_TO, ', ');
  const clauses = plain
    .split(REPAIR)
    .flatMap((part) => part.split(CLAUSE_BREAK))
    .map((clause) => nameWordsOf(clause, explained))
    .filter((words): words is string[] => words !== null);
  // "gaz, well, gareth lloyd, gaz is what everyone calls me": the nickname put aside is not the name.
  const nicknames = nicknamesIn(said);
  const named = clauses.filter((words) => !(words.length === 1 && nicknames.has(words[0] ?? '')));
  const names = named.length > 0 ? named : clauses;
  const couple = COUPLE.exec(plain);
  const [first, second, surname0] = [couple?.[1], couple?.[2], couple?.[3]].map((w) =>
    (w ?? '').toLowerCase(),
  );
  const title = (w: string): string | undefined => {
    const written = titleOf(w);
    return written === undefined ? undefined : titleCase(written);
  };
  // "mr and mrs singh": the first title said is the caller's.
  if (
    couple !== null &&
    title(first ?? '') !== undefined &&
    title(second ?? '') !== undefined &&
    couldBeNameWord(surname0 ?? '')
  )
    return { full: `${title(first ?? '')} ${titleCase(surname0 ?? '')}` };
  if (couple !== null && [first, second, surname0].every((w) => couldBeNameWord(w ?? '')))
    return { full: [first, surname0].map((w) => titleCase(w ?? '')).join(' ') };
  const given = firstInFull(names);
  // A first name alone, said again in full to close the answer, is the name in full.
  // The answer's words, read once: the readers below share them, so a long answer is normalised
  // once and its cost stays in step with its length (docs/agent.md, "Long turns").
  const words = joinSurnamePrefixes(tokenise(normaliseUtterance(plain)));
  const closing = given?.length === 1 ? nameAtTheEnd(words, given[0]) : undefined;
  let name = REPAIR.test(plain)
    ? (takenBackFor(plain, explained) ?? names.at(-1))
    : (closing ?? given ?? nameAtTheEnd(words) ?? nameFromRuns(words));
  if (name === undefined) return null;
  if (surname !== undefined && name.length === 1 && !NEVER_IN_A_NAME.has(surname)) name = [...name, surname];
  // "jenkins, first name david": the word said alone is the surname.
  else if (
    firstName !== undefined &&
    name.length === 1 &&
    name[0] !== firstName &&
    couldBeNameWord(firstName)
  )
    name = [firstName, ...name];
  // "tom hale, thomas is the full first name": the short form gives way to the name in full.
  else if (
    firstName !== undefined &&
    name.length > 1 &&
    isShortFor(name[0] ?? '', firstName) &&
    couldBeNameWord(firstName)
  )
    name = [firstName, ...name.slice(1)];
  if (HYPHENATED.test(said) && name.length >= 3) name = [...name.slice(0, -2), name.slice(-2).join('-')];
  return {
    full: name.map((w) => (TITLES.has(w) ? titleCase(w) : w.split('-').map(titleCase).join('-'))).join(' '),
  };
}

/**
 * The answer up to the first question the caller puts after it: "leah grant. is that okay?",
 * "bo yang. do you want it spelt? b-o, y-a-n-g". A question said first is left,
 * and the answer is then no name.
 */
function beforeQuestions(said: string): string {
  const at = said.indexOf('?');
  if (at < 0) return said;
  const start = Math.max(said.lastIndexOf('.', at), said.lastIndexOf('!', at));
  return start < 0 ? said : said.slice(0, start + 1);
}

/** "okafor's the surname, and it's chidi first": the first name said by where it goes. */
function firstByOrder(said: string): string | undefined {
  const m = FIRST_BY_ORDER.exec(said);
  const word = (m?.[1] ?? m?.[2])?.toLowerCase();
  return word !== undefined && couldBeNameWord(word) && !NOT_NAMES.has(word) ? word : undefined;
}

/**
 * After the caller takes a name back, with no clause of name words after it, the two name words
 * that close the answer: "bazza ha sorry the lads say that barry cole". Undefined when a clause of
 * name words follows, which the clauses give.
 */
function takenBackFor(plain: string, explained: ReadonlySet<string>): string[] | undefined {
  const after = plain.split(REPAIR).at(-1) ?? '';
  const clauses = after.split(CLAUSE_BREAK).map((clause) => nameWordsOf(clause, explained));
  if (clauses.some((words) => words !== null)) return undefined;
  const all = joinSurnamePrefixes(tokenise(normaliseUtterance(after)));
  let end = all.length;
  while (end > 0 && TRAILERS.has(all[end - 1] ?? '')) end--;
  const pair = all.slice(Math.max(0, end - 2), end);
  const named = (w: string): boolean =>
    couldBeNameWord(w) &&
    !NOT_NAMES.has(w) &&
    !LEAD_INS.has(w) &&
    !ENDEARMENTS.has(w) &&
    !/(?:ing|ly|ed)$/.test(w);
  return end - 2 > 0 && pair.every(named) ? pair : undefined;
}

/** Words that end a clause, so that what follows them starts afresh: "... dealing with it, kerry okafor". */
const CLAUSE_ENDS = new Set('it that this them him her me us here there now'.split(' '));

/**
 * A name said after a story, with nothing after it: "the house is my mum's but it's me dealing
 * with it precious fraser". Two or three name words after a word that ends a clause, or after
 * the first of them was said alone earlier on (`saidFirst`, when it is known).
 */
function nameAtTheEnd(all: readonly string[], saidFirst?: string): string[] | undefined {
  let end = all.length;
  while (end > 0 && TRAILERS.has(all[end - 1] ?? '')) end--;
  let start = end;
  const inName = (w: string): boolean => couldBeNameWord(w) && (!NOT_NAMES.has(w) || NAMES_TOO.has(w));
  while (start > 0 && end - start < 3 && inName(all[start - 1] ?? '')) start--;
  // "eilidh, e i l i d h, not eilie, people get that wrong eilidh fraser": the first name
  // said earlier, then again with the surname to close the answer.
  const first = saidFirst ?? all[start] ?? '';
  const again = all.indexOf(first, start);
  if (again > all.indexOf(first) && again < end - 1) return all.slice(again, end);
  if (saidFirst !== undefined) return undefined;
  if (end - start < 2 || !CLAUSE_ENDS.has(all[start - 1] ?? '')) return undefined;
  return withoutSaidFirst(all.slice(start, end));
}

/**
 * The first name said, or a later one that says it again in full: "well aoife, well aoife
 * murphy", "mr murphy. mei murphy", "i'm rhiannon, i'm rhiannon davies".
 */
function firstInFull(names: readonly string[][]): string[] | undefined {
  const first = names[0];
  if (first === undefined) return undefined;
  const said = first.filter((w) => !TITLES.has(w));
  // "kev, kevin lowe", "jaz, j a z, jaswinder kaur": a short form first, then the name in full.
  const sameName = (n: readonly string[]): boolean =>
    said.every((w) => n.includes(w)) || (said.length === 1 && isShortFor(said[0] ?? '', n[0] ?? ''));
  const fuller = names.slice(1).find((n) => n.length > said.length && !TITLES.has(n[0] ?? '') && sameName(n));
  return fuller ?? first;
}

/**
 * The clause's words when they can only be a name (lead-ins and endearments aside), with a word
 * said twice over once ("priya priya fraser") and a surname said first dropped ("wright tariq
 * wright"); null otherwise.
 */
function nameWordsOf(clause: string, explained: ReadonlySet<string>): string[] | null {
  const all = joinSurnamePrefixes(tokenise(normaliseUtterance(clause))).map((w) => TITLE_SPOKEN[w] ?? w);
  let start = 0;
  // "love, it's sarah": an endearment before the name is not part of it.
  while (start < all.length && (LEAD_INS.has(all[start] ?? '') || ENDEARMENTS.has(all[start] ?? ''))) start++;
  const title = TITLES.has(all[start - 1] ?? '') ? all[start - 1] : undefined;
  let end = all.length;
  while (end > start && (ENDEARMENTS.has(all[end - 1] ?? '') || TRAILERS.has(all[end - 1] ?? ''))) end--;
  const raw = all.slice(start, end);
  // "blah blah", "mumble mumble": a word said over and over is noise, not a name.
  if (raw.length > 1 && raw.every((w) => w === raw[0])) return null;
  const words = raw.filter((w, i) => w !== raw[i - 1]);
  words.splice(0, words.length, ...withoutSaidFirst(words));
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  // A lone word like "dealing" or "lovely" is the rest of a sentence, not a first name.
  if (words.length === 1 && /(?:ing|ly)$/.test(words[0] ?? '')) return null;
  if (!words.every((w) => couldBeNameWord(w) || explained.has(w))) return null;
  // "good morning", "come again", "bit busy": words that are never a name all together.
  if (words.every((w) => NOT_NAMES.has(w) && !NAMES_TOO.has(w) && !explained.has(w))) return null;
  // "mrs taylor": a surname alone keeps its title, to be addressed by.
  return title !== undefined && words.length === 1 ? [title, ...words] : words;
}

/**
 * Words the stop lists keep out of names that are names as often as words: "Will Street", "May
 * Field", "Mark Lane", "Miles Short", "Rose House".
 */
const NAMES_TOO = new Set(
  'will may street lane court grove house hall wood field little short long young rich grant close'.split(
    ' ',
  ),
);

/**
 * "wright tariq wright", "tony tony marsh", "kev kevin lowe", "bob robert grant": of three words,
 * a surname, a first name or a short form said before the name in full goes.
 */
function withoutSaidFirst(words: readonly string[]): string[] {
  const [first = '', second = ''] = words;
  const again = words.length === 3 && (first === words[2] || first === second || isShortFor(first, second));
  return again ? words.slice(1) : [...words];
}

/**
 * The answer cut into runs of words that can be in a name, wherever a word that cannot comes: a
 * recogniser that writes no commas gives "wojciech nowak ill spell it if you want", "trevor evans
 * from merthyr", "im jacks dad steve steve moore". A word said twice in a row counts once.
 */
function nameRuns(words: readonly string[]): string[][] {
  const all = words.map((w) => TITLE_SPOKEN[w] ?? w);
  const runs: string[][] = [];
  let run: string[] = [];
  for (const word of all) {
    const inName =
      /^(?:[od]')?[a-z]{2,}(?:-[a-z]+)?$/.test(word) &&
      !LEAD_INS.has(word) &&
      !TRAILERS.has(word) &&
      !ENDEARMENTS.has(word) &&
      (NAMES_TOO.has(word) || (!NOT_NAMES.has(word) && !NEVER_IN_A_NAME.has(word)));
    if (inName) {
      if (word !== run.at(-1)) run.push(word);
      continue;
    }
    if (run.length > 0) runs.push(run);
    run = [];
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * With no clause to go by, the first run of two or three name words is the name; a first word
 * said alone before it ("brenda from wigan brenda cooper") marks where the name starts, and a
 * surname or short form said first ("kev kevin lowe") is dropped.
 */
function nameFromRuns(words: readonly string[]): string[] | undefined {
  const runs = nameRuns(words);
  const alone = new Set(runs.filter((r) => r.length === 1).map((r) => r[0]));
  for (const run of runs) {
    if (run.length < 2 || run.length > 4) continue;
    const restart = run.findIndex((w, i) => i > 0 && alone.has(w));
    const from = restart > 0 && run.length - restart >= 2 ? run.slice(restart) : run;
    const name = withoutSaidFirst(from);
    if (name.length <= 3) return name;
  }
  return undefined;
}

/** Letters only ("o'neill" and "d'arcy" aside), and not a word no name is made of. */
function couldBeNameWord(word: string): boolean {
  return /^(?:[od]')?[a-z]+$/.test(word) && !NEVER_IN_A_NAME.has(word);
}
