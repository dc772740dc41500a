/**
 * Who lives in the property: the owner, tenants, or nobody. Callers often describe a change
 * ("the tenants moved out so it's empty now"), so the last statement made wins.
 */
import type { Occupancy } from '../slots/occupancy.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, type PhraseMatch, phraseRule } from './phrases.js';
import type { YesNo } from './yes-no.js';

/** 'kin' is "they live there" said of someone: the seller's own when the family was named first. */
type Heard = Occupancy | 'ignore' | 'kin';

/** The seller's relatives, near and by marriage: "my nephew", "our kid", "me brother in law". */
const KIN =
  '(?:ex|ex wife|ex husband|ex partner|mum|mam|mammy|ma|mother|mom|dad|father|nan|nana|gran|granny|grandma|grandad|grandpa|grandmother|grandfather|grandparents|parents|family|wife|husband|hubby|missus|partner|other half|girlfriend|boyfriend|fiance|fiancee|son|daughter|stepson|stepdaughter|brother|sister|kids|kid|children|bairns|lad|lass|grandson|granddaughter|grandkids|grandchildren|auntie|aunty|aunt|uncle|nephew|niece|cousin|in laws|(?:mother|father|brother|sister|son|daughter) in law)';
const FAMILY = `(?:(?:my|our|me) ${KIN}|(?:mum|mam|mother|dad|father|nan|gran)(?=[ ']))`;
/** Family of the seller in it, paying no rent: the desk treats that as the owner's own use. */
const FAMILY_IN = `${FAMILY}(?:'s| is| are|s)? (?:still )?(?:in it|in there|there|inside|living there|living in it|in the house)`;
/** To live somewhere, in the words of the regions too: "she stops there", "naebody's bidin' there". */
const LIVES =
  '(?:live|lives|living|stay|stays|staying|stops|stopping|reside|resides|bide|bides|biding|bidin)';
const THERE =
  '(?:there|in it|in there|at the property|at the house|in the property|in the house|here|at home)';
/** The caller or their household as the subject: what they pay is not rent coming in. */
const SELF = "(?:i|we|i'm|im|we're|were|i've|we've|i'd|we'd|still|to|can't|cant|don't|dont)";
/** What a caller pays out on their own account: "a month on the mortgage", "in council tax". */
const NOT_OUTGOINGS =
  '(?! (?:on|for|in|to|towards) (?:the |my |our )?(?:mortgage|council tax|bills|insurance|service charge|ground rent|loan|electric|gas|heating))';
/** Words before "family" or "couple" that make it the seller's own or nobody's: "my family", "no couple". */
const NOT_A_HOUSEHOLD = '(?:my|our|me|his|her|the|no|any|not|whole)';
/** The caller's household as the subject of being somewhere: "we're", "i am". */
const SELF_BE = "(?:i'm|im|i am|we're|we are)";
/** Words that stress being there and say nothing else: "we're very much still in it". */
const FIRMLY =
  '(?:(?:very much|definitely|certainly|actually|obviously|currently|really|absolutely|both|all|of course|def) )?';
/** Where someone goes to be cared for: "a home", "the hospice", "care". */
const CARE =
  "(?:(?:a|the) (?:care |nursing |residential |old people's |old peoples |old folks )?home|(?:a |the )?(?:care home|nursing home|care|hospice|residential care|sheltered housing|sheltered accommodation|assisted living))";
/** The one who lived there gone into care: "mum went into a home", "the auld fella went intae the hospice". */
const GONE_INTO_CARE = `(?:went|gone|moved|been moved|was moved|been taken|was taken|been put|was put|got put) (?:in|into|intae|to) ${CARE}`;
/** A word of when between the subject and the going: "already", "just", "long since". */
const LATELY = '(?:(?:already|just|now|since|recently|finally|all|both|long since) )?';
/** Nobody, as the regions and the blunt say it: "not a soul", "no bugger", "naebody". */
const NOBODY =
  '(?:nobody|no one|noone|no body|naebody|nae one|naebdy|no bugger|no sod|no beggar|not a soul|not a single soul|not one person|not anybody|not anyone)';
