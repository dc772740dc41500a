/**
 * The condition the house is in now, when the caller also tells what it was: "it was a wreck
 * when we bought it but we've done it all up", "we gutted it ten years ago, it's fine now", "the
 * tenants trashed it but we've redone it since". A clause about the past ("was", "used to",
 * "when we bought it", "years ago") is history, and work the caller says was done puts right
 * whatever was said before it. What is left is read as usual; work done with nothing wrong left
 * is a house in good condition (docs/agent.md, "What the agent understands").
 */
import type { Condition } from '../slots/condition.js';
import { normaliseUtterance } from './normalise.js';
import { isNegatedAt } from './phrases.js';

/**
 * Where a clause ends: the recogniser's punctuation, or a word that turns the story. "So" and
 * "and" turn it only when what follows is how the house is: "it was done up in 2005 so it's
 * dated now", "it was refurbished years ago and it's tired now".
 */
const CLAUSES =
  /[,.;:!?]+|\s(?=(?:but|though|although|however|whereas|and now|now it's|now its|(?:so|and) (?:it's|its|it is|now|these days|nowadays))\b)/;

/** A clause that turns against what was said before it: "..., but there's nothing wrong with it". */
const TURN = /^(?:but|though|although|however|whereas)\b/;

/**
 * A view the caller puts in someone else's mouth, to answer it: "my wife would say it needs a new
 * kitchen, but...", "some people might call it dated, but...". Not "you'd say", which is the
 * caller's own view, nor what someone found ("the surveyor said it needs underpinning").
 */
