/**
 * Who lives in the property: the owner, tenants, or nobody. Callers often describe a change
 * ("the tenants moved out so it's empty now"), so the last statement made wins.
 */
import type { Occupancy } from '../slots/occupancy.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';
import type { YesNo } from './yes-no.js';

type Heard = Occupancy | 'ignore';

const FAMILY =
  "(?:(?:my|our|me) (?:ex|ex wife|ex husband|ex partner|mum|mam|mammy|ma|mother|mom|dad|father|nan|nana|gran|grandma|grandad|parents|family|wife|husband|partner|son|daughter|brother|sister|kids|children|grandson|granddaughter|auntie|aunt|uncle)|(?:mum|mam|mother|dad|father|nan|gran)(?=[ ']))";
/** Family of the seller in it, paying no rent: the desk treats that as the owner's own use. */
const FAMILY_IN = `${FAMILY}(?:'s| is| are|s)? (?:still )?(?:in it|in there|there|living there|living in it|in the house)`;
const LIVES = '(?:live|lives|living|stay|stays|staying|reside|resides)';
const THERE =
  '(?:there|in it|in there|at the property|at the house|in the property|in the house|here|at home)';

const RULES = [
  // Phrases that use the words without describing occupancy.
  phraseRule<Heard>('ignore', [
    'empty nest(?:ers?)?',
    '(?:kids|children) (?:have |had )?(?:moved out|left)',
    // Tenants of the past say nothing about today: "the last tenants weren't great".
    '(?:the |my |our )?(?:last|previous|old|former|ex|bad|nightmare) tenants?',
    '(?:we|i|they) (?:had|used to have) (?:a |some )?tenants?(?: in)?',
    'used to (?:be )?(?:let|rent|rented)(?: it)?(?: out)?',
    // A let that has ended: "i was renting it out up until may".
    '(?:was|were|had been|had it) (?:renting|rented|letting|let)(?: it)?(?: out)?(?: up)? (?:until|till|to the end of)',
    'tenants? (?:from hell|trashed|wrecked|damaged)',
    // "a right mess after the tenants", "since the tenants went": they have gone.
    '(?:after|since) (?:the |my |our )?tenants?(?: (?:left|went|moved out|had it))?',
    // Empty later, not now: "tenants in till june then it's empty".
    "(?:then|after that|after then|once they're out|when they leave)(?: it's| its| it is| it'll be| it will be)? empty",
    'empty (?:handed|promises?)',
    // The caller's own let somewhere else, not this house's: "the tenancy on me new flat starts",
    // "my new lease", "our tenancy at the new place".
    '(?:the |my |me |our )?(?:new )?(?:tenancy|lease|rental agreement) (?:on|for|at|of) (?:my|me|our|the) (?:new |next )?(?:flat|place|house|home|rental|bungalow)',
    '(?:my|me|our) (?:new )?(?:tenancy|lease|rental agreement)',
  ]),
  phraseRule<Heard>(
    'vacant',
    [
      `(?:nobody|no one|noone) (?:${LIVES}|is living|has lived|has been living|lived)(?: ${THERE})?`,
      '(?:nobody|no one|noone) (?:in it|in there|there)',
      // The recogniser may drop the apostrophe: "no ones living in it".
      "(?:nobody's|no one's|nobodys|no ones|noones) (?:living )?(?:there|in it)",
      'no tenants?',
      "(?:tenants?|they|we|i) (?:have |has |'ve )?(?:moved out|left|gone|vacated)",
      "(?:tenant's|tenants have|they've|we've|i've) (?:moved out|left|gone)",
      // A tenant gone, however the verb is put: "he moved out last week", "tenant move out last
      // month" (not "he left", which may be a will; nor "moving out", still there).
      '(?:tenants?|he|she) (?:has |had )?moved out',
      '(?:tenants?|he|she) move out (?:last|yesterday|(?:[a-z0-9]+ )?(?:days?|weeks?|months?) ago)',
      // Someone of the family there until lately: "me mother were there while she went in hospital".
      `${FAMILY} (?:was|were) (?:there|in it|in there) (?:till|until|while|before)`,
      // Tenants gone however it is put: "they handed the keys back", "he did a runner".
      "(?:tenants?|they|he|she) (?:have |has |'ve )?(?:handed|gave|given|posted) (?:the |their |his |her )?keys? back",
      "(?:tenants?|they|he|she) (?:have |has |'ve )?(?:did|done) a (?:runner|bunk|moonlight flit)",
      "(?:not|haven't|have not|hasn't|never|didn't) (?:been )?(?:re ?-?let|relet)(?: it)?",
      "(?:don't|doesn't|do not|does not) (?:have|have got) (?:any )?tenants",
      'not (?:being )?lived in',
      'not (?:currently )?(?:let|rented)(?: out)?',
      `${FAMILY} (?:used to live|lived|was living|were living) ${THERE}`,
      `(?:it was|it's been|its been) ${FAMILY}'?s?(?: house| home| place)?`,
      "(?:nobody's|no one's|nobodys) (?:been )?(?:in|there|living)",
      // "nobody's lived in it since mam went": nobody has, up to now.
      `(?:nobody's|no one's|nobodys|noones) lived(?: ${THERE})?`,
      'no one (?:in|at) (?:it|the property|the house)',
      "(?:we|i|we've|i've) (?:have |had )?evicted (?:them|him|her|the tenants?)",
    ],
    false,
  ),
  phraseRule<Heard>('vacant', [
    'empty',
    'vacant',
    'unoccupied',
    "(?:it's|it is|its) (?:sat|sitting|stood|standing) (?:there )?empty",
    // "so it's just sat there": a house that sits is one nobody lives in.
    "(?:it's|it is|its|it) (?:just )?(?:sat|sitting|stood|standing) (?:there|idle)",
    '(?:no one|nobody) (?:there|home)',
    'unlived in',
    'standing empty',
    'sat empty',
    'sitting empty',
    'been empty',
    // A house boarded up is one nobody lives in: "it's been boarded up since the fire".
    'boarded (?:up|over)',
  ]),
  phraseRule<Heard>('tenanted', [
    'tenants?',
    'tenanted',
    'tenancy',
    "(?:it's |it is |its )?let out",
    // Not "it's, let me think": "let" with someone after it is asking leave, not letting.
    "(?:it's|it is|its) (?:currently )?let(?! (?:me|us|you|him|her|them|that)\\b)",
    'rented out',
    '(?:renting|rent|let|letting) it out',
    // "we rent it to a couple", "it's let to a nurse": whoever it is let to lives there.
    '(?:rent|rents|renting|let|lets|letting) it (?:out )?to',
    '(?:housing benefit|dss|universal credit|on benefits)',
    "(?:it's|it is|its) (?:being )?rented",
    // "it's a rental property", "it's a rental": asked who lives there, it is let.
    "(?:it's|it is|its) (?:a |an )?(?:rental|investment let)(?: (?:property|house|flat|place))?",
    'lodgers?',
    'sitting tenants?',
    'tenants? in situ',
    'with (?:the |a )?tenants? (?:in|still in)',
    "tenant's (?:still )?in",
    '(?:a |the )?tenants? (?:is|are) (?:still )?(?:in|there|living)',
    'let to (?:a |the )?(?:tenant|family|couple|student)s?',
    // "rented to a family", "there's people renting it", "a student let".
    '(?:rented|let) (?:out )?(?:to|by) (?:a |an |the |some |two |three |four |five )?(?!(?:me|us|my|our)\\b)[a-z]+',
    "(?:people|someone|somebody|a family|a couple|students?|lads|girls|a lad|a nurse|a fella|a bloke|a woman|a man)(?:'s| is| are)? renting(?: it| there| the (?:house|place|flat))?",
    'student (?:let|lets|house|property|accommodation)',
    '(?:rents?|renting|rented) (?:it |the house |the place |a room )?(?:off|from) (?:me|us|him|her)',
    '(?:a |the )?(?:couple|family|lad|lass|student|students|nurse|bloke|woman|man) (?:is |are )?(?:renting|rent|rents) (?:it|there)',
    '(?:got|have) (?:a |some )?(?:couple|family|students?|people) (?:renting|in) (?:it|there)',
    // "a family's renting it", "they're renting it": someone else paying to live there.
    "(?:family's|familys|family is|couple's|couples|couple is|someone's|somebody's|people are|they're|theyre|they are) renting (?:it|the house|the place|there)",
    // "students, on a 12 month let": students in it, and a let however long.
    'students? (?:on|in|renting|living)',
    'on an? (?:[a-z0-9]+ (?:month|months|year|years) )?(?:let|lease|tenancy)',
    '(?:rooms?|flats?) (?:are|is) (?:all )?(?:let|rented|taken)',
    'hmo',
    // Let room by room: "rent is by the room", "it's let per room", "the rooms are let separately".
    '(?:rent|rents|rented|let|lets|letting)(?: is| it| out| them)? (?:by|per) (?:the )?room',
    '(?:rooms?|flats?) (?:are |is )?(?:all )?(?:let|rented) (?:out )?(?:separately|individually|one by one)',
    // Students or lodgers said to be who is there, the verb perhaps dropped: "is students", "it's all lodgers".
    "(?:is|it's|its|it is|they're|theyre|they are|all) (?:all )?(?:students|lodgers|sharers)",
    'ast',
    'on a lease',
    // The let's term: "a two-year fixed term", "fixed-term tenancy".
    'fixed[- ]term(?: (?:tenancy|contract|let|lease))?',
    '(?:paying|pays|pay) (?:me |us |the )?rent',
    // Someone else's household in it: "it's got students in", "there's a family in there".
    "(?:got|has got|there's|there are|there is|with) (?:a |some |two |three |four |a few )?(?:students?|family|couple|young couple|lad|lads|nurse|nurses|professionals?|sharers|people) (?:in|living in|in there|in it)\\b",
  ]),
  phraseRule<Heard>('owner_occupied', [
    `(?:i|we|i'm|im|we're|i am|we are|i still|we still|i've|we've|we all|we both|all of us|both of us|the family|the kids and me|me and the kids)(?: still)? ${LIVES} ${THERE}`,
    `(?:i|we) (?:still )?${LIVES} (?:there|in it)`,
    `${FAMILY} (?:still )?${LIVES} ${THERE}`,
    "(?:it's|it is|its) (?:my|our|the) (?:home|family home|main residence)",
    // Still partly there: "my stuff's still there and i stay over", "i still sleep there some nights".
    "(?:my|our|me) (?:stuff|things|clothes|belongings)(?:'s| is| are|s)? (?:all )?still (?:there|in it|in there|here)",
    '(?:i|we) (?:still )?(?:stay|stop|sleep) (?:over|there)(?: (?:a|some|most|at|on|two|three|a few|a couple of)\\b)',
    'owner occupied',
    '(?:my|our) (?:home|family home)',
    'living in it',
    `(?:i|we|i'm|we're) (?:still )?(?:live|living|am living|are living) (?:here|there|in it|in the house|at the house)`,
    '(?:i|we) live (?:at|in) (?:the|this) (?:house|property|flat|bungalow)',
    'owner (?:lives|living) (?:there|in it)',
    "(?:it's|it is|its) where (?:i|we) live",
    '(?:i|we) (?:still )?live there',
    'live in it',
    FAMILY_IN,
    `occupied by ${FAMILY}`,
    "(?:i'm|im|i am|we're|we are) (?:still )?in (?:it|there|the house)",
    // "i'm still there", "we're still here": the owner has not left.
    "(?:i'm|im|i am|we're|we are) still (?:there|here|living there)",
    // "we're there, me and my husband": asked who lives there, being there is living there.
    "^(?:(?:yes|yeah|yep|aye) )?(?:i'm|im|i am|we're|we are) (?:there|here)\\b",
    `lived in by (?:me|us|myself|${FAMILY})`,
    // "it's me that lives there", "us who live in it".
    `(?:me|us|myself|ourselves) (?:that|who) (?:still )?${LIVES} ${THERE}`,
    // "just me and the kids in it now", "us and the dog in there".
    `(?:me|us|myself) and (?:the |my |me |our )?[a-z]+(?: [a-z]+)? (?:in it|in there|living there|living in it)`,
    "(?:we're|we are|were) all (?:still )?(?:there|here|in it|in there|living there)",
    // "i've lived there since i was a kid": the owner has and still does.
    "(?:i've|ive|i have|we've|weve|we have) (?:always |still )?(?:lived|been living|been) (?:there|in it|here|in the house) (?:since|for|all|(?:[a-z0-9-]+ ){0,2}years)",
    // Where the caller lives, given as the address: "i live at 31 victoria avenue", "i've lived
    // at 18 rose hill for fifty years".
    '(?:i|we) (?:still )?live at (?:number )?[0-9]+',
    "(?:i've|ive|i have|we've|weve|we have) (?:always )?(?:lived|been living) at (?:number )?[0-9]+",
    // "it's just me in it now", "just us in there".
    '(?:just|only) (?:me|us|myself)(?: on my own)? (?:in it|in there|living there|living in it)',
    // Not leaving yet: "we're not moving out till we've found somewhere".
    "(?:i'm|im|i am|we're|were|we are) not moving out (?:till|until|yet|before)",
  ]),
];