/** "nobody's" and its forms, the apostrophe perhaps dropped by the recogniser. */
const NOBODYS = "(?:nobody's|no one's|nobodys|no ones|noones|naebody's|naebodys|no body's)";

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
    // Empty later, not now: "tenants in till june then it's empty", "it'll be empty after that".
    "(?:then|after that|after then|once they're out|when they leave)(?: it's| its| it is| it'll be| it will be)? empty",
    "(?:it'll|itll|it will|will|it's going to|its going to|it is going to|it's gonna|its gonna|it would|it'd|it should|should) (?:be |stand |sit |then be |soon be )?(?:empty|vacant|unoccupied)",
    'empty (?:handed|promises?)',
    // A move into care told as when something else began: "we've let it since mum went into a home".
    `(?:since|after|when|once) (?:[a-z']+ ){1,3}?${GONE_INTO_CARE}`,
    // Living there said as what could or could not be, not what is: "you couldn't live in it".
    "(?:could|would|couldn't|couldnt|could not|wouldn't|wouldnt|would not|can't|cant|cannot) (?:ever |really |possibly |even )?(?:live|stay|sleep|be living) (?:in it|in there|there|here|in the house)",
    // The caller's own let somewhere else, not this house's: "the tenancy on me new flat starts",
    // "my new lease", "our tenancy at the new place".
    '(?:the |my |me |our )?(?:new )?(?:tenancy|lease|rental agreement) (?:on|for|at|of) (?:my|me|our|the) (?:new |next )?(?:flat|place|house|home|rental|bungalow)',
    '(?:my|me|our) (?:new )?(?:tenancy|lease|rental agreement)',
  ]),
  phraseRule<Heard>(
    'vacant',
    [
      `${NOBODY} (?:${LIVES}|is living|has lived|has been living|lived)(?: ${THERE})?`,
      // Nobody could live there, let alone does: "no one could live in it in that state".
      `${NOBODY} (?:could|can|would|could ever|can ever) (?:live|stay|sleep)(?: ${THERE})?`,
      `${NOBODY} (?:in it|in there|there|inside|living there|living in it)`,
      // The recogniser may drop the apostrophe: "no ones living in it".
      `${NOBODYS} (?:${LIVES} )?(?:there|in it|in there|inside)`,
      // Nobody there said by another verb of being in a house: "nobody's set foot in it in months".
      `(?:${NOBODYS}|${NOBODY}(?: has| had| have)?) (?:been )?(?:set foot|stepped foot|put a foot|slept|stayed|stopped|been near|been inside|been in it|been in there|touched it)`,
      'no tenants?',
      // Gone, perhaps with a word of when: "i've already moved out", "they've just left".
      `(?:tenants?|they|we|i) (?:have |has |'ve )?${LATELY}(?:moved out|left|gone|vacated)`,
      `(?:tenant's|tenants have|they've|we've|i've|ive|weve) ${LATELY}(?:moved out|left|gone)`,
      `(?:i've|ive|we've|weve|i have|we have) ${LATELY}moved (?:away|on|abroad|overseas)`,
      // A tenant gone, however the verb is put: "he moved out last week", "tenant move out last
      // month" (not "he left", which may be a will; nor "moving out", still there).
      '(?:tenants?|he|she) (?:has |had )?moved out',
      '(?:tenants?|he|she) move out (?:last|yesterday|(?:[a-z0-9]+ )?(?:days?|weeks?|months?) ago)',
      // The one who lived there now cared for elsewhere: "she's in a home now", "dad went into a
      // nursing home" (not "she's going into a home": she is there still).
      GONE_INTO_CARE,
      `(?:he's|she's|hes|shes|he is|she is|they're|theyre|they are|${FAMILY}(?:'s| is| are|s)) (?:now |been |permanently )?in ${CARE}`,
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
      `${NOBODYS} (?:been )?(?:in|there|living)`,
      // "nobody's lived in it since mam went": nobody has, up to now.
      `${NOBODYS} lived(?: ${THERE})?`,
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
    // A house left idle however it rests, the subject perhaps dropped: "sitting idle", "it's
    // lying empty", "stood unused since".
    '(?:sat|sits|sitting|stood|stands|standing|lying|laying|lies|lay|lain|left) (?:there )?(?:idle|empty|unused|dormant|untouched|doing nothing)',
    "(?:it's|its|it is|been|it's been|its been) (?:just )?idle",
    // A let between tenants: "it's between lets", "in a void period", "it's void at the minute".
    'between (?:lets|tenants|tenancies|lettings|occupants)',
    'void (?:period|at the (?:minute|moment)|just now|right now|now)',
    "(?:it's|its|it is|it's been|its been|been|currently|a) void",
    'untenanted',
    'uninhabited',
    "(?:it's|its|it is|it's been|its been|been|it was|now) vacated",
    'unlet',
    // Shut up, laid up or left: "it's just closed up", "mothballed", "it's been winterised".
    "(?:it's|its|it is|it's been|its been|been|it was|just|kept|all) (?:locked|shut|closed|shuttered) up",
    'mothballed',
    'winteri[sz]ed',
    // Said of the house, not of a person: "deserted", "it's been abandoned" (not "he deserted us").
    "(?:^|(?:it's|its|it is|it's been|its been|been|it was|now|left|completely|totally|just) )(?:deserted|abandoned)",
    'shuttered',
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
    // The subject dropped, as a second language often has it: "is rented", "is let to a family".
    '(?:^|\\bi )is (?:being |currently |now |all )?(?:rented|let)(?! (?:me|us|you|him|her|them|that)\\b)',
    // A let said by how it is run: "i let it privately", "rented through an agent", "fully managed".
    '(?:let|lets|letting|rent|rents|renting|rented) (?:it |them |the (?:house|flat|place) )?(?:out )?(?:privately|myself|ourselves|direct|through (?:an|the|a) (?:agent|agency|letting agent|letting agency)|via (?:an|the) agent)',
    '(?:privately|agent|agency|company|self|fully) (?:let|rented|managed)',
    // Tenants under notice are tenants still: "they're on notice", "section 21's been served".
    'section (?:21|twenty one|8|eight)',
    'notice to quit',
    '(?:on|under|served|serving|served them|served him|served her|given them|given him|given her|giving them) (?:their |his |her |a |an )?(?:notice|eviction notice|section)',
    '(?:evicting|being evicted|going through (?:the )?(?:eviction|courts))',
    '(?:eviction|possession) (?:notice|order|proceedings|hearing)',
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
    // Someone renting a room of it: "a young lad rents the box room", "he's renting the attic room".
    `(?<!\\b${SELF} )(?:rents|renting|rented|lets) (?:the |a |one |two )?(?:box |spare |back |front |small |big |double |single |top |attic |downstairs |upstairs |end )?(?:room|rooms|bedroom|bedrooms)\\b(?! (?:is|are|was|were)\\b)`,
    // A household in it, named without a verb or a possessive: "couple in it", "polish family is
    // inside" (not "my family", the seller's own).
    `(?<!\\b${NOT_A_HOUSEHOLD} )(?:a |an |some )?(?:(?!${NOT_A_HOUSEHOLD}\\b)[a-z]+ )?(?:couple|family|lad|lads|lass|bloke|fella|chap|lady|woman|man|nurse|nurses|professional|professionals|students?|people|tenants?)(?:'s| is| are)? (?:in it|inside|in situ)`,
    '(?:a |the )?(?:couple|family|lad|lass|student|students|nurse|bloke|woman|man) (?:is |are )?(?:renting|rent|rents) (?:it|there)',
    '(?:got|have) (?:a |some )?(?:couple|family|students?|people) (?:renting|in) (?:it|there)',
    // "a family's renting it", "they're renting it": someone else paying to live there.
    "(?:family's|familys|family is|couple's|couples|couple is|someone's|somebody's|people are|they're|theyre|they are) renting (?:it|the house|the place|there)",
    // "students, on a 12 month let": students in it, and a let however long.
    'students? (?:on|in|renting|living)',
    'on an? (?:[a-z0-9]+ (?:month|months|year|years) )?(?:let|lease|tenancy)',
    '(?:rooms?|flats?) (?:are|is) (?:all )?(?:let|rented|taken)',
    'hmo',
    // The let said by the landlord's words: "it's a buy to let", "they're in arrears", "leased to
    // the council", "i'm the landlord", "never missed a payment".
    // The house as a buy to let, not the caller's view of the market ("the buy to let market's dead").
    "(?:it's|its|it is|it was|it's been|its been) (?:a |an |just |always )?(?:buy to let|btl)\\b(?! (?:market|game|business))",
    // Arrears of rent, not the caller's own on the mortgage: "they're in arrears", "rent arrears".
    "(?:rent arrears|arrears (?:on|with) (?:the |their |his |her )?rent|(?:they're|theyre|they are|tenants? (?:is|are)|tenant's|tenants|he's|hes|he is|she's|shes|she is) (?:in |behind |in rent )?arrears)",
    'behind (?:on|with) (?:the |their |his |her )?rent',
    "(?:never|not once|hasn't|haven't|hasnt|havent) (?:ever )?missed (?:a |the |one )?(?:rent|payment|month)",
    "(?:it's|its|it is) (?:being )?leased",
    'leased (?:out|to)',
    'sub ?let',
    '(?:the )?council (?:lease|leases|rent|rents|pay|pays) it',
    "(?:i'm|im|i am|we're|we are) (?:the|a|their|his|her) landlords?",
    '(?:rolling|periodic) (?:contract|tenancy|let|basis|agreement|monthly)',
    'month to month',
    // Not gone yet: "the tenants haven't moved out yet".
    "(?:tenants?|they|he|she) (?:haven't|havent|have not|hasn't|hasnt|has not) (?:yet )?(?:moved out|left|gone)",
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
    // A let said through the rent paid: "pays me four hundred a month", "they pay every month",
    // "mates' rates". Not the caller's own outgoings: "we pay 600 a month on the mortgage".
    `(?<!\\b${SELF} )(?:pays|paying|pay|paid) (?:me |us |my (?:husband|wife|partner|dad|mum) )?(?:£?[a-z0-9,.]+ ){0,3}?(?:a|per|every|each|by the|on the) (?:month|week|fortnight|calendar month|quarter|nail|dot)${NOT_OUTGOINGS}`,
    `(?<!\\b${SELF} )(?:pays|paying|pay|paid) (?:me |us )?(?:monthly|weekly|fortnightly|pcm|regular|regularly|like clockwork)`,
    "(?:mates|mate's|mates's|family|friends|cheap|low|reduced|peppercorn|nominal) (?:rates|rent)",
    'rental income',
    // Someone else's household in it: "it's got students in", "there's a family in there".
    "(?:got|has got|there's|there are|there is|with) (?:a |some |two |three |four |a few )?(?:students?|family|couple|young couple|lad|lads|nurse|nurses|professionals?|sharers|people) (?:in|living in|in there|in it)\\b",
  ]),
  phraseRule<Heard>('kin', [
    // Not "they live in it", which the owner's rules read as before.
    `(?:they|he|she)(?: both| all)?(?: still)? ${LIVES} (?:there|in there|here|at the house|in the house)`,
    `(?:they're|theyre|they are|he's|hes|he is|she's|shes|she is)(?: both| all)?(?: still)? (?:living there|in there)`,
  ]),
  phraseRule<Heard>('owner_occupied', [
    `(?:i|we|i'm|im|we're|i am|we are|i still|we still|i've|we've|we all|we both|all of us|both of us|the family|the kids and me|me and the kids)(?: still)? ${LIVES} ${THERE}`,
    `(?:i|we) (?:still )?${LIVES} (?:there|in it)`,
    `${FAMILY} (?:still )?${LIVES} ${THERE}`,
    "(?:it's|it is|its) (?:my|our|the) (?:home|family home|main residence)",
    // Still partly there: "my stuff's still there and i stay over", "i still sleep there some nights".
    "(?:my|our|me) (?:stuff|things|clothes|belongings)(?:'s| is| are|s)? (?:all )?still (?:there|in it|in there|here)",
    '(?:i|we) (?:still )?(?:stay|stop|sleep) (?:over|there)(?: (?:a|some|most|at|on|two|three|a few|a couple of)\\b)',
    'owner occupie[dr]',
    // The owner not gone yet: "we haven't moved out yet", "i've not moved out".
    "(?:(?:i|we) (?:haven't|havent|have not|still haven't)|(?:i've|ive|we've|weve) not) (?:yet )?moved out",
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
    `${SELF_BE} ${FIRMLY}(?:still )?(?:very much )?in (?:it|there|the house)`,
    // "i'm still there", "we're very much still here": the owner has not left.
    `${SELF_BE} ${FIRMLY}still (?:very much )?(?:there|here|living there)`,
    // "we're there, me and my husband": asked who lives there, being there is living there.
    "^(?:(?:yes|yeah|yep|aye) )?(?:i'm|im|i am|we're|we are) (?:there|here)\\b",
    `lived in by (?:me|us|myself|${FAMILY})`,
    // "it's me that lives there", "us who live in it".
    `(?:me|us|myself|meself|ourselves) (?:that|who) (?:still )?${LIVES} ${THERE}`,
    // "just me and the kids in it now", "us and the dog in there".
    `(?:me|us|myself|meself) and (?:the |my |me |our )?[a-z]+(?: [a-z]+)? (?:in it|in there|living there|living in it)`,
    "(?:we're|we are|were) all (?:still )?(?:there|here|in it|in there|living there)",
    // "i've lived there since i was a kid": the owner has and still does.
    "(?:i've|ive|i have|we've|weve|we have) (?:always |still )?(?:lived|been living|been) (?:there|in it|here|in the house) (?:since|for|all|(?:[a-z0-9-]+ ){0,2}years)",
    // Where the caller lives, given as the address: "i live at 31 victoria avenue", "i've lived
    // at 18 rose hill for fifty years".
    '(?:i|we) (?:still )?live at (?:number )?[0-9]+',
    "(?:i've|ive|i have|we've|weve|we have) (?:always )?(?:lived|been living) at (?:number )?[0-9]+",
    // "it's just me in it now", "just us in there".
    '(?:just|only) (?:me|us|myself|meself)(?: on my own)? (?:in it|in there|living there|living in it)',
    // Not leaving yet: "we're not moving out till we've found somewhere".
    "(?:i'm|im|i am|we're|were|we are) not moving out (?:till|until|yet|before)",
  ]),
];

