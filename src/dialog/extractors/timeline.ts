/**
 * How soon the caller wants to sell: "as soon as possible", "within a month", "next few
 * weeks", "in three months", "no rush", "by christmas". Durations become a number of weeks so
 * the scoring can compare any two answers.
 */
import { DateTime } from 'luxon';
import { normaliseUtterance, tokenise } from './normalise.js';
import { scanNumberAt } from './numbers.js';
import { findPhraseMatches, type PhraseMatch, phraseRule } from './phrases.js';
import {
  datesOnlyOfOtherEvents,
  JOIN_WORDS,
  timelineClauses,
  withoutTenancyDates,
} from './timeline-clauses.js';
import { asUtcDay, findTimelineTarget, setsDeadline } from './timeline-targets.js';
import { MONTH_NAMES } from './vocabulary.js';

export type TimelineKind = 'asap' | 'weeks' | 'months' | 'flexible';

export interface ExtractedTimeline {
  kind: TimelineKind;
  /** Weeks from now until the deadline, rounded up; absent for "asap" and "flexible". */
  weeks?: number;
  /** A short description for read-back and summaries: "within 3 months". */
  label: string;
}

/** How pressed the caller is: soon is a wish for speed, asap a need. */
type Urgency = 'asap' | 'soon' | 'flexible';

/** "humanly", "is physically": stress on "as soon as possible" that changes nothing. */
const STRESSED = '(?:is )?(?:(?:humanly|physically|reasonably|realistically|legally|practically|feasibly) )?';
/** At once: what "it needs to go ..." ends with when the caller is pressed; "the now" is Scots. */
const AT_ONCE =
  '(?:(?:the )?now|the noo|asap|quick|quickly|fast|straight away|right away|immediately|pronto)\\b';
/** "not", "ain't", "aren't": every way of saying the caller is not in a rush. */
const NOT_IN = "(?:not|ain't|aint|isn't|isnt|aren't|arent)(?: really)?";
/** A rush, however much of one: "a great rush", "any real hurry". */
const RUSH = '(?:(?:great|big|massive|huge|real|particular|mad|tearing) )?(?:rush|hurry)';
/** The agent's side, however addressed: "you", "you lot", "yous", "ye", "you guys". */
const YOU = '(?:you(?: lot| lads| guys| people| folks)?|yous|youse|ye)';
/** "we possibly can", "i can manage", "you lot can do it": as fast as the caller is able to. */
const ABLE = `(?:(?:we|i|${YOU}|they) (?:(?:possibly|humanly|reasonably|realistically) )?(?:can|could)(?: (?:manage|do it))?|(?:we're|you're|i'm|they're|we are|i am) able|(?:it|that|this) (?:can|could) (?:be )?(?:done|sorted|managed|happen))`;
/** Not followed by "after", "once" or "when": "straight away after" is at once after a date. */
const NOT_AFTER = '(?! (?:after|afterwards|once|when|as soon as)\\b)';
/** Free of a thing: "rid", and the northern "shot" and "shut". */
const RID = '(?:rid|shot|shut)';
/** Wanting or needing, in any tense or the Scots and Irish "i'm wanting", "it's needing". */
const WANT = '(?:want|wants|wanting|wanted|need|needs|needing|needed)';
/**
 * What a caller calls the one they speak to, or tags on, at the end of a phrase: "soon as, bro",
 * "as soon as, innit", "quick, hen". None of them can start a clause an "as soon as" waits on.
 */
const TERM_OF_ADDRESS =
  'mate|love|pet|hen|duck|me duck|ducky|bab|babs|babe|bro|bruv|blud|boyo|butt|butty|chief|pal|fella|son|darling|darlin|sweetheart|hun|hon|cock|chuck|flower|our kid|lad|lass|sunshine|boss|guv|squire|innit|init|eh|aye|yeah';
/** Words that close an answer and add nothing: "really", "i think", "if that helps", "mate". */
const ANSWER_TAIL = `really|please|like|thanks|then|basically|i think|if that helps|to be honest|honestly|er|erm|um|${TERM_OF_ADDRESS}`;
/** Fillers and openers before the first word of an answer. */
const OPENING = '(?:(?:er|erm|um|uh|well|oh|yeah|yes|ok|okay|honestly|right|so|ideally) )*';
/**
 * A day in the next few: "today", "tonight", "tomorrow", "the weekend", "the end of the week",
 * "friday" (not "friday week", a week later).
 */
const NEAR_DAY =
  '(?:today|tonight|tomorrow|the day after tomorrow|(?:the|this) weekend|(?:the )?end of (?:the|this) week|(?<!\\b(?:good|easter|remembrance|mothering|palm|black) )(?:this )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?! week))\\b';
/** "this week", "next week": as near as a day when said as a wish or a "by" ("by next week"). */
const NEAR_WEEK = '(?:this|next) week\\b';
/** A day said as a wish: "tomorrow ideally", "the weekend if that's even possible". */
const IF_IT_COULD_BE =
  "(?:ideally|preferably|really|please|if (?:i|we|you) (?:could|can)|if possible|if poss|if (?:that's|thats|that is|it's|its) (?:even )?possible|would be (?:good|nice|great|ideal))";
/** What a buyer pays: "depends on the offer", "depends what you offer me", "how much we get". */
const ON_THE_MONEY =
  "(?:offer|offers|price|money|figure|number|(?:what|how much) (?:you|you're|youre|they|they're|theyre|i|we|people|buyers?|someone)(?: are| is)? (?:offer|offers|offering|give|gives|giving|pay|pays|paying|get|can get|can offer|come back with))";
/**
 * Every way of saying one thing waits on another: "depends on", "hinges on", "comes down to",
 * "subject to", "all down to".
 */
const WAITS_ON =
  "(?:depends|depending|dependent|hinges|hinging|rests|resting|rides|riding|turns|conditional|contingent|(?:it )?comes? down|(?:it's |its |it is |all )down|subject) (?:on |upon |to )?";

/**
 * "it's all the same to me", "makes no odds", "six of one": any of the times the caller offers
 * will do, so none of them is a deadline.
 */
const ALL_THE_SAME =
  "all the same to (?:me|us)|much of a muchness|makes? no (?:odds|difference)|six of one|(?:doesn't|does not|don't|dont|doesnt) (?:really )?matter (?:when|which|to (?:me|us))";
/**
 * "another few months isn't going to hurt", "a few more weeks won't matter": a longer wait shrugged
 * off. Beside a shrug of the caller's own ("no rush"), the time in it is no deadline.
 */
const WAIT_NO_HARM =
  "(?:another|more|longer|extra|wait|waiting)(?: [a-z]+){0,3} (?:isn't|isnt|is not|won't|wont|will not|wouldn't|wouldnt|would not|doesn't|doesnt|does not)(?: going to| gonna)? (?:hurt|harm|matter|make (?:any|much) (?:odds|difference))";
/**
 * A shrug at the times offered: one of those above, or a list of times closed with "whatever"
 * ("not fussed, a month, two, whatever"). It counts only beside a shrug of the caller's own (see
 * timelineIn), as "whatever" may close any answer.
 */
const SHRUGGED = new RegExp(`\\b(?:${ALL_THE_SAME}|${WAIT_NO_HARM})\\b|\\b(?:or )?whatever$`);

