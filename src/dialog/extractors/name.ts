/**
 * The caller's name from how people introduce themselves: "my name is john smith", "it's
 * sarah", "this is dave from ...", "john speaking", "call me jo". There is no list of names to
 * check against, so the frames do the work and a stop list keeps "i'm calling about" and
 * "it's a semi" from becoming names.
 */

import { readNameAsSaid } from './name-as-said.js';
import { findSpellings, type Spelling } from './name-spelling.js';
import {
  CALLERS_BY_NAME,
  ENDEARMENTS,
  explainedWords,
  isShortFor,
  joinSurnamePrefixes,
  NAME_ORIGIN,
  NEVER_IN_A_NAME,
  NOT_NAMES,
  saidAfterAsOtherForm,
  titleCase,
  titleOf,
  withFirstInFull,
  withoutExplanations,
} from './name-stopwords.js';
import { normaliseUtterance, tokenise } from './normalise.js';
import type { Confidence } from './types.js';

export { isShortFor, joinSurnamePrefixes, titleCase } from './name-stopwords.js';

export interface ExtractedName {
  first: string;
  last?: string;
  full: string;
  /** Low for the looser frames ("it's ...", "i'm ...") where an ordinary word may slip in. */
  confidence: Confidence;
  /** True when a word of it was spelt out letter by letter: worth reading back. */
  spelled?: boolean;
  /** True when a word of it is also an ordinary word ("price"): worth reading back. */
  doubtful?: boolean;
}

export interface NameOptions {
  /** Set when the agent has just asked for the caller's name: a bare "john smith" is then the answer. */
  expectingName?: boolean;
}

