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
  CALLERS_BY_NAME,
  ENDEARMENTS,
  explainedWords,
  isShortFor,
  joinSurnamePrefixes,
  NAME_ORIGIN,
  NEVER_IN_A_NAME,
  NICKNAME_ASIDE,
  NOT_NAMES,
  nicknamesIn,
  saidAfterAsOtherForm,
  TITLE_SPOKEN,
  TITLES,
  titleCase,
  titleOf,
  withFirstInFull,
  withoutExplanations,
} from './name-stopwords.js';
import { dropFloorHolders, normaliseUtterance, tokenise } from './normalise.js';

/**
 * A word said to the agent after a name, with more said after it: "barry hope, mate, hope like
 * ...", "vera bloom love, bloom like the flowers". At the very end it is a trailer, which goes.
 */
const ENDEARMENT_BREAK = `(?:${[...ENDEARMENTS].join('|')})(?=\\s+[a-z])`;

/**
 * Where a name ends and the caller goes on: "gary fisher, well ...", "connor murphy, i'm calling
 * for"; a pronoun takes its verb with it ("some days i forget, norman tibbs"); "magda, well,
 * magdalena really, magdalena wojcik": "really" and "properly" close the form the caller stands
 * by, before they say it in full.
 */
const CLAUSE_BREAK = new RegExp(
  String.raw`[,;.!]|\s(?:but|well|and|so|because|cos|though|although|or|that's|thats|it's|its|it is|here|speaking|with|like|i'm|im|i've|ive|we're|she's|shes|he's|hes|they're|(?:i|we|she|he|they)(?: [a-z']+)?|yeah|yes|yep|er|erm|um|uh|really|properly|officially|${ENDEARMENT_BREAK})\b`,
  'i',
);

/**
 * A caller putting their own words right: the name after it is the one they meant. "hang on" and
 * "hold on" stop the caller to say it again another way ("reggie moon, no, hang on, reginald moon").
 * A "no" straight after it is part of it ("sorry, no, rachel evans"), not of the name said next.
 */