const URGENCY_RULES = [
  phraseRule<Urgency>(
    'flexible',
    [
      // "nae rush": the Scots "no". "No panic on it", "no mad rush", "no great urgency": any
      // word for a scramble, however big.
      `n(?:o|ae) (?:(?:great|real|big|mad|massive|huge|particular) )?(?:rush|hurry|urgency|panic|deadline|time ?frame|race)`,
      // "i ain't in any rush", "we aren't in a great hurry", "in no real rush".
      `${NOT_IN} (?:in )?(?:a|any) ${RUSH}`,
      `in no ${RUSH}`,
      "(?:not|isn't|isnt) urgent",
      // "nowt urgent", "nothing pressing": the northern and plain "nothing" before the need.
      'n(?:owt|othing|aught) (?:urgent|pressing|desperate)',
      // "if it goes, it goes", "when it sells it sells", "once it's gone it's gone": a shrug at
      // whether and when.
      "(?:if|when|whenever|once) it(?:'s|s| is)? (?:goes|sells|happens|gone|sold|done) (?:then )?it(?:'s|s| is)? (?:goes|sells|happens|gone|sold|done)",
      // "when it's right, it's right", "it'll happen when it happens", "it'll take as long as it
      // takes", "what will be will be": the sale left to find its own time. (A word said twice
      // may reach here once: "when it's right".)
      "when (?:it's|its|it is|the time's|the times) right",
      "(?:it'll|itll|it will|it'd|itd|it would|it) (?:happen|go|sell) when it (?:happens|goes|sells)",
      "(?:it'll|itll|it will) be (?:sold|gone|done) when it(?:'s|s| is) (?:sold|gone|done)",
      'as long as (?:it takes|it needs|need be)',
      // Said twice, its restart put right leaves "what will be": at the end of what is said, not
      // "what will be a fair price".
      `what(?:'ll| will) be(?: will be)?(?=$| ,| (?:${ANSWER_TAIL}|and|but|so|thanks)\\b)`,
      'que sera',
      // "i won't force it", "not chasing it", "we're not pushing it": no pressure of the caller's own.
      "(?:won't|wont|will not|not|never|don't|dont|do not) (?:going to |gonna )?(?:force|forcing|push|pushing|chase|chasing|rush|rushing) (?:it|things|anything|the sale|a sale)",
      // "let it take its course", "let nature run its course".
      '(?:let|letting) (?:it|things|nature) (?:take|run) (?:its|their) course',
      // "nothing's set in stone", "nowt's nailed down": no date fixed yet.
      "(?:n(?:othing|owt)(?:'s|s| is)?|not) (?:set in stone|nailed down|pinned down|fixed in stone)",
      // "timing's not a big deal", "time isn't an issue", "timing doesn't matter": when is no matter.
      "(?:the )?tim(?:e|ing|ings)(?:'s|s| is)? (?:not|isn't|isnt|is not) (?:really )?(?:a |an )?(?:big |huge |massive |major |real )?(?:deal|issue|problem|worry|concern|factor|priority|important|critical)",
      "(?:the )?tim(?:e|ing|ings) (?:doesn't|doesnt|does not|don't|dont) (?:really )?matter",
      // "we're not racing to get shot of it", "i'm not desperate to sell", "in no hurry to": no
      // eagerness of the caller's own, in any of its words.
      "(?:not|never|ain't|aint|isn't|isnt|aren't|arent|no|nae) (?:really |exactly |particularly |that |too )?(?:racing|rushing|hurrying|dashing|scrambling|desperate|itching|champing|chomping|gagging|busting|dying|pushing) (?:to|at|for)\\b",
      // "there's no clock ticking", "not up against the clock", "not pushed for time": no time
      // pressing on the caller (the pressure said plainly is "as soon as possible").
      'no (?:ticking )?clock(?: ticking| on (?:it|this|me|us))?',
      "(?:the )?clock(?:'s|s| is)? not ticking|(?:the )?clock (?:isn't|isnt|ain't|aint) ticking",
      "(?:not|isn't|isnt|aren't|arent|ain't|aint|never) (?:really )?(?:up )?(?:against|racing|on|working to) (?:the|a) clock",
      "(?:not|isn't|isnt|aren't|arent|ain't|aint|never|no|nae) (?:really |that |too )?(?:pushed|pressed|pressured|short|strapped|stuck) for time",
      'no (?:time )?pressures?|no countdown',
      // "i'm in two minds", "haven't decided", "on the fence": undecided whether, so no date yet
      // (not a price or a place still to settle: "haven't decided on a price", "... where to go").
      "(?:(?:haven't|havent|have not|not|never|hasn't|hasnt) (?:really |fully |properly |quite |yet |even )?(?:decided|made (?:my|our|me|me own|our own) (?:mind|minds) up)|undecided|still deciding|in two minds)(?! (?:where|what|which|who|how)\\b| (?:on|about) (?:the |a |an |my |our )?(?:price|figure|amount|number|offer|asking))",
      // "it's not a race", "no race": no one to beat to it.
      "(?:it's|its|it is|this is) not a race",
      "(?:not|isn't) (?:a )?(?:massive |huge |big )?(?:rush|hurry|priority)",
      "(?:don't|do not) (?:mind|need to rush)",
      'no (?:pressure|time limit)',
      // "no set time", "no fixed time": no date of their own.
      'no (?:set|fixed|particular|real) time',
      '(?:i|we) (?:can|could) (?:always )?wait',
      // "i don't really have a deadline", "we haven't got a set date": no date of their own.
      "(?:don't|dont|do not|haven't|havent|have not|never) (?:really |actually |even )?(?:have |had |got |need )?(?:got )?(?:a|any) (?:real |particular |set |fixed |hard |firm )?(?:deadline|timescale|time ?frame|timeline|date|time limit|cut ?off)s?",
      // "we don't have deadline", "i have not timeline": the article dropped, as often by those
      // for whom English is a second language; only the words that cannot be a verb.
      "(?:don't|dont|do not|haven't|havent|have not) (?:really )?(?:have |got )?(?:deadline|timescale|time ?frame|timeline|time limit)s?\\b",
      "(?:not|haven't|havent|never) (?:really |properly |even )?thought about (?:it|that|timing|when)",
    ],
    false,
  ),
  // A wish for speed without a time: a deadline said alongside it is the better answer.
  phraseRule<Urgency>('soon', [
    '(?:as )?(?:quick|soon|fast) as (?:you like|really)',
    // "sharpish", "smartish", "quick smart", "toot sweet", "like the clappers": words for briskly.
    'sharpish|smartish|quick smart|quick sticks|toot sweet|tout (?:de )?suite|in short order|in two shakes|(?:like )?the clappers|(?:like )?greased lightning|in no time(?: at all)?|on the double',
    'pronto',
    // "whatever's quickest", "whichever is fastest": the quickest of the ways there are, a wish
    // that a date said beside it ("but not before the twentieth") narrows.
    "(?:whatever|whichever)(?:'s|s| is)? (?:quickest|fastest|soonest)",
    // "the sooner the better", "sooner the better": a wish, like "the quicker the better".
    '(?:the )?(?:quicker|faster|sooner) the better',
    // "sooner rather than later", "quickly please": the same wish, said plainly.
    'sooner rather than later',
    'quickly',
    '(?:just |i |we )?(?:want|need) (?:it )?(?:gone|off my hands|off our hands)',
    // "want rid of it", "i'm wanting shot of it", "need shut of the place": to be free of the house.
    `${WANT} (?:to be |to get )?${RID}(?! of (?:the |my |our |these |those )?(?:tenants?|lodgers?|neighbours?|him|her|them)\\b)(?: of (?:it|the (?:place|house|flat)))?`,
    // "fairly quick, within a couple of months": a wish for speed; a deadline beside it is the answer.
    '(?:pretty|fairly|really|very|proper|dead|real) (?:quick|quickly|soon|fast|sharpish)',
  ]),
  phraseRule<Urgency>('asap', [
    // "as soon as humanly possible", "as fast as is physically possible": the same need, stressed.
    `(?:as )?(?:soon|quick|quickly|fast) as ${STRESSED}(?:possible|poss)`,
    '(?:as )?soon as (?:we can|i can)',
    'asap',
    // "soon as", the rest of "as soon as possible" unsaid; a word that closes a phrase ("as soon
    // as, really") cannot start the clause an "as soon as" waits on.
    '(?:as )?(?:soon|quick|fast) as$',
    `(?:as )?(?:soon|quick|fast) as (?:really|please|thanks|i think|if that helps|honestly|to be honest|basically|${TERM_OF_ADDRESS})\\b`,
    // "as soon as the paperwork allows", "as quick as the solicitors will let us": as fast as the
    // process permits, with nothing else waited on (not "as soon as the tenants let me in").
    "(?:as )?(?:soon|quick|quickly|fast) as (?:(?:the|my|our|your|their|it|that|this|things|everything) )?(?:[a-z']+ ){0,2}(?:allows?|permits?|(?:will |can |would )?(?:let|lets|allow|permit) (?:me|us|it|you))\\b(?! (?:in|into|out|back|have|know|get|see|go|view|look)\\b)",
    // "as fast as we possibly can", "as quick as i can manage", "soon as you're able".
    `(?:as )?(?:quick|quickly|fast|soon) as ${ABLE}`,
    `(?:${WANT}|have|has) (?:it |to be )?(?:gone|sold|done) (?:quick|quickly|fast|soon|(?:the )?now|the noo|asap)`,
    // "it needs to go now", "has to be sold now", "we need to sell now": the sale itself, now.
    `(?:need|needs|want|wants|have|has|got) (?:it )?to (?:go|be gone|be sold|sell(?: it| up)?|be done|move(?: out)?) ${AT_ONCE}`,
    'in a (?:hurry|rush)',
    // "now really", "now ideally": the whole answer is "now".
    // "the now", "the noo": the Scots "now".
    `^${OPENING}(?:(?:honestly|like) )*(?:right |the )?no(?:w|o)(?: (?:ideally|if possible|if poss|${ANSWER_TAIL}))*$`,
    "(?:i'm|we're|im|i am|we are) in a rush",
    'no time to (?:waste|lose)',
    // "now would be good", "now's best": now, said as the wish.
    "now(?: would| will|'d|d|'s|s)? be (?:good|great|ideal|nice|lovely|best|perfect|grand)",
    "now(?:'s|s| is) (?:best|ideal|good)",
    // Not "straight away after", "right away once they're out": at once after another date.
    `straight away${NOT_AFTER}`,
    `right away${NOT_AFTER}`,
    'right now',
    `immediately${NOT_AFTER}`,
    // "if it's right, tomorrow", "if the price is right i'd go tomorrow": at once, given the money.
    `if (?:it's|its|it is|that's|thats|the (?:price|offer|money|figure|number)(?:'s|s| is)) right (?:(?:i'd|id|we'd|wed|i would|we would|i'll|we'll) (?:sell|go|do it|move|take it|sign) )?${NEAR_DAY}`,
    'urgent(?:ly)?',
    // "chop chop", "double quick", "at the double", "pdq", "post haste", "in a jiffy": idioms of
    // haste; "a s a p" and "ay ess ay pee", the letters as the recogniser writes them.
    // ("chop chop" may reach here once, its restart put right.)
    `chop(?: chop)?(?=$| ,| (?:${ANSWER_TAIL})\\b)`,
    'double quick|at the double|pdq|post ?haste|in a jiffy|lickety split',
    'a s a p|ay (?:ess|es) ay (?:pee|p)',
    // "i needed it gone last month", "wanted it sold weeks ago": late already.
    "(?:needed|wanted|should have|should've|shoulda) (?:it |been )?(?:gone|sold|done|off my hands) (?:last (?:week|month|year)|(?:weeks|months|ages) ago)",
    'quick(?:ly)? sale',
    // "sell it quick", "sell my gaff quick", "move on fast": the sale itself, quick.
    '(?:sell|sold|move|moving|gone|go) (?:it |on |(?:the|my|our|me|this|that|her|his) [a-z]+ )?(?:quick|quickly|fast)',
    // "soonest", "at the soonest", "soonest possible".
    'soonest',
    // "in the shortest time", "in the most short time", "at the earliest opportunity", "fastest
    // possible", "as early as possible", "without delay": speed said as a superlative, as often
    // by those for whom English is a second language. ("June at the earliest" is a bound.)
    '(?:in|within) the (?:most )?(?:short|shortest|quick|quickest|fast|fastest|least) (?:possible )?(?:time|period)',
    'at (?:the|your|our) (?:very )?(?:earliest|first|soonest) (?:possible )?(?:opportunity|moment|chance|convenience)',
    '(?:shortest|quickest|fastest|earliest) possible',
    'as early as (?:possible|poss|we can|i can|you can)',
    '(?:without|with no|with the least|with minimum|with minimal) (?:any )?delay',
    'most (?:quickly|quick|fast|urgent|urgently)',
    // "want shot of it now", "need rid of it straight away".
    `${WANT} (?:to be |to get )?${RID} of (?:it|the (?:place|house|flat)) ${AT_ONCE}`,
    // "without dilly-dallying", "no hanging about", "no dragging it out": no delay, in its idioms.
    '(?:without|with no|no|none of the|none of that) (?:any )?(?:dilly ?dallying|shilly ?shallying|hanging (?:about|around)|waiting (?:about|around)|faffing(?: about| around)?|dawdling|dithering|dragging (?:it |this |things |my feet|our feet|me feet|(?:my|our) heels)?(?:out|on)?)(?! (?:with|on|over)\\b)',
    // "against the clock", "the clock's ticking", "pushed for time", "time's running out": time
    // pressing on the caller, not at work or with the kids. ("Not pushed for time" is no rush.)
    "(?:(?:up )?against the clock|(?:the )?clock(?:'s|s| is) ticking|(?:pushed|pressed|strapped|short) for time|time(?:'s|s| is) (?:running out|against (?:me|us)|of the essence|ticking)|running out of time)(?! (?:at|with|today|this)\\b)",
    // "so quick", "quick please": "quick" said as the whole of what is wanted, at the answer's end.
    `(?:so |just |nice and |dead |really )?quick(?: (?:${ANSWER_TAIL}|if (?:i|we|you) can))*$`,
    // "i wanted it sold yesterday", "yesterday ideally"; not "i rang yesterday".
    '^(?:er |erm |um |well |oh |honestly )?yesterday',
    // "honestly, yesterday": the word said as the answer, stressed, after the one before it.
    '(?:honestly|frankly|seriously|truthfully) yesterday',
    'yesterday (?:ideally|preferably|really|if (?:i|we|you) could|if possible|if poss|would be (?:good|nice|great|ideal))',
    '(?:sold|gone|done|out|moved|finished|it|ideally|preferably|like|wanted|needed) yesterday',
    'desperate(?:ly)?',
    // "tomorrow ideally", "by the weekend", "today!": a day this close means at once, as no sale
    // completes that quickly.
    `^${OPENING}(?:(?:by|before|for|till|until) )?${NEAR_DAY}(?: (?:really|please|then|mate|love|thanks|yeah|if poss|if possible))*$`,
    // "honestly, tomorrow, i need the money", "today, we're desperate": the day said as the answer,
    // then the caller's reason in a clause of its own.
    `^${OPENING}(?:(?:by|before|for) )?(?:today|tonight|tomorrow)(?= (?:i|we|i'm|im|we're|i've|ive|we've|weve|i'd|id|we'd|wed|my|our|me|cos|because|as)\\b)`,
    `(?:by|before|till|until) (?:${NEAR_DAY}|${NEAR_WEEK})`,
    `(?:${NEAR_DAY}|${NEAR_WEEK}) ${IF_IT_COULD_BE}`,
    // "sold by friday", "we'd be out tomorrow"; not "the surveyor's out tomorrow".
    `(?:sold|gone|(?:be|moved|get) out|ideally|preferably|(?:want|wanted|need|needed) it(?: done)?) (?:by )?${NEAR_DAY}`,
    // "i'll sign tomorrow", "we'd shake on it today": the deal itself as near as a day.
    `(?:sign|exchange|shake on it|shake hands|go ahead|accept) (?:it |up |on it )?(?:by |on )?${NEAR_DAY}`,
  ]),
  phraseRule<Urgency>('flexible', [
    'flexible',
    // "whenever's easiest", heard without its apostrophe as "whenevers".
    "whenever(?:'s|s)?",
    'any ?time',
    'not fussed',
    // "i'm not bothered", "ar, i ain't bothered when", "i'm no fussed", "not arsed"; not "not
    // bothered about the price".
    `(?:${NOT_IN}|no|nae|never) (?:that |too |overly )?(?:bothered|fussed|arsed|mithered)(?! (?:about|what|how|who|which|with|by)\\b)`,
    'testing the waters?',
    // "keeping our options open", "weighing it up", "toying with the idea", "might sell, might
    // rent it out": not yet sure whether, so no date.
    '(?:keeping|keep|kept) (?:my|our|me|the|all) options open|weighing (?:it|things|(?:it|things) all) up|weighing up (?:my|our|me|the) options|toying with (?:the idea|it)|mulling (?:it )?over|on the fence',
    '(?:might|may|could) sell(?: it)?,? (?:or )?(?:might|may|could) (?:not|rent|let|keep)',
    "seeing what (?:it's|its|it is|it'd|it would be) worth",
    'just (?:exploring|looking|curious|enquiring|seeing)',
    'no particular (?:time|date|rush)',
    'take (?:our|my) time',
    'when (?:the|a) right (?:offer|buyer|price|time)',
    // "when the price is right", "if the money's right": the sale waits on the money, not a date.
    "(?:when|if|once) the (?:price|offer|money|figure|number)(?:'s|s| is) right",
    'right (?:offer|price) comes? (?:along|in)?',
    // "depends on the offer", "it depends what you offer me", "hinges on your offer", "comes
    // down to the price", "subject to the money".
    `${WAITS_ON}(?:the |your |an |any |their |a |the right )?${ON_THE_MONEY}`,
    'when the time is right',
    'in (?:my|our) own time',
    // "whatever suits the buyer", "whenever works for them", "whenever the buyer's ready".
    '(?:whenever|whatever) (?:suits|works)',
    "whenever (?:the |a )?(?:buyer|buyers|they|you)(?:'s|s| is| are|'re)? ready",
    'open to offers on timing',
    'not in a hurry',
    'as and when',
    // "when i find somewhere to go", "depends if we find a place": no date of their own.
    "(?:when|once|as soon as|after|if) (?:i|we)(?:'ve|ve| have)? (?:find|found|get|got|sort|sorted) (?:somewhere|something|(?:a|the) (?:right |new |next )?(?:place|house|home|property|flat|bungalow))",
    '(?:depends|depending) (?:on )?(?:if|whether|when)? ?(?:i|we) (?:find|get|can find|have found|sort)',
    'not for a (?:while|bit|good while)(?: yet)?',
    // "a while yet", "a good while off": later, with no date.
    'a (?:good |long )?while (?:yet|off|away)',
    // "it depends", "depends really": the answer waits on something, not a date.
    `^(?:(?:er|erm|um|uh|well|oh|yeah|so|right|ok|okay|dunno|i dunno|don't know|i don't know|not sure) )*(?:it )?depends(?: (?:on things|on a lot|on a few things|${ANSWER_TAIL}))*$`,
    // "i'm easy", "we're relaxed": no preference of their own.
    // "we're dead relaxed about it", "i'm pretty laid back": however much so.
    "(?:i'm|im|we're|i am|we are) (?:(?:dead|very|pretty|quite|fairly|totally|really|proper|well|completely) )?(?:easy|relaxed|laid back|chilled(?: out)?|easy ?going|happy either way)(?! (?:on|about|with) (?:the )?(?:price|money|offer|figure))",
    // "relaxed about timing", "laid back about when": said of the time, with no subject.
    '(?:relaxed|laid back|chilled|easy ?going|flexible) (?:about|on|with) (?:the )?(?:timing|timings|time|timescale|when|dates?)',
    // "in due course", "dreckly" (the West Country's "some time or other"), "manana": not now,
    // some day.
    'in (?:due course|the fullness of time)',
    'dreckly|manana|one of these days|eventually',
    '(?:getting|get) a feel for (?:prices|the market|what)',
    // "there's no timescale really", "no set date", "no deadline as such".
    'no (?:real |particular |set |fixed |actual )?(?:timescale|time ?scale|time ?frame|timeline|deadline|date|time limit)s?',
    // "open-ended", "we'll see how it goes", "play it by ear": no date, only waiting to see.
    'open ended',
    "(?:we'll|well|we will|i'll|ill|i will|just|let's|lets) see how (?:it|things|we) (?:goes|go|get on|pan out)",
    'play (?:it|things) by ear',
    'wait and see',
    ALL_THE_SAME,
  ]),
];

