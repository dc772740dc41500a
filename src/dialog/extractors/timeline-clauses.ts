/**
 * Which clauses of an answer may say when the caller wants to sell. Asked "how soon?", every
 * clause may (that is timeline.ts's business); said while another question was being answered, a date or a duration counts only
 * in a clause about the sale or the move itself (docs/agent.md, "Facts volunteered unasked"):
 * "been in the family fifty years", "the bailiffs are coming next week", "i rang yesterday" and
 * "a job starting in september" are about something else.
 */
import { normaliseUtterance } from './normalise.js';
import { MONTH_NAMES } from './vocabulary.js';

/** Clause breaks: the recogniser's punctuation, when it writes any, and joining words. */
const PUNCTUATION = /[,.;:!?]+/;
/** The words that join one clause to the next: every reader of a timeline's clauses splits at them. */
export const JOIN_WORDS = 'and|but|so|because|cos|which|then';
const JOINS = new RegExp(`\\b(?=(?:${JOIN_WORDS})\\b)`);
const COMMA_OR_JOIN = new RegExp(`\\s*,\\s*|${JOINS.source}`);

/** A clause about a tenancy: its tenants, its lease or contract, a lodger. */
const TENANCY = /\b(?:tenants?|tenant's|tenancy|lease|ast|contract|lodgers?|renters?)\b/;
/** Words that make such a clause the caller's own plan to sell ("sell before the tenancy ends"). */
const OWN_PLAN =
  /\b(?:sell|sold|selling|sale|complete|completion|want|wanted|like|need|hoping|hope|ideally|as soon as|asap|quick|quickly)\b/;

/**
 * A tenancy's own end with its date: "the contract ends in september", "their lease is up in
 * june", "the tenant's on a twelve month contract, ends in may".
 */
const TENANCY_ENDS =
  /\b(?:tenants?|tenant's|tenancy|lease|ast|contract|lodgers?)\b(?: [a-z'-]+){0,6}? (?:ends?|runs? (?:out|till|until|to)|is up|expires?|finishes|out) (?:in|on|at|till|until)\b/;