const REPAIR =
  /\b(?:sorry|i mean|i meant|no wait|rather|actually|i (?:thought|think) i said|(?:hang|hold) on|(?:i'm|im|i am|only|just) (?:joking|kidding|messing))\b(?:[,. ]+(?:(?:er|erm|um|uh)[,. ]+)?no\b)?/i;

/**
 * Said before any name, a word of repair takes nothing back: "i mean, fionnuala byrne", "sorry,
 * it's dev patel". Lead-ins may come before it.
 */
const OPENING_REPAIR =
  /^\W*(?:(?:yeah|yes|oh|er|erm|um|uh|well|so|right|ok|okay|no)\W+)*(?:sorry|i mean|actually|(?:hang|hold) on)\b\W*/i;

/**
 * Letters spelt out go, as an aside; "i i mean", "a a" are a stutter of the words "i" and "a",
 * so a spelling needs a letter that is no word of its own.
 */
function spellingAside(letters: string): string {
  return /\b(?![aio]\b)[a-z]\b/i.test(letters.replace(/\b(?:double|triple|capital|small)\b/gi, ''))
    ? ', '
    : letters;
}

/** A letter said in a spelling, with what the caller says of it: "double l", "capital l", "small b". */
const SPELT_LETTER = `(?:(?:double|triple|capital|small) )?[a-z]`;
/**
 * Between two letters, what parts them: a pause, and perhaps a filler as the caller thinks of the
 * next one ("c erm h o w d uh h u r y").
 */
const BETWEEN_LETTERS = `[-,. ]+(?:(?:er|erm|um|uh)[-,. ]+)?`;
/**
 * Letters spelt out, which are how the name is written and none of its words: "o-b-i", "s i o b h
 * a n", "h, i, double l", "m a c capital l e o d"; a letter said twice over ("marshall, double l")
 * is one too.
 */
const SPELT_LETTERS = new RegExp(
  `(?<![a-z'-])(?:${SPELT_LETTER}(?:${BETWEEN_LETTERS}${SPELT_LETTER})+|(?:double|triple) [a-z])(?![a-z'-])`,
  'gi',
);

/**
 * A word said again to bring in its letters: "rhys is r h y s", "bin, b, i, n". The word goes
 * when the caller said it before, in the name.
 */
const SPELT_AGAIN = new RegExp(
  String.raw`\b([a-z']+)(?:'s|,? is)?[,:]? (?=${SPELT_LETTER}${BETWEEN_LETTERS}${SPELT_LETTER}\b)`,
  'gi',
);

function plainWord(word: string): string {
  return word.toLowerCase().replace(/'s$/, '');
}

/** The people in a caller's story whose names may be said beside the caller's own. */
const RELATIVE =
  'mum|mam|mom|mother|dad|father|nan|nana|gran|granny|grandma|grandad|grandpa|husband|wife|partner|son|daughter|brother|sister|aunt|auntie|uncle|fiance|fiancee|boyfriend|girlfriend|missus|hubby|ex';

/**
 * Another's name in the caller's story: "the house is in me dad's name, ronald booth", "the
 * wife's pat", "nan's violet, if you need hers". The words after it are that person's name.
 */
const OTHERS_NAME = new RegExp(
  String.raw`\b(?:(?:the|my|me|his|her|our|their) )?(?:${RELATIVE})(?:'s|s)(?: (?:first |full )?name)?(?:,? (?:is|was|it's|its))?[,.]?((?: [a-z']+){1,2})`,
  'gi',
);

/** Another's name, with the words of it, taken out; words that are no name stay. */
function withoutOthersNames(text: string): string {
  return text.replace(OTHERS_NAME, (said: string, name: string) => {
    const words = name.trim().split(' ');
    const named = words.findIndex((w) => !couldBeNameWord(w.toLowerCase()) || NOT_NAMES.has(w.toLowerCase()));
    const kept = named < 0 ? [] : words.slice(named);
    return named === 0 ? said : `, ${kept.join(' ')}`;
  });
}

/** "rhys ap gwilym, rhys is r h y s": the word said again before its letters goes. */
function withoutWordsSpeltAgain(text: string): string {
  const first = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(/[a-z']+/g)) if (!first.has(m[0])) first.set(m[0], m.index);
  return text.replace(SPELT_AGAIN, (said: string, word: string, at: number) =>
    spellsAgain(plainWord(word), text, at, said.length, first) ? ', ' : said,
  );
}

/** Whether `word`, said at `at`, was said before, and the letters after it start as it does. */
function spellsAgain(
  word: string,
  text: string,
  at: number,
  length: number,
  first: ReadonlyMap<string, number>,
): boolean {
  const next = text.slice(at + length, at + length + 10);
  const letter = /^(?:(?:double|triple|capital|small) )?([a-z])/i.exec(next)?.[1];
  if (letter?.toLowerCase() !== word.charAt(0)) return false;
  return (first.get(word) ?? at) < at;
}

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

/**
 * Phrases around a name that say how to write it, not what it is; and that it will do: "just
 * sharon's fine", "miss ahmed, that'll do for now".
 */
const ASIDES =
  /\b(?:you can |just )?put (?:me |it |that |[a-z]+ )?(?:down )?(?:as|under|for)\b|\b(?:you can |just )?put (?:me |it |[a-z]+ )?down\b|\bput (?:it|me|that) (?:down )?(?:proper(?:ly)?|in full|right|officially|formally)\b|\b(?:just )?put\b|\bi (?:thought|think) i said\b|\bthe (?:name|one) (?:is|was)\b|(?<=[a-z])'s (?:fine|enough|plenty)\b|\b(?:that|it|this)(?:'ll|ll| will|'d| would| should) do\b(?: for now)?/gi;
/**
 * Who calls the caller the nickname that follows ("olusegun adebayo people call me segun"): the
 * words part the name from the nickname, and are no part of either.
 */
const WHO_CALLS = new RegExp(String.raw`\b(?:(?:${CALLERS_BY_NAME}) ){1,3}(?=calls? me\b)`, 'gi');
const HYPHENATED = /\b(?:with a hyphen|hyphenated|double[ -]barrell?ed)\b/i;
/**
 * A word of a name after its label; letters spelt out with hyphens are not it, nor a filler, the
 * label said again ("surname's, erm, surname's okafor") or a little word ("give my surname out").
 */
const LABELLED = String.raw`(?:(?: (?:er|erm|um|uh))*) (?![a-z]-[a-z]-)(?!(?:er|erm|um|uh|surnames?|names?|out|off|up|down|on|in|is|was|are|to|for|and|but|of|as|the|a|an)\b)([a-z'-]+)`;
const SURNAME = `(?:surname|last name|second name|family name)`;
const FIRST_NAME = `(?:full |proper |real )?(?:first name|christian name|forename|given name)`;
/** "surname's", "surname is"; "surnames okafor" is how a recogniser writes "surname's". */
const LABEL_IS = `(?:'s|s| is| was)?`;
const SURNAME_IS = new RegExp(String.raw`\b(?:the |my )?${SURNAME}${LABEL_IS}${LABELLED}`, 'i');
const FIRST_NAME_IS = new RegExp(String.raw`\b(?:the |my )?${FIRST_NAME}${LABEL_IS}${LABELLED}`, 'i');
/** The label after the word: "okafor's the surname", "jaspreet is my full first name". */
/** "street's me surname": "me" is how many say "my". */
const SURNAME_FIRST = new RegExp(
  String.raw`\b([a-z']+?)(?:'s| is| was) (?:(?:the|my|me) )+${SURNAME}\b`,
  'i',
);
const FIRST_NAME_FIRST = new RegExp(
  String.raw`\b([a-z']+?)(?:'s| is| was) (?:(?:the|my) )+${FIRST_NAME}\b`,
  'i',
);
/**
 * The rest of the name given after the first part, spelt or not: "kirsty, k i r s t y, and then
 * mcallister", "amara, then okoye". Taken only to finish a name of one word.
 */
const THEN_THE_REST = new RegExp(String.raw`\b(?:and )?then${LABELLED}`, 'i');
/** Which comes first, said once the surname is out of the way: "and it's chidi first", "chidi's first". */
const FIRST_BY_ORDER =
  /(?:\b(?:it's|its|it is|and|then) ([a-z']+)|\b([a-z']+)'s) first\b(?!\s*(?:name|of|time|thing|and foremost))/i;

const MAX_WORDS = 4;

/**
 * The question said back before the answer: "what, mine?", "me?", "oh, my name?", "who, me?"; at
 * the start of the answer or of a sentence ("you'll have to speak up, duck. me name? doris.").
 */
const ECHO =
  /(?:^|(?<=[.!]))\W*(?:\w+\W+){0,3}?(?:what\W+(?:\w+\W+)?mine|(?:who\W+|what\W+)?me|mine|(?:my|me) (?:name|full name))\?/i;

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
  const said = beforeQuestions(
    withoutQuestionsAboutTheName(dropFloorHolders(text).replace(ECHO, ' ')).replace(OPENING_REPAIR, ''),
  );
  if (said.includes('?')) return null;
  const explained = explainedWords(said);
  const surname = (
    SURNAME_FIRST.exec(said)?.[1] ??
    SURNAME_IS.exec(said)?.[1] ??
    theRest(said)
  )?.toLowerCase();
  const labelled = FIRST_NAME_FIRST.exec(said)?.[1] ?? FIRST_NAME_IS.exec(said)?.[1];
  const firstName = (labelled ?? (surname === undefined ? undefined : firstByOrder(said)))?.toLowerCase();
  // "surname begum, first name nasreen": said by parts, in either order.
  if (
    surname !== undefined &&
    firstName !== undefined &&
    ![surname, firstName].some((w) => NEVER_IN_A_NAME.has(w))
  )
    return { full: [firstName, surname].map(titleCase).join(' ') };
  const labelsOut = said
    .replace(FIRST_NAME_FIRST, ', ')
    .replace(SURNAME_FIRST, ', ')
    .replace(FIRST_NAME_IS, ', $1')
    .replace(SURNAME_IS, ' ')
    .replace(NICKNAME_ASIDE, ', ');
  const plain = withoutWordsSpeltAgain(
    withoutOthersNames(withoutExplanations(labelsOut)).replace(NAME_ORIGIN, ', '),
  )
    .replace(SPELT_LETTERS, spellingAside)
    .replace(HYPHENATED, ' ')
    .replace(ASIDES, ', ')
    .replace(WHO_CALLS, ', ')
    // "kath, short for katherine", "danni for short": the other form is an aside.
    .replace(/\bshort for [a-z'-]+|\b[a-z'-]+ for short\b/gi, ', ');
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
  const parts = inTwoParts(names);
  // A first name alone, said again in full to close the answer, is the name in full.
  // The answer's words, read once: the readers below share them, so a long answer is normalised
  // once and its cost stays in step with its length (docs/agent.md, "Long turns").
  const words = joinSurnamePrefixes(tokenise(normaliseUtterance(plain)));
  const closing =
    given?.length === 1 ? (nameAtTheEnd(words, given[0]) ?? saidAgainInFull(words, given[0])) : undefined;
  let name =
    toPut(joinSurnamePrefixes(tokenise(normaliseUtterance(said))), names) ??
    (REPAIR.test(plain)
      ? (takenBackFor(plain, explained) ?? putRight(plain, names, explained))
      : undefined) ??
    closing ??
    (surname === undefined && firstName === undefined ? parts : undefined) ??
    given ??
    nameAtTheEnd(words) ??
    nameFromRuns(words);
  if (name === undefined) return null;
  const inFull = surname === undefined ? undefined : closedBy(names, surname, name);
  if (inFull !== undefined) name = inFull;
  else if (surname !== undefined && name.length === 1 && !NEVER_IN_A_NAME.has(surname))
    name = [...name, surname];
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
  // The words read here have "put" taken out as an aside; the caller's "put rich" still stands.
  if (!/\bput\b/i.test(said)) name = withFirstInFull(name, words);
  return {
    full: name.map((w) => (TITLES.has(w) ? titleCase(w) : w.split('-').map(titleCase).join('-'))).join(' '),
  };
}

/** Words of a question about the name asked for: "full name or just the first?", "surname too?". */
const ABOUT_THE_NAME = /\b(?:name|names|surname|full|first|last|spell|spelt|spelled|both|whole)\b/i;

/**
 * The questions a caller puts back about the name asked for, before giving it: "is it the full
 * name you want or just the first? full? okay, carly sutton", "do you need the surname as well?
 * it's ...". Each is a sentence from the start of the answer to its question mark.
 */
function withoutQuestionsAboutTheName(said: string): string {
  let from = 0;
  for (let at = said.indexOf('?'); at >= 0; at = said.indexOf('?', from)) {
    const question = said.slice(from, at);
    if (/[.!]/.test(question) || !ABOUT_THE_NAME.test(question)) break;
    from = at + 1;
  }
  return said.slice(from);
}

/**
 * The answer up to the first question the caller puts after it: "leah grant. is that okay?",
 * "bo yang. do you want it spelt? b-o, y-a-n-g". A question said first is left, and the answer
 * is then no name, unless the caller gives in after it ("do i have to? fine. faith hope").
 */
function beforeQuestions(said: string): string {
  const at = said.indexOf('?');
  if (at < 0) return said;
  const start = Math.max(said.lastIndexOf('.', at), said.lastIndexOf('!', at));
  if (start >= 0) return said.slice(0, start + 1);
  // "why d'you need it? ... go on then. darren mason": the caller's doubts, then the name.
  const sentences = said.slice(said.lastIndexOf('?') + 1).split(/(?<=[.!])/);
  const given = sentences.findIndex((sentence) => GIVING_IN.test(sentence));
  return given < 0 ? said : sentences.slice(given).join('');
}

/**
 * How a caller gives in after asking why the name is wanted: "go on then", "fine", "right",
 * "okay", "if you must", "just put me"; or takes the question back: "no, sorry, long day".
 */
const GIVING_IN =
  /^\W*(?:(?:well|oh|ah|er|erm|um|uh|yeah)\W+)*(?:go on|fine|right|ok|okay|alright|all right|if you must|anyway|(?:just )?put me|(?:no\W+)?sorry)\b/i;

/** The word said as the rest of the name ("... and then mcallister"), when it can be one. */
function theRest(said: string): string | undefined {
  const word = THEN_THE_REST.exec(said)?.[1]?.toLowerCase();
  return word !== undefined && couldBeNameWord(word) && !NOT_NAMES.has(word) ? word : undefined;
}

/**
 * "mohammed asif ... asif is my surname ... no, asif", "kev. kevin street. street's me surname": a
 * word taken alone that is the surname labelled, or a short form of the first name, gives way to
 * the name said in full that the surname closes.
 */
function closedBy(
  names: readonly string[][],
  surname: string,
  taken: readonly string[],
): string[] | undefined {
  const [word = ''] = taken;
  if (taken.length !== 1) return undefined;
  const inFull = names.find((n) => n.length > 1 && n.length <= 3 && n.at(-1) === surname);
  const first = inFull?.[0] ?? '';
  return word === surname || isShortFor(word, first) ? inFull : undefined;
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

/** Said between "put" and the name to write: "put me down as", "put it under", "just put the". */
const BEFORE_PUT_NAME = new Set(
  'me it that down as under for proper properly officially formally'.split(' '),
);

/**
 * The name the caller asks to be written, which stands whatever else was said: "giuseppe rossi,
 * but put joe, joe rossi", "big tam, everybody calls me, put thomas reid", "ollie, well, oliver,
 * oliver grant, put oliver, yeah". A first name alone takes the rest of the name said in full
 * with it ("dusty, dusty miller, it's dustin really ... so put dusty" is Dusty Miller), or its
 * surname. Undefined when no name words follow the last "put".
 */
function toPut(words: readonly string[], names: readonly string[][]): string[] | undefined {
  const at = words.lastIndexOf('put');
  if (at < 0) return undefined;
  let from = at + 1;
  while (from < words.length && BEFORE_PUT_NAME.has(words[from] ?? '')) from++;
  const said = nameRuns(words.slice(from, from + 4))[0];
  if (said === undefined || words[from] !== said[0] || said.length > 3) return undefined;
  // "put me down tracey marsh kevs at work": the surname said elsewhere ends the name.
  const surnames = new Set(names.filter((n) => n.length > 1).map((n) => n.at(-1)));
  const end = said.findIndex((w, i) => i > 0 && surnames.has(w));
  const run = end > 0 ? said.slice(0, end + 1) : said;
  if (run.length > 1) return withoutSaidFirst(run);
  const [first = ''] = run;
  const full = names.find((n) => n.length > 1 && n[0] === first) ?? inFullAmongWords(words, first);
  if (full !== undefined) return full;
  const surname = names.find((n) => n.length > 1)?.at(-1);
  return surname === undefined || surname === first ? run : [first, surname];
}

/**
 * The first name put, said in full among other words where no comma marks a clause: "jonny no
 * put jonathan it's for the paperwork jonathan osei", "billy ferguson wee billy to me pals but
 * just put billy". The first name and the name word after it, wherever it is said so.
 */
function inFullAmongWords(words: readonly string[], first: string): string[] | undefined {
  const runs = nameRuns(words);
  const run = runs.find((r) => r.length >= 2 && r.indexOf(first) >= 0 && r.indexOf(first) < r.length - 1);
  if (run === undefined) return undefined;
  const at = run.indexOf(first);
  return run.slice(at, at + 2);
}

/**
 * The last name said, when a name follows the words that put one right; when none does, the
 * words were no repair ("shahid chowdhury, yeah, sorry, the kids are screaming").
 */
function putRight(
  plain: string,
  names: readonly string[][],
  explained: ReadonlySet<string>,
): string[] | undefined {
  const after = plain.split(REPAIR).slice(1).join(', ');
  const named = after.split(CLAUSE_BREAK).some((clause) => nameWordsOf(clause, explained) !== null);
  const last = names.at(-1);
  if (!named || last === undefined) return undefined;
  // "jon stone, no, sorry, stones": one word puts right the word of the name it sounds like.
  const whole = names[0] ?? [];
  const [word = ''] = last;
  const like = whole.findLastIndex((w) => w.slice(0, 2) === word.slice(0, 2) && w !== word);
  if (last.length !== 1 || whole.length < 2 || like < 0) return last;
  return whole.map((w, i) => (i === like ? word : w));
}

/** Words that end a clause, so that what follows them starts afresh: "... dealing with it, kerry okafor". */
const CLAUSE_ENDS = new Set('it that this them him her me us you here there now'.split(' '));

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
  // "are you? right, maureen slater": lead-ins between the clause's end and the name.
  let before = start - 1;
  while (before > 0 && LEAD_INS.has(all[before] ?? '')) before--;
  if (end - start < 2 || !CLAUSE_ENDS.has(all[before] ?? '')) return undefined;
  return withoutSaidFirst(all.slice(start, end));
}

/**
 * A first name said alone, then again with the rest of the name among more talk, where no comma
 * marks the clauses: "it's tracey and kevin marsh put me down tracey marsh kev's at work". The
 * first run of two or three name words that starts with it.
 */
function saidAgainInFull(words: readonly string[], first: string | undefined): string[] | undefined {
  const runs = nameRuns(words);
  const alone = runs.findIndex((run) => run.includes(first ?? ''));
  return runs.slice(alone + 1).find((run) => run[0] === first && run.length >= 2 && run.length <= 3);
}

/**
 * A name given a word at a time, each with what the caller says of it: "niamh, n i a m h.
 * o'neill, two ls." Two clauses of one word each, and no more, are the first name and the surname.
 */
function inTwoParts(names: readonly string[][]): string[] | undefined {
  if (names.length !== 2 || !names.every((n) => n.length === 1)) return undefined;
  const [[first = ''] = [], [last = ''] = []] = names;
  const same = first === last || isShortFor(first, last) || isShortFor(last, first);
  return same || TITLES.has(first) || TITLES.has(last) ? undefined : [first, last];
}

/**
 * The first name said, or a later one that says it again in full: "well aoife, well aoife
 * murphy", "mr murphy. mei murphy", "i'm rhiannon, i'm rhiannon davies".
 */
function firstInFull(names: readonly string[][]): string[] | undefined {
  const first = names[0];
  if (first === undefined) return undefined;
  // "mrs lee, well, ms, i suppose now, ms lee": the same surname with the title put right.
  const retitled = names.findLast(
    (n) =>
      n.length === 2 &&
      first.length === 2 &&
      n[0] !== first[0] &&
      TITLES.has(n[0] ?? '') &&
      TITLES.has(first[0] ?? '') &&
      n[1] === first[1],
  );
  if (retitled !== undefined) return retitled;
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
  const words = withoutSaidFirst(onceOver(raw.filter((w, i) => w !== raw[i - 1])));
  // "c, h, o, w": letters spelt one to a clause are no name of their own.
  if (words.every((w) => w.length === 1)) return null;
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  // A lone word like "dealing" or "lovely" is the rest of a sentence, not a first name.
  if (words.length === 1 && /(?:ing|ly)$/.test(words[0] ?? '')) return null;
  if (!words.every((w) => couldBeNameWord(w) || explained.has(w))) return null;
  // "good morning", "come again", "bit busy": words that are never a name all together.
  if (words.every((w) => NOT_NAMES.has(w) && !NAMES_TOO.has(w) && !explained.has(w))) return null;
  // "mrs taylor": a surname alone keeps its title, to be addressed by.
  return title !== undefined && words.length === 1 ? [title, ...words] : words;
}

/** "neil stone neil stone": the whole name said twice over is said once. */
function onceOver(said: readonly string[]): string[] {
  const half = said.length / 2;
  const twice = said.length % 2 === 0 && said.slice(0, half).every((w, i) => w === said[half + i]);
  return twice ? said.slice(0, half) : [...said];
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
 * a surname, a first name or a short form said before the name in full goes, and a short form
 * said after it.
 */
function withoutSaidFirst(words: readonly string[]): string[] {
  const [first = '', second = ''] = words;
  const again = words.length === 3 && (first === words[2] || first === second || isShortFor(first, second));
  if (again) return words.slice(1);
  // "samantha butcher, sam", "robert grant bob", "stanley rowbotham stan's fine": the short form
  // said after the name in full; "gaz hill gareth": the first name in full said after the short
  // form, which withFirstInFull then puts in its place.
  return words.length === 3 && saidAfterAsOtherForm(words[2] ?? '', first) ? words.slice(0, 2) : [...words];
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
  for (const [i, word] of all.entries()) {
    const inName =
      !COUNTS_OR_SUBJECTS.test(all[i - 1] ?? '') &&
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
 * Words after which the next is no name: a number counts a thing ("i've got ten minutes danny
 * shaw"), and a pronoun has a verb after it ("some days i forget norman tibbs", "we say ...").
 */
const COUNTS_OR_SUBJECTS =
  /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|few|couple|i|we|you|they|he|she)$/;

/**
 * With no clause to go by, the first run of two or three name words is the name; a first word
 * said alone before it ("brenda from wigan brenda cooper") marks where the name starts, and a
 * surname or short form said first ("kev kevin lowe") is dropped.
 */
function nameFromRuns(words: readonly string[]): string[] | undefined {
  const runs = nameRuns(words);
  const alone = new Set(runs.filter((r) => r.length === 1).map((r) => r[0]));
  for (const run of runs) {
    if (run.length < 2 || run.length > 6) continue;
    const restart = run.findIndex((w, i) => i > 0 && alone.has(w));
    const from = restart > 0 && run.length - restart >= 2 ? run.slice(restart) : run;
    const name = withoutSaidFirst(onceOver(from));
    if (name.length <= 3) return name;
  }
  return undefined;
}

/** Letters only ("o'neill" and "d'arcy" aside), and not a word no name is made of. */
function couldBeNameWord(word: string): boolean {
  return /^(?:[od]')?[a-z]+$/.test(word) && !NEVER_IN_A_NAME.has(word);
}

/** Where one part of an answer ends: a name said in full stands in a part of its own. */
const PART_BREAK = /[,;.!?]/;
/** The caller chose the form to write ("put pat", "call me mo"): no fuller form overrides it. */
const FORM_CHOSEN = /\bput\b|\bcall me\b|\bgo by\b/i;

/**
 * The name said in full in a part of the answer of its own, when every word the readers took is
 * in it or a short form of its first word: "long. keith long", "bev. beverley clarke", "paddy.
 * patrick doherty", "harrison. oh, first name too? leon. leon harrison". A caller who gives one
 * part of the name first, or the two parts the other way round, closes with the whole of it in
 * the order it is written, and that is the name. The last such part counts.
 */
export function nameSaidInFull(taken: string, text: string): string | undefined {
  if (FORM_CHOSEN.test(text)) return undefined;
  const took = taken
    .toLowerCase()
    .split(' ')
    .filter((w) => !TITLES.has(w));
  if (took.length === 0) return undefined;
  const explained = explainedWords(text);
  // The same words in another order replace the name taken only when the readers put it together
  // ("long keith" from "long. keith long"); a name said in that order is the one the caller chose
  // ("zhang wei. sorry, ... it's wei zhang").
  const parts = text.split(PART_BREAK);
  const saidAsTaken = parts.some((part) =>
    ` ${tokenise(normaliseUtterance(part)).join(' ')} `.includes(` ${took.join(' ')} `),
  );
  let inFull: string[] | undefined;
  for (const part of parts) {
    const words = nameWordsOf(part, explained);
    if (words === null || words.length > 3 || words.some((w) => TITLES.has(w))) continue;
    if (!took.every((w) => words.includes(w) || isShortFor(w, words[0] ?? ''))) continue;
    // The last part that holds the name decides: "sarah jane smith. no, ... just sarah smith".
    const fuller = words.length > took.length || (!saidAsTaken && words.join(' ') !== took.join(' '));
    inFull = fuller && words.length >= 2 ? words : undefined;
  }
  return inFull?.map((w) => w.split('-').map(titleCase).join('-')).join(' ');
}