/** Frames that introduce a name; the name starts at the token after the match. */
const STRONG_FRAMES = [
  /\bmy name(?:'s| is|s)? (?:is )?/g,
  /\b(?:the )?name(?:'s| is) /g,
  // "the names patel", "the real names tariq aziz": a recogniser drops the apostrophe of "name's".
  /\bthe (?:(?:real|proper|full|actual|legal|official) )?names /g,
  // "name's connor", "morning, name's alasdair", written "names" without the apostrophe: at the
  // start of the answer or after a greeting or a filler, "names" can only be "name's".
  /(?:^|\b(?:um|erm|er|uh|well|yeah|so|oh|right|ok|okay|hello|hi|hiya|morning|afternoon|evening) )names /g,
  /\b(?:i'm|i am|im) called /g,
  // "your speaking two ..." is how a recogniser often writes "you're speaking to".
  /\b(?:you're|you are|youre|your) (?:speaking|talking) (?:to|two|too|with) /g,
];
/** "call me back", "call me tomorrow": this frame needs the full stop list but is still a clear intro. */
const CALL_ME = /\b(?:you can |just )?call me /g;
const THIS_IS = /\b(?:this is|you're through to|you are through to) /g;
const LOOSE_FRAMES = [/\b(?:it's|its|it is) /g, /\b(?:i'm|i am|im) /g];

/** Words that a strong frame still cannot take as a name ("my name is not important"). */
const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'not',
  'just',
  'is',
  'that',
  'this',
  'it',
  'back',
  'on',
  'at',
]);

/** Words of emphasis a caller puts between a frame and the name: "my name's actually dave". */
const EMPHASIS = new Set(['actually', 'really', 'just', 'basically']);

/** Endings that mark verbs and adjectives rather than names ("i'm calling", "it's lovely"). */
const NON_NAME_ENDING = /(?:ing|ly|ous|ful|able|ible|tion|ness)$/;

/**
 * Words with those endings that follow a name or answer the name question but are not names.
 * Once a name has started, or the agent has asked for one, the ending alone is not enough to
 * refuse a word: Emily, Holly, Manning and Irving are names.
 */
const NOT_NAME_WORDS = new Set([
  'calling',
  'ringing',
  'phoning',
  'selling',
  'looking',
  'wondering',
  'asking',
  'thinking',
  'hoping',
  'trying',
  'wanting',
  'getting',
  'going',
  'moving',
  'speaking',
  'enquiring',
  'inquiring',
  'really',
  'actually',
  'basically',
  'literally',
  'only',
  'probably',
  'obviously',
  'honestly',
  'lovely',
]);

const MAX_NAME_WORDS = 3;

/** Words that undo the word before them: "john no jon smith", "claire sorry clare". */
const REPAIRS = new Set(['no', 'sorry', 'actually', 'wait', 'rather', 'correction', 'pardon']);

/**
 * "it's mr hussain, tariq", "mrs thornton. audrey.": a title, a surname and then, after a pause, the
 * first name alone. The comma or full stop is the recogniser's, so this is read before the text is
 * normalised.
 */
const SURNAME_THEN_FIRST =
  /\b(?:mr|mrs|miss|ms|dr|mister|missus)\.? ([a-z'-]+)[,.] ([a-z'-]+)(?=\s*(?:[,.!?]|$))/i;

/**
 * "mrs thornton. audrey.": the first name after the surname, when it can be one and the caller
 * does not go straight on to say the name in full ("mrs entwistle. mavis. mavis entwistle.").
 */
function surnameThenFirst(said: string, surname: string, first: string, at: number, text: string): string {
  const next = text.slice(at + said.length, at + said.length + 40).toLowerCase();
  const inFull = next.includes(first.toLowerCase());
  return isLooseName(first.toLowerCase()) && !inFull ? `${first} ${surname}` : said;
}

/** Words that say letters follow, or that introduce them, but are no part of the name. */
const SPELLING_WORDS = /^(?:spelt|spelled|spelling|spell|that's|thats|with)$/;
const SPELL_CUE = /^(?:spelt|spelled|spelling|spell)$/;
/** Said just before letters that spell the surname: "the surname's n w o s u". */
const SURNAME_WORD = /^(?:surname|surname's|surnames|last|family)$/;

/** Words of an answer that spells the name and talks round the letters; a longer one is about more. */
const TALK_ROUND_LETTERS = 40;

/** A word the recogniser wrote spelt out with hyphens: "x-i-n", "o-s-e-i". */
const HYPHENED_LETTERS = /(?<![a-z]-)\b[a-z](?:-[a-z])+\b(?!-)/gi;

/** The caller's name, title-cased, or null when they did not give one. */
export function extractName(text: string, options: NameOptions = {}): ExtractedName | null {
  const explained = explainedWords(text);
  const reordered = text.replace(SURNAME_THEN_FIRST, surnameThenFirst);
  const ordered = withoutExplanations(reordered).replace(NAME_ORIGIN, ', ');
  const saidTokens = joinSurnamePrefixes(tokenise(normaliseUtterance(ordered)));
  // Asked for it, the name the caller asks to be written is read as said, whatever the frames give.
  if (options.expectingName === true && asksToPut(saidTokens)) return null;
  const allTokens = dropShortFor(dropFalseStarts(saidTokens));
  const hyphened = [...text.matchAll(HYPHENED_LETTERS)].map((m) => m[0].replace(/-/g, '').toUpperCase());
  const spellings = findSpellings(allTokens, hyphened);
  if (spellings.length === 0) {
    const read = readName(allTokens, options, explained);
    // "it's siobhan devlin, no wait, sorry ... siobhan mcateer": asked for it, a name the caller
    // took back gives way to the one said later, which the name as said reads.
    if (read !== null && options.expectingName === true && TAKEN_BACK.has(read)) {
      const said = readNameAsSaid(text);
      if (said !== null && said.full.toLowerCase() !== read.full.toLowerCase()) return null;
    }
    return inFull(read, allTokens, options);
  }
  const rest = withoutLetters(allTokens, spellings).filter((t) => !SPELLING_WORDS.test(t));
  // Letters alone ("o a b" in a postcode) are a name only when announced as a spelling.
  const cued = allTokens.some((t) => SPELL_CUE.test(t));
  const spelt = spellings.map((s) => s.word);
  const read = readName(rest, options, explained) ?? readBeforeLetters(rest, spellings, options, explained);
  const name = saidTokens.length <= TALK_ROUND_LETTERS ? fullerAsSaid(read, text, spelt, options) : read;
  if (name === null)
    return { ...build([(spelt[0] ?? '').toLowerCase()], cued ? 'high' : 'low'), spelled: true };
  const words = name.full.split(' ');
  const taken = new Set<number>();
  for (const spelling of spellings) {
    const { word } = spelling;
    // "the surname, n w o s u": letters said as the surname, of a first name alone, are added to it.
    const initials = words.map((w) => w.charAt(0));
    // An "o'" or "d'" spelt out ("o apostrophe b r i e n") can only be the surname.
    const labelled =
      /^[od]'/i.test(word) ||
      allTokens.slice(Math.max(0, spelling.start - 3), spelling.start).some((t) => SURNAME_WORD.test(t));
    const at =
      labelled && words.length === 1 && !initials.includes(word.charAt(0))
        ? 1
        : placeOfSpelt(words, word, taken);
    if (at < 0) continue;
    words[at] = word;
    taken.add(at);
  }
  const confidence = cued ? 'high' : name.confidence;
  return inFull(
    {
      ...build(
        words.map((w) => w.toLowerCase()),
        confidence,
      ),
      spelled: true,
    },
    allTokens,
    options,
  );
}

/**
 * Asked for the name, a short form with the surname gives way to the first name in full said
 * after it: "it's gaz hill. gareth." (withFirstInFull).
 */
function inFull(
  name: ExtractedName | null,
  said: readonly string[],
  options: NameOptions,
): ExtractedName | null {
  if (name === null || options.expectingName !== true) return name;
  const words = name.full.toLowerCase().split(' ');
  const full = withFirstInFull(words, said);
  return full[0] === words[0] ? name : { ...name, ...build(full, name.confidence) };
}

/** Said between "put" and the name to write: "put me down as", "put it under". */
const BEFORE_PUT_NAME = /^(?:me|it|that|down|as|under|for|proper|properly|officially|formally)$/;

/**
 * "so put dusty", "but put joe, joe rossi": the caller says what name to write down, which the
 * name as said reads with the rest of the answer (name-as-said.ts).
 */
function asksToPut(tokens: readonly string[]): boolean {
  let at = tokens.lastIndexOf('put') + 1;
  if (at === 0) return false;
  while (BEFORE_PUT_NAME.test(tokens[at] ?? '')) at++;
  return isLooseName(tokens[at] ?? '');
}

/** Where letters were taken out: no word, so no name runs across it. */
const LETTERS_GONE = '|';

/** "ahmed bin salim, b i n, it's ...": letters with nothing but lead-ins after them part nothing. */
function withoutEdgeBreaks(tokens: string[]): string[] {
  let [from, to] = [0, tokens.length];
  while (from < to && tokens[from] === LETTERS_GONE) from++;
  while (to > from && tokens[to - 1] === LETTERS_GONE) to--;
  return tokens.slice(from, to);
}

/**
 * Asked for the name, "eilidh macleod, e i l i d h, you say it ay-lee": the words before the
 * first letters are the answer, and the letters and the talk after them are about it, when the
 * letters spell a word of it.
 */
function readBeforeLetters(
  rest: readonly string[],
  spellings: readonly Spelling[],
  options: NameOptions,
  explained: ReadonlySet<string>,
): ExtractedName | null {
  const cut = rest.indexOf(LETTERS_GONE);
  if (options.expectingName !== true || cut <= 0) return null;
  const name = readName(rest.slice(0, cut), options, explained);
  const words = name?.full.toLowerCase().split(' ') ?? [];
  return words.includes(spellings[0]?.word.toLowerCase() ?? '') ? name : null;
}

/**
 * The letters replace the words they spell; the rest of the name is read without them, and
 * without the word being spelt when it was named first: "kerry wood, kerry is k e r r y".
 */
function withoutLetters(tokens: readonly string[], spellings: readonly Spelling[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  let from = 0;
  for (const spelling of spellings) {
    const before = tokens.slice(from, spelling.start);
    // "declan is, declan is d e c l a n": each "declan is" before the letters goes.
    const initial = spelling.word.charAt(0).toLowerCase();
    while (/^(?:is|as)$/.test(before.at(-1) ?? '') && (before.at(-2) ?? '').charAt(0) === initial)
      before.splice(-2);
    // "siobhan kelly, that's siobhan, s i o b h a n": the word said again to bring in its letters.
    const said = before.at(-1) ?? '';
    const again =
      said === spelling.word.toLowerCase() && (seen.has(said) || before.indexOf(said) < before.length - 1);
    if (again) before.pop();
    for (const word of before) seen.add(word);
    kept.push(...before);
    from = spelling.end;
    // "jim baxter, j i m, baxter": the word said again after the letters is the same word.
    if (tokens[from] !== undefined && tokens[from] === kept.at(-1)) from++;
    // "sunil wickramasinghe, w i c k ..., long one": letters close what was said before them,
    // so the words each side of them are not read as one name.
    if (kept.length > 0 && from < tokens.length) kept.push(LETTERS_GONE);
  }
  return [...kept, ...tokens.slice(from)];
}

/**
 * Asked for the name, a caller who spells a word of it often talks round the letters ("rhys
 * morgan, that's r h y s, the welsh way"; "eilidh, e i l i d h, not eilie, eilidh
 * fraser"): when the words left after the letters give less than a whole name, the name
 * as said is taken, if each spelt word can be one of its words.
 */
function fullerAsSaid(
  name: ExtractedName | null,
  text: string,
  spelt: readonly string[],
  options: NameOptions,
): ExtractedName | null {
  if (options.expectingName !== true || (name !== null && name.last !== undefined)) return name;
  const said = readNameAsSaid(text);
  if (said === null) return name;
  const words = said.full.toLowerCase().split(' ');
  if (words.length < 2 || words.length > MAX_NAME_WORDS) return name;
  if (name !== null && !words.includes(name.first.toLowerCase())) return name;
  const initials = words.map((w) => w.charAt(0));
  if (!spelt.every((w) => initials.includes(w.charAt(0).toLowerCase()))) return name;
  return build(words, name?.confidence ?? 'low');
}

/**
 * Where a spelt word goes: in place of the word said the same ("stuart singh, stuart is s t u a r
 * t"), else the last one it could be a spelling of, else the last word; one word spelt per place.
 */
function placeOfSpelt(words: readonly string[], spelt: string, taken: ReadonlySet<number>): number {
  const free = (i: number): boolean => !taken.has(i);
  const same = words.findIndex((w, i) => free(i) && w.toLowerCase() === spelt.toLowerCase());
  if (same >= 0) return same;
  // One word said and one spelt: the recogniser's spelling ("eefa") gives way to the caller's.
  if (words.length === 1) return free(0) ? 0 : -1;
  const initial = spelt.charAt(0);
  for (let i = words.length - 1; i >= 0; i--) if (free(i) && words[i]?.charAt(0) === initial) return i;
  return free(words.length - 1) ? words.length - 1 : -1;
}

/**
 * "kath, short for katherine": the longer form is an aside, the name is the one said to be used;
 * "danielle, danni for short": the short form is the aside, after the name in full.
 */
function dropShortFor(tokens: readonly string[]): string[] {
  const at = tokens.findIndex((t, i) => t === 'short' && tokens[i + 1] === 'for');
  if (at >= 0) return [...tokens.slice(0, at), ...tokens.slice(at + 3)];
  const after = tokens.findIndex((t, i) => i >= 2 && t === 'for' && tokens[i + 1] === 'short');
  return after < 0 ? [...tokens] : [...tokens.slice(0, after - 1), ...tokens.slice(after + 2)];
}

/**
 * "claire claire dunne" → "claire dunne"; "john no jon smith" → "jon smith": a repeated word and
 * a word the caller took back are dropped before any frame is read.
 */
function dropFalseStarts(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    // A said-again word is a false start after a frame or before a surname, or a surname said
    // again to explain it ("sophie bell, bell like on your door"); "blah blah" stays a mumble.
    const framed = /^(?:it's|its|is|i'm|im|am|this|called|me)$/.test(out[out.length - 2] ?? '');
    const afterName = isAnsweredName(out[out.length - 2] ?? '');
    if (
      word === out[out.length - 1] &&
      isNameWord(word) &&
      (framed || afterName || isLooseName(tokens[i + 1] ?? ''))
    )
      continue;
    const prev = out[out.length - 1] ?? '';
    const next = tokens[i + 1] ?? '';
    // "devlin, no wait, sorry ...": repair words one after another take back more than a word,
    // which the frames see as the name taken back.
    if (
      REPAIRS.has(word) &&
      isLooseName(prev) &&
      isLooseName(next) &&
      !NOT_NAME_WORDS.has(next) &&
      !REPAIRS.has(next)
    ) {
      out.pop();
      continue;
    }
    out.push(word);
  }
  return out;
}

function readName(
  tokens: readonly string[],
  options: NameOptions,
  explained: ReadonlySet<string> = new Set(),
): ExtractedName | null {
  const normalised = tokens.join(' ');
  // After "my name is", a surname that is also a word ("niamh price") is the name, read back.
  const strong = (t: string): boolean => isNameWord(t) && !FUNCTION_WORDS.has(t) && !NEVER_IN_A_NAME.has(t);
  const asked = options.expectingName === true;
  const frames: [RegExp, (word: string) => boolean, Confidence, boolean][] = [
    ...STRONG_FRAMES.map((f): [RegExp, (word: string) => boolean, Confidence, boolean] => [
      f,
      strong,
      'high',
      true,
    ]),
    [CALL_ME, isLooseName, 'high', false],
    [THIS_IS, isLooseName, 'high', false],
  ];
  // "it's sandra... no, sorry, it's susan hope": a name taken back gives way to one said later.
  let takenBack: Found | null = null;
  const later = (found: Found | null): found is Found =>
    found !== null && (takenBack === null || found.at > takenBack.at);
  for (const [frame, accept, confidence, strongFrame] of frames) {
    const found = readAfterFrame(normalised, frame, accept, confidence, strongFrame, explained);
    if (later(found) && !found.takenBack)
      return (frame === CALL_ME ? nameBeforeCallMe(normalised.slice(0, found.at)) : null) ?? found.name;
    if (takenBack === null && found?.takenBack === true) takenBack = found;
  }
  const speaking = readBeforeSpeaking(normalised);
  if (later(speaking)) return speaking.name;
  for (const frame of LOOSE_FRAMES) {
    const found = readAfterFrame(normalised, frame, isLooseName, 'low', asked, explained);
    if (later(found) && !found.takenBack) return found.name;
    if (takenBack === null && found?.takenBack === true) takenBack = found;
  }
  if (takenBack !== null) {
    TAKEN_BACK.add(takenBack.name);
    return takenBack.name;
  }
  if (asked) {
    const spoken = withoutEdgeBreaks(tokens.filter((t) => !BARE_ANSWER_LEAD_INS.test(t)));
    // "precious, yeah, precious fraser": the name said again after a filler is the same name
    // ("blah blah", one word over and over, stays the mumble it is).
    const words = new Set(spoken).size > 1 ? spoken.filter((w, i) => w !== spoken[i - 1]) : spoken;
    const [first, ...rest] = words;
    if (first === undefined || words.length > MAX_NAME_WORDS || !isAnsweredName(first)) return null;
    if (rest.every(isAnsweredName)) return build(words, 'low');
    // "iwan price": a surname that is also a word, kept and read back.
    if (rest.every(couldBeSurname)) return { ...build(words, 'low'), doubtful: true };
  }
  return null;
}

/** Who calls the caller what follows "call me": no part of the name before them. */
const WHO_CALLS = new RegExp(`^(?:${CALLERS_BY_NAME})$`);

/** Said between a name in full and "call me ...": "agnes kowalska, but please, you can call me aggie". */
const BEFORE_CALL_ME = /^(?:but|please|so|though|and|just|well|er|erm|um|uh|yeah|although|mind)$/;

/**
 * "agnieszka kowalska, but call me aga", "robert grant, just call me bob": the name given in full
 * before "call me" is the name; what to call the caller is a short form of it or a nickname. Null
 * when the words before it are not two or three name words and nothing else.
 */
function nameBeforeCallMe(before: string): ExtractedName | null {
  const words = before.split(' ').filter((w) => w.length > 0);
  while (words.length > 0 && (BEFORE_CALL_ME.test(words.at(-1) ?? '') || WHO_CALLS.test(words.at(-1) ?? '')))
    words.pop();
  let start = 0;
  while (start < words.length && BARE_ANSWER_LEAD_INS.test(words[start] ?? '')) start++;
  const name = words.slice(start);
  if (name.length < 2 || name.length > MAX_NAME_WORDS || !name.every(isAnsweredName)) return null;
  return name.every(isLooseName) ? build(name, 'high') : { ...build(name, 'high'), doubtful: true };
}

/**
 * Said around a bare name given as the answer: "yeah, right, so, tom pryce", "oh, hi, it's dave";
 * "write" is how a recogniser often hears "right".
 */
const BARE_ANSWER_LEAD_INS =
  /^(?:yeah|yes|yep|aye|it's|its|er|erm|um|hi|hello|sure|ok|okay|right|write|alright|so|well|oh|ah|ha)$/;

/** A name found, where its frame starts, and whether the caller took it straight back. */
interface Found {
  name: ExtractedName;
  at: number;
  takenBack: boolean;
}

/** Names read only because nothing was said after the caller took them back. */
const TAKEN_BACK = new WeakSet<ExtractedName>();

/** Said straight after a name to take it back: "sandra... no, sorry", "john, wait". */
const TAKES_BACK = /^(?:no|sorry|wait|correction|pardon)$/;

/**
 * A name that is not the caller's own, whose "name is" starts no name to take: "my korean
 * name's ...", "my maiden name is ...", "my husband's name is ...", "the house name is ...".
 * Their full, real, proper or first name is theirs.
 */
const ANOTHER_NAME =
  /(?:\b(?:his|her|their|our)|'s|s'|\b(?:my|me|the|his|her|their|our) (?!(?:own|full|real|proper|actual|legal|official|whole|first|given|christian|last|family|second)\b)[a-z]+) $/;

/**
 * "so chris is fine if it is easier", "put kevin if it's for paperwork", "when i'm honest": a loose
 * frame in a clause of condition or time says how things are, not who is calling.
 */
const IN_A_CONDITION = /\b(?:if|unless|when|whether)\s$/;

/**
 * "bronwen price, and it's ty gwyn on heol y bryn", "so it's tidy", "but it's a semi": an "it's"
 * joined on to what was said before goes on about that, the house, not who is calling.
 */
const JOINED_ON = /\b(?:and|but|so|cos|because|plus)\s$/;
const IT_IS = LOOSE_FRAMES[0];
/** A greeting said before "and it's sarah" is no clause for the "it's" to go on about. */
const GREETING =
  /^(?:hello|hi|hiya|hey|morning|afternoon|evening|good|there|yeah|yes|oh|right|ok|okay|well)$/;

function joinedOn(normalised: string, at: number): boolean {
  if (!JOINED_ON.test(normalised.slice(Math.max(0, at - 8), at))) return false;
  const before = normalised.slice(0, at).trim().split(' ').slice(0, -1);
  return !before.every((word) => GREETING.test(word));
}

/** Words that count things, never before a name: "a few jobs here", "some bits here and there". */
const COUNTING = /\b(?:a|an|the|few|some|any|many|more|lot|lots|couple|of|bit|bits)$/;

/**
 * "john speaking", "john smith here", "colin barnes by the way": the name comes before the
 * frame ("a few jobs here and there" names nobody).
 */
function readBeforeSpeaking(normalised: string): Found | null {
  const m = /\b([a-z']+)(?: ([a-z']+))? (?:speaking|here|by the way)\b(?! and there)/.exec(normalised);
  const name = m === null ? null : nameBeforeSpeaking(normalised, m);
  return name === null || m === null ? null : { name, at: m.index, takenBack: false };
}

function nameBeforeSpeaking(normalised: string, m: RegExpExecArray): ExtractedName | null {
  const [w1, w2] = [m[1], m[2]];
  if (w1 === undefined) return null;
  if (COUNTING.test(normalised.slice(0, m.index).trimEnd()) || COUNTING.test(w1)) return null;
  if (w2 === undefined) return isLooseName(w1) ? build([w1], 'high') : null;
  // "gareth price here": a surname that is also a word, after a plain first name, read back.
  if (!isLooseName(w2))
    return isLooseName(w1) && couldBeSurname(w2) ? { ...build([w1, w2], 'high'), doubtful: true } : null;
  if (isLooseName(w1)) return build([w1, w2], 'high');
  // "precious fraser speaking": a first name that looks like a word is still one here, read back.
  if (!NOT_NAMES.has(w1) && couldBeSurname(w1)) return { ...build([w1, w2], 'high'), doubtful: true };
  return build([w2], 'high');
}

/**
 * The name after a frame. Asked for the name (`asked`), a surname that is also a word ("it's
 * aoife price") is kept, but marked doubtful so that it is read back.
 */
function readAfterFrame(
  normalised: string,
  frame: RegExp,
  accept: (word: string) => boolean,
  confidence: Confidence,
  asked: boolean,
  explained: ReadonlySet<string>,
): Found | null {
  let takenBack: Found | null = null;
  let found: (Found & { words: string[] }) | null = null;
  for (const m of normalised.matchAll(frame)) {
    const at = m.index ?? 0;
    const otherName =
      m[0].startsWith('name') && ANOTHER_NAME.test(normalised.slice(Math.max(0, at - 40), at));
    if (
      otherName ||
      (LOOSE_FRAMES.includes(frame) && IN_A_CONDITION.test(normalised.slice(Math.max(0, at - 8), at))) ||
      (frame === IT_IS && joinedOn(normalised, at))
    )
      continue;
    const read = nameAfter(
      wordsAt(normalised, at + m[0].length, MAX_NAME_WORDS + 3),
      accept,
      confidence,
      asked,
      explained,
    );
    if (read === null) continue;
    const words = read.name.full.toLowerCase().split(' ');
    if (found !== null) {
      // "it's nadia, it's nadia karim": the frame said again with more of the name.
      const more = words.length > found.words.length && found.words.every((w, i) => words[i] === w);
      if (more) found = { name: read.name, at: found.at, takenBack: false, words };
      continue;
    }
    const next = { name: read.name, at, takenBack: TAKES_BACK.test(read.next ?? '') };
    if (next.takenBack) takenBack ??= next;
    else found = { ...next, words };
  }
  if (found === null) return takenBack;
  return { name: found.name, at: found.at, takenBack: false };
}

/** The name at the start of `said`, after a frame, and the word after it. */
function nameAfter(
  said: readonly string[],
  accept: (word: string) => boolean,
  confidence: Confidence,
  asked: boolean,
  explained: ReadonlySet<string>,
): { name: ExtractedName; next: string | undefined } | null {
  // "my name's actually dave": a word of emphasis after the frame is not the name.
  const rest = EMPHASIS.has(said[0] ?? '') ? said.slice(1) : said;
  // "my name is mrs patricia holt" gives both names, and the title goes; "this is mrs green"
  // gives a surname only, kept with its title to address the caller by.
  const title = titleOf(rest[0] ?? '');
  if (title !== undefined) {
    const titled = readTitled(rest.slice(1), accept);
    if (titled !== null) return { name: build(titled, confidence), next: rest[3] };
    const surname = rest[1] ?? '';
    if (couldBeSurname(surname) && !NOT_NAMES.has(surname) && !isAnsweredName(rest[2] ?? ''))
      return { name: build([title, surname], confidence), next: rest[2] };
    return null;
  }
  const words: string[] = [];
  let doubtful = false;
  for (const [i, word] of rest.entries()) {
    if (words.length === MAX_NAME_WORDS) break;
    const first = accept(word) || (asked && isNameLikeAdverb(word, rest[i + 1]));
    if (words.length === 0 ? first : isAnsweredName(word)) words.push(word);
    // A surname that is also a word: "aoife price", or "jack hall, as in a village hall".
    else if (asked && words.length > 0 && (couldBeSurname(word) || explained.has(word))) {
      words.push(word);
      doubtful = true;
    } else break;
  }
  if (words.length === 0) return null;
  const name = doubtful ? { ...build(words, confidence), doubtful } : build(words, confidence);
  return { name, next: rest[words.length] };
}

/**
 * After a title, a first name and a surname, both plainly names: "mrs patricia holt"; or the
 * surname and then the whole name: "mrs jones, sarah jones".
 */
function readTitled(words: readonly string[], accept: (word: string) => boolean): string[] | null {
  const [first, second, third] = words;
  if (first === undefined || second === undefined || !accept(first) || !isAnsweredName(second)) return null;
  if (third === first) return [second, third];
  return [first, second];
}

/**
 * Asked for a name, "it's kelly" and "it's emily from the flat" are names though most words
 * ending in -ly are not: the word counts when what follows it is how a name goes on (nothing,
 * "from", "here", a surname), not how an adverb does ("it's likely to be", "i'm usually called").
 */
function isNameLikeAdverb(word: string, next: string | undefined): boolean {
  // "i'm joking, ian pepper": a word ending in -ing is what the caller is doing, not a name.
  if (!isAnsweredName(word) || word.endsWith('ing')) return false;
  if (next === undefined || /^(?:from|here|speaking|again|mate)$/.test(next)) return true;
  return isAnsweredName(next) && !NEVER_IN_A_NAME.has(next) && !NON_NAME_ENDING.test(next);
}

/** A word that names nothing else in a name's place: "price", "wood", "young", not "and" or "mate". */
function couldBeSurname(word: string): boolean {
  return (
    isNameWord(word) && !NEVER_IN_A_NAME.has(word) && !ENDEARMENTS.has(word) && !NOT_NAME_WORDS.has(word)
  );
}

/**
 * The next `count` words from `start`: a frame needs only the few words after it, and reading
 * the whole rest of the utterance at every frame would cost the square of its length.
 */
function wordsAt(normalised: string, start: number, count: number): string[] {
  const words: string[] = [];
  let from = start;
  while (words.length < count && from < normalised.length) {
    const space = normalised.indexOf(' ', from);
    const end = space < 0 ? normalised.length : space;
    if (end > from) words.push(normalised.slice(from, end));
    from = end + 1;
  }
  return words;
}

function isNameWord(word: string): boolean {
  return (
    /^[a-z]+(?:'[a-z]+)?$/.test(word) && word.length >= 2 && (!word.includes("'") || /^[od]'/.test(word))
  );
}

function isLooseName(word: string): boolean {
  return isNameWord(word) && !NOT_NAMES.has(word) && !NON_NAME_ENDING.test(word);
}

/** A word of a name already begun, or of a bare answer to "could I take your name?". */
function isAnsweredName(word: string): boolean {
  return (
    isNameWord(word) &&
    !NOT_NAMES.has(word) &&
    !NOT_NAME_WORDS.has(word) &&
    !FUNCTION_WORDS.has(word) &&
    !ENDEARMENTS.has(word)
  );
}

function build(said: readonly string[], confidence: Confidence): ExtractedName {
  // "kowalski, agnieszka kowalski": a surname said first, then the whole name; "kev, kevin lowe",
  // "bob, robert grant": the short form said first, then the whole name.
  const again =
    said.length >= 3 &&
    (said[0] === said.at(-1) || said[0] === said[1] || isShortFor(said[0] ?? '', said[1] ?? ''));
  // "samantha butcher, sam", "robert grant, bob": the short form said after the name in full.
  const shortAfter = said.length === 3 && saidAfterAsOtherForm(said[2] ?? '', said[0] ?? '');
  const words = again ? said.slice(1) : shortAfter ? said.slice(0, -1) : said;
  const cased = words.map(titleCase);
  const first = cased[0] ?? '';
  const result: ExtractedName = { first, full: cased.join(' '), confidence };
  if (cased.length > 1) result.last = cased[cased.length - 1];
  return result;
}

/**
 * The name to keep when a caller whose name is known gives one again: "it's danny again" keeps
 * "Danny Ryan"; only a different full name ("it's sarah ryan") replaces it.
 */
export function mergeName(known: string | null, heard: string): string {
  if (known === null) return heard;
  const knownWords = known.trim().split(/\s+/);
  const heardWords = heard.trim().split(/\s+/);
  if (heardWords.length === 1 && knownWords.length > 1) return known;
  return heard;
}