/** Who occupies the property, or null when the caller did not say. */
export function extractOccupancy(text: string): Occupancy | null {
  const matches = findAssertedMatches(normaliseUtterance(text), RULES).filter((m) => m.value !== 'ignore');
  const last = matches[matches.length - 1];
  return last === undefined || last.value === 'ignore' ? null : last.value;
}

/**
 * Short answers to "is anyone living there: you, tenants, or is it empty?" that say only who:
 * "nobody" (empty), "just me" or "we do" (the owner). Read only when they are the whole answer;
 * a rule that `leads` is anchored at the answer's start, and is the answer however long the clause.
 */
const ANSWER_RULES: readonly { value: Occupancy; pattern: RegExp; leads?: true }[] = [
  { value: 'vacant', pattern: /\b(?:nobody|no one|noone)\b/i },
  // Asked who lives there, a household that is not the seller's: "students", "a young couple"
  // (a family or a couple only with an article: "family" alone may be the seller's own).
  // "Rented", "let": how it is held, said alone.
  {
    value: 'tenanted',
    pattern:
      /^\s*(?:(?:(?:a|an|some|two|three|four|five|six) )?(?:young |nice |lovely |retired |old )?(?:students?|lodgers?|professionals?|sharers|nurses?)|(?:a|an|some|two|three) (?:young |nice |lovely |retired |old )?(?:couple|family|lads|girls|fella|bloke|lady|gentleman)|rented|renting|let|lets|tenanted)\b(?! me\b)/i,
    leads: true,
  },
  // "she lives there on her own", asked who lives there: someone of the seller's, not a tenant.
  {
    value: 'owner_occupied',
    pattern: /^\s*(?:she|he)(?:'s| is)? (?:lives?|living|stays?|staying) (?:there|their|in it)\b/i,
    leads: true,
  },
  // "still in it, yeah", "still there": the owner has not left.
  {
    value: 'owner_occupied',
    pattern: /^\s*still (?:in it|in there|there|here|living there)\b/i,
    leads: true,
  },
  // "i am, with my two lads", "we are": the question answered with its own verb.
  {
    value: 'owner_occupied',
    pattern: /^\s*(?:i am|i'm|we are|we're|i do|we do)(?:\s+(?:with|and)\b.*)?\s*$/i,
    leads: true,
  },
  {
    value: 'owner_occupied',
    pattern:
      /(?<!\bnot )(?<!\b(?:off|from|to|with|for|by|let|tell|give|ask|bear with) )\b(?:me|myself|ourselves|us|we do|i do|we live|i live|(?:my|our|me) (?:family|mum|mam|mother|dad|father|son|daughter|brother|sister|nan|gran|wife|husband|partner|kids|children))\b/i,
  },
];

/** Where a short answer's first clause ends: "just me, since my husband passed", "just me i'm 61". */
const FIRST_CLAUSE =
  /^[^,.;!?]*?(?=[,.;!?]| since | but | because | cos | although | though | i'm | im | i am | it's | its | we're | we've | i've |$)/i;
/** Words said before the answer, which are not it: "uh, just me", "right so, nobody". */
const LEAD_IN =
  /^(?:\s*(?:uh|um|er|erm|ooh|oh|well|so|basically|so basically|right|right so|you know|like|i mean|ok|okay|yes|yeah|aye|yep|nah|naw|nay|nope)\b[,.]?)+\s*/i;

/**
 * Who lives there, from a short answer to the question; a plain "no" means nobody. Only the
 * answer's first clause is read: what follows is a story ("since my husband passed").
 */
export function extractOccupancyAnswer(
  text: string,
  yesNo: YesNo | null,
  options: { shortLead?: boolean } = {},
): Occupancy | null {
  const said = text.replace(LEAD_IN, '');
  const first = FIRST_CLAUSE.exec(said)?.[0] ?? said;
  // Amid other facts, only a short lead-in is an answer ("just me, ..."), not "let me think";
  // an answer that opens the clause ("rented, two-year term") leads it however long it runs.
  const long = options.shortLead === true && first.trim().split(/\s+/).length > 4;
  const rule = ANSWER_RULES.find((r) => (!long || r.leads === true) && r.pattern.test(first));
  if (rule !== undefined) return rule.value;
  return yesNo === 'no' ? 'vacant' : null;
}