/** Who occupies the property, or null when the caller did not say. */
export function extractOccupancy(text: string): Occupancy | null {
  const said = normaliseUtterance(text);
  const matches = findAssertedMatches(said, RULES);
  const heard = matches.filter((m): m is PhraseMatch<Occupancy> => m.value !== 'ignore' && m.value !== 'kin');
  const last = heard[heard.length - 1];
  if (last !== undefined) return last.value;
  // "it's my parents', they both still live there": the family named, then said to live there.
  // Only when nothing else was said of who lives there: after a let, "they" are the tenants.
  const kin = matches.find((m) => m.value === 'kin');
  return kin !== undefined && NAMES_FAMILY.test(said.slice(0, kin.index)) ? 'owner_occupied' : null;
}

const NAMES_FAMILY = new RegExp(`\\b${FAMILY}`);

/**
 * Short answers to "is anyone living there: you, tenants, or is it empty?" that say only who:
 * "nobody" (empty), "just me" or "we do" (the owner). Read only when they are the whole answer;
 * a rule that `leads` is anchored at the answer's start, and is the answer however long the clause.
 */
const ANSWER_RULES: readonly { value: Occupancy; pattern: RegExp; leads?: true }[] = [
  { value: 'vacant', pattern: new RegExp(`\\b${NOBODY}\\b`, 'i') },
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
  // "i am, with my two lads", "we are", "i am for now": the question answered with its own verb,
  // perhaps with how long or how surely.
  {
    value: 'owner_occupied',
    pattern:
      /^\s*(?:i am|i'm|we are|we're|i do|we do)(?: (?:still|yes|yeah|aye|currently|myself|ourselves|for now|at the moment|at present|just now|right now|for the time being|for the minute|for a bit|yet))?(?:\s+(?:with|and)\b.*)?\s*$/i,
    leads: true,
  },
  {
    value: 'owner_occupied',
    pattern:
      /(?<!\bnot )(?<!\b(?:off|from|to|with|for|by|let|tell|give|ask|bear with) )\b(?:me|myself|meself|ourselves|us|yours truly|we do|i do|we live|i live|(?:my|our|me) (?:family|mum|mam|mother|dad|father|son|daughter|brother|sister|nan|gran|wife|husband|partner|kids|children))\b/i,
  },
];