const CONCEDED =
  /\b(?:(?:my|his|her|our|the) [a-z]+|some(?: people| folk| buyers)?|people|others|other people|a lot of people|they|he|she)(?: would| might| could| may|'d)(?: probably| maybe| possibly)? (?:say|tell you|argue|reckon|think|call it|claim)\b|\b(?:my|his|her|our|me|the) (?!survey|surveyor|builder|valuer|agent|report|inspector|electrician|plumber)[a-z]+ (?:says|said|reckons|reckoned|thinks|thought|keeps saying)\b/;

/**
 * The caller's own view, said after another's: "my husband says it needs a lot of work, i think
 * it just needs decorating". It answers the view before it, as "but" does.
 */
const OWN_VIEW =
  /^(?:(?:but|well|and|though) )?(?:i (?:think|reckon|'d say|would say)|i'd say|id say|personally|to me|me i think|if you ask me)\b/;

/**
 * A turn that answers everything said before it: it sets the house itself against what was
 * outside it ("knotweed in the garden, but the house itself is sound"), or it brings the problems
 * told down to the job they need ("holes in the walls, but it's nothing a coat of paint wouldn't
 * sort"). What came before is then not how the caller rates the house.
 */
const ANSWERS_ALL =
  /\b(?:the (?:house|property|place|flat|building|home) itself|(?:it's |its |it is )?nothing (?:that )?(?:a|an|some) [a-z' ]{0,40}?(?:wouldn't|wouldnt|won't|wont|couldn't|couldnt|can't|cant) (?:sort|fix|cure|put right))\b/;

/** A clause about how the house was, not how it is. */
const PAST =
  /\b(?:was|were|used to|needed|when (?:we|i|they|he|she|my \w+|the \w+) (?:bought|got|moved|took|inherited)|years? ago|years? back|previous owners?|the last owners?|before we)\b|\b(?:before|previously|last time|in the past)$/;

/** Work the caller says was done: it puts right what was said before it. */
const DONE = new RegExp(
  [
    "\\b(?:we|we've|weve|they|they've|i|i've|ive|he|she|owners?)(?: have| had)? (?:all )?(?:done|redone|did|gutted|renovated|refurbished|rewired|sorted|fixed|modernised|replaced|updated|redecorated)\\b",
    '\\bdone (?:it |the (?:place|house) )?(?:all )?(?:up|out)\\b',
    '\\bhad (?:it|the [a-z]+|them|that|everything) (?:all )?(?:done|sorted|fixed|replaced|redone|seen to)\\b',
    '\\b(?:been|since|now) (?:fully |all |completely )?(?:renovated|refurbished|modernised|redone|done up|sorted|rewired)\\b',
    // The house itself put right, said of it: "it was gutted and redone before we bought it".
    '\\b(?:was|were|got) (?:all |fully |completely )?(?:(?:gutted|stripped(?: out)?|taken back) and )?(?:redone|renovated|refurbished|modernised|rewired|rebuilt)\\b',
    '\\b(?:all )?sorted now\\b',
  ].join('|'),
);
const DONE_ALL = new RegExp(DONE.source, 'g');

/** Work begun and left: "the last owner gutted it and never finished" puts nothing right. */
const UNFINISHED =
  /\b(?:never|not|didn't|didnt|hasn't|hasnt|haven't|havent|wasn't|wasnt) (?:been )?(?:finished|completed|got round to)\b|\bhalf (?:done|finished|gutted|stripped)\b/;

/**
 * A clause that tells of work done and finished, and not denied: "ours isn't done up", "it's never
 * been renovated" put nothing right.
 */
function doneIn(clause: string): boolean {
  if (UNFINISHED.test(clause)) return false;
  for (const m of clause.matchAll(DONE_ALL)) if (!isNegatedAt(clause, m.index ?? 0)) return true;
  return false;
}

/**
 * The bands said of the house as it is now, or null when the answer tells no history (then the
 * whole answer is read as it stands).
 */
export function conditionNow(
  text: string,
  bandsOf: (normalised: string) => ReadonlySet<Condition | 'surface'>,
): (Condition | 'surface')[] | null {
  const clauses = text
    .split(CLAUSES)
    .map((clause) => normaliseUtterance(clause ?? ''))
    .filter((clause) => clause.length > 0);
  // A view answered by a later clause: "my wife would say it needs a kitchen, but...".
  const lastTurn = clauses.reduce(
    (at, clause, i) => (TURN.test(clause) || OWN_VIEW.test(clause) ? i : at),
    -1,
  );
  // History, or a view the caller answers: neither is how the caller says the house is now.
  const lastAnswer = clauses.reduce(
    (at, clause, i) => (TURN.test(clause) && ANSWERS_ALL.test(clause) ? i : at),
    -1,
  );
  const past = clauses.map(
    (clause, i) => PAST.test(clause) || i < lastAnswer || (i < lastTurn && CONCEDED.test(clause)),
  );
  const lastDone = clauses.reduce((at, clause, i) => (doneIn(clause) ? i : at), -1);
  if (lastDone < 0 && !past.includes(true)) return null;
  const now = new Set<Condition | 'surface'>();
  const read = (clause: string): void => {
    for (const band of bandsOf(clause)) now.add(band);
  };
  clauses.forEach((clause, i) => {
    if (i < lastDone) return;
    if (i === lastDone) {
      // What follows the work in the same breath is how it is now: "it was done up in 2005 and
      // it's dated now", "we've done the kitchen and the bathroom needs doing".
      const after = afterLastDone(clause);
      if (!PAST.test(after)) read(after);
      return;
    }
    if (past[i] !== true) read(clause);
  });
  if (now.size > 0) return [...now];
  // Work done and nothing wrong said since: the house is in good order.
  return lastDone >= 0 ? ['good'] : null;
}

/** The words of a clause after the last work it says was done. */
function afterLastDone(clause: string): string {
  let end = 0;
  for (const m of clause.matchAll(DONE_ALL)) end = (m.index ?? 0) + m[0].length;
  return clause.slice(end).trim();
}

/**
 * Words with which the caller takes back what they just said: "no, sorry", "sorry, no", "wait,
 * no", "no, actually", "i was thinking of my other one". Fillers may stand between ("sorry, er,
 * no"). A band the caller puts and turns down goes too: "needs gutting? no, no, not that bad",
 * as does any question the caller puts and answers "no" ("needs a kitchen? no, it's all done").
 */
const TAKEN_BACK =
  /\b(?:\?[\s,]*(?:no|nah|naw|nope)\b|no[\s,.!?]+(?:(?:er|erm|um|uh)[\s,.!?]+)?(?:sorry|wait|hang on|actually|on second thoughts?)|(?:no|nah|naw|nope)[\s,.!?]+(?:(?:no|nah|er|erm|um|uh)[\s,.!?]+)*(?:it's |its |it is |it isn't |it's not |its not )?(?:not (?:that|as|so|quite that|quite as) (?:bad|far gone)|nothing (?:like|as bad as) that|not as bad as (?:that|all that))|i (?:wouldn't|wouldnt|would not) (?:go (?:quite )?that far|say (?:quite )?that)|(?:sorry|wait|hang on|actually)[\s,.!?]+(?:(?:er|erm|um|uh)[\s,.!?]+)?no|scratch that|(?:i was|i'm|im) thinking (?:of|about) (?:my|our|me|the) (?:other|wrong|old)|i got (?:that|it) wrong|my mistake)\b/g;

/**
 * A clause about another house: next door, the neighbours', the caller's other one, one down the
 * street that sold ("the one two doors down went for two-ten all done up").
 */
const ANOTHER_HOUSE_WORDS =
  "(?:(?:my|our|me) (?:last|former) (?:one|1|house|place|property|flat|home)|next door|next doors|(?:my|our|me) previous (?:one|1|house|place|property|flat)|the neighbours|the neighbour's|the neighbours'|(?:my|our|me|the) other (?:one|1|house|place|property|flat)|the (?:one|house|place) (?:(?:two|three|four|five|a few|a couple of|couple of|[2-5]) )?doors? (?:down|up|along|away)|the (?:one|house|place) (?:over|across|opposite|up|down|along) (?:the )?(?:road|street|way|lane)|the (?:one|house) opposite|the rest of the (?:street|road|terrace)|(?:similar|other) (?:ones|houses) (?:round here|on the street|in the street|nearby))";
const ANOTHER_HOUSE = new RegExp(`\\b${ANOTHER_HOUSE_WORDS}\\b`);
/** Another house named to compare: "it's in better nick than next door" is about the caller's. */
const COMPARED = new RegExp(`\\b(?:than|like|as) ${ANOTHER_HOUSE_WORDS}\\b`);

/** A dash between clauses, as the recogniser may write a pause: "ours is in good fettle - ...". */
const DASH = /\s[-\u2013\u2014]+\s/;

/**
 * Someone else's house, named to compare the caller's with: "my brother's", "her mum's place".
 * Said alone it may be the house for sale ("it's my mum's house, it needs gutting"), so only a
 * comparison makes it another.
 */
const SOMEONE_ELSES =
  "(?:my|our|me|his|her|their) (?!own\\b)[a-z]+(?:'s|s')(?: (?:house|place|one|flat|bungalow|home|property))?";

/** A clause about another house and not compared with the caller's. */
function aboutAnotherHouse(clause: string): boolean {
  const lower = clause.toLowerCase();
  return ANOTHER_HOUSE.test(lower) && !COMPARED.test(lower);
}

/**
 * What is said of a house the caller's is compared with: "not like my brother's, which needs
 * gutting", "better than next door that's falling down". It tells of that house, not theirs.
 */
const OF_THE_COMPARED = new RegExp(
  `(\\b(?:than|like|as) (?:${ANOTHER_HOUSE_WORDS}|${SOMEONE_ELSES}))\\s+(?:which|that|who|where|what)\\b.*$`,
);

/**
 * Where the caller turns to their own house ("next door's a wreck, ours is fine"), or from it to
 * another of theirs, said without a pause: "good condition that one it's my other one that's
 * falling apart", "needs updating, our previous place was a shell".
 */
const OWN_HOUSE =
  /\s(?=(?:ours|mine|this one|this 1)\b)|\s(?=(?:(?:it's|its|it is|that's|thats|but|and|whereas|now) )?(?:my|our|me) (?:other|previous) (?:one|1|house|place|property|flat)\b)/;

/**
 * The words about the caller's own house as they finally put it: what follows the last thing
 * they took back, without the clauses there about another house. A condition read from the
 * rest would be one the caller withdrew or gave of somewhere else.
 */
export function ownAccount(text: string): string {
  let from = 0;
  for (const m of text.toLowerCase().matchAll(TAKEN_BACK)) from = (m.index ?? 0) + m[0].length;
  // What the caller took back was often about another house, and they may say so again
  // ("... no, sorry, next door's a wreck, ours is fine"); and a house down the street may be told
  // to set the caller's against ("the one two doors down went all done up, ours isn't"). Those
  // clauses go.
  const clauses = repaired(text.slice(from))
    .split(CLAUSES)
    .flatMap((clause) => (clause ?? '').split(OWN_HOUSE))
    .flatMap((clause) => clause.split(DASH));
  const own = clauses
    .filter((clause) => !aboutAnotherHouse(clause))
    .map((clause) => clause.replace(OF_THE_COMPARED, '$1'));
  const changed = own.length !== clauses.length || own.some((clause, i) => clause !== clauses[i]);
  return from === 0 && !changed ? repaired(text) : own.join(', ');
}

/**
 * A repair that takes back some words and puts others: "needs doing top to bottom... well, not top
 * to bottom, just the kitchen and bathroom". The words from where the taken-back ones were first
 * said to the repair go ("needs doing just the kitchen and bathroom").
 */
const REPAIR =
  /\b(?:well|i mean|actually|or rather|sorry)[\s,.]+(?:(?:er|erm|um|uh)[\s,.]+)?not ([a-z']+(?: [a-z']+){0,3})[\s,.]+(?:(?:er|erm|um|uh)[\s,.]+)?(just|only|more like)\b/g;
/** Words too common to find where the taken-back words were first said. */
const COMMON = /^(?:a|an|the|and|that|all|any|it|its|it's|to|of|so|as|in|on)$/;

function repaired(text: string): string {
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(REPAIR)) {
    const at = m.index ?? 0;
    const from = saidBefore(lower.slice(0, at), m[1] ?? '');
    if (from < 0) continue;
    // What is put in their place goes on after the "just": "needs a full renovation, well, not a
    // full renovation, just a new kitchen" is "needs a new kitchen".
    return `${text.slice(0, from)}${text.slice(at + m[0].length)}`;
  }
  return text;
}

/**
 * Where the taken-back words were last said before the repair: the words as they are, or else
 * their first uncommon word, which survives a slip in the rest ("top to bottom... not top too
 * bottom"). -1 when they were not said.
 */
function saidBefore(before: string, words: string): number {
  const whole = [...before.matchAll(new RegExp(`\\b${words}\\b`, 'g'))].pop();
  if (whole !== undefined) return whole.index ?? -1;
  const key = words.split(' ').find((w) => !COMMON.test(w));
  if (key === undefined) return -1;
  return [...before.matchAll(new RegExp(`\\b${key}\\b`, 'g'))].pop()?.index ?? -1;
}
