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

/**
 * What a phrase tells besides a reason: 'court' is legal action, a repossession only when a
 * lender is in the story; 'theirs_now' is a home passed to the caller, an inheritance only after
 * a death.
 */
type Heard = SellingReason | 'ignore' | 'court' | 'theirs_now';

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

/** Probate as said and as the recogniser may write it: "pro bate", "probe eight". */
const PROBATE_SAID = '(?:pro ?bate|probe ?(?:eight|ate|8))';

const RULES = [
  // Uses of the keywords that say nothing about the reason for selling.
  phraseRule<Heard>('ignore', [
    'my landlord',
    '(?:boiler|car|phone|battery|tv|washing machine) (?:has )?died',
  ]),
  // Legal action, whoever brings it: "they've started court proceedings", "been to court and got an
  // order against me". A lender's against the caller, or a landlord's against tenants.
  phraseRule<Heard>('court', [
    '(?:started|starting|start|begun|began|issued|issuing|brought|bringing|taken|taking|took) (?:court |legal )?(?:proceedings|action)',
    '(?:court|legal) (?:proceedings|action|order)',
    // "to" as the recogniser may write it: "taking us too court", "been two court".
    '(?:been|gone|went|going|go|gonna go) (?:to|too|two|2) court',
    '(?:got|get|getting|granted|given) (?:a |an )?(?:court |possession )?order (?:against|on|for)',
  ]),
  // A home that has come to the caller: "the house came to me and my brother", "it's in my
  // name now", "it's all mine". Told beside a death, it is an inheritance.
  phraseRule<Heard>('theirs_now', [
    '(?:came|come|comes|passed|went|handed|handed down|signed over|transferred) (?:down |over )?to (?:me|us)',
    "(?:it|the (?:house|place|property|flat|bungalow|home))(?:'s|s| is| has)(?: now| all| been){0,2} (?:in (?:my|our) names?|mine|ours)",
  ]),
  phraseRule<Heard>('repossession', [
    'repossess(?:ed|ing|ion)?',
    'repo',
    'bailiffs?',
    'possession (?:order|hearing|proceedings)',
    // The lender going to law for the house: "they'll apply for possession", "seeking possession",
    // "for" as the recogniser may write it ("apply 4 possession").
    '(?:apply|applying|applied|application|going|seek|seeking|sought|claim|claiming) (?:for|4) possession',
    '(?:seek|seeking|sought|claim|claiming|take|taking) possession (?:of|proceedings)',
    '(?:bank|lender|building society) (?:is|are) (?:taking|going to take)',
    "(?:bank|lender|building society|mortgage company)(?:'s| is| are| has| have)? (?:taking|took|taken|going to take) (?:us|me|them|her|him) (?:to|too|two|2) court",
    '(?:taking|took|taken) (?:us|me) (?:to|too|two|2) court (?:over|for) (?:the )?(?:mortgage|arrears)',
    'court date',
    // "threatening to take the house off us", "going to take our home away".
    '(?:threatening|going|trying|want|wants) to (?:repossess|take (?:the house|the property|the flat|it|our (?:house|home)|my (?:house|home)) (?:back|off (?:us|me)|away))',
    // A lender's threats are about the house, whatever follows: "the building society's threatening us".
    "(?:bank|lender|building society|mortgage company)(?:'s|s| is| are| has| have)? (?:been )?threatening",
    // The lender wanting the home back, in any tense or word for home: "the bank's wanting the hoose back".
    "(?:bank|lender|building society|mortgage company)(?:'s|s| is| are)? (?:wants?|wanting|after|going to want) (?:the |my |our )?(?:house|hoose|home|property|flat|place|it) back",
    'eviction (?:notice|letter)',
    "(?:bank|lender|building society|mortgage company)(?:'s| is| are| has| have)? (?:been )?(?:sending|sent|writing) (?:me |us )?(?:letters|threatening letters|final demands?)",
    // "letters from the bank", and as it is said in the North, "letters off the building society".
    '(?:letter|letters|notice|notices) (?:from|off) the (?:bank|lender|building society|mortgage company|court)',
    // "the bank's sent a letter saying they'll take it", "the lender says they're taking the house".
    "(?:bank|lender|building society|mortgage company)(?:'s|s| is| are| has| have)? (?:sent|sending|written|writing|said|saying|says|told|telling)[a-z ]{0,30} (?:they'll|they will|they're going to|theyre going to|going to|gonna|will) (?:take|have) (?:it|the house|the property|the flat|our house|my house)",
    '(?:bank|lender|building society|mortgage company) (?:is|are|are going to|is going to|will) (?:take|taking|have|having) (?:it|the house|the property|the flat|our house|my house)(?: off (?:me|us))?',
  ]),
  phraseRule<Heard>('probate', [
    "probate(?:s|'s)?",
    PROBATE_SAID,
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
    // "she's passed", "he has passed": the "'s" joined to the word as it is written.
    "(?:she|he|they)(?: has| have|'s|s|'ve)? passed(?! (?:his|her|their|the|a|an|my|our|me|us|them)\\b)",
    // The verb left bare, as callers still learning English say it: "my father, he die last year".
    `(?:she|he|${RELATIVE}) die\\b(?! (?:for|of|laughing|hard|down|out|off)\\b)`,
    // Gone a while, not gone somewhere: "she's been gone two year now", "dad's been gone a while".
    `(?:she|he|${RELATIVE})(?:'s|s| has) been gone(?! (?:in|into|to|out|off|away|abroad|back|over|round|up|down|on|with|through|shopping)\\b)`,
    'funeral',
    'sort(?:ing)? out (?:the|her|his|their) estate',
    // "we're winding up my gran's estate", "settling dad's estate".
    "(?:winding|wind|wound|settling|settle|administering|administer|dealing with|handling|sorting) (?:up |out )?(?:the |my |our |her |his |their )?(?:[a-z]+'?s )?estate\\b",
    'in (?:her|his|their) will',
  ]),
  phraseRule<Heard>('inherited', [
    'inherit(?:ed|ing|ance)?',
    // Scots says the "to" as "tae": "left it tae me an' ma brother".
    '(?:left|leave) (?:it |the house |the property )?(?:(?:to|tae) )?(?:me|us)',
    'left (?:me|us) (?:the|a|her|his|their) (?:house|property|home|flat|bungalow)',
    // "i've been left a house", "we were left the bungalow by my uncle".
    "(?:i've|i have|we've|we have|i was|we were|i got|we got) (?:been )?left (?:a|the|this|her|his|their) (?:house|property|home|flat|bungalow|place)",
    // "got a house through my dad's will", "it came to me in my gran's will".
    "(?:through|in|under|from) (?:the|a|my [a-z]+'s|my [a-z]+s|her|his|their) will\\b",
    // The home passed down from a relative: "got it from my granny", "it come to me off my mum".
    `(?:came|come|comes|passed|went|handed(?: down)?|got|had|getting) (?:it |the house |the place |the property |the flat )?(?:down )?(?:to (?:me|us) )?(?:off|from|through) (?:my|me|our) (?:late )?${RELATIVE}`,
  ]),
  phraseRule<Heard>('divorce', [
    // Longer than the inheritance's "left me", so it wins where both are heard.
    "(?:wife|husband|partner|missus|fella|she|he)(?:'s| has)? (?:left|walked out on) (?:me|us)",
    // The words with their "g" dropped and the apostrophe lost, as the recogniser writes them:
    // "we're splittin up", "divorcin", "separatin".
    'divorc(?:e|ed|ing|in)',
    // The divorce's own steps: "the decree absolute comes through in june", "waiting on the decree nisi".
    'decree (?:absolute|nisi)',
    'separat(?:ing|ed|ion|in)',
    'split(?:ting|tin)? up',
    // Their ex with someone new: "he's moving his new girlfriend in", "her new fella".
    '(?:his|her) new (?:girlfriend|boyfriend|partner|fella|bloke|man|woman|missus)',
    'break ?up',
    'broke up',
    'break(?:ing|in) up',
    `(?:relationship|marriage)${ENDED}`,
    'broken up',
    'my ex',
    '(?:ex (?:wife|husband|partner))',
    'split(?:ting|tin)',
    'separat(?:e)',
    '(?:going|gone|went|go) (?:our|their) (?:separate|own) ways',
    'buy(?:ing)? (?:him|her|my ex|them) out',
  ]),
  // The ex as the subject of their own clause: "i'm not the only owner, my ex is still on the
  // deeds". A negation before it belongs to the clause before, so these are never negated.
  phraseRule<Heard>(
    'divorce',
    [
      "(?:my|me|our) ex(?: (?:wife|husband|partner))?(?:'s|s| is| has| was| still| won't| wont| will| wants| keeps| and (?:i|me))\\b",
    ],
    false,
  ),
  phraseRule<Heard>('financial', [
    'behind (?:on|with) (?:the |my |our )?(?:mortgages?|payments|repayments|bills)',
    // Behind on anything owed: "behind on everything", "behind with the council tax".
    'behind (?:on|with) (?:everything|it all|the lot|all (?:the|my|our) (?:bills|payments)|(?:the |my |our )?(?:council tax|rent|credit cards?|loans?|car finance))',
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
    'struggl(?:ing|in)(?! to (?:sell|find|get (?:a )?buyers?))',
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
    // Gravely ill, not fed up: "he is very sick", never "sick of the tenants".
    '(?:very|really|seriously|terminally|gravely|quite|so) (?:sick|ill)\\b(?! (?:of|and tired|to death)\\b)',
    // Can no longer live alone: "he cannot live alone", "she can't live on her own now".
    "(?:can't|cannot|can not|cant|can no longer) (?:live|be) (?:alone|on (?:my|his|her|their|our) own|by (?:myself|himself|herself|themselves))",
    '(?:in|into|out of) hospital',
    // Into care, whichever article: "mum went into the home in january".
    '(?:going|gone|went|go|goes|moved|moving) into (?:a |the )?(?:care|home|nursing)',
    'moving into (?:a )?(?:care|home|sheltered)',
    "(?:can't|cannot) (?:cope|manage) (?:any ?more|on (?:my|her|his|their) own)",
    '(?:heart|medical) (?:attack|condition|problems)',
    '(?:all )?on (?:one|the one|a single) level',
    '(?:for|with) (?:my|her|his) (?:hip|hips|knee|knees|back|legs|heart|chest)',
    'stairs (?:are|is) (?:too much|getting too much|a struggle|hard)',
    // "i can't be doing the stairs anymore", "can't manage stairs now": the body, not the house.
    "(?:can't|cannot|cant|can not) (?:be doing|do|manage|climb|get up|face) (?:the |them |those )?stairs",
    '(?:hip|knee) (?:replacement|operation|op)',
    // Money wanted for someone's care is the care's: "we need the money for his fees".
    "(?:need|needs|needed|want|wants) (?:the |some )?(?:money|cash|equity) (?:for|to pay(?: for)?) (?:his|her|their|the|mum's|dad's|[a-z]+'s) (?:care |nursing |home )?(?:fees|care)",
    '(?:care|nursing) (?:home )?fees',
    "pay(?:ing)? for (?:his|her|their|mum's|dad's) care",
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
    'relocat(?:e|ing|ion|in)',
    'moving (?:for|with) work',
    '(?:new|a) job (?:in|down|up|offer)',
    'new job',
    'job offer',
    'transferred',
    '(?:a )?transfer (?:to|with|up|down)',
    'moving (?:abroad|overseas|away|up north|down south|to (?:be )?(?:nearer|closer))',
    'emigrat(?:e|ing|ion|in)',
    // Retiring somewhere else is a move first: "we're retiring to spain".
    'retir(?:e|ing) (?:to|abroad|overseas|out to|down to|up to)',
    // "to" as the recogniser may write it: "retiring too the coast", "retiring 2 spain"; never
    // "retiring too soon" or "retiring 2 years early".
    'retir(?:e|ing) (?:out |down |up )?(?:too|2) (?!(?:soon|early|late|young|old|quick|quickly|fast|much|many|little|far|long|weeks?|months?|years?|days?)\\b)[a-z]+',
    'mov(?:e|ing) (?:closer|nearer) to',
    '(?:moving|going|heading) (?:over |up |down |back |out )?(?:to|into) [a-z]+ (?:with|for) (?:my |the |his |her )?(?:work|job)',
    '(?:with|for) (?:my )?work(?! (?:it needs|needed|done|on))',
    // Someone's job as the cause of a move: "with my husband's job", "for her job".
    "(?:with|for) (?:my|his|her|their|our|me) (?:[a-z]+'?s )?(?:new )?job\\b(?! (?:interview|application|title|hunting|search))",
    // A one-way move, whatever the verb: "one-way ticket", "going to australia for good".
    'one[- ]way (?:ticket|flight)',
    '(?:off|going|moving|go|heading|head) (?:back )?(?:to|too|2) [a-z]+ for good',
    // A home waiting for them somewhere else: "a place built out in spain".
    '(?:place|house|home|villa|flat|apartment) (?:being )?(?:built )?(?:out|over) (?:in|there)\\b(?! the\\b)',
    // An employer moving someone, however contracted: "work's sending me", "the firm have posted him".
    "(?:work|job|company|firm|employer|office)(?:'s|s| is| are| has| have)? (?:been )?(?:moving|sending|transferring|relocating|posting|moved|sent|transferred|relocated|posted) (?:me|us|him|her)",
    // "They" is an employer only when sending someone somewhere: "they're sending me out to dubai".
    "(?:they|they're|they've)(?: are| have)? (?:moving|sending|transferring|relocating|posting) (?:me|us|him|her) (?:out|over|up|down|abroad|away|to|back)\\b",
    'got (?:a )?(?:new )?job (?:in|up|down|abroad|away|offer)',
    // "i'm working down in london now so it's empty": work has taken them elsewhere.
    "(?:i'm|im|i am|we're|we are|he's|she's) (?:now )?(?:working|based|living) (?:down|up|over|out|away) (?:in|south|north|there|abroad)",
    '(?:starting|taking|start|take) (?:a )?(?:new )?job',
    'posted (?:to|abroad|overseas)',
    'leaving the (?:country|uk)',
    '(?:moving|going) (?:back )?home to',
    // "to" may come as the recogniser writes it: "moving out 2 spain", "two dubai", never a span of time.
    'moving (?:over|up|down|out) (?:to|too|into|north|south|(?:2|two)(?! (?:weeks?|months?|years?|days?)\\b)) [a-z]+',
    // Heading somewhere, or going up or over to a place: "then head up to scotland".
    // Not a figure rising: "the payments are going up to three hundred".
    '(?:head|heading|headed|go|going|goes) (?:over|up|down) to (?!(?:the|a|an|my|our|his|her|their|your|bed|see|visit|look|check|get|have|do|sort|stay|work|school|town|about|around|nearly|almost|over|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\\b)[a-z]+',
    '(?:head|heading|headed) (?:out|off) to (?!(?:the|a|an|my|our|his|her|their|your|see|visit|work|school|town)\\b)[a-z]+',
    // Going back where they came from: "i go back to india", "we've decided to move back over there".
    '(?:go|going|goes|move|moving|moved|head|heading) back (?:over |up |down |out |home )?(?:there|their|home|(?:to|too|two(?! (?:weeks?|months?|years?|days?)\\b)|2) (?!(?:work|school|college|uni|university|bed|sleep|normal|the|a|an|my|our|your|his|her|their|it|them|him|me|us|you|being|doing|what|how|sell|selling)\\b)[a-z]+)',
    'return(?:ing|s)? (?:home|to (?!(?:work|school|college|uni|university|normal|the|a|an|my|our|your|his|her|their|it|them|him|me|us|you|being|doing|what|how)\\b)[a-z]+)',
    'moving (?:to|back to) (?!a |an |the |somewhere smaller|something)[a-z]+',
    `(?:closer|nearer)(?: to)? (?:${THEIR} )?(?:${FAMILY}|work)`,
    // Plain "near" only after a move or a stay: "to be near me mam", never "it's near my mum's".
    `(?:be|to live|move|moving|moved|get|stay|staying) near (?:to )?${THEIR} ${FAMILY}(?!'s)`,
  ]),
  phraseRule<Heard>('landlord_exit', [
    'tired landlord',
    '(?:fed up|sick|tired) (?:of|with) (?:being a landlord|landlording|renting it out|tenants|the tenants)',
    // A let's own mortgage rising is the landlord's sum, not the caller's debt (before the plain
    // phrase, which would otherwise be taken first).
    "(?:buy|by) to let mortgages?(?: (?:has|have|is|are|'s))?(?: (?:gone up|went up|going up|risen|rates?|payments?|costs?))?",
    // Also as the recogniser hears it: "by to let".
    '(?:buy|by) to let',
    'btl',
    '(?:rental|investment) property',
    'portfolio',
    // With its possessive, apostrophe or not: "section 21s been served".
    "section (?:24|twenty four|21|twenty one)(?:'?s)?",
    '(?:getting|get) out of (?:the )?(?:rental|letting|property) (?:market|business|game)',
    // A landlord leaving letting, said through the let: "get out of renting altogether", "the new
    // rules for landlords", "renting it out ... so i'm selling up".
    '(?:getting|get|got) out of (?:renting|letting)(?! (?:a|the|somewhere)\\b)',
    // Leaving letting, as from a trade: "retiring from letting", "giving up being a landlord".
    '(?:retir(?:e|ing|ed)|stepping back|step back|giving up|give up|quitting|quit|done with|finished with) (?:from )?(?:letting|lettings|landlording|being a landlord|renting (?:it |them |houses |property |properties )?out)',
    // Several lets, of which this is one: "got two rentals", "i've a few buy to lets".
    '(?:got|have|own|owning|with) (?:two|three|four|five|six|a few|a couple of|several|some|[0-9]+) (?:other )?(?:rentals|rental properties|lets|buy to lets|rented properties)',
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
    'downsiz(?:e|ing|in)',
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
    // The article may be dropped, as callers still learning English say it: "neighbours are problem".
    "neighbours?(?:'s| are| is)? (?:a |an )?(?:nightmare|hell|awful|terrible|noisy|problem|problems|trouble|a problem)",
    '(?:problem|noisy|nightmare|bad|awful) neighbours?',
    'neighbours? from hell',
    '(?:buy|by|invest) (?:into|in) (?:a |the )?business',
    '(?:start|starting|set up|setting up) (?:a |my |our )?(?:own )?business',
    // Outgrown the home, the opposite of downsizing: "way too small now", "need somewhere bigger".
    'too small',
    'outgr(?:own|owing|ew)',
    '(?:something|somewhere|summat|a place|a house|a home) (?:a bit |a lot |much |far )?bigger',
    '(?:need|needs|want|wants) (?:more|extra) (?:space|room|rooms|bedrooms)',
    // A home no lender will take: cladding, "nobody can get a mortgage on it".
    'because of (?:the )?cladding',
    'cladding (?:issues?|problems?|scandal|crisis|remediation|work)',
    "(?:the )?cladding(?:'s| is)? (?:a problem|an issue|unsafe|dangerous|flammable)",
    "(?:can't|cannot|couldn't|can not|nobody can|no one can|nobody will|no one will|won't) (?:get|give|lend|offer) (?:a |them a |you a |anyone a )?mortgages? on (?:it|the flat|the house|the property)",
    'unmortgageable',
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
  resolveCourt(heard, normalised);
  // A home that came to the caller when someone died is theirs by inheritance.
  if (heard.has('theirs_now') && heard.has('probate')) heard.add('inherited');
  // "my mum passed away and left me the house": inheritance is the fact, probate the process;
  // only a probate or executor still at work keeps probate ahead of an inheritance.
  if (heard.has('inherited') && heard.has('probate') && !estateInHand(normalised)) {
    heard.delete('probate');
  }
  // A widow downsizing: the house was already theirs, so the loss is the story and the other
  // reason is why they sell.
  if (heard.has('probate') && heard.size > 1 && spouseOnly(normalised)) heard.delete('probate');
  return PRECEDENCE.filter((r) => heard.has(r));
}

/** A lender, or the mortgage it holds, named in the story. */
const LENDER_NAMED = /\b(?:bank|banks|bank's|lender|lenders|lender's|building society|mortgage)\b/;
/** Tenants, whom a landlord takes to court. */
const TENANTS_NAMED = /\b(?:tenants?|evict\w*)\b/;

/**
 * Court action is a repossession when it is a lender's: the mortgage or lender is named and no
 * tenants are, who would make it a landlord's case against them.
 */
function resolveCourt(heard: Set<Heard>, normalised: string): void {
  if (heard.has('court') && LENDER_NAMED.test(normalised) && !TENANTS_NAMED.test(normalised)) {
    heard.add('repossession');
  }
}

/**
 * Probate named and not said to be over: "probate was sorted back in 2021" is finished with.
 */
const ESTATE_AT_WORK = new RegExp(`\\b(?:${PROBATE_SAID}s?|executors?|executrix)\\b`);
const PROBATE_DONE = new RegExp(
  `\\b${PROBATE_SAID}(?:'s|s| was| has| is| got)? (?:been |all |now |finally |already |long )*(?:done|sorted|granted|through|complete|completed|finished|over|settled|wrapped up)\\b`,
);

function estateInHand(normalised: string): boolean {
  return ESTATE_AT_WORK.test(normalised) && !PROBATE_DONE.test(normalised);
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
