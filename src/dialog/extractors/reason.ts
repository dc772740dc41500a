/**
 * Why the caller is selling, in the categories the buy box scores ("motivating reasons").
 * Several reasons often come together ("mum passed away and we're behind on her mortgage"),
 * so all are found and the most pressing is returned first.
 */
import type { SellingReason } from '../slots/reason.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

/** A relative of the caller, whose death or home a reason is often about. */
export const RELATIVE =
  '(?:mum|mother|mom|mam|mammy|mummy|ma|dad|father|da|daddy|nan|nana|nanna|gran|granny|grandma|grandad|grandpa|grandfather|grandmother|aunt|auntie|aunty|uncle|parents?|brother|sister|husband|wife|partner|godmother|godfather)';

type Heard = SellingReason | 'ignore';

/** Whose the relative is, as people say it: "my mum", and in the North and Midlands "me mam". */
const THEIR = "(?:my|me|our|the|her|his|their|the wife's|the husband's)";

/** The people a move is made to be near: a relative, or the family as a whole. */
const FAMILY = `(?:family|folks|kids|children|grandkids|grandchildren|grandchild|daughters?|sons?|${RELATIVE})`;

/**
 * Somewhere smaller, said on its own: "summat smaller", "somewhere more manageable". Only a
 * comparison, or "somewhere" small, says a move; "it's something small" may just describe this one.
 */
const SOMEWHERE_SMALLER =
  '(?:(?:something|summat|somewhere|someplace) (?:a bit |a lot |much |far )?(?:smaller|more manageable|easier to (?:manage|look after|heat))|somewhere (?:small|little))';

/** A small home: only a move's destination, as "a little flat" alone may just describe this one. */
const LITTLE_HOME =
  '(?:little|small|smaller|tiny|compact) (?:flat|place|house|bungalow|home|cottage|apartment)';

/** Room the caller no longer needs: "all this space", "five bedrooms", "a house this size". */
const ROOM_TO_SPARE =
  '(?:(?:all |so much |so many |this |that |the |these |those |a |[a-z0-9]+ ){0,2}(?:space|room|rooms|bedrooms|bedroom house|big house|garden)|a house (?:this|that) (?:big|size))';

/** A home's upkeep grown too much: "the garden", "a big house", "the place". */
const UPKEEP = '(?:the |a |that |this |such a |my |our )?(?:big |large )?(?:garden|house|place|upkeep)';

/** A relationship that has ended: "the relationship's ended", "marriage broke down". */
const ENDED =
  "(?:'s|s| has| is| was)? (?:ended|over|finished|broken down|broke down|breakdown|fallen apart|fell apart|come to an end|came to an end|run its course)";