/** The sale tied to a tenancy's end: "sell before the tenancy ends", "once the lease is up". */
const SALE_AT_TENANCY_END =
  /\b(?:before|after|when|once|till|until|by the time) (?:the |my |our |her |his |their )?(?:tenants?|tenant's|tenancy|lease|ast|contract|lodgers?)\b/;

/**
 * A tenancy clause that names the caller's own plan: "i want to sell before the lease ends", not
 * "the one i'm selling, the tenant's contract ends in september", where the date is the tenancy's.
 */
function isOwnPlanAtTenancy(clause: string): boolean {
  if (!OWN_PLAN.test(clause)) return false;
  return !TENANCY_ENDS.test(clause) || SALE_AT_TENANCY_END.test(clause);
}

/**
 * A clause that ties the one before it to the sale: "..., so after that", "and then we'll sell";
 * not "then it's empty", which says what happens to the house.
 */
const TIED_TO_SALE =
  /^(?:so |and )?(?:after that|after then|once that|once they|that's when|thats when|by then)\b|^(?:so |and )?then (?:we|i|we'll|i'll|we'd|i'd|we're|i'm|it can|it could|sell|selling|the sale)\b/;

/**
 * "before that", "by then", "ahead of it": a deadline set by the clause before, such as a
 * hearing, a flight or a start date.
 */
const BEFORE_THAT =
  /\b(?:before|by|till|until|ahead of|in time for|prior to) (?:that|then|that date|that day|the date|that happens|it happens)\b|\b(?:before|by)$/;

/**
 * A remark that makes the clause before the caller's plan: "end of june, that's the plan", "a year
 * from now, i'm just planning ahead".
 */
const PLAN_REMARK =
  /^(?:(?:and|so|well) )*(?:(?:i'm|im|we're|were|i am|we are) (?:just )?(?:planning|thinking)(?: ahead| ahead really)?|(?:that's|thats|that is) (?:the|my|our) (?:plan|idea|aim|hope|target|goal))$/;

/** "so i need it sold before that": the clause before says when the sale must be done by. */
function pointsBackToSale(clause: string): boolean {
  // A last "then" is dropped with the fillers, so "moved by then" may come as "moved by".
  return BEFORE_THAT.test(clause) && ABOUT_THE_SALE.test(clause);
}

/** A time aimed at, as it starts: "the thirty-first of july", "maybe a year from now", "about six months". */
const AIMED_AT = `(?:(?:the|about|around|roughly|maybe|probably|perhaps|something like|early|mid|late) )*(?:end|start|beginning|middle|next|this|spring|summer|autumn|winter|christmas|xmas|easter|new year|[0-9]+|a (?:few|couple|month|week|year|fortnight)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|${[...MONTH_NAMES.keys()].join('|')})`;

/**
 * Words of a clause about the caller's own plan: selling, moving, being out, a wish or a need
 * ("i'd like it gone by june", "need to be there by september"), or how pressed they are.
 */
const ABOUT_THE_SALE = new RegExp(
  `\\b(?:${[
    'sell|sold|selling|sale|market|buyers?|offers?',
    'move|moving|relocat[a-z]*|emigrat[a-z]*|completes?|completion|completing',
    '(?:be|get|getting|am|are|moving|move) out|out (?:by|before)|gone|rid|off (?:my|our|her|his) hands|done (?:by|before|and dusted)|(?:it|get it) done',
    'want|wants|wanted|need|needs|needed|like|hoping|hope|hoped|ideally|aiming|plan|planning|have to|has to|got to|gotta|must',
    'quick|quicker|quickly|fast|faster|soon|sooner|asap|hurry|rush|urgent|urgently|desperate|desperately|straight away|right away|immediately|pronto|sharpish',
    // "timing's not a big deal though": the word for when, whatever is said of it.
    'timescale|time ?frame|timeline|timings?|deadline|flexible|whenever|no rush|any ?time|ready',
    // "hit that and i'll sign next week", "we'd shake on it tomorrow": the caller's own word to
    // the deal; not "my divorce papers get signed".
    "(?:i'll|ill|i'd|id|we'll|we'd|wed|i will|we will|i would|we would|happy to|ready to|willing to|can|could) (?:sign|exchange|shake on it|shake hands|go ahead|accept|take it)",
    // "i've got till the end of the month", "they've given us until june": a deadline set for them.
    '(?:got|given|give|gave) (?:us |me |them )?(?:till|until|up to|up till)',
    // The caller's own aim: "i'm thinking maybe a year from now", "we're looking at july to be done".
    `(?:i'm|im|i am|i was|we're|we are|we were) (?:thinking|looking at|aiming (?:at|for)|targeting) ${AIMED_AT}`,
    'to be (?:done|finished|sorted|completed|moved|out|gone)',
    // How pressed for time: "no time pressure, mind", "we can take our time".
    'time pressure|pressed for time|pushed for time|no panic|take (?:our|my) time|in (?:our|my) own time',
  ].join('|')})\\b`,
);

/**
 * Volunteered, "the tenants are moving out next month", "the lease is up in march", "let on a
 * twelve month contract": when a tenancy ends is not when the caller wants to sell, unless they
 * say so ("i want to sell before the tenancy ends", "the tenancy ends in june, so after that").
 */
export function withoutTenancyDates(normalised: string): string {
  if (!TENANCY.test(normalised)) return normalised;
  const clauses = normalised.split(JOINS);
  return clauses
    .filter(
      (clause, i) =>
        !TENANCY.test(clause) || OWN_PLAN.test(clause) || TIED_TO_SALE.test((clauses[i + 1] ?? '').trim()),
    )
    .join(' ');
}

/**
 * Someone else leaving: "he's moving out at the end of the month", "they're going in june",
 * "notice is served, they're out end of may". A tenant's or a relative's move is not the caller's
 * sale unless the clause names the sale.
 */
const SOMEONE_ELSE_MOVES =
  /\b(?:he|she|they|he's|she's|they're|hes|shes|theyre|tenants?|tenant's|lodgers?|the lad|the couple|the family)(?: is| are| will| 'll| be| should be| might be)? (?:moving|moves|move|going|leaving|leaves|off|out)\b/;
const NAMES_THE_SALE = /\b(?:sell|sold|selling|sale|market|complete|completion|buyers?)\b/;

/**
 * Words that make no clause of their own: a join said twice ("so so next april"), or a repair
 * ("actually", "no", "sorry", "i mean"). They open the clause after them, which they turn.
 */
const NO_CLAUSE =
  /^(?:(?:and|but|so|then|or|actually|no|nah|sorry|well|wait|hang on|i mean|or rather|scratch that|correction)\b ?)+$/;

/** The clauses of a text: a clause of no words of its own is joined to the one after it. */
function clausesOf(text: string): string[] {
  const clauses: string[] = [];
  let opening = '';
  const parts = text.split(PUNCTUATION).flatMap((part) => normaliseUtterance(part).split(JOINS));
  for (const part of parts) {
    const clause = `${opening} ${part}`.trim();
    if (NO_CLAUSE.test(clause)) opening = clause;
    else if (clause.length > 0) {
      clauses.push(clause);
      opening = '';
    }
  }
  return clauses;
}

/**
 * Work on the house: "it needs doing up quickly", "the roof wants fixing before winter", "we had
 * the kitchen done in march". How soon the work is wanted is not how soon the sale is, unless the
 * clause names the sale ("it needs work, so a quick sale").
 */
const WORK_ON_THE_HOUSE =
  /\b(?:doing up|do up|done up|fix|fixing|fixed|repairs?|repairing|repaired|renovat[a-z]*|refurb[a-z]*|decorat[a-z]*|modernis[a-z]*|rewir[a-z]*|builders?|building work|kitchen|bathroom|boiler|roof|windows|damp|extension)\b/;

/** A volunteered answer, normalised, keeping only the clauses that may hold the caller's timeline. */
export function timelineClauses(text: string): string {
  const clauses = clausesOf(text);
  const kept = clauses.map((clause, i) => {
    const next = clauses[i + 1] ?? '';
    if (TIED_TO_SALE.test(next) || pointsBackToSale(next)) return true;
    if (TENANCY.test(clause)) return isOwnPlanAtTenancy(clause);
    if (SOMEONE_ELSE_MOVES.test(clause)) return NAMES_THE_SALE.test(clause);
    if (WORK_ON_THE_HOUSE.test(clause) && !NAMES_THE_SALE.test(clause)) return false;
    return ABOUT_THE_SALE.test(clause) || (PLAN_REMARK.test(next) && !OWN_EVENT.test(clause));
  });
  return clauses
    .filter(
      (clause, i) =>
        kept[i] || (i > 0 && kept[i - 1] === true && concludesSale(clause, clauses[i - 1] ?? '')),
    )
    .join(' , ');
}

/**
 * "i'd sell once they've gone, so july", "we want to move, ideally the spring": a clause with no
 * subject of its own, opened by "so" or a wish, after one about the sale says when that sale is.
 */
const CONCLUSION = /^(?:so|ideally|hopefully|probably|say|realistically|roughly)\b/;
/**
 * Words that put right the time just said: "..., actually, no, make that three months", "or
 * rather the summer" ("i mean" is gone with the fillers). What follows them is read as a conclusion.
 */
const PUT_RIGHT =
  /^(?:(?:actually|no|nah|sorry|well|wait|hang on|scratch that|correction) )*(?:or rather|make (?:that|it)) /;
/** Words that may put it right or turn to something else: "sorry, july" does, "no, the tenants..." not. */
const TURNED = /^(?:(?:and|actually|no|nah|sorry|well|wait|hang on|scratch that|correction) )+/;
/** A duration alone: "three months", "about six weeks", "a year or so". */
const DURATION_ALONE =
  /^(?:(?:within|in|about|around|roughly|say|more like|maybe) )*(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|a couple of|couple of|[0-9]+) (?:weeks?|months?|years?)(?: or so)?$/;
/** A clause that is the time alone, its "so" gone with the fillers: "july", "end of the summer". */
const TIME_ALONE = new RegExp(
  String.raw`^(?:(?:by|before|in|around|about|the|end|start|middle|of|early|mid|late|next|this) )*(?:${[...MONTH_NAMES.keys()].join('|')}|spring|summer|autumn|winter|christmas|xmas|easter)\b(?: [a-z']+){0,2}$`,
);
function concludesSale(said: string, before: string): boolean {
  const putRight = said.replace(PUT_RIGHT, '');
  const clause = putRight.replace(TURNED, '');
  const alone = TIME_ALONE.test(clause) || (clause !== said && DURATION_ALONE.test(clause));
  return (
    (putRight !== said || CONCLUSION.test(clause) || alone) &&
    !OWN_EVENT.test(clause) &&
    ABOUT_THE_SALE.test(before)
  );
}

/**
 * A clause that tells of something happening, with a subject and a verb of its own: "the hearing
 * is on the 20th", "i start uni in september", "i've the caravan for the summer". "June maybe" and
 * "end of the summer" are not such clauses: they are the time itself.
 */
const OWN_EVENT =
  /\b(?:i|we|he|she|they|i've|ive|we've|weve|i'm|im|we're|he's|hes|she's|shes|they're|theyre|there's|theres|is|are|was|were|has|have|had)\b/;
/** Words that make a date a deadline: "by the 17th", "before the summer", "no later than june". */
const DEADLINE_WORDS = /\b(?:by|before|till|until|til|latest|end of|in time for|ahead of|within)\b/;

/**
 * Asked how soon, with how pressed they are already said ("whenever", "no rush", "pretty quick"),
 * whether the rest of the answer (the urgency words taken out) is only about something else: each
 * clause tells of its own event ("mum's funeral is on the seventeenth", "there's a court date in
 * june") with no deadline word, no word of the sale or the move, and no tie to the sale in the
 * clause after it ("..., so we need to be out before then"). Its dates say when that thing is.
 */
export function datesOnlyOfOtherEvents(normalised: string, holdsDate: (clause: string) => boolean): boolean {
  const clauses = normalised
    .split(COMMA_OR_JOIN)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
  let dated = 0;
  for (const [i, clause] of clauses.entries()) {
    if (!holdsDate(clause)) continue;
    dated++;
    const next = clauses[i + 1] ?? '';
    if (TIED_TO_SALE.test(next) || pointsBackToSale(next)) return false;
    if (!OWN_EVENT.test(clause) || DEADLINE_WORDS.test(clause) || ABOUT_THE_SALE.test(clause)) return false;
  }
  return dated > 0;
}