/** Weeks under which a counted time means "at once": a fortnight is the least a sale is given. */
const UNDER_A_FORTNIGHT = 2 - 1e-9;

/** The most years ahead a caller plans a sale: "within five years" is a plan, "thirty years" is not. */
const MOST_YEARS_AHEAD = 10;

const UNIT_WEEKS: ReadonlyMap<string, number> = new Map([
  ['day', 1 / 7],
  ['days', 1 / 7],
  ['week', 1],
  ['weeks', 1],
  ['wk', 1],
  ['wks', 1],
  ['fortnight', 2],
  ['fortnights', 2],
  ['month', 52 / 12],
  ['months', 52 / 12],
  ['year', 52],
  ['years', 52],
  ['quarter', 13],
  ['quarters', 13],
  // "in a year's time", "in two weeks' time".
  ["day's", 1 / 7],
  ["week's", 1],
  ["fortnight's", 2],
  ["month's", 52 / 12],
  ["year's", 52],
]);

/** Vague quantities people use instead of numbers. */
const VAGUE_COUNTS: readonly [RegExp, number][] = [
  // "a quarter of a year", "three quarters of a year", "half of a month": a part of one.
  [/^(?:a )?quarter of an?$/, 0.25],
  [/^(?:three|3) quarters of an?$/, 0.75],
  [/^half of an?$/, 0.5],
  [/^a couple(?: of)?$/, 2],
  [/^couple(?: of)?$/, 2],
  [/^a few$|^few$/, 3],
  [/^several$/, 4],
  // "half a year", "half a month": the half of one.
  [/^half an?$/, 0.5],
  // "within the next half year".
  [/^half$/, 0.5],
  [/^a$|^an$|^one$/, 1],
];