const RULES = [
  // Uses of the keywords that say nothing about the reason for selling.
  phraseRule<Heard>('ignore', [
    'my landlord',
    '(?:boiler|car|phone|battery|tv|washing machine) (?:has )?died',
  ]),
  phraseRule<Heard>('repossession', [
    'repossess(?:ed|ing|ion)?',
    'repo',
    'bailiffs?',
    'possession (?:order|hearing|proceedings)',
    '(?:bank|lender|building society) (?:is|are) (?:taking|going to take)',
    "(?:bank|lender|building society|mortgage company)(?:'s| is| are| has| have)? (?:taking|took|taken|going to take) (?:us|me|them|her|him) to court",
    '(?:taking|took|taken) (?:us|me) to court (?:over|for) (?:the )?(?:mortgage|arrears)',
    'court date',
    // "threatening to take the house off us", "going to take our home away".
    '(?:threatening|going|trying|want|wants) to (?:repossess|take (?:the house|the property|the flat|it|our (?:house|home)|my (?:house|home)) (?:back|off (?:us|me)|away))',
    // A lender's threats are about the house, whatever follows: "the building society's threatening us".
    "(?:bank|lender|building society|mortgage company)(?:'s|s| is| are| has| have)? (?:been )?threatening",
    '(?:bank|lender|building society|mortgage company) (?:wants?|want) (?:the house|the property|it) back',
    'eviction (?:notice|letter)',
    "(?:bank|lender|building society|mortgage company)(?:'s| is| are| has| have)? (?:been )?(?:sending|sent|writing) (?:me |us )?(?:letters|threatening letters|final demands?)",
    '(?:letter|letters|notice) from the (?:bank|lender|building society|mortgage company|court)',
    // "the bank's sent a letter saying they'll take it", "the lender says they're taking the house".
    "(?:bank|lender|building society|mortgage company)(?:'s|s| is| are| has| have)? (?:sent|sending|written|writing|said|saying|says|told|telling)[a-z ]{0,30} (?:they'll|they will|they're going to|theyre going to|going to|gonna|will) (?:take|have) (?:it|the house|the property|the flat|our house|my house)",
    '(?:bank|lender|building society|mortgage company) (?:is|are|are going to|is going to|will) (?:take|taking|have|having) (?:it|the house|the property|the flat|our house|my house)(?: off (?:me|us))?',
  ]),
  phraseRule<Heard>('probate', [
    // The recogniser's renderings too: "pro bate", "probe eight".
    "probate(?:s|'s)?",
    'pro ?bate',
    'probe ?(?:eight|ate|8)',
    '(?:god|lord) rest (?:her|his|him|them|their)(?: soul)?',
    'executors?',
    'executrix',
    'passed away',
    'passed on',
    'died',
    'death',
    'deceased',
    'bereavement',
    `(?:my |our )?late ${RELATIVE}`,
    `lost (?:my|our) ${RELATIVE}`,
    'estate of',
    `(?:my |our )?${RELATIVE} (?:has |have |had )?(?:passed|died|gone)\\b(?! (?:out|off|round|over|the))`,
    "(?:she|he|they) (?:has |have |'s )?passed",
    'funeral',
    'sort(?:ing)? out (?:the|her|his|their) estate',
    // "we're winding up my gran's estate", "settling dad's estate".
    "(?:winding|wind|wound|settling|settle|administering|administer|dealing with|handling|sorting) (?:up |out )?(?:the |my |our |her |his |their )?(?:[a-z]+'?s )?estate\\b",
    'in (?:her|his|their) will',
  ]),
  phraseRule<Heard>('inherited', [
    'inherit(?:ed|ing|ance)?',
    '(?:left|leave) (?:it |the house |the property )?(?:to )?(?:me|us)',
    'left (?:me|us) (?:the|a|her|his|their) (?:house|property|home|flat|bungalow)',
    // "i've been left a house", "we were left the bungalow by my uncle".
    "(?:i've|i have|we've|we have|i was|we were|i got|we got) (?:been )?left (?:a|the|this|her|his|their) (?:house|property|home|flat|bungalow|place)",
    // "got a house through my dad's will", "it came to me in my gran's will".
    "(?:through|in|under|from) (?:the|a|my [a-z]+'s|my [a-z]+s|her|his|their) will\\b",
  ]),
  phraseRule<Heard>('divorce', [
    // Longer than the inheritance's "left me", so it wins where both are heard.
    "(?:wife|husband|partner|missus|fella|she|he)(?:'s| has)? (?:left|walked out on) (?:me|us)",
    'divorc(?:e|ed|ing)',
    'separat(?:ing|ed|ion)',
    'split(?:ting)? up',
    'break ?up',
    'broke up',
    'breaking up',
    `(?:relationship|marriage)${ENDED}`,
    'broken up',
    'my ex',
    '(?:ex (?:wife|husband|partner))',
    'splitting',
    'separat(?:e)',
    '(?:going|gone|went|go) (?:our|their) (?:separate|own) ways',
    'buy(?:ing)? (?:him|her|my ex|them) out',
  ]),
  phraseRule<Heard>('financial', [
    'behind (?:on|with) (?:the |my |our )?(?:mortgages?|payments|repayments|bills)',
    '(?:mortgage )?arrears',
    'debts?',
    // Keeping up with payments; keeping up a garden is the house's upkeep (downsizing).
    "(?:can't|cannot|can not|couldn't) (?:afford|keep up(?! (?:with )?(?:the |a |that |this |my |our )?(?:big |large )?(?:garden|house|place|upkeep))|pay)",
    'struggling (?:financially|with (?:money|the mortgage|payments|bills))',
    'money (?:problems|troubles|worries)',
    'financial(?:ly)? (?:difficult(?:y|ies)|problems|trouble|reasons|hardship)',
    'bankrupt(?:cy)?',
    'iva',
    'need (?:the |some )?(?:money|cash|equity)',
    'release (?:some )?(?:equity|cash|money|capital|funds)',
    'lost my job',
    'redundan(?:t|cy)',
    'mortgage (?:has )?(?:gone up|went up|is going up|rates?)',
    'interest rates',
    '(?:\\w+ )?(?:months?|payments?) behind',
    'missed (?:some |a few |a couple of |several |\\w+ )?(?:mortgage )?payments',
    'in debt',
    "money(?:'s| is| has been) (?:tight|a struggle|an issue|a problem)",
    'cost of living',
    "(?:can't|cannot) (?:keep up with|make) the (?:payments|repayments|mortgage)",
    'struggling(?! to (?:sell|find|get (?:a )?buyers?))',
    'skint',
    'pay off (?:some |my |our )?(?:debts?|loans?|credit cards?)',
    '(?:clear|pay) (?:the|my|our) debts?',
  ]),
  phraseRule<Heard>('health', [
    'care home',
    // Mobility: "somewhere all on one level for my hip".
    '(?:all )?on (?:one|won|1) (?:level|floor)',
    '(?:for|with) (?:my|his|her) (?:hips?|knees?|back|legs|heart|lungs|mobility)',
    "(?:can't|cannot|can not|cant) (?:do|manage|cope with|get up) (?:the )?stairs",
    'mobility',
    'nursing home',
    'residential care',
    'sheltered (?:housing|accommodation)',
    'assisted living',
    '(?:ill|poor|bad) health',
    'health (?:reasons|problems|issues)',
    'illness',
    'poorly',
    'dementia',
    'alzheimer',
    'cancer',
    'stroke',
    'disab(?:led|ility)',
    'mobility',
    "(?:can't|cannot) (?:manage|do) the stairs",
    '(?:not|been) (?:very |too )?well(?! (?:kept|maintained|looked|built|presented))',
    'unwell',
    '(?:in|into|out of) hospital',
    '(?:going|gone|went|go|moved|moving) into (?:a )?(?:care|home|nursing)',
    'moving into (?:a )?(?:care|home|sheltered)',
    "(?:can't|cannot) (?:cope|manage) (?:any ?more|on (?:my|her|his|their) own)",
    '(?:heart|medical) (?:attack|condition|problems)',
    '(?:all )?on (?:one|the one|a single) level',
    '(?:for|with) (?:my|her|his) (?:hip|hips|knee|knees|back|legs|heart|chest)',
    'stairs (?:are|is) (?:too much|getting too much|a struggle|hard)',
    // "i can't be doing the stairs anymore", "can't manage stairs now": the body, not the house.
    "(?:can't|cannot|cant|can not) (?:be doing|do|manage|climb|get up|face) (?:the |them |those )?stairs",
    '(?:hip|knee) (?:replacement|operation|op)',
  ]),
  // Ill health said with its own negation: "i've not been well".
  phraseRule<Heard>(
    'health',
    [
      "(?:not|haven't|hasn't|havent|hasnt) been (?:very |too |at all )?well",
      'not (?:very |too )?well(?! (?:kept|maintained|looked))',
    ],
    false,
  ),
  phraseRule<Heard>('relocation', [
    'relocat(?:e|ing|ion)',
    'moving (?:for|with) work',
    '(?:new|a) job (?:in|down|up|offer)',
    'new job',
    'job offer',
    'transferred',
    '(?:a )?transfer (?:to|with|up|down)',
    'moving (?:abroad|overseas|away|up north|down south|to (?:be )?(?:nearer|closer))',
    'emigrat(?:e|ing|ion)',
    // Retiring somewhere else is a move first: "we're retiring to spain".
    'retir(?:e|ing) (?:to|abroad|overseas|out to|down to|up to)',
    'mov(?:e|ing) (?:closer|nearer) to',
    '(?:moving|going|heading) (?:over |up |down |back |out )?(?:to|into) [a-z]+ (?:with|for) (?:my |the |his |her )?(?:work|job)',
    '(?:with|for) (?:my )?work(?! (?:it needs|needed|done|on))',
    '(?:work|job|company|employer|they) (?:is |are )?(?:moving|sending|transferring|relocating|posting) (?:me|us|him|her)',
    'got (?:a )?(?:new )?job (?:in|up|down|abroad|away|offer)',
    // "i'm working down in london now so it's empty": work has taken them elsewhere.
    "(?:i'm|im|i am|we're|we are|he's|she's) (?:now )?(?:working|based|living) (?:down|up|over|out|away) (?:in|south|north|there|abroad)",
    '(?:starting|taking|start|take) (?:a )?(?:new )?job',
    'posted (?:to|abroad|overseas)',
    'leaving the (?:country|uk)',
    '(?:moving|going) (?:back )?home to',
    'moving (?:over|up|down|out) (?:to|into|north|south) [a-z]+',
    'moving (?:to|back to) (?!a |an |the |somewhere smaller|something)[a-z]+',
    `(?:closer|nearer)(?: to)? (?:${THEIR} )?(?:${FAMILY}|work)`,
    // Plain "near" only after a move or a stay: "to be near me mam", never "it's near my mum's".
    `(?:be|to live|move|moving|moved|get|stay|staying) near (?:to )?${THEIR} ${FAMILY}(?!'s)`,
  ]),
  phraseRule<Heard>('landlord_exit', [
    'tired landlord',
    '(?:fed up|sick|tired) (?:of|with) (?:being a landlord|landlording|renting it out|tenants|the tenants)',
    'buy to let',
    'btl',
    '(?:rental|investment) property',
    'portfolio',
    'section (?:24|twenty four|21|twenty one)',
    '(?:getting|get) out of (?:the )?(?:rental|letting|property) (?:market|business|game)',
    // A landlord leaving letting, said through the let: "get out of renting altogether", "the new
    // rules for landlords", "renting it out ... so i'm selling up".
    '(?:getting|get|got) out of (?:renting|letting)(?! (?:a|the|somewhere))',
    '(?:rules|regulations|red tape|legislation|licensing) (?:for|on) (?:landlords|lettings?|letting|renting)',
    "(?:i've|ive|i have|we've|weve|we have) been (?:renting|letting) it out",
    "(?:i'm|i am|as|being) a landlord",
    'landlord',
    'problem tenants?',
    '(?:had|have) enough of (?:tenants|renting|letting|being a landlord|the tenants)',
    '(?:fed up|sick|tired) (?:of|with) (?:renting|letting|it all|the hassle)',
    'selling (?:off )?(?:my|our|the) (?:rentals?|lets|portfolio)',
    'tenant (?:problems|issues|trouble)',
    // What tenants put a landlord through: "nowt but grief off tenants", "hassle with the tenants".
    '(?:grief|trouble|hassle|bother|aggro|problems|issues|nightmare|headaches?) (?:off|from|with|over) (?:the |my |me |our |bad |problem )?tenants?',
    "tenants? (?:have |has |had )?(?:stopped paying|not paying|not paid|didn't pay|didnt pay|won't pay|wont pay|aren't paying|in arrears)",
    'tenants? (?:have |has )?(?:wrecked|trashed|damaged|ruined) (?:it|the (?:place|house|flat))',
  ]),
  phraseRule<Heard>('downsizing', [
    'downsiz(?:e|ing)',
    'too big (?:for (?:us|me|just))?',
    // "more house than we need", "far more space than i use".
    'more (?:house|space|room|rooms|bedrooms) than (?:we|i|she|he|they|us|me) (?:need|needs|use|want|can manage)',
    'rattling (?:around|about|round)',
    "(?:kids|children) (?:have |had |'ve )?(?:all )?(?:left|moved out|flown the nest|flown|grown up)",
    'empty nest(?:ers?)?',
    SOMEWHERE_SMALLER,
    // Where the caller wants to go: "get a little flat", "move into a small bungalow".
    `(?:get|buy|find|move (?:in)?to|moving (?:in)?to|go (?:in)?to|looking (?:for|at)|want) (?:a |an )?${LITTLE_HOME}`,
    '(?:a )?smaller (?:place|house|property|home)',
    'retir(?:e|ing|ement)',
    'too much (?:house|space|for (?:us|me|her|him))',
    'rattling around',
    '(?:a )?smaller (?:one|house|place)',
    '(?:a |the )?(?:flat|bungalow|apartment) instead',
  ]),
  // Room no longer needed, or more home than can be kept up, said with its own negation:
  // "don't need all this space any more", "can't keep on top of the garden".
  phraseRule<Heard>(
    'downsizing',
    [
      `(?:don't|dont|do not|doesn't|doesnt|no longer|won't|wont) need ${ROOM_TO_SPARE}`,
      `(?:can't|cant|cannot|can not|couldn't|struggling to|struggle to) (?:keep up with|keep up|keep on top of|look after|manage|maintain) ${UPKEEP}`,
    ],
    false,
  ),
  phraseRule<Heard>('other', [
    '(?:personal|family) reasons',
    'upsiz(?:e|ing)',
    '(?:a )?bigger (?:place|house|property|home)',
    'change of scenery',
    'fancy a change',
    '(?:sale|chain|buyer) (?:fell through|collapsed|broke)',
    'fell through',
    "(?:don't|do not) (?:want|need) (?:it|the house|the property) (?:anymore|any more)",
    'second home',
    '(?:found|bought|buying|want to buy|offer on) (?:a place|somewhere|another (?:house|place)|a new (?:house|place|home))',
    'holiday home',
    'need(?:s)? (?:a )?quick sale',
    '(?:need|have) to sell (?:quickly|fast|quick)',
    'need (?:it|the house|the property) (?:sold|gone) (?:quickly|fast|quick)',
    "neighbours?(?:'s| are| is)? (?:a |an )?(?:nightmare|hell|awful|terrible|noisy|a problem)",
    '(?:problem|noisy|nightmare|bad|awful) neighbours?',
    'neighbours? from hell',
    '(?:buy|by|invest) (?:into|in) (?:a |the )?business',
    '(?:start|starting|set up|setting up) (?:a |my |our )?(?:own )?business',
  ]),
];

