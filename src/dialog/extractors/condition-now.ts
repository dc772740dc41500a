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
  /\b(?:(?:my|his|her|our|the) [a-z]+|some(?: people| folk| buyers)?|people|others|other people|a lot of people|they|he|she)(?: would| might| could| may|'d)(?: probably| maybe| possibly)? (?:say|tell you|argue|reckon|think|call it|claim)\b/;

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
  /\b(?:was|were|used to|needed|when (?:we|i|they|he|she|my \w+|the \w+) (?:bought|got|moved|took|inherited)|years? ago|years? back|previous owners?|the last owners?|before we)\b/;

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

/** A clause that tells of work done and finished. */
const doneIn = (clause: string): boolean => DONE.test(clause) && !UNFINISHED.test(clause);

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
  const lastTurn = clauses.reduce((at, clause, i) => (TURN.test(clause) ? i : at), -1);
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
 * no", "i was thinking of my other one". Fillers may stand between ("sorry, er, no").
 */
const TAKEN_BACK =
  /\b(?:no[\s,.!?]+(?:(?:er|erm|um|uh)[\s,.!?]+)?(?:sorry|wait|hang on)|(?:sorry|wait|hang on|actually)[\s,.!?]+(?:(?:er|erm|um|uh)[\s,.!?]+)?no|scratch that|(?:i was|i'm|im) thinking (?:of|about) (?:my|our|me|the) (?:other|wrong|old)|i got (?:that|it) wrong|my mistake)\b/g;

/** A clause about another house: next door, the neighbours', the caller's other one. */
const ANOTHER_HOUSE =
  /\b(?:next door|next doors|the neighbours|the neighbour's|the neighbours'|(?:my|our|me|the) other (?:one|1|house|place|property|flat))\b/;

/** Where the caller turns to their own house: "next door's a wreck, ours is fine". */
const OWN_HOUSE = /\s(?=(?:ours|mine|this one|this 1)\b)/;

/**
 * The words about the caller's own house as they finally put it: what follows the last thing
 * they took back, without the clauses there about another house. A condition read from the
 * rest would be one the caller withdrew or gave of somewhere else.
 */
export function ownAccount(text: string): string {
  let from = 0;
  for (const m of text.toLowerCase().matchAll(TAKEN_BACK)) from = (m.index ?? 0) + m[0].length;
  if (from === 0) return text;
  // What the caller took back was often about another house, and they may say so again
  // ("... no, sorry, next door's a wreck, ours is fine"): those clauses go too.
  return text
    .slice(from)
    .split(CLAUSES)
    .flatMap((clause) => (clause ?? '').split(OWN_HOUSE))
    .filter((clause) => !ANOTHER_HOUSE.test(clause.toLowerCase()))
    .join(', ');
}