/** Where a short answer's first clause ends: "just me, since my husband passed", "just me i'm 61". */
const FIRST_CLAUSE =
  /^[^,.;!?]*?(?=[,.;!?]| since | but | because | cos | although | though | i'm | im | i am | it's | its | we're | we've | i've |$)/i;
/** Words said before the answer, which are not it: "uh, just me", "right so, nobody". */
const LEAD_IN =
  /^(?:\s*(?:uh|um|er|erm|ooh|oh|well|so|basically|so basically|right|right so|you know|like|i mean|ok|okay|yes|yeah|aye|yep|nah|naw|nay|nope)\b[,.]?)+\s*/i;

/** The caller cannot say: "i don't actually know", "not sure", "no idea", "couldn't tell you". */
const NOT_KNOWING =
  /\b(?:(?:don't|dont|do not|didn't|didnt) (?:actually |really |honestly |even |rightly )?know|not (?:really |actually |entirely |totally |a hundred percent )?sure|no idea|not a clue|no clue|haven't a clue|havent a clue|(?:couldn't|couldnt|can't|cant) (?:tell you|say|tell)|not certain)\b/i;

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
  // "i don't actually know": a caller who cannot say has not said nobody.
  return yesNo === 'no' && !NOT_KNOWING.test(said) ? 'vacant' : null;
}