/** Order of precedence when several reasons are heard: the most pressing first. */
export const PRECEDENCE: readonly SellingReason[] = [
  'repossession',
  'probate',
  'inherited',
  'divorce',
  'financial',
  'health',
  'relocation',
  'landlord_exit',
  'downsizing',
  'other',
];

/** Every reason heard, most pressing first. */
export function extractReasons(text: string): SellingReason[] {
  const normalised = normaliseUtterance(text);
  const heard = new Set<Heard>(findAssertedMatches(normalised, RULES).map((m) => m.value));
  // "my mum passed away and left me the house": inheritance is the fact, probate the process;
  // only an explicit "probate" or "executor" keeps probate ahead of an inheritance.
  if (
    heard.has('inherited') &&
    heard.has('probate') &&
    !/\b(?:probate|executor|executrix)\b/.test(normalised)
  ) {
    heard.delete('probate');
  }
  // A widow downsizing: the house was already theirs, so the loss is the story and the other
  // reason is why they sell.
  if (heard.has('probate') && heard.size > 1 && spouseOnly(normalised)) heard.delete('probate');
  return PRECEDENCE.filter((r) => heard.has(r));
}

const SPOUSE = /\b(?:husband|wife|partner|hubby|missus|fella)\b/;
const ESTATE_WORDS = /\b(?:probate|executors?|executrix|estate|will)\b/;
const BLOOD_RELATIVE = new RegExp(`\\b${RELATIVE.replace('|husband|wife|partner', '')}\\b`);

/**
 * The death spoken of is a husband's, wife's or partner's, with no probate or executor named: the
 * caller usually owned the house with them, and no estate stands between them and a sale.
 */
export function onlyASpouseDied(text: string): boolean {
  return spouseOnly(normaliseUtterance(text));
}

function spouseOnly(normalised: string): boolean {
  return SPOUSE.test(normalised) && !ESTATE_WORDS.test(normalised) && !BLOOD_RELATIVE.test(normalised);
}

/** The most pressing reason for selling, or null when none was given. */
export function extractReason(text: string): SellingReason | null {
  return extractReasons(text)[0] ?? null;
}