/** The caller's timeline, or null when they said nothing about timing. */
/**
 * A question about the agent's side: "how quickly could you complete?", "how long does it take
 * you to buy". Only the question goes; recognisers seldom stop a sentence, so the caller's own
 * answer may follow it in the same breath ("how fast can you do it we'd want it in 6 weeks").
 */
const QUESTION_TO_AGENT =
  /\b(?:how (?:quick(?:ly)?|soon|fast|long)|what(?:'s| is) your (?:timescale|timeline|time frame)) (?:(?:can|could|would|will|do|does|did|is|are) )?(?:you|yous|ye|it take you|it take|that take)?(?: (?:complete|completing|buy|buying|do|move|pay|sort|go|take|it|the|sale|purchase|normally|usually|typically|complete on it)){0,3}\b\??/gi;

/**
 * "id like it sorted by may", "wed love": "i'd" and "we'd" with the apostrophe dropped, whose
 * "like" would otherwise be taken for the filler.
 */
const WOULD_LIKE = /\b(i|we|you|they)d (like|love)\b/gi;

export interface TimelineOptions {
  /**
   * How the words came: asked "how soon?" (a tenancy's end is then the answer, "when the lease
   * ends"), or volunteered while another question was put (only a clause about the sale or the
   * move counts). Unset, a reading of words alone: every clause but a tenancy's dates.
   */
  said?: 'asked' | 'volunteered';
}

export function extractTimeline(
  text: string,
  now: Date,
  zone = 'Europe/London',
  options: TimelineOptions = {},
): ExtractedTimeline | null {
  // A question to the agent ("how quickly could you complete?") says nothing of the caller's own
  // timeline: what was asked is left out, and what was said around it is read.
  const said = text.replace(QUESTION_TO_AGENT, ' ').replace(WOULD_LIKE, "$1'd $2");
  if (options.said === 'volunteered') return readWords(timelineClauses(said), now, zone);
  const normalised = normaliseUtterance(said);
  // Asked, a tenancy's end is the answer only when the caller gives no time of their own: "the
  // contract runs till june, but i'm not fussed, whenever" is flexible.
  const own = readWords(withoutTenancyDates(normalised), now, zone);
  return own !== null || options.said !== 'asked' ? own : readWords(normalised, now, zone);
}

/** The timeline in normalised words, with restarts and sound-alikes put right. */
function readWords(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const restarted = withoutOthersWishes(normalised)
    .replace(DOUBLED_SPEED, 'as quick as possible')
    .replace(STUTTER, '$1')
    .replace(HEARD_WRITE, 'right')
    .replace(CLIPPED_OF, '$1 of')
    .replace(HEARD_WEAK, '$1week')
    .replace(HEARD_EIGHT, 'eight')
    .replace(HEARD_ONE, 'one')
    .replace(HEARD_FOUR, '$1 four ')
    .replace(HEARD_TWO, '$1 two ')
    .replace(CLIPPED_OF_AS_A, '$1 of ')
    .replace(HEARD_ORE, '$1 or')
    .replace(SHORT_MONTHS, 'months')
    .replace(SHORT_YEARS, 'years');
  return correctedTimeline(restarted, now, zone) ?? timelineIn(restarted, now, zone);
}

/**
 * Someone else pressing the caller: "our kid keeps mithering me to", "the wife's on at me to",
 * "my son wants me to".
 */
const PRESSED_BY_ANOTHER =
  /\b(?:mithering|nagging|pestering|badgering|hassling|pushing|chivvying|on at|telling|wants|wanted) (?:me|us) (?:to|into)\b/;
/** A turn to the caller's own view: "..., but i'm not in a rush meself". */
const CONTRAST = /\b(?:but|though|although|whereas)\b/;

/**
 * "our kid keeps on at me to sell it quick, but i'm not in a rush": what someone else presses
 * for, set against the caller's own view after a "but", is not the caller's timeline.
 */
function withoutOthersWishes(normalised: string): string {
  if (!PRESSED_BY_ANOTHER.test(normalised)) return normalised;
  const clauses = normalised.split(CONTRAST);
  const last = clauses.length - 1;
  return clauses.filter((clause, i) => i === last || !PRESSED_BY_ANOTHER.test(clause)).join(' but ');
}

/**
 * "quick quick", "fast, fast": a word of speed said twice over is stressed, as "very quick" is,
 * a need for the sale at once; read before restarts are put right, which would leave one "quick".
 */
const DOUBLED_SPEED = /\b(quick|quickly|fast)(?: \1)+\b/g;

/**
 * "the write place", "write away": the recogniser's sound-alike for "right"; nothing is written
 * in an answer about when to sell.
 */
const HEARD_WRITE = /\bwrite\b/g;

/**
 * Words the caller starts again on: "end of end of july", "depends if i i find somewhere". A
 * timeline holds no postcode, so even single letters may go (the shared normaliser keeps them);
 * "twenty twenty six" is a year, not a stutter, and "if it goes, it goes", "when it sells it
 * sells" a shrug.
 */
const STUTTER =
  /\b(?!twenty\b)(?!(?<=\b(?:if|when|whenever|once) )it(?:'s|s)? )([a-z']+(?: [a-z']+){0,2})(?: \1)+\b/g;

/** "the back end o' the year", "end o' june", "first week o' may": "of" clipped to "o'". */
const CLIPPED_OF = /\b(end|middle|start|beginning|week|weekend|half|quarter|couple|rest) o\b/g;
/**
 * "next weak", "a couple of weak", "in a weak": "week" misheard as its sound-alike after a count,
 * "next" or "in a"; "a weak market" is left alone.
 */
const HEARD_WEAK =
  /\b((?:next|this|first|second|third|fourth|last|few|of|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:in|within|inside|under|about|than) a) )weak(?=s?\b)/g;

/**
 * "ate weeks", "make it ate", "won month": "eight" and "one" as the recogniser's sound-alikes,
 * before a unit of time or after the words that give a number ("make it", "call it", "or").
 */
const HEARD_AS = (sound: string): RegExp =>
  new RegExp(
    String.raw`\b${sound}\b(?= (?:days?|weeks?|fortnights?|months?|years?)\b)|(?<=\b(?:make (?:it|that)|call it|say|or|to) )${sound}\b`,
    'g',
  );
const HEARD_EIGHT = HEARD_AS('ate');
const HEARD_ONE = HEARD_AS('won');

/** A unit of time, as a count's sound-alike must be followed by one. */
const UNIT_AHEAD = '(?=(?:days?|weeks?|fortnights?|months?|years?)\\b)';
/** Words that ask for a count after them: "within for weeks" is "within four weeks". */
const COUNT_WANTED = '\\b(within|in|inside|next|about|around|roughly|say|maybe|like|under) ';
/** "within for weeks", "in fore months": "four" as the recogniser's sound-alike. */
const HEARD_FOUR = new RegExp(`${COUNT_WANTED}(?:for|fore) ${UNIT_AHEAD}`, 'g');
/** "in to months time", "within too weeks": "two" as the recogniser's sound-alike. */
const HEARD_TWO = new RegExp(`${COUNT_WANTED}(?:to|too) ${UNIT_AHEAD}`, 'g');
/** "couple a months": "of" clipped to "a" before a unit of time. */
const CLIPPED_OF_AS_A = new RegExp(`\\b(couple|few) a ${UNIT_AHEAD}`, 'g');
/** Units written short, as some recognisers and typed answers do: "12 mths", "2 yrs". */
const SHORT_MONTHS = /\b(?:mths?|mnths?)\b/g;
const SHORT_YEARS = /(?<=\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten) )yrs?\b/g;
/** "a month ore two": "or" as "ore" after a unit of time. */
const HEARD_ORE = /\b(days?|weeks?|fortnights?|months?|years?) ore\b/g;

/**
 * Words with which a caller takes back what they just said: "three months, actually sooner, a
 * month", "six weeks, no, hang on, four", "two months, scratch that, one", "make that a fortnight";
 * or gives way to another's time: "a couple of months, she says three, go on then, three".
 * "Seriously" alone only stresses what was said ("yesterday, seriously, the bill's due on the
 * 20th"); with "but" or "though" it turns from a joke to the answer.
 */
const TAKEN_BACK =
  /\b(?:actually|go on then|(?:ok|okay|alright|all right|fine) then|fair enough|let's say|lets say|call it|no sorry|sorry|or rather|no wait|(?:no )?(?:hang|hold) on|wait a (?:sec|second|minute|mo)|scratch that|make (?:that|it)|let me (?:think|rethink)|(?:i )?tell a lie|i lie|i meant|(?:or )?should i say|what am i (?:on about|saying)|correction|(?:no )?(?:i'm|im|i am|only|just) (?:joking|kidding|messing|having you on|pulling your leg)|joking aside|but seriously(?: though)?|seriously though)\b/g;

/**
 * "a wedding in september, so not before that, october time", "after that, the spring": the date
 * before is only the earliest, and a date said after it is when the caller means to sell. So too
 * a date that bounds the sale from the other side ("for christmas, so before then, november") or
 * is ruled out ("easter's no good, we're away, mid june").
 */
const NOT_BEFORE =
  /\b(?:not (?:before|till|until|sooner than) (?:that|then)|(?:only |but )?after (?:that|then)|once (?:that's|thats|that is) (?:over|done|out of the way)|before (?:that|then)|(?:won't|wont|doesn't|doesnt|does not|wouldn't|wouldnt) work)\b|(?:'s|s| is| would be) (?:no good|no use|too soon|too early)\b/g;

/**
 * "june, no, july", "six weeks no eight": a bare "no" between two times puts the first right.
 * ("no rush", "no later than" follow no time of their own.)
 */
const BARE_NO = new RegExp(
  String.raw`(?<=\b(?:${[...MONTH_NAMES.keys()].join('|')}|weeks?|months?|spring|summer|autumn|winter|christmas|easter)) no\b(?= (?:sorry |wait |actually )?(?:${[...MONTH_NAMES.keys()].join('|')}|end|early|mid|late|by|before|a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|few)\b)`,
  'g',
);

/** The timeline said after the caller put right one they had given in the same breath. */
function correctedTimeline(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  // The last few markers only: each look reads the whole turn, and a turn may hold hundreds.
  const markers = [
    ...[...normalised.matchAll(TAKEN_BACK)].slice(-3),
    ...[...normalised.matchAll(NOT_BEFORE)].slice(-3),
    ...[...normalised.matchAll(BARE_NO)].slice(-3),
  ]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .slice(-3)
    .reverse();
  for (const m of markers) {
    const at = m.index ?? 0;
    const before = normalised.slice(0, at);
    if (timelineIn(before, now, zone) === null) continue;
    const rest = normalised.slice(at + m[0].length);
    // "the thirty-first of march, so before then, next year", "june, sorry, next year": a year said
    // after the marker only places the date said before it.
    // ("before then" keeps its "before": the sale is due ahead of that date.)
    if (YEAR_ALONE.test(rest)) {
      const lead = /^before\b/.test(m[0]) ? 'before ' : '';
      return timelineIn(`${lead}${before.replace(TRAILING_JOIN, '')} ${rest.trim()}`, now, zone);
    }
    // "..., so before then, ideally a few weeks before": counted from the date said before the
    // marker, so read with it.
    if (OFFSET.test(rest)) {
      const counted = datedIn(normalised, now, zone);
      if (counted !== null) return counted;
    }
    const later = timelineIn(withUnitCarried(rest, before), now, zone);
    if (later !== null) return later;
  }
  return concludedTimeline(normalised, now, zone);
}

/** A year and nothing more: "next year", "of next year", "this year". */
const YEAR_ALONE = /^\s*(?:,\s*)?(?:(?:of|in) )?(?:next|this|the following) year\s*$/;
/** Joins and breaks that close what came before a marker: "march, so". */
const TRAILING_JOIN = /(?:\s|,|\b(?:so|and|but|or)\b)*$/;

/** Words that may come before the date a caller settles on: "so, er, probably july". */
const SETTLING =
  /^(?:(?:er|erm|um|well|probably|maybe|say|about|around|roughly|realistically|like|i'd say|id say|i reckon|call it|let's say) )*/;

/**
 * "he won't be out till the end of june, so july, i'd say", "we were waiting until the summer, so
 * september": after a wait until one date, a date said after "so", at the head of its clause, is
 * the one the caller settles on. ("before school goes back, so september" only says it again.)
 * So too a sum worked out loud: "twelve weeks from the order, that was a fortnight ago, so ten
 * weeks", "the new let starts in september, so by the end of august": the time said straight
 * after the last "so" is the answer.
 */
function concludedTimeline(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const at = normalised.lastIndexOf(' so ');
  if (at < 0) return null;
  const head = normalised
    .slice(at + 4)
    .replace(SETTLING, '')
    .split(' ')
    .slice(0, 5);
  const waited = /\b(?:till|until|til)\b/.test(normalised.slice(0, at));
  if (!waited && !opensWithTime(head)) return null;
  const later = datedIn(head.join(' '), now, zone);
  if (later === null) return null;
  const said = normalised.slice(0, at);
  const before = timelineIn(said, now, zone);
  if (before?.weeks === undefined) return null;
  const concluded = datedIn(normalised.slice(at + 4), now, zone);
  // "before the schools go back, so september": a time after a deadline of the caller's own only
  // says the deadline again, loosely.
  const restated = BOUNDED.test(said) && (concluded?.weeks ?? 0) > before.weeks;
  return restated ? null : concluded;
}

/** A deadline set with "before" or "by": what follows "so" cannot be later than it. */
const BOUNDED = /\b(?:before|by)\b/;

/** The first word of a time said as the answer: "by", "end", "ten", "a", "june". */
const TIME_OPENER =
  /^(?:by|before|in|within|inside|under|end|mid|middle|early|late|start|beginning|the|next|this|a|an|couple|few|several|half|\d+|christmas|xmas|easter|spring|summer|autumn|winter)$/;

/** Words that begin with the time itself: "ten weeks really", "by the end of august". */
function opensWithTime(words: readonly string[]): boolean {
  const first = words[0] ?? '';
  return TIME_OPENER.test(first) || MONTH_NAMES.has(first) || scanNumberAt(words, 0) !== null;
}

/**
 * "six weeks, no, hang on, four", "three months, make that two": the number put right keeps the
 * unit of the one it replaces.
 */
function withUnitCarried(later: string, before: string): string {
  const unit = tokenise(before).findLast((t) => UNIT_WEEKS.has(t));
  if (unit === undefined) return later;
  const tokens = tokenise(later.trim());
  const first = tokens.findIndex((t) => !/^(?:er|erm|um|uh|well|so)$/.test(t));
  const count = first < 0 ? null : scanNumberAt(tokens, first);
  if (count === null || UNIT_WEEKS.has(tokens[count.end] ?? '')) return later;
  return [...tokens.slice(0, count.end), unit, ...tokens.slice(count.end)].join(' ');
}

/**
 * Dates offered as guesses beside a shrug: "whenever, could be next month, could be next year",
 * "maybe june, maybe september, i'm not fussed". No one date is the caller's.
 */
const GUESSED_DATES =
  /\b(?:could|might|may) be\b.*\b(?:could|might|may) be\b|\bmaybe\b.*\bmaybe\b|\beither\b(?! way).*\bor\b/;

/**
 * The date that binds when two are given: "in the new place for christmas, so completion end of
 * november at the latest", "june ideally, september latest", "by june, no later than the 20th".
 * The marker follows its date ("at the latest") or leads it ("no later than").
 */
const LATEST_AFTER =
  /\b(?:at the (?:very )?latest|(?:absolute |very )?latest|at the outside|tops|max|maximum|at (?:the )?(?:very )?most)\b/;
const LATEST_BEFORE =
  /\b(?:no later than|(?:at the )?latest by|the latest being|at (?:the )?(?:very )?most|max|maximum|(?:no|not) (?:more|longer) than)\b/;
/** Where a date said beside another ends: a join, a comma, or the wish that goes with it. */
const DATE_BREAK =
  /\s*,\s*|\b(?:and|but|so|because|cos|which|though|although|or|ideally|preferably|hopefully|really|yeah|then)\b/;

/**
 * The date the caller called the latest, or null. A marker that follows binds the time said
 * just before it: "a week, two weeks tops" is two weeks.
 */
function latestIn(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const before = LATEST_BEFORE.exec(normalised);
  const led =
    before === null ? '' : (normalised.slice(before.index + before[0].length).split(DATE_BREAK)[0] ?? '');
  const leading = before === null ? null : datedIn(led, now, zone);
  if (leading !== null) return leading;
  const after = LATEST_AFTER.exec(normalised);
  if (after === null) return null;
  const part = normalised.slice(0, after.index).split(DATE_BREAK).at(-1) ?? '';
  return lastDuration(tokenise(part.trim())) ?? datedIn(part, now, zone);
}

/** The duration said last: "a week, two weeks" is two weeks. */
function lastDuration(tokens: readonly string[]): ExtractedTimeline | null {
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (readCount(tokens, i) === null) continue;
    const duration = findDuration(tokens.slice(i));
    if (duration !== null) return duration;
  }
  return null;
}

/** The urgency phrases the caller asserts, in the order said. */
function assertedUrgencies(normalised: string): PhraseMatch<Urgency>[] {
  const asserted = findPhraseMatches(normalised, URGENCY_RULES).filter(
    (m) => !m.negated || isPastNegation(normalised, m),
  );
  return asserted.filter((m) => !isFormerView(normalised, m, asserted));
}

/**
 * A view the caller held once or would have held: "a year ago i'd have said no rush", "at first we
 * were easy", "originally", "we used to be in a hurry".
 */
const FORMER_VIEW =
  /\b(?:(?:i|we)(?:'d|d| would)(?: have|'ve| ve) (?:said|been|thought)|used to (?:be|think|say)|at one (?:time|point|stage)|at first|to begin with|originally|initially|once upon a time|back then|(?:a|one|last) (?:year|while|month)s? ago|(?:weeks|months|years) ago|before all this)\b/;
/** A turn from one view to another. */
const TURN = /\b(?:but|though|although|however|whereas)\b/g;

/**
 * "a year ago i'd have said no rush, but with the divorce i need it sold quick": a former view,
 * turned from after a "but" to another said after it, is not the caller's now.
 */
function isFormerView(
  normalised: string,
  m: PhraseMatch<Urgency>,
  asserted: readonly PhraseMatch<Urgency>[],
): boolean {
  const turns = [...normalised.matchAll(TURN)].map((t) => t.index ?? 0);
  const from = turns.filter((t) => t < m.index).at(-1) ?? 0;
  if (!FORMER_VIEW.test(normalised.slice(from, m.index + m.length))) return false;
  const turn = turns.find((t) => t > m.index);
  return turn !== undefined && asserted.some((o) => o.index > turn);
}

/**
 * How pressed the caller is: the first urgency they assert, except that a wish for speed ("proper
 * soon") gives way to a need for it said after ("this week if i could").
 */
function urgencyOf(asserted: readonly PhraseMatch<Urgency>[]): Urgency | undefined {
  const first = asserted[0];
  const needed = asserted.some((m) => m.value === 'asap');
  // "depends on the price, if it's right, tomorrow": the wait is on the money, not the date.
  const onMoney = first?.value === 'flexible' && ON_MONEY_WORDS.test(first.text);
  return (first?.value === 'soon' || onMoney) && needed ? 'asap' : first?.value;
}

/**
 * Whether every clause of the answer, once the urgency phrases are taken out, that may hold a
 * date tells of something other than the sale (timeline-clauses.ts).
 */
function onlyOtherEvents(
  normalised: string,
  asserted: readonly PhraseMatch<Urgency>[],
  now: Date,
  zone: string,
): boolean {
  let blanked = '';
  let from = 0;
  for (const m of asserted) {
    // The phrase's own subject goes with it: "we're in no hurry", "there's no rush".
    blanked += `${normalised.slice(from, m.index).replace(URGENCY_SUBJECT, '')} , `;
    from = m.index + m.length;
  }
  return datesOnlyOfOtherEvents(
    blanked + normalised.slice(from),
    (clause) => datedIn(clause, now, zone) !== null,
  );
}

/** Who is, or is not, in a rush, said just before it: "we're", "i'm not", "there's". */
const URGENCY_SUBJECT =
  /\b(?:we're|were|we are|i'm|im|i am|there's|theres|there is|it's|its|it is|we|i)(?: (?:not|really|just))?\s*$/;

/** Words of a wait on the money: "depends on the price", "when the right offer comes". */
const ON_MONEY_WORDS = /\b(?:price|offer|offers|money|figure|number|pay|pays|get)\b/;

/**
 * "not a sniff, so as quick as you like": a "so" after the "not" starts a clause of its own, which
 * the "not" does not reach.
 */
function isPastNegation(normalised: string, m: PhraseMatch<Urgency>): boolean {
  // The negation reaches a few words only, so a short stretch before the phrase holds it.
  const before = normalised.slice(Math.max(0, m.index - 40), m.index);
  const negator = [...before.matchAll(NEGATOR)].at(-1);
  return negator !== undefined && /\bso\b/.test(before.slice(negator.index));
}
/** The words that negate what follows: the last of them before a phrase is the one that counts. */
const NEGATOR = /\b(?:not|never|isn't|isnt|doesn't|doesnt|don't|dont|won't|wont|ain't|aint|no)\b/g;

function timelineIn(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const asserted = assertedUrgencies(normalised);
  const urgency = urgencyOf(asserted);
  if (urgency === 'asap') return { kind: 'asap', label: 'as soon as possible' };
  if (urgency === 'flexible' && (GUESSED_DATES.test(normalised) || SHRUGGED.test(normalised)))
    return { kind: 'flexible', label: 'flexible, no fixed date' };
  // Beside how pressed the caller is, another thing's time is not read at all ("my lad's course
  // starts in two weeks, no rush on the house").
  const dated =
    latestIn(normalised, now, zone) ??
    (urgency === undefined ? datedIn(normalised, now, zone) : datedBy(normalised, now, zone, true));
  // "whenever, i've the caravan for the summer", "no rush, the funeral's on the seventeenth": beside
  // how pressed the caller is, a date of something else is not a deadline.
  if (
    dated !== null &&
    (urgency === undefined ||
      dated.label.startsWith('within') ||
      !onlyOtherEvents(normalised, asserted, now, zone))
  )
    return dated;
  if (urgency === 'soon') return { kind: 'asap', label: 'as soon as possible' };
  return urgency === 'flexible' ? { kind: 'flexible', label: 'flexible, no fixed date' } : null;
}

/**
 * A duration or a date said as the deadline, or null. A duration told of another thing's own
 * event ("the divorce goes through in a couple of months, then we can sell, say three months",
 * "the mortgage term ends in three years, i'd like it gone this year") gives way to any other
 * time said; it is read only when none is.
 */
function datedIn(normalised: string, now: Date, zone: string): ExtractedTimeline | null {
  const own = datedBy(normalised, now, zone, true);
  if (own !== null) return own;
  // Read again with another thing's durations only when one was set aside: the second reading
  // would otherwise be the first one over again.
  const tokens = tokenise(normalised);
  const setAside = tokens.some((_, i) => readCount(tokens, i) !== null && ofAnotherEvent(tokens, i));
  return setAside ? datedBy(normalised, now, zone, false) : null;
}

function datedBy(
  normalised: string,
  now: Date,
  zone: string,
  besideOtherEvents: boolean,
): ExtractedTimeline | null {
  const duration = findDuration(tokenise(normalised), besideOtherEvents);
  if (duration !== null)
    return (
      (duration.weeks !== undefined && offsetFromDate(normalised, duration.weeks, now, zone)) || duration
    );
  // Dates of things that already happened ("she passed in the summer", "we've had two fall
  // through this year") are not deadlines, nor is when a trip is ("a fortnight away in may").
  const ahead = forwardClauses(withoutTrips(normalised)).replace(RULED_OUT, ' , ');
  if (WITHIN_A_YEAR.test(ahead)) return { kind: 'months', weeks: 52, label: 'within 12 months' };
  if (WITHIN_A_MONTH.test(ahead)) return { kind: 'weeks', weeks: 4, label: 'within a month' };
  if (WITHIN_A_QUARTER.test(ahead)) return { kind: 'months', weeks: 13, label: 'within 3 months' };
  const units = unitsAlone(ahead);
  if (units !== null) return units;
  const today = todayIn(now, zone);
  if (/\bthis week\b/.test(ahead)) return { kind: 'weeks', weeks: 1, label: 'this week' };
  if (/\bnext week\b/.test(ahead)) return { kind: 'weeks', weeks: 2, label: 'next week' };
  const target = findTimelineTarget(withoutHolidays(ahead), today) ?? findTimelineTarget(ahead, today);
  if (target === null && THIS_YEAR.test(ahead))
    return { kind: 'months', weeks: 52, label: 'within 12 months' };
  if (target !== null) {
    const days = target.date.diff(asUtcDay(today), 'days').days;
    // A sale due before a day has only the whole weeks that fit before it; one due by a day or
    // in a month has the week the day falls in too.
    const weeks = Math.max(1, setsDeadline(ahead, BEFORE) ? Math.floor(days / 7) : Math.ceil(days / 7));
    // The weeks go in the label too, so a stored label can be re-scored without the call date.
    const label = `${target.label} (about ${weeks} week${weeks === 1 ? '' : 's'})`;
    return { kind: weeks <= 8 ? 'weeks' : 'months', weeks, label };
  }
  return null;
}

/** A deadline the sale must beat: "before the twentieth", "before my wedding on the 12th". */
const BEFORE = /\bbefore\b/g;

/**
 * The call's moment in its zone. A turn reads many texts at the same moment, and building the
 * zoned time is most of a date's cost, so the last one is kept (it cannot change: DateTime is
 * immutable).
 */
let lastToday: { ms: number; zone: string; value: DateTime } | null = null;
function todayIn(now: Date, zone: string): DateTime {
  const ms = now.getTime();
  if (lastToday === null || lastToday.ms !== ms || lastToday.zone !== zone)
    lastToday = { ms, zone, value: DateTime.fromJSDate(now, { zone }) };
  return lastToday.value;
}

/** "this time next year", "same time next month": a year or a month on from today. */
const THIS_TIME_NEXT = '(?:this|the same|same) time next';
const WITHIN_A_YEAR = new RegExp(
  String.raw`\b(?:within|in|inside|under|over|during) (?:the|a|this|the next|the coming|twelve|12) (?:year|12 months|twelve months)\b|\bthe next (?:year|12 months|twelve months)\b|\bnext year or so\b|\b${THIS_TIME_NEXT} year\b`,
);
/**
 * "this year" alone: within the year, unless a date is named beside it ("christmas this year",
 * "after christmas, my son has exams this year"), which is the sharper answer.
 */
const THIS_YEAR = /(?<!\bnot )\bthis (?:calendar )?year\b/;
/** "within the quarter", "by the end of this quarter": the three months of a business quarter. */
const WITHIN_A_QUARTER =
  /\b(?:within|in|inside|by the end of|end of|before the end of) (?:the|this) quarter\b|\bthis quarter\b/;
const WITHIN_A_MONTH = new RegExp(
  String.raw`\b(?:within|in|inside) (?:the|a|this) month\b|\bthis month\b|\b${THIS_TIME_NEXT} month\b`,
);

/**
 * A unit with no count: "weeks, not months" (under a month), "months rather than years" (within
 * the year), "a matter of weeks" and "within days" (a few of them). Not "in months", which is
 * as often how long something has not happened.
 */
const UNIT_NOT_LONGER =
  /\b(days|weeks|months)(?: (?:not|rather than|instead of|and not|as opposed to|not even)) (weeks|months|years)\b/;
const MATTER_OF =
  /\b(?:a matter of|within|inside(?: of)?) (?:a few |just )?(days|weeks|months)\b(?! (?:ago|old|behind|in arrears))/;
/** Under one of the longer unit: "weeks, not months" is within a month. */
const UNDER_ONE: ReadonlyMap<string, { weeks: number; label: string }> = new Map([
  ['weeks', { weeks: 1, label: 'within a week' }],
  ['months', { weeks: 4, label: 'within a month' }],
  ['years', { weeks: 52, label: 'within 12 months' }],
]);
/** A few of the unit: "a matter of weeks" is within a month, "within months" a few months. */
const A_FEW: ReadonlyMap<string, { weeks: number; label: string }> = new Map([
  ['days', { weeks: 1, label: 'within days' }],
  ['weeks', { weeks: 4, label: 'within weeks' }],
  ['months', { weeks: 13, label: 'within a few months' }],
]);

function unitsAlone(ahead: string): ExtractedTimeline | null {
  const limit = UNIT_NOT_LONGER.exec(ahead);
  const few = MATTER_OF.exec(ahead);
  const said = limit === null ? A_FEW.get(few?.[1] ?? '') : UNDER_ONE.get(limit[2] ?? '');
  if (said === undefined) return null;
  return { kind: said.weeks <= 8 ? 'weeks' : 'months', weeks: said.weeks, label: said.label };
}

/**
 * A time counted from a date rather than from now: "a few weeks before the ninth of august",
 * "ready twelve weeks after that" (the first of march, said before), "a fortnight before
 * christmas". The unit is followed straight away by "before" or "after".
 */
const OFFSET = /\b(?:days?|weeks?|fortnights?|months?)(?: or so)? (before|after)\b/;

/** "within 6 weeks, before the summer": a time from now, then a bound of its own. */
const FROM_NOW =
  /\b(?:within|inside|under|in)(?: the next| about| around| a)? (?:[a-z0-9-]+ ){0,3}(?:days?|weeks?|fortnights?|months?)(?: or so)? (?:before|after)\b/;

/**
 * The deadline a counted time from a date gives: that date, moved by the weeks counted. Counted
 * after a date already gone this year ("reserved on the first of march, ready twelve weeks after
 * that"), it is this year's date when the sum still lies ahead. Null when no date is said to
 * count from.
 */
function offsetFromDate(
  normalised: string,
  weeks: number,
  now: Date,
  zone: string,
): ExtractedTimeline | null {
  const offset = OFFSET.exec(normalised);
  if (offset === null || FROM_NOW.test(normalised)) return null;
  const sign = offset[1] === 'before' ? -1 : 1;
  const rest = `${normalised.slice(0, offset.index)} , ${normalised.slice(offset.index + offset[0].length)}`;
  const today = asUtcDay(todayIn(now, zone));
  const anchor = findTimelineTarget(forwardClauses(rest), todayIn(now, zone));
  if (anchor === null) return null;
  const lastYears = anchor.date.minus({ years: 1 }).plus({ weeks: weeks * sign });
  const due =
    sign > 0 && anchor.date.minus({ years: 1 }) < today && lastYears > today
      ? lastYears
      : anchor.date.plus({ weeks: weeks * sign });
  const days = due.diff(today, 'days').days;
  if (days < 0) return null;
  const counted = Math.max(1, Math.ceil(days / 7));
  // The day the sum comes to, as the caller would say it: "by 19 July".
  const label = `by ${due.toFormat('d MMMM')} (about ${counted} week${counted === 1 ? '' : 's'})`;
  return { kind: counted <= 8 ? 'weeks' : 'months', weeks: counted, label };
}

/** A clause about a holiday or a trip: "in the easter holidays i'm going to see family". */
const HOLIDAY = /\b(?:holiday|holidays|hols|vacation|trip)\b/;

/**
 * The clauses that may name a deadline, less those about a holiday with no word of the sale:
 * "in easter holiday i am going to pakistan for three week, then we start, and finish by end of
 * july" is due by the end of July. When only a holiday's clause holds a date, it is read as
 * before (timelineIn), as "after our holiday in july" may be all the caller says.
 */
function withoutHolidays(ahead: string): string {
  if (!HOLIDAY.test(ahead)) return '';
  return ahead
    .split(JOINED_OR_COMMA)
    .filter((clause) => !HOLIDAY.test(clause) || SALE_WORDS.test(clause))
    .join(' , ');
}

/** Words of a clause about something already done: its dates are history, not a deadline. */
const PAST_EVENT =
  // "were in no hurry" is "we're" without its apostrophe, the present; "the last week of june"
  // is a week to come.
  /\b(?:passed|died|bought|was|were(?! (?:in no|in any|in a|not|looking|aiming|planning|thinking|hoping|happy|easy|flexible)\b)|happened|lost|since|last(?! (?:(?:few |couple of )?(?:days?|nights?|weeks?|weekends?|fortnights?|months?)|(?:working|business) days?|bit|part|half|quarter|monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:of|in)\b)|ago|had|did|went|moved|inherited|got divorced|split up|left)\b/;
/** Words that keep a clause about the sale even when it has a past verb ("had hoped to sell by june"). */
const SALE_WORDS =
  /\b(?:sell|sold|selling|sale|move|moving|complete|completion|gone|by|before|within|ideally|hoping|want|need|like)\b/;

/**
 * When something already happened, with its date: "she passed away in march", "we bought it in
 * 2019", "moved out over the summer", "dad died on the second of january". The date is history
 * even in a clause about selling.
 */
const DATED_PAST_EVENT =
  /\b(?:passed(?: away| on)?|died|was|signed(?: up| on| it)?|started|began|bought (?:it|the house|the place|the property)|inherited (?:it|the house|the place)|moved (?:out|in|away)|lost (?:him|her|them|my [a-z]+)|split up|got divorced|separated|went into (?:a )?(?:care|home|hospital))(?: (?:back|earlier|late|early))? (?:in|on|during|over|at|around|last|back in) (?:the )?[a-z0-9]+(?: of [a-z]+)?(?: [a-z0-9]+)?/g;

/**
 * "gone since november", "empty since the back end of last year": a date after "since" is when
 * something began, always behind the caller. The whole date goes ("since the back end of
 * october"), so no part of it ("end of october") is left to read as a deadline.
 */
const SINCE_DATE =
  /\bsince (?:(?:the )?(?:(?:back|tail|front|very) )?(?:start|end|beginning|middle|turn) of (?:the |last |this )?|last |the |early |late |mid )?[a-z0-9]+/g;

/**
 * A time the caller rules out: "not tomorrow, but not next year", "never sell in winter", "not
 * june, july". It is not the deadline. "Not till june" and "not before june" name the earliest,
 * and "not this year" the year after (timeline-targets.ts): neither is taken out.
 */
const RULED_OUT = new RegExp(
  String.raw`\b(?:not|never)(?: (?:sell|selling|move|moving))?(?: (?:in|during|over|by))?(?: the| next)? (?:year|tomorrow|spring|summer|autumn|fall|winter|${[...MONTH_NAMES.keys()].join('|')})\b`,
  'g',
);

/** The clauses that may name a deadline: those not about something already done. */
function forwardClauses(normalised: string): string {
  return normalised
    .replace(DATED_PAST_EVENT, ' , ')
    .replace(SINCE_DATE, ' , ')
    .split(JOINED)
    .filter((clause) => !PAST_EVENT.test(clause) || SALE_WORDS.test(clause))
    .join(' , ');
}

/** "within 3 months", "6 to 8 weeks", "a month or two", "next few weeks": the longest end counts. */
function findDuration(tokens: readonly string[], besideOtherEvents = false): ExtractedTimeline | null {
  for (let i = 0; i < tokens.length; i++) {
    const count = readCount(tokens, i);
    // "£1,800 a year", "650 a month": a rate, not a time to sell in.
    if (count === null || isRate(tokens, i)) continue;
    if (besideOtherEvents && ofAnotherEvent(tokens, i)) continue;
    let { value, end } = count;
    // "six to eight weeks", "two or three months": take the upper end.
    if (/^(?:to|or|and)$/.test(tokens[end] ?? '')) {
      const upper = readCount(tokens, end + 1);
      if (upper !== null && UNIT_WEEKS.has(tokens[upper.end] ?? '')) ({ value, end } = upper);
    }
    const unit = tokens[end] ?? '';
    const perUnit = UNIT_WEEKS.get(unit);
    if (perUnit === undefined) continue;
    // "marriage breakdown, twenty-three years": more years than anyone waits to sell in is how
    // long something lasted.
    if (isPastDuration(tokens, i, end) || (unit.startsWith('year') && value > MOST_YEARS_AHEAD)) {
      // Its own words are history too: "thirty seven years" is not also "seven years".
      i = end;
      continue;
    }
    // "a year and a half", "a month and a half": the half goes with the unit before it.
    if (tokens[end + 1] === 'and' && tokens[end + 2] === 'a' && tokens[end + 3] === 'half') value += 0.5;
    // "a month or two": the second number uses the same unit.
    const orMore = tokens[end + 1] === 'or' ? scanNumberAt(tokens, end + 2) : null;
    if (orMore !== null && orMore.value > value) value = orMore.value;
    // Days round up to whole weeks; months are 52/12 weeks, so "3 months" is 13 weeks.
    const raw = value * perUnit;
    // "within a week or so", "in ten days", "a few days": no sale completes that fast, so a time
    // under a fortnight is a need for the sale at once.
    if (raw < UNDER_A_FORTNIGHT) return { kind: 'asap', label: 'as soon as possible' };
    const weeks = Math.max(1, unit.startsWith('day') ? Math.ceil(raw - 1e-9) : Math.round(raw));
    const byMonth = unit.startsWith('month') || unit.startsWith('year');
    const unitLabel = byMonth
      ? unit.startsWith('year')
        ? 'year'
        : 'month'
      : unit.startsWith('day')
        ? 'day'
        : 'week';
    // A quarter or half a year is said in months: "within 3 months", "within 6 months".
    if (unit.startsWith('quarter') || (unit.startsWith('year') && !Number.isInteger(value))) {
      const months = value * (unit.startsWith('quarter') ? 3 : 12);
      return { kind: 'months', weeks, label: `within ${months} month${months === 1 ? '' : 's'}` };
    }
    // "a month and a half" is said in weeks: "within 7 weeks".
    if (unit.startsWith('month') && !Number.isInteger(value))
      return { kind: 'weeks', weeks, label: `within ${weeks} weeks` };
    const shown = unit.startsWith('fortnight') ? value * 2 : value;
    const label = `within ${shown} ${unit.startsWith('fortnight') ? 'week' : unitLabel}${shown === 1 ? '' : 's'}`;
    return { kind: byMonth ? 'months' : 'weeks', weeks, label };
  }
  return null;
}

/** The words a vague count starts with; any other word is not read against VAGUE_COUNTS. */
const VAGUE_FIRST: ReadonlySet<string> = new Set([
  'a',
  'an',
  'one',
  'couple',
  'few',
  'several',
  'half',
  'quarter',
  'three',
  '3',
]);

function readCountWord(tokens: readonly string[], i: number): { value: number; end: number } | null {
  const phrases = VAGUE_FIRST.has(tokens[i] ?? '')
    ? [4, 3, 2, 1].map((width) => ({ width, phrase: tokens.slice(i, i + width).join(' ') }))
    : [];
  for (const [pattern, value] of phrases.length === 0 ? [] : VAGUE_COUNTS) {
    for (const { width, phrase } of phrases) {
      if (width <= tokens.length - i && pattern.test(phrase)) {
        const end = i + width;
        if (tokens[end] === 'of') return { value, end: end + 1 };
        if (UNIT_WEEKS.has(tokens[end] ?? '') || /^(?:to|or|more)$/.test(tokens[end] ?? ''))
          return { value, end };
      }
    }
  }
  // "within the next fortnight", "over the next month or two": one of the unit.
  // ("the next year" has its own reading, within 12 months.)
  // ("next week" alone is a date, the end of next week: timeline-targets.ts.)
  if (
    tokens[i - 1] === 'the' &&
    tokens[i] === 'next' &&
    /^(?:day|week|fortnight|month|quarter)$/.test(tokens[i + 1] ?? '')
  )
    return { value: 1, end: i + 1 };
  const span = scanNumberAt(tokens, i);
  return span === null ? null : { value: span.value, end: span.end };
}

/** "two more weeks", "a couple more months": the count goes on past "more" to its unit. */
function readCount(tokens: readonly string[], i: number): { value: number; end: number } | null {
  const count = readCountWord(tokens, i);
  if (count === null || tokens[count.end] !== 'more' || !UNIT_WEEKS.has(tokens[count.end + 1] ?? ''))
    return count;
  return { value: count.value, end: count.end + 1 };
}

function isRate(tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1] ?? '';
  return (
    /^(?:a|an|per|every|each)$/.test(tokens[i] ?? '') && /^(?:£?\d[\d,.]*|k|grand|pounds|quid)$/.test(before)
  );
}

/**
 * "been empty for six months", "three weeks ago", "4 months behind", "two years old": time
 * already gone, or a count of something else, not a deadline.
 */
function isPastDuration(tokens: readonly string[], start: number, unitIndex: number): boolean {
  // "empty for about eight years", "lived there nearly forty": the hedge says nothing of when.
  let from = start;
  while (from > 0 && HEDGES.has(tokens[from - 1] ?? '')) from--;
  const before = tokens.slice(Math.max(0, from - 3), from).join(' ');
  const after = tokens.slice(unitIndex + 1, unitIndex + 3).join(' ');
  return (
    /\b(?:for|last|past|been|since|market)$|\bfor the (?:last|past)$|\bbeen\b/.test(before) ||
    // "lived there 39 years", "had it twenty years", "on a twelve month contract".
    /\b(?:lived|living|owned|had|rented|let)(?: (?:there|here|it|in it|in there|the house|the place))?$|\bon an?$/.test(
      before,
    ) ||
    // "moved out after four years", "split up after ten years", "left after a year": how long
    // something lasted before it ended.
    ENDED_AFTER.test(before) ||
    /^(?:ago|old|left|behind|in arrears|of arrears|arrears|overdue|late|on the market|empty|vacant|tenanted|running|back|contract|tenancy|lease|agreement|fixed term)\b/.test(
      after,
    ) ||
    // "four months of messing me about", "two years of trying": how long something went on.
    /^of [a-z]+ing\b/.test(after) ||
    AWAY.test(tokens.slice(unitIndex + 1, unitIndex + 4).join(' ')) ||
    NO_HARM.test(tokens.slice(unitIndex + 1, unitIndex + 5).join(' ')) ||
    toldOfThePast(tokens, from, unitIndex)
  );
}

/**
 * Verbs of what already happened: "it's been up for sale a year", "my mate sold his in two
 * weeks", "the last one took six months", "it's sat there a year and a half". Not "were", which
 * the recogniser writes for "we're".
 */
const DONE = /^(?:been|had|sold|went|took|sat|was|did|lasted|spent|waited|tried)$/;
/**
 * Words of a wish, a plan or a time to come, which make such a verb part of the caller's aim:
 * "i'd like it sold in a month", "it's got to be sold in six weeks", "sold in six weeks would be
 * great".
 */
const AHEAD =
  /^(?:want|wants|wanted|like|need|needs|needed|hope|hoping|hoped|ideally|would|could|will|can|shall|should|must|gonna|going|be|if|i'd|id|we'd|wed|i'll|ill|we'll|it'll|itll|it'd|itd|that'd|thatd|within|by|before|aim|aiming|plan|planned|planning|thinking|reckon|expect|expecting|please|possible|great|fine|ideal|perfect)$/;
const CLAUSE_JOIN = new RegExp(`^(?:${JOIN_WORDS})$`);
const JOINED = new RegExp(`\\b(?:${JOIN_WORDS})\\b`);
const JOINED_OR_COMMA = new RegExp(`\\b(?:${JOIN_WORDS})\\b|\\s,\\s`);
/** How far back in its clause a duration's verb is looked for. */
const TOLD_WITHIN = 6;

/**
 * The words of a duration's own clause before it, up to TOLD_WITHIN of them: back to a joining
 * word or to another time said before it ("took six months, a couple this time").
 */
function clauseBefore(tokens: readonly string[], start: number): readonly string[] {
  let from = start;
  while (from > Math.max(0, start - TOLD_WITHIN)) {
    const token = tokens[from - 1] ?? '';
    if (CLAUSE_JOIN.test(token) || UNIT_WEEKS.has(token)) break;
    from--;
  }
  return tokens.slice(from, start);
}

/**
 * A duration in a clause told in the past tense, with no word of a wish or a time to come about
 * it: how long something went on, not a time to sell in. Said of the caller's own aim ("we had
 * hoped to sell within three months"), it still counts.
 */
function toldOfThePast(tokens: readonly string[], start: number, unitIndex: number): boolean {
  const before = clauseBefore(tokens, start);
  return (
    before.some((token) => DONE.test(token)) &&
    !before.some((token) => AHEAD.test(token)) &&
    !WISHED_AFTER.test(tokens[unitIndex + 1] ?? '')
  );
}

/**
 * What another thing does at its own time: "the divorce goes through in", "the lease ends in",
 * "the fixed rate runs out in", "the job starts in", "the baby's due in".
 */
const ITS_OWN_TIME =
  /^(?:ends|end|ended|finishes|expires|expire|starts|begins|due|matures|renews|(?:goes|go|comes|come) through|runs out|run out|kicks in|is up)$/;

/** A duration told of another thing's own event, with no wish or aim of the caller's about it. */
function ofAnotherEvent(tokens: readonly string[], start: number): boolean {
  const before = clauseBefore(tokens, start);
  return (
    !before.some((token) => AHEAD.test(token)) &&
    before.some(
      (token, i) => ITS_OWN_TIME.test(token) || ITS_OWN_TIME.test(`${token} ${before[i + 1] ?? ''}`),
    )
  );
}

/** A wish said straight after the time: "sold in six weeks would be great", "... tops", "... ideally". */
const WISHED_AFTER = /^(?:would|wouldd|please|ideally|hopefully|if|tops|max|maximum|latest|at)$/;

/**
 * "another few months won't hurt", "a month or so won't make any difference", "six months is
 * neither here nor there", "a few more weeks won't kill us": a wait the caller shrugs at, not a
 * time to sell in.
 */
const NO_HARM =
  /^(?:more )?(?:won't|wont|will not|wouldn't|wouldnt|isn't|isnt|is not|doesn't|doesnt|does not|ain't|aint) (?:really )?(?:hurt|harm|kill|matter|bother|make (?:any |much |a )?(?:difference|odds))|^(?:more )?(?:is|are|would be) (?:neither here nor there|no (?:problem|bother|skin off))/;

/** Words that make a count rough without changing what it counts: "about", "nearly", "well over". */
const HEDGES: ReadonlySet<string> = new Set([
  'about',
  'around',
  'roughly',
  'nearly',
  'almost',
  'over',
  'well',
  'just',
  'approximately',
  'some',
]);

/**
 * Something that ended, then "after": "moved out after", "split up after", "she left after", "the
 * buyer fell through after".
 */
const ENDED_AFTER =
  /\b(?:[a-z]+ed|left|went|split|broke|(?:moved|went|gone) (?:out|in|away|on)|split up|broke up|through) after$/;

/** The word after a trip's length that says when it is: "in july", "at easter", "over christmas". */
const TRIP_WHEN = /^(?:in|at|over|during|for|this|next)$/;

/**
 * The answer without its trips, length and date together: "we've got two weeks in tenerife in
 * july" and "a fortnight away in may" say when the caller is away, not when to sell.
 */
function withoutTrips(normalised: string): string {
  const tokens = tokenise(normalised);
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const count = readCount(tokens, i);
    const unit = count === null ? undefined : tokens[count.end];
    const away = count === null ? null : AWAY.exec(tokens.slice(count.end + 1, count.end + 4).join(' '));
    if (count === null || unit === undefined || !UNIT_WEEKS.has(unit) || away === null) {
      kept.push(tokens[i] ?? '');
      continue;
    }
    let end = count.end + 1 + away[0].split(' ').length;
    if (TRIP_WHEN.test(tokens[end] ?? '')) end += tokens[end + 1] === 'the' ? 3 : 2;
    kept.push(',');
    i = end - 1;
  }
  return kept.join(' ');
}

/**
 * "two weeks in tenerife", "a fortnight away", "ten days off", "a week at my sister's": the
 * length of a trip or a break, not a time to sell in. "Six weeks in an ideal world" and "a
 * month in total" stay timelines.
 */
const AWAY =
  /^(?:away|off|abroad|on holiday|on hols|holiday|in the sun|at (?:my|our|his|her|their|the) [a-z']+|in (?!(?:a|an|the|total|time|advance|all|theory|practice|reality|fairness|which|that|this|my|our|or|and|so|if|when|then|max|maximum|tops|really|ideally|hopefully|please|from|now|here|there|it)\b)[a-z]+)\b/;
