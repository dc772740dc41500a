/**
 * Property condition in the three bands the buy box uses. Callers mix praise and problems
 * ("good nick but the kitchen's dated"), and what costs a buyer money is the problem, so the
 * most severe band heard wins.
 */
import type { Condition } from '../slots/condition.js';
import { conditionNow, ownAccount } from './condition-now.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

// The Scots "wi" and "o" come without their apostrophes when the recogniser drops them:
// "could dee wi a lick o paint".
const NEED =
  "(?:needs?|needing|need|wants?|wanting|could (?:do|dae|dee) (?:with|wi)|requires?|it's in need of|in need of|crying out for)";

/**
 * 'surface' is no band: it says the trouble told is on the surface ("structurally it's sound",
 * "nothing structural"), which brings a rebuild's words down to modernisation.
 */
type Heard = Condition | 'ignore' | 'surface';

/** Jobs so small they leave a house in good order: "a lick of paint", "a good clean". */
const TRIVIAL_JOB =
  '(?:a )?(?:fresh |new )?(?:lick|coat|splash) (?:of|o) paint|a (?:good |quick |proper )?(?:clean|tidy|tidy up|hoover|freshen up|spruce up|once over)|(?:a bit of |some )?(?:touching up|tidying up|tidying|freshening up)|a few touch ups';
/** A job that small, or new carpets and the like: "maybe wants new carpets but that's it". */
const SMALL_JOB = `${TRIVIAL_JOB}|(?:some |a few )?new (?:carpets?|flooring|curtains|blinds)`;
/** A shrug after a job that plays it down: "needs a lick of paint maybe", "if anything". */
const SHRUG = '(?:maybe|perhaps|possibly|at most|at a push|if anything|if that)';
/** Praise of a house's state: "good nick", "tip top condition", "great" written "grate". */
const PRAISE =
  '(?:good|great|grate|excellent|decent|lovely|perfect|immaculate|mint|pristine|fantastic|brilliant|superb|fabulous|fab|cracking|smashing|tip top|tiptop|first class|a1|top|very good)';
/**
 * How a surveyor rates a defect: "category 3", "condition rating three", and "cat" only with what
 * it rates ("cat 3s", "cat two items"), as "a cat, two dogs" is a household.
 */
const RATED = '(?:category|condition rating)';
const RATED_THINGS = '(?:s| (?:defects?|items?|things|issues?|problems?|repairs?|ratings?))';
/**
 * A rating said bare counts only after the survey it comes from ("the survey put it at category
 * three"): a bare "category three" may be a person's care band or anything else graded.
 */
const SURVEYED = "(?:survey|surveyor|report)(?:s|'s)?\\b[^.?!]{0,40}?\\b";
/** Jobs on the fabric a builder names: "repointing", "a re-skim", "damp proofing", "first fix". */
const TRADE_JOB =
  're ?pointing|pointing|re ?roofing|a re ?roof|re ?felting|re ?rendering|rendering|re ?plastering|plastering|re ?skim(?:ming)?|skimming|a skim|damp proofing|tanking|a (?:new )?damp (?:proof )?course|a (?:new )?dpc|first fix|second fix|making good';
/** Parts of the fabric that want a builder: "the fascias and soffits", "the flashing round the chimney". */
const TRADE_PART =
  '(?:fascias?|soffits?|barge ?boards?|flashings?|lead ?work|ridge tiles?|chimney pots?|downpipes?|lintels?|sills?|render)(?: and (?:the )?(?:fascias?|soffits?|gutters?|guttering|barge ?boards?|downpipes?))?';
/** Words that count what follows: "eight grand", "a few grand", "20 grand". */
const COUNTED =
  '(?:[0-9]+|[a-z]*(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|ty)|hundred|few|couple|of)';
/** Words that make a job the only one: "just needs", "needs nothing more than". */
const ONLY = '(?:just|only|merely)';
const NO_MORE_THAN = '(?:just|only|nothing (?:more|else) than|no more than|nothing but)';
/** A decade or a year said as the house's era: "the seventies", "about 1990", "nineteen eighty". */
const ERA =
  '(?:(?:about|around|roughly|circa) )?(?:the )?(?:fifties|sixties|seventies|eighties|nineties|[5-9]0s|19[5-9]0s|19[5-9][0-9]|nineteen (?:fifties|sixties|seventies|eighties|nineties)|nineteen (?:fifty|sixty|seventy|eighty|ninety)(?: [a-z]+)?)';
/** A decade, never a bare year: "very seventies", "all very nineteen-nineties" ("so 1985" is a date). */
const DECADE =
  '(?:the )?(?:fifties|sixties|seventies|eighties|nineties|[5-9]0s|19[5-9]0s|nineteen (?:fifties|sixties|seventies|eighties|nineties))';
/** Colours no bathroom or kitchen has been fitted in for decades: "peach bathroom", "avocado suite". */
const PERIOD_COLOUR =
  '(?:avocado|peach|pink|brown|orange|mustard|pampas|champagne|bahama beige|primrose|burgundy|maroon|sky blue)';
/** Fittings a house of its era has: "border paper", "artex ceilings", "a serving hatch". */
const PERIOD_FEATURE =
  '(?:border paper|woodchip|anaglypta|artex(?:ed)?|flock wallpaper|polystyrene tiles|swirly carpets?|patterned carpets?|pine cladding|stone cladding|formica|serving hatch|back boiler|textured ceilings?)';
/** The ways a fitting is worn out: "the bathroom's had it", "the heating's temperamental". */
const WORN =
  '(?:falling (?:apart|to bits|to pieces)|peeling(?: off)?|coming off|knackered|shot|dodgy|iffy|ropey|ropy|rotten|rotting|broken|worn(?: out)?|past it|on (?:its|their) last legs|had it(?! (?:done|redone|replaced|fitted|sorted|updated|put in|seen to)\\b)|had (?:its|their) day|temperamental|on the blink|playing up|conked out|packed up|packing up|clapped out|on (?:its|their) way out|held together with [a-z ]{1,20}?(?:tape|string|sellotape))';
/** How a part looks when it wants replacing: "awful", "grim", "minging". */
const UGLY =
  '(?:awful|horrible|horrid|hideous|grim|grotty|manky|minging|dreadful|terrible|disgusting|vile|nasty|tatty|scruffy|a mess|a state|an eyesore|a disgrace)';
/** A part named and then pointed back to: "apart from the kitchen, that's falling apart". */
const POINTED = "(?: that's| thats| that is| which is| which are| it's| its| they're| theyre)?";
/** Fittings that wear out like the parts do: "the heating's temperamental", "the shower's had it". */
const FITTING =
  '(?:heating|central heating|radiators|showers?|bath|toilet|loo|sink|taps|hot water|immersion)';
/**
 * The parts of a house whose failure is a job, not a rebuild: "the kitchen units are falling
 * apart" is a new kitchen. The roof and the walls are not here: their failing is the house's.
 */
const PART =
  '(?:kitchen|bathroom|units|cupboards?|worktops?|carpets?|flooring|lino|tiles|grouting|suite|fireplace|boiler|windows?|window frames|doors?|fence|fencing|shed|garage|conservatory|decking|gutters?|guttering|garden|skirting|skirtings|wallpaper|decor|paintwork|stairs|banister)';
/** What a caller wants put in or done: "a kitchen and bathroom putting in". */
const JOBBED =
  '(?:kitchen|bathroom|boiler|windows|carpets|heating|central heating|shower|bath|toilet|rewire)';
/** The fabric of the house, whose failure is a rebuild: "the ceilings", "the joists", "the stairs". */
const STRUCTURE =
  'ceilings?|roof|roofs|walls?|gable(?: end)?|chimney(?: stack| breast)?|floors?|floorboards|joists|timbers|beams|rafters|foundations|stairs|staircase|lintels?';
/** How the fabric fails: "coming down", "caved in", "gone", "riddled with woodworm". */
const STRUCTURE_FAILING =
  '(?:coming|come|came|fallen|falling|fell|caving|caved|dropping|dropped) (?:down|in|through|away)|down(?! to\\b)|collapsed|collapsing|rotten|rotting|rotted|gone|bowing|bulging|sagging|sinking|giving way|given way|gave way|cracked right through|riddled with (?:woodworm|rot|holes|damp)|full of (?:holes|rot|woodworm)|open to the sky';

/** What a house is called by its kind: "a bungalow from the fifties", "the semi's from the thirties". */
const HOUSE_KIND =
  'house|bungalow|semi|terrace|terraced|end terrace|detached|flat|maisonette|cottage|property|place|building|estate|build|one';

/** Not a part of an outbuilding or the garden's: "the shed roof's gone", "the garden wall's down". */
const OF_THE_HOUSE =
  '(?<!(?:garden|boundary|yard|retaining|perimeter|dividing|shed|garage|conservatory|porch|outbuilding|carport|summerhouse|greenhouse) )';

/** Where in the house a part is: "the ceilings in the back bedroom", "the floors upstairs". */
const WHERE_IN = '(?: in (?:the |a )?[a-z]+(?: [a-z]+)?| upstairs| downstairs)';

/** Basic amenities a house cannot be lived in without: two missing is a house to rebuild. */
const AMENITY =
  '(?:kitchen|bathroom|toilet|inside toilet|loo|heating|central heating|hot water|water|electric|electrics|electricity|plumbing|floors?|ceilings?|stairs)';

/** Living in the house as it stands: "live in it", "stop there at the minute", "sleep in there". */
const DWELL =
  '(?:live|stay|stop|sleep|be) (?:in it|in there|there)(?: as it is| as it stands| at the minute| at the moment| right now| now)?';

/** A word that makes a mess a wreck: "a right mess", "a reet shambles", "an absolute tip". */
const UTTER = '(?:right|reet|real|proper|total|complete|absolute|utter|bloody|complete and utter)';

/** What follows parts of the house said to be in order: "roof and windows are fine". */
const NOT_SAID_FINE =
  "(?!(?: and that| and all)?(?: are| is|'s|s| were| have been| been)? (?:all )?(?:fine|ok|okay|good|sound|solid|new|newish|done|sorted|grand|alright)\\b)";

const RULES = [
  // Trouble said to be on the surface: "the tenants trashed it but structurally it's sound",
  // "holes in the walls, cosmetic mainly", "nothing structural". "Cosmetic" is also work to do.
  phraseRule<Heard>(
    'surface',
    [
      "structurally (?:it's |its |it is |it's all |its all |it's all |all |they're |the house is )?(?:sound|fine|ok|okay|solid|good|alright|all right|perfect|spot on|grand)",
      '(?:nothing|nowt|no|not) (?:at all |really )?structural(?! (?:problems?|issues?|damage|work|movement)\\b)',
      "(?:no|not any|not got any|hasn't got any) structural (?:problems?|issues?|damage|work|movement)",
      "(?:it's |its |it is )?(?:all |just |only |mainly |mostly )?(?:cosmetic|superficial|surface)(?:ally)?(?: stuff| work| damage| things| bits)?(?: mainly| mostly| really| only)?",
    ],
    false,
  ),
  // Words that describe the caller, not the house ("tired landlord", "i'm tired of it").
  phraseRule<Heard>('ignore', [
    'tired (?:landlord|of|out)',
    "(?:i'm|im|i am|we're|we are) (?:so |really |just )?tired",
    // A fault denied by "nothing", which no negation reads: "everything works, nothing leaks".
    "(?:nothing|nowt)(?:'s| is)? (?:leaks|leaking|leaky|broken|damp|falling apart|dated|worn)",
  ]),
  // Negated forms said as a whole; they carry their own meaning.
  phraseRule<Heard>(
    'good',
    [
      '(?:had|has had|been given|just had|recently had) (?:a )?(?:full|complete|total|major) (?:refurb|refurbishment|renovation|overhaul)',
      "(?:doesn't|does not|don't|wouldn't) need (?:any|much|anything) (?:work|doing|done)?",
      "(?:doesn't|does not|don't) need anything",
      'nothing (?:needs|to) (?:doing|do|be done)',
      'no work (?:needed|required|to do)',
      'nothing wrong with it',
      // "Nowt wrong with the place", "nothing wrong with the one we've got": said of the house.
      '(?:nothing|nowt|nought) (?:at all |whatsoever )?wrong (?:with|wi) (?:it|the (?:place|house|property|flat|one|ones)|any of it)',
      // One small job and no other: "just needs a lick of paint", "a good clean, that's all".
      `${ONLY} ${NEED} (?:${TRIVIAL_JOB})`,
      `${NEED} ${NO_MORE_THAN} (?:${TRIVIAL_JOB})`,
      `all it (?:needs|wants) is (?:${TRIVIAL_JOB})`,
      `(?:${SMALL_JOB})(?: but| and)? (?:that's|thats|that is) (?:all|it|about it)`,
      // A small job offered with a shrug, before it or after: "maybe a lick of paint in the back
      // bedroom", "maybe wants new carpets", "needs a lick of paint maybe".
      `${SHRUG} (?:${NEED} )?(?:${SMALL_JOB})`,
      `${NEED} (?:${SMALL_JOB}) ${SHRUG}`,
      // A small job brushed aside by how sound the house is: "could do with a lick of paint but
      // it's sound", "wants a good clean, otherwise it's fine".
      `${NEED} (?:${TRIVIAL_JOB})(?: but| though| and)?(?: otherwise)? (?:it's|its|it is|the house is|the rest is) (?:sound|solid|dry|fine|grand|good|spot on|alright|all right)`,
    ],
    false,
  ),
  phraseRule<Heard>(
    'needs_modernisation',
    [
      "(?:not|isn't|is not) (?:in )?(?:a )?(?:very |that |the )?(?:good|great|grate|best|decent) (?:nick|condition|state|order|shape|fettle)",
      // Middling praise: "not bad but not brilliant", "ok, not up to much" ("nothing special" is
      // style, not repair: "decent, nothing special, but nothing wrong with it").
      "(?:not bad|not too bad|alright|all right|ok|okay|decent|passable|reasonable|fair)(?: i suppose| i guess| i'd say)?(?: but| though)? not (?:brilliant|great|amazing|fantastic|wonderful|marvellous|the best|up to much)",
      // Praise denied in a joke: "it's not the Ritz", "it won't win any awards".
      "(?:not|isn't|isnt|it's no|its no|hardly) (?:exactly |quite )?(?:the ritz|the savoy|buckingham palace|a palace|a mansion|the taj mahal|homes and gardens|ideal home|grand designs)",
      "(?:won't|wont|wouldn't|wouldnt|not going to|not gonna) win any (?:awards|prizes)",
      // No money spent on it: "it's had nowt spent on it since Ted Heath", "not had a penny spent on it".
      '(?:had|has had|seen) (?:nothing|nowt|nought|no money|bugger all|sod all|very little|little|next to nothing|hardly anything) (?:spent|done) (?:on|to) it',
      "(?:not|never|hasn't|hasnt|hadn't|hadnt) (?:had|seen) (?:a penny|a single penny|anything|owt|any money|a lot|much) (?:spent|done) (?:on|to) it",
      "(?:not|isn't) (?:been )?(?:updated|modernised|touched)",
      // "nothing has been touched since the seventies": a "nothing" that means no work done.
      "(?:nothing|nowt)(?:'s|s| has| have| had)? (?:really )?(?:been )?(?:touched|done|updated|changed|modernised)(?: to it| in it| in there| inside| upstairs| downstairs)? (?:since|for|in)",
      // Left as it was: "mum never changed a thing", "they haven't touched anything in years".
      "(?:never|not|hasn't|hasnt|haven't|havent|hadn't|didn't|didnt)(?: ever| really)? (?:been )?(?:changed|touched|updated|altered) (?:a thing|a single thing|anything|owt)",
      // A project whose scale the caller denies: "a project, but not a big one".
      "(?:project|job|doer upper)(?: but| not)* (?:not|nothing|it's not|its not|though not) (?:a |too |that |very )?(?:big|massive|huge|major|large|serious)(?: one| job| project)?",
    ],
    false,
  ),
  // A house nobody could live in as it is: "not fit to live in", "no kitchen, no bathroom".
  phraseRule<Heard>(
    'needs_full_renovation',
    [
      "(?:not|no|isn't|isnt|nae|nowhere near|not really) (?:fit|safe) (?:to live in|for living in|to be lived in|for habitation|for anyone to live in)",
      'unfit (?:to live in|to be lived in|for (?:human )?habitation)',
      "(?:not|isn't|isnt|not really|nowhere near) (?:liveable|livable|habitable)",
      // "Stop" is the north's "stay": "nobody could stop there at the minute".
      `(?:nobody|no one|noone) (?:could|can|would) ${DWELL}`,
      `(?:you|anyone|anybody|i|we) (?:couldn't|couldnt|can't|cant|cannot|could not|can not|wouldn't|wouldnt) ${DWELL}`,
      // Not fit for an animal: "wouldn't keep a dog in it", "not fit for pigs".
      "(?:wouldn't|wouldnt|would not|i'd not|id not|you'd not|youd not|couldn't|couldnt) (?:keep|put|let) (?:a|my|your|the) (?:dog|pig|pigs|cat|rat|worst enemy)(?: live| stay| sleep| stop)? (?:in it|in there|there)",
      'not fit for (?:a dog|dogs|a pig|pigs|animals|man nor beast|humans|human habitation)',
      `no ${AMENITY}(?: (?:and|or|nor))? no ${AMENITY}`,
    ],
    false,
  ),
  phraseRule<Heard>('needs_full_renovation', [
    // A surveyor's worst rating: "category three defects", "condition rating 3s all through it".
    `(?:${RATED}|cat) (?:3|three|iii)${RATED_THINGS}|${SURVEYED}${RATED} (?:3|three|iii)`,
    // Its red ratings: "reds all over the survey".
    '(?:red (?:ratings?|flags?)|reds) (?:all )?(?:on|over|in|through) (?:the|our|my|his|her) (?:survey|report|homebuyers? report)',
    'derelict',
    'fire damaged?',
    'flood(?:ed)? damaged?',
    'flooded',
    '(?:needs?|needing|wants?|wanting) (?:a )?(?:gutting|gut|gutted)',
    'gutted',
    // The house falling apart, not a part of it ("the kitchen units are falling apart a bit").
    `(?<!${PART}(?:'s|s)?${POINTED}(?: are| is| were| was| all| a bit| bit)* )falling (?:apart|down|to bits|to pieces)(?! a bit| a little| in places)`,
    '(?:in )?(?:a )?(?:bad|terrible|awful|sorry) (?:way|state|mess)',
    // A mess made a wreck, and the words for one: "a reet shambles", "an absolute tip", "a bombsite".
    `(?:an? )?${UTTER} (?:state|mess|shambles|tip|dump|hovel|pigsty|pig sty|pig's ear|bomb ?site|disaster|wreck|ruin)`,
    "shambles|bomb ?site|a bomb(?:s|'s| has) (?:hit|gone off in) it|(?:a|an absolute|a total) (?:hovel|dump|ruin|pigsty|pig sty)",
    // Past saving: "a total write-off", "nothing salvageable", "nothing in there worth saving".
    'write ?off|beyond (?:repair|saving|economic repair|help)|past saving|not worth (?:saving|repairing|doing up)',
    '(?:nothing|nowt|not much|not a lot|very little)(?: in there| in it| inside| left)?(?: worth)? (?:salvageable|salvaging|saving|keeping|worth keeping|worth saving)',
    // Starting again, with what is done first or without: "needs knocking through and starting again".
    `${NEED} (?:(?:[a-z]+ ){1,3}and )?(?:starting|begin|beginning) (?:all )?(?:over|again|afresh)`,
    '(?:knock|knocking|rip|ripping|strip|stripping|gut|gutting|tear|tearing|pull|pulling|flatten|flattening)(?: [a-z]+){0,4} and (?:start|starting) (?:all )?(?:over|again|afresh)',
    // The roof gone: "the roof's off", "the roof came in at the back", "there's no roof".
    `${OF_THE_HOUSE}roof(?:'s|s)?(?: is| has| had| was)? (?:(?:come|came|fallen|fell|caved|falling|coming) in|off|gone|missing|blown off|blew off|come off|came off|half off|open to the sky)`,
    "(?:no|half a|half the|half of the) roof(?: on it| left)?(?!(?:'s|s| is| has)? (?:fine|ok|okay|good|sound|new|done)\\b)",
    // Water getting into the house: "rain's got into two of the rooms", "water coming through the roof".
    "(?:water|rain)(?:'s|s| has| have| is| was)?(?: been)? (?:coming|pouring|getting|got|running|pissing|gushing|streaming|flooding|p(?:i|e)lting) (?:in |straight |right )?(?:through|into|in through|down through) (?:the )?(?:roof|ceilings?|house|rooms|bedrooms|upstairs|(?:[a-z0-9]+ )?of the (?:rooms|bedrooms))",
    // Left to ruin: "it's been let go badly", "gone to rack and ruin", "fallen into disrepair".
    '(?:let go|neglected|let slide|let slip) (?:badly|terribly|for years|for decades)|(?:badly|terribly|totally|completely|really) (?:let go|neglected)',
    'left to (?:rot|ruin|go to ruin|fall down)|(?:gone|went|going) to (?:rack and ruin|ruin|pot)|(?:fallen|fell|falling) into (?:disrepair|ruin|decay)|in (?:total |complete |a state of )?disrepair',
    // Gutted and left: "last owner gutted it and never finished", "half gutted".
    "(?:gutted|stripped(?: out)?|ripped out|started)(?: it| the place| the house)?(?: and| but)? (?:never|didn't|didnt|not|hasn't|hasnt|haven't|havent) (?:finished|completed|got round to finishing)",
    'half (?:gutted|stripped|demolished|built|finished)',
    '(?:needs?|needing) (?:completely|totally|fully|entirely) (?:renovating|redoing|doing up|modernising)',
    // The house wrecked, not a part of it: "the kids have wrecked the walls" is decorating.
    '(?:trashed|wrecked|destroyed)(?= (?:it|the (?:place|house|property|flat|whole)|everything)\\b|$|[,.])',
    "(?:it's|its|it is|it was|it's been|its been|been|got|was|were) (?:completely |totally |absolutely )?(?:trashed|wrecked|destroyed)",
    // Several of the big jobs at once: the roof, the windows, the damp, the wiring. Two different
    // jobs ("roof and roof" is a stutter), and not two parts said to be fine ("roof and windows
    // are sound").
    `(?:new )?roof and (?:new )?(?:windows|rewire|rewiring|heating)${NOT_SAID_FINE}`,
    `(?:new )?windows and (?:new )?(?:roof|rewire|rewiring|heating)${NOT_SAID_FINE}`,
    'roof (?:and|,) [a-z ]{0,30}(?:and|,) (?:[a-z]+ )?damp',
    // A list of jobs that ends in "the lot" or "everything": "a new roof, rewiring, the lot".
    // Not a list of what is new: "new windows, new boiler, the lot" is a house in good order.
    // Not "everything works", "everything else is fine": the rest of the house in order.
    "(?<!new )(?:roof|rewir(?:e|ing)|windows|heating|plumbing|boiler|damp|kitchen|bathroom)[a-z ]{0,40} (?:the lot|everything(?!'s| (?:else|works|working|is|was|seems|looks|fine)\\b)|the works)",
    // The structure failing: "the back wall's bowing", "the roof's fallen in", "the chimney's coming away".
    // A wall of the house, not of the garden: "the back wall's fallen in", "the cob walls are crumbling".
    "(?<!(?:garden|boundary|yard|retaining|perimeter|dividing) )(?:walls?|gable(?: end)?|chimney(?: breast| stack)?|foundations)(?:'s|s)?(?: is| are| has| have)? (?:bowing|bulging|leaning|collapsing|collapsed|coming away|pulling away|cracking up|moving|crumbling|perished|(?:fallen|fell|falling|come|came|coming|caved|caving) (?:in|down))(?! (?:in|round|around|at the (?:end|bottom) of) the (?:garden|yard|grounds))",
    // The roof, whatever it is made of: "the thatch is perished right through", "the slates have gone".
    `${OF_THE_HOUSE}(?:roof|thatch|roof timbers|rafters)(?:'s|s)?(?: is| are| has| have)? (?:fallen in|caved in|falling in|collapsed|collapsing|sagging|bowing|perished|rotten|rotted)`,
    "lost (?:its|it's|the|their|half (?:its|it's|the|of (?:its|it's|the))|part of (?:its|it's|the)) roof(?! over)",
    // Ground that heaves or sinks: "heave", "the floor's lifting in the front room", "cracks you could put your fist in".
    '(?:ground |clay )?heave|heave damage',
    "(?:floors?|floorboards)(?: in [a-z ]{1,20}?)?(?:'s|s)?(?: is| are| has| have)? (?:lifting|lifted|heaving|heaved|sinking|sunk|dropping|dropped|bulging)",
    '(?:cracks?|gaps?)(?: in [a-z ]{1,20}?)? (?:you could|you can|you can fit|big enough to) (?:put|fit|get|stick|lose)? ?(?:your|a|my) (?:hand|fist|fingers?|arm)',
    // "the floorboards have gone in the back bedroom": said with "have" as much as with "are".
    // and giving way under you: "the floors upstairs are sodden and giving way".
    "(?:floors?|floorboards|joists|timbers|beams)(?:'s|s|'ve)?(?: upstairs| downstairs)?(?: are| is| have| has)?(?: all)? (?:rotten|rotting|gone|collapsed|collapsing|giving way|given way|gave way|caving in|caved in|sodden|spongy)(?: through)?",
    '(?:floors?|floorboards|ceilings?)(?: [a-z]+){0,4} (?:giving way|given way|gave way|caving in|caved in)',
    '(?:dry|wet) rot',
    '(?:no (?:floors?|floorboards)|(?:just|bare|only) (?:the )?joists)',
    // Damp or mould throughout, not in a corner: "damp everywhere", "mould on every wall".
    "(?:damp|mould|mold)(?:'s| is| has)? (?:everywhere|throughout|all over|on every wall|in every room|(?:come|coming) (?:right )?up (?:the|through the) (?:walls|floors?))",
    // The whole house needs doing: "needs doing right through", "from top to bottom".
    `${NEED} (?:doing|redoing|everything doing) (?:right through|throughout|top to bottom|from top to bottom)`,
    "(?:it's|its|it is) in a state",
    // Cheaper to build again: "knock it down and start again", "bulldoze it".
    'knock (?:it|the (?:place|house|lot)) down and (?:start|build|rebuild)',
    'bulldoze|demolish(?:ed|ing)?',
    'uninhabitable',
    // The caller cannot see it all and braces a buyer for the worst: "i'd assume the worst".
    "(?:i'd|id|i would|you'd|youd|you should|you'll have to|best to|better to) (?:assume|expect|presume) the worst",
    'not habitable',
    'unliveable',
    'unlivable',
    // Said in the trade's words too: "a full do-over", "a complete strip out", "a total gut job".
    '(?:full|complete|total|major|whole|massive) (?:refurb|refurbishment|renovation|overhaul|rebuild|modernisation|do ?over|strip ?out|gut(?: job)?|rip ?out)s?',
    // Ground that moves: "the extension's subsiding", "it's sinking at the back".
    'subsid(?:ing|ed)',
    '(?:a )?(?:big|massive|huge|major) (?:job|undertaking)',
    `${NEED} (?:everything doing|a lot of work|lots of work|loads of work|completely redoing|knocking down|underpinning|rebuilding)`,
    '(?:a lot|lots|loads) of work',
    'major works?',
    'structural (?:problems?|issues?|damage|work)',
    'subsidence',
    'a (?:total |complete )?wreck',
    'shell',
    'condemned',
    'unmortgageable',
    'not mortgageable',
    'japanese knotweed',
    '(?:real|complete|total|proper) doer upper',
    'squatters',
    '(?:a )?(?:proper|real|big|major|complete|total) project',
    // A project said plainly, or made bigger: "it's a project", "a project, big style".
    "(?:it's|its|it is|it'll be|it'd be|it would be) (?:definitely |really |honestly )?a project",
    'project (?:big style|and a half)',
    'a project for (?:someone|a builder|a developer|the right person)',
    "(?:had|been|there was|there's been) (?:a )?(?:house |kitchen |chip pan )?fire",
    '(?:shocking|dreadful|horrendous|appalling|terrible|awful|state of) (?:state|condition|nick|shape)',
    // The fabric failing, however the state is put: "the ceilings are coming down", "the back
    // bedroom ceiling's down", "the stairs have gone", "joists riddled with woodworm".
    // A state said of it with "is", "are" or "have", never a verb of its own ("the stairs go down
    // to the kitchen", "we knocked two walls down" are no failing).
    'ceilings? (?:has |have )?(?:come|coming|came|fallen|falling) (?:down|in)',
    `${OF_THE_HOUSE}(?:${STRUCTURE})(?:(?:'s|'ve)${WHERE_IN}?|${WHERE_IN}? (?:is|are|has|have|was|were))(?: (?:is|are|has|have|been|all|half|partly|just|already|completely|totally))* (?:${STRUCTURE_FAILING})\\b`,
    // Water getting in, not round a window or a door: "there's water coming in", "rain gets in upstairs".
    "(?:water|rain)(?:'s|s| has| is| was)?(?: been)? (?:coming|pouring|getting|gets|got|comes|pours|running) (?:in|inside)\\b(?! (?:round|around|under|by|at|through) (?:the |a )?(?:windows?|doors?|frames?|porch|conservatory|back door|front door))",

    // Every part wanted new: "needs a new roof, new kitchen, new everything", "wants everything replacing".
    `${NEED} (?:[a-z]+ ){0,8}new everything`,
    `${NEED} everything (?:new|replacing|redoing|doing|ripping out)`,
    // Stripped to nothing and built again: "back to bare brick", "starting from scratch".
    // "Taking back to the bricks", "back to the studwork", "bare studwork and no services".
    'back to (?:the )?(?:bare )?(?:bricks?|brickwork|stonework|blockwork|studs|studwork|frame|rafters|joists|shell|skeleton)|back to (?:nothing|bare bones|the bare bones|basics|square one)',
    'bare (?:studwork|studs|joists|rafters|blockwork|breeze ?blocks?)',
    // Nothing connected to it, not the shops and buses near it: "there's no services nearby".
    '(?:no|without any|not got any|hasnt got any) (?:services|utilities|mains services)(?! (?:nearby|near|round|around|in the|locally|close|for miles))',
    // Built again from nothing: "a ground-up job", "wants redoing from the ground up".
    '(?:a )?ground ?up (?:job|rebuild|renovation|restoration|refurb|project)|from the ground up',
    '(?:start|starting|begin|beginning) (?:all )?(?:over |again )?from scratch',
    // What is left of it: "four walls and a roof", "a bare shell".
    '(?:four|4) (?:bare )?walls and a roof',
    '(?:just|only) (?:four|4) (?:bare )?walls',
    'bare (?:shell|bones)',
    // The whole house, not a part of it ("the kitchen needs ripping out" is a part).
    '(?<!(?:kitchen|bathroom|carpets?|units|windows|suite|fireplace|boiler)s? )(?:needs?|wants?|needing) (?:ripping|gutting|stripping) out',
  ]),
  phraseRule<Heard>('needs_modernisation', [
    // A surveyor's middle rating: "some category two things", "a few cat 2s".
    `(?:${RATED}|cat) (?:2|two|ii)${RATED_THINGS}|${SURVEYED}${RATED} (?:2|two|ii)`,
    '(?:ambers|amber (?:ratings?|flags?)) (?:on|in) (?:the|our|my|his|her) (?:survey|report|homebuyers? report)',
    // A part as it came with the house: "the kitchen's original", "the wiring's all original".
    "(?:kitchen|bathroom|suite|units|wiring|electrics|boiler|heating|plumbing|windows)(?:'s|s)?(?: are| is| all)* (?:the )?original(?! (?:features?|fireplaces?|oak|pine|sash|stained|beams|floorboards|tiles|cornicing|coving|doors))",
    // Like a visit to the past: "it's like stepping back in time" (not the story's "going back in time").
    '(?:stepping|walking|a step) back in time',
    // The outside jobs of the trade: "a bit of repointing", "needs the fascias doing", "wants a re-skim".
    `(?:${NEED}|a bit of|some|bits of|a spot of|(?:a )?(?:bit|bits) of|a fair bit of) (?:${TRADE_JOB})`,
    `${NEED} (?:a |the |new )?(?:${TRADE_PART}) (?:doing|replacing|redoing|sorting|fixing)`,
    `(?:${TRADE_PART})(?:'s|s)? (?:could do with|needs?|needing|wants?|wanting|will need) (?:doing|replacing|sorting|redoing|fixing|attention|some attention|work|painting)`,
    `${NEED} (?:a bit of|some|a little|a little bit of|bits of) (?:work|tlc|love|updating|attention|doing)`,
    `${NEED} (?:a bit|a few bits|a little|bits) (?:doing|done|of doing)`,
    // With or without a measure of it: "needs a bit of modernising", "wants some redecorating".
    `${NEED} (?:a bit of |some |a little |a little bit of |a spot of )?(?:updating|modernising|modernisation|redecorating|decorating|a refresh|a lick (?:of|o) paint|tlc|some love)`,
    `${NEED} (?:a )?new (?:kitchen|bathroom|boiler|windows|carpets|roof)`,
    // A fitting wanted put in: "it'd need a kitchen and bathroom putting in", "wants a boiler fitting".
    `${NEED} (?:a |the )?(?:new )?${JOBBED}(?: and (?:a |the )?(?:new )?${JOBBED})? (?:putting in|fitting|fitted|installing|doing|replacing|redoing|sorting)`,
    // A builder's price for the work: "the builder quoted about eight grand", "ten grand of work".
    '(?:quoted|quote|quotes|estimate|estimated|priced|costed)(?: me| us| it| up| out)?(?: at| for)?(?: about| around| roughly| nearly| over| under| just over| just under)? (?:[a-z0-9]+ ){1,3}(?:grand|thousand|k|pounds|quid)',
    '(?:grand|thousand|k) (?:of work|worth of work|of repairs|worth of repairs|spending on it|to spend on it|to (?:do it up|sort it|put it right|bring it up|fix it|get it right))',
    // A new one wanted, not one put in: "you'd want to put a new kitchen in", "i'd get a new
    // bathroom fitted", "we need to get a new boiler".
    `(?:(?:want|wanna|need|needs|have|has|ought|got|going) to|you'd|youd|i'd|we'd|you would|i would|a buyer would|someone would)(?: probably| definitely| maybe)? (?:put|get|fit|stick|whack|install|want|need) (?:in )?(?:a )?new (?:kitchen|bathroom|boiler|windows|carpets|roof)`,
    `${NEED} (?:rewiring|a rewire|damp proofing)`,
    '(?:bit of|some) (?:work|tlc)',
    'tlc',
    'dated',
    'tired',
    'shabby',
    'seen better days',
    'past (?:its|their) (?:best|prime|sell by date|sell by)',
    // The house past it: "it's a bit past it", "the place is getting past it".
    "(?:it's|its|it is|the (?:place|house|property|flat) is|everything's|everythings)(?: a bit| bit| getting| all| rather| well| really){0,2} past it",
    // Of its time, as old things are: "very much of its time", "from the ark".
    "(?:very much|very|rather|quite|a bit|bit|all|a product|typical) of (?:its|it's|their) (?:time|era|day|period)",
    "(?:from|out of|older than) (?:the ark|noahs ark|noah's ark|the dark ages|the stone age|the year dot|year dot)",
    'prehistoric|antiquated|archaic|museum piece',
    // A decade made the house's style: "all very nineteen-nineties", "ever so seventies", "very retro".
    `(?:very|so|really|quite|ever so|dead|proper|bit|a bit|terribly) ${DECADE}`,
    '(?:very|quite|a bit|bit|all|really|proper|dead|so) retro',
    `${PERIOD_COLOUR} (?:bathroom|bath|suite|kitchen|toilet|loo|sink|basin|units|tiles|tiling)`,
    PERIOD_FEATURE,
    'old fashioned',
    // Paint however it is put: "a lick of paint", "a fresh coat of paint".
    'a (?:fresh |new )?(?:lick|coat|splash) (?:of|o) paint',
    'cosmetic',
    'bit rough',
    'doer upper',
    // A project said to be small: "a bit of a project", "a light project".
    '(?:a )?bit of a project',
    '(?:a )?(?:small|little|light|wee|manageable|easy) project',
    'needs work',
    'some work',
    '(?:fair|average|ok|okay|reasonable|liveable) (?:nick|condition|state)',
    'original (?:kitchen|bathroom)',
    'damp',
    'time ?capsule',
    // A room or the house said to be of a decade long gone: "the bathroom's from the eighties".
    // Not the house's own era: "a bungalow from the fifties, kept nice" says when it was built.
    `(?<!\\b(?:${HOUSE_KIND})(?:'s|s)? (?:is |was |are |were )?)(?:is |are |all |still )?from the (?:fifties|sixties|seventies|eighties|50s|60s|70s|80s|1950s|1960s|1970s|1980s)`,
    '(?:is |are |all |still )?(?:stuck in|straight out of) the (?:fifties|sixties|seventies|eighties|50s|60s|70s|80s|1950s|1960s|1970s|1980s)',
    // A part put in thirty years ago or more: "the kitchen's from the nineties".
    `(?:${PART}|${FITTING}|wiring|electrics)(?:'s|s)?(?: [a-z]+){0,2}? (?:is |are |all |still )?(?:from|fitted in|put in in) the (?:nineties|90s|1990s)`,
    // Nobody has done a thing to it: "nobody's touched it since dad passed", "no one's done owt to it".
    "(?:nobody|no one|noone|nobody's|no one's|nobodys)(?:'s| has| had| have)? (?:really |ever )?(?:touched|done (?:anything|owt|a thing|much|any work) (?:to|with|on)|updated|changed|decorated|modernised)(?: it| anything| a thing| the (?:place|house))?",
    // Left in a past era, said any way: "stuck in about 1990", "a time warp", "behind the times".
    `(?:stuck|frozen|trapped|caught) in (?:a )?(?:time warp|${ERA})`,
    '(?:a )?time ?warp',
    // Still of its era inside, or never changed: "it's still 1960s inside", "mum never changed a thing".
    `still (?:very |really |all |pretty much |in )?${ERA}`,
    'behind the times',
    // The Scots "no", "nae" and "hasnae" as "not": "the kitchen's no been touched in forty year".
    "(?:never|not|no|nae|hasnae|hasnt|hasn't|havnae|havenae) (?:been )?(?:touched|updated|modernised|decorated|changed) (?:it |since|for|in)",
    '(?:a bit of|some) (?:money|cash) (?:spending|spent) on it',
    `${NEED} (?:a bit of |some )?(?:money|cash) (?:spending|spent)`,
    '(?:kitchens?|bathrooms?|kitchen and bathroom) (?:could do with|needs?|needing|wants?) (?:replacing|updating|doing|redoing)',
    'could do with (?:replacing|updating|modernising|a refresh)',
    '(?:a |the )?survey (?:said|says|found|showed) [a-z0-9 ]{0,30}(?:work|repairs)',
    // A part of the house that needs a job doing: "windows need doing", "the roof wants sorting".
    '(?:kitchen|bathroom|inside|interior|outside|exterior|upstairs|downstairs|boiler|windows?|roof|carpets?|garden|wiring|electrics|plumbing|heating|gutters?|doors?|floors?|walls?|ceilings?|decor|decorating|render|pointing|fence|fencing)s? (?:could do with|needs?|needing|wants?|wanting|will need) (?:doing|replacing|sorting|redoing|fixing|attention|some attention|work|updating|a refresh|painting)',
    'leak(?:s|ing|y)',
    // Decor or fittings of an era: "seventies decor", "an eighties kitchen".
    '(?:fifties|sixties|seventies|eighties|nineties|50s|60s|70s|80s|90s|1950s|1960s|1970s|1980s|1990s|retro|old|original) (?:decor|kitchen|bathroom|suite|wallpaper|carpets?|units|style|fittings)',
    '(?:kitchen|bathroom)s? (?:need|needs|needing|want|wants) (?:ripping|taking) out',
    // A part of the house of a past year: "kitchen units are from 1985", "bathroom since 1990".
    `${PART}(?:'s|s)?(?: [a-z]+){0,3} (?:from|since|circa|put in in|fitted in) (?:about |around |roughly |circa )?(?:19[0-9]{2}|nineteen [a-z]+)`,
    // Nothing changed in years: "same kitchen, same bathroom, same wallpaper".
    '(?:the )?same (?:kitchen|bathroom|wallpaper|carpets?|decor|suite|units)',
    // Old and not more: "it's just old", "it's all a bit old".
    "(?:it's|its|it is|everything's|everythings|everything is)(?: just| only| all| a bit| bit)+ old(?! (?:house|property|building|cottage|terrace|farmhouse|place|one|age|people|folk|man|woman|lady|friends?|news|habits|times|stock|town|school|style))",
    // What an agent says of a house that needs work: "it's got potential".
    "(?:it's got|its got|it has|has got|got|plenty of|lots of|loads of|real|bags of) potential",
    // The money to spend to bring it up to a modern standard: "twenty grand to bring it up to scratch".
    // "to" as the recogniser may write it: "bring it up two scratch".
    '(?:bring|bringing|get|getting) it up (?:to|two|too|2) (?:scratch|date|standard|spec|modern standards)',
    // Heating and glazing of a past age: "no central heating", "storage heaters", "single glazed".
    'no (?:gas |proper )?central heating',
    'no double glazing',
    'single glaz(?:ed|ing)',
    'storage heaters',
    'outside (?:toilet|loo|lav|lavvy|netty)',
    // A part or the decor said to be ugly or grubby: "the decor's awful", "the kitchen's horrible".
    `(?:kitchen|bathroom|units|cupboards?|worktops?|carpets?|flooring|suite|decor|wallpaper|paintwork|tiles|inside|interior|${FITTING})(?:'s|s)?${POINTED}(?: are| is| were| was| all| a bit| bit| quite| really| pretty| very| absolutely| just)* ${UGLY}`,
    // A part of the house worn out: "the kitchen units are falling apart", "boiler's knackered".
    `(?:${PART}|${FITTING})(?:'s|s)?${POINTED}(?: are| is| were| was| all| a bit| bit| quite| really| pretty| very| has| have| keeps| keep)* ${WORN}`,
    // A part that costs money said to be old, however old: "the wiring's old", "the bathroom's
    // older than me". Old carpets or paintwork are a touch-up ("carpets are old, nothing major").
    `(?:kitchen|bathroom|units|suite|boiler|windows?|window frames|wiring|electrics|plumbing|pipework|${FITTING})(?:'s|s)?${POINTED}(?: are| is| were| was| all| a bit| bit| quite| really| pretty| very| getting)* (?:old|ancient|antiquated|archaic|older than (?:me|i am|my [a-z]+|the hills|god|dirt|methuselah|the house))(?! (?:but|though) (?:it |they )?(?:works?|working|fine|ok|okay|good|sound))`,
    // Decorating all through, a job not a rebuild: "decorating right through", "painting throughout";
    // not when it is done ("freshly decorated, new carpets throughout").
    '(?<!(?:done|did|had|finished|fresh|freshly|just|recent|new) (?:the |some |all the )?)(?:decorating|redecorating|painting|papering) (?:right through|throughout|all through|all over|top to bottom|from top to bottom)',
    // A fitting wanted where there is none, or only a poor one: "it needs a kitchen and a bathroom";
    // not what a person needs ("we need a bathroom downstairs for mum").
    `(?<!(?:i|we|i'd|we'd|i'll|we'll|he|she|they|mum|dad|mam|nan|gran|wife|husband|son|daughter|family|kids) )${NEED} (?:a|an) (?:kitchen|bathroom|boiler|shower room)`,
    // Brought into the present: "needs dragging into this century", "wants bringing into the 21st century".
    `(?:${NEED} |to )?(?:dragging|drag it|bringing|bring it|pulling|pull it|hauling|haul it|dragged|brought)(?: kicking and screaming)? (?:in ?to|up to) (?:this century|the (?:21st|twenty first) century|this millennium|modern times|the (?:present|present day|modern (?:day|age|world|era)))`,
    // The house falling apart only in part: "it's falling apart a bit".
    'falling (?:apart|to bits|to pieces) (?:a bit|a little|in places)',
    '(?:a )?bit of a (?:state|mess|tip)',
  ]),
  phraseRule<Heard>('good', [
    // "Grate" is "great" as the recogniser may write it; "fettle" is the north's "nick".
    `${PRAISE} (?:nick|condition|state|order|shape|fettle|repair|working order)`,
    'fine fettle',
    // Better kept than a house that is new or someone else's: "better shape than his place".
    "(?:better|nicer|tidier) (?:nick|shape|condition|order|fettle|state|kept) than (?:(?:his|her|their|my|our|me) (?:[a-z]+(?:'s|s) )?(?:place|house|one|flat|home|new build|own)|(?:a |some |most |half the |many )?new ?builds?|(?:most|a lot of|half the|many) (?:houses|places|new ones|of the new ones))",
    // Trouble played down to the surface, with the rest praised: "cosmetic bits only, otherwise good".
    "(?:(?:only|just|purely|minor|small|little) )?cosmetic(?: bits| stuff| things| touches| work)?(?: only)?(?: [a-z' ]{1,60}?)? (?:otherwise|apart from that|other than that|beyond that|besides that)(?: it's| its| it is| the house is| all| everything's| everything is)? (?:good|fine|grand|sound|spot on|perfect|lovely|great|in good nick|in good condition|alright|all right)",
    // Finished to a standard: "finished to a really high spec", "top spec", "done to a high standard".
    '(?:high|top|luxury) spec',
    'high end (?:finish|fittings|spec|kitchen|bathroom|throughout)',
    'to a (?:really |very )?(?:high|top|good|great|excellent|lovely|luxury) (?:spec|standard)',
    '(?:beautifully|nicely|lovely|well|immaculately) (?:finished|presented|done out)',
    // Nothing for a buyer to do: "you'd not need to lift a finger", "just bring your furniture".
    "(?:wouldn't|wouldnt|would not|you'd not|youd not|won't|wont|will not|don't|dont|do not|needn't|not|never) (?:need|have|want) to (?:lift a finger|do a thing|do a single thing|do owt|spend a penny|spend a thing|touch it|touch a thing|change a thing)",
    "(?:just |only )?(?:bring|move in|carry in|plonk|put) (?:your|you're|ur) (?:furniture|toothbrush|suitcases?|bags|stuff|things|clothes|telly|slippers)",
    'not a (?:thing|penny|job) to (?:do|spend|be done)',
    '(?:nothing|nowt) to do but (?:unpack|move in|put your feet up|bring your (?:stuff|furniture))',
    'immaculate',
    'pristine',
    'spotless',
    'mint',
    // "Done out" is the north's "done up": "all freshly done out".
    '(?:recently |newly |freshly |fully |just |all )?(?:done up|done out|renovated|refurbished|refurbed|modernised|updated|redecorated)',
    '(?:freshly|newly) (?:painted|decorated|plastered|carpeted|fitted|done)',
    'new (?:kitchen|bathroom|boiler|roof|windows)',
    'move in ready',
    '(?:ready to|could|can|you could|you can) (?:walk|move|step) (?:straight |right )?(?:in|into)(?: it)?',
    'walk ?in condition',
    'ready to move (?:in|into)',
    // Fit to live in as it stands: "ready to live in", "you could live in it tomorrow".
    'ready to (?:live|move) in',
    '(?<!(?:nobody|no one|noone) )(?:could|can) (?:live|move) in (?:it |there )?(?:tomorrow|today|straight away|right away|as it is|as it stands|from day one)',
    'turn ?key',
    'well (?:maintained|kept|looked after)',
    '(?:been|was|is) (?:really |well |properly )?looked after',
    'all mod cons',
    // Looks like new: "like a show home", "good as new".
    '(?:like|as) (?:new|brand new)',
    "(?:like|it's|its|it is) (?:a )?show ?home",
    'show ?home (?:condition|standard)',
    '(?:bang|fully|right|completely|all) up to date',
  ]),
];

/**
 * Short answers to "good, needs some modernising, or a full renovation?" that mean nothing
 * about a house said in passing ("good", "it's fine", "the second one"): read only when the
 * condition was asked.
 */
const ANSWER_RULES = [
  phraseRule<Heard>('needs_full_renovation', [
    '(?:a |the )?(?:full )?renovation',
    // The last of the three bands offered, however it is put: "third one", "the last option".
    '(?:the )?(?:last|third|3rd|worst) (?:one|1|option|category|band)',
    'full',
    // Slang for how it looks: "a dump", "knackered".
    "(?:it's |its )?(?:knackered|a dump|a hovel|a shell|a ruin|a pigsty|a pig sty|in bits|banjaxed|goosed|buggered|kaput|shot to bits)",
  ]),
  phraseRule<Heard>('needs_modernisation', [
    '(?:some |a bit of )?moderni[sz](?:ing|ation)',
    '(?:some |a bit of )?updating',
    // The middle band offered: "middle one", "the second option".
    '(?:the )?(?:middle|second|2nd) (?:one|1|option|category|band)',
    // "So-so", not a stuttered "so so it's all been done", which goes on to a clause of its own.
    "(?:fair|average|middling|so so(?! (?:it's|its|it is|i'm|im|we're|we've|i've|there's|they're|he's|she's|the)\\b)|could be better)",
    'in between',
    'somewhere in (?:the )?(?:middle|between)',
    "(?:it's |its )?(?:habitable|liveable|livable)",
    // Regional words for dirty or ugly, which a clean and a paint put right.
    "(?:it's |its )?(?:a bit )?(?:manky|minging|mingin|hanging|honking|boggin|bogging|gopping|grotty|grim|tatty|scruffy|a tip)(?: inside| in there)?",
  ]),
  phraseRule<Heard>('good', [
    '(?:pretty |really |very |quite )?(?:good|fine|decent|great|lovely|nice)',
    // "Not bad", and the Scots "no bad" and "nae bad".
    '(?:not|no|nae) (?:too |that |so )?bad',
    // Of the house, not of the caller ("i'm alright thanks").
    "(?<!(?:i'm|im|i am|we're|we are) )(?:it's |its )?(?:alright|all right|not too bad)",
    "(?:it's|its|it is) (?:ok|okay)",
    // The first band offered: "first one", "the top option".
    '(?:the )?(?:first|1st|top) (?:one|1|option|category|band)',
    'no work',
    // A house that needs nothing, as people say it: "it's grand", "no bother", "spot on", "lush inside".
    "(?:it's |its )?(?:champion|tidy|sound|spot on|canny|braw|no bother)",
    // "Grand" is praise, but "eight grand" is money: "the builder quoted eight grand".
    `(?<!${COUNTED} )(?:it's |its )?grand`,
    "(?:it's |its )?(?:lush|gorgeous|beautiful|stunning|smart|cracking|belting|lovely)(?: inside| in there| throughout)?",
    'no (?:problems|issues)(?: with it)?',
    'nothing wrong with it',
    // Everything already done, of the house asked about: "everything's been done", "it's all been sorted".
    "(?:everything's|everythings|everything has|everything is|it's all|its all|it has all|it's had everything) (?:been )?(?:done|redone|sorted|replaced)(?! up)",
    // Ready as it stands: "it's ready to go", "good to go" (said in passing, it may be the sale).
    "(?:it's |its |it is |all |the (?:house|place|property|flat) is )?(?:ready to go|good to go)(?! (?:on|to|onto) (?:the )?market| for sale| to sell| as soon| asap| whenever| when(?:ever)? you| now| straight away)",
    // A house said to look like one on show: "a show home".
    '(?:a )?show ?home',
  ]),
];

const SEVERITY: readonly Condition[] = ['needs_full_renovation', 'needs_modernisation', 'good'];

/** The condition band the caller described, or null when they gave no hint. */
export function extractCondition(said: string, options: { answering?: boolean } = {}): Condition | null {
  // "it's a wreck, no sorry, that's next door's, ours is fine": only the caller's own house as
  // they finally put it.
  // "What do you mean by condition? Like, is it clean?": a question back tells nothing.
  const text = ownAccount(afterAskingBack(said)).replace(
    HOMOPHONE,
    (_, word: string, sound: string) => `${word} ${/^(?:four|4)$/.test(sound) ? 'for' : 'to'} `,
  );
  const normalised = normaliseUtterance(text);
  // "it was a wreck when we bought it but we've done it all up": how it is now.
  const now = conditionNow(text, (clause) => {
    const bands = new Set(bandsIn(clause));
    if (options.answering === true && bands.size === 0)
      for (const m of findAssertedMatches(clause, ANSWER_RULES)) if (m.value !== 'ignore') bands.add(m.value);
    return bands;
  });
  const heard: ReadonlySet<Heard> = now === null ? bandsIn(normalised) : new Set(now);
  // "Trashed, holes in the walls, but structurally it's sound": the damage is on the surface, and
  // a house whose trouble is on the surface needs modernising, unless the caller names the band.
  const surface = heard.has('surface') && !NAMED_RENOVATION.test(normalised);
  const found = SEVERITY.find((c) => heard.has(c) && !(surface && c === 'needs_full_renovation'));
  if (surface && (found === undefined || found === 'good') && heard.has('needs_full_renovation'))
    return 'needs_modernisation';
  if (found !== undefined || options.answering !== true) return found ?? null;
  const answered = new Set(findAssertedMatches(normalised, ANSWER_RULES).map((m) => m.value));
  return SEVERITY.find((c) => answered.has(c)) ?? readByWords(normalised);
}

/**
 * "For" and "to" as the recogniser may write them beside the words of fitness: "unfit four
 * habitation", "not fit two live in", "ready too move into".
 */
const HOMOPHONE =
  /\b(fit|unfit|safe|ready)\s+(four|4|two|too|2)\s+(?=(?:habitation|human|humans|living|live|be|move|walk|go|purpose|anyone|anybody|a dog|dogs|pigs|man)\b)/gi;

/** The caller asking what the question means: "what do you mean by condition?", "how d'you mean?" */
const ASKED_BACK =
  /^(?:(?:er|erm|um|uh|sorry|so|well|like)[\s,.]+)*(?:what do you mean|what d'you mean|what you mean|how do you mean|how d'you mean|what does that mean|what's that mean|do you mean|you mean|meaning what|in what way|what sort of thing|like what)\b/i;

/** A question put back in the words after the asking: "by condition, like, is it clean". */
const QUESTION_PUT =
  /^(?:by [a-z]+ )?(?:(?:like|as in|you know) )?(?:is|are|does|do|has|have|was|would|will|can|could|should) (?:it|there|the|that|you|they|we|i)\b/;

/** The caller answering the question they put: "... does it need work? no it doesn't". */
const SELF_ANSWER =
  /\b(?:no|yes|yeah|yep|nope|nah|aye|naw)[\s,.!]+(?:(?:er|erm|um|uh)[\s,.]+)?(?:it|there|that|they)(?:'s| is| does| doesn't| doesnt| isn't| isnt| has| hasn't| hasnt| do| don't| dont| would| wouldn't| wouldnt| will| won't| wont| needs| does not| is not)\b/i;

/**
 * What a caller says after asking what the question means: a statement after it is their answer
 * ("what do you mean, like inside? it's falling apart"), a question after it tells nothing ("what
 * do you mean by condition? like, is it clean?").
 */
function afterAskingBack(said: string): string {
  const asked = ASKED_BACK.exec(said.trim());
  if (asked === null) return said;
  const rest = said.trim().slice(asked[0].length);
  const answered = SELF_ANSWER.exec(rest);
  if (answered !== null) return rest.slice(answered.index);
  if (QUESTION_PUT.test(normaliseUtterance(rest)) && !/[.!?]\s/.test(rest)) return '';
  return rest
    .split(/(?<=[.?!])\s+/)
    .filter((sentence) => !sentence.trim().endsWith('?'))
    .join(' ');
}

/** A full renovation named as the band: the surface words do not bring it down. */
const NAMED_RENOVATION =
  /\b(?:full|complete|total|whole) (?:renovation|refurb|refurbishment|overhaul|rebuild)\b/;

/** The bands the phrases of a normalised text name, and whether its trouble is on the surface. */
function bandsIn(normalised: string): ReadonlySet<Condition | 'surface'> {
  const bands = new Set<Condition | 'surface'>();
  for (const m of findAssertedMatches(normalised, RULES)) {
    if (m.value === 'ignore') continue;
    bands.add(m.value);
    // "Cosmetic", "all surface stuff": work to do, only not deep.
    if (m.value === 'surface' && !m.text.includes('structural')) bands.add('needs_modernisation');
    // "Only cosmetic, otherwise fine": still surface, so a wreck said beside it is brought down.
    if (m.value === 'good' && m.text.includes('cosmetic')) bands.add('surface');
  }
  return bands;
}

const NEGATED =
  /^(?:not|isn't|isnt|wasn't|wasnt|hasn't|hasnt|haven't|havent|hadn't|never|no|without|hardly)$/;
/**
 * How far back a denial reaches over the words it denies: "no damp", "never been flooded",
 * "hasn't got any damp".
 */
const DENIAL_REACH = 3;

/** Words of work to be done, of its scale, and of a house that needs none. */
const WORK_WORDS =
  /^(?:jobs|bits|musty|needs?|needing|replac(?:e|ing)|repair(?:s|ing)?|redo(?:ing)?|fix(?:ing)?|updat(?:e|ing)|work|doing|money|spending|old|older|ancient|original|dated|tired|worn|shabby|rough|damp|mould|mouldy|leak(?:s|ing|y)?|crack(?:s|ed)?|rot|rotten|broken|bad|poor|rewire|rewiring|decorat(?:e|ing)|tatty|scruffy|grotty|dodgy|iffy|ropey|ropy)$/;
/** Work words that say only how old a thing is. */
const AGE_WORDS = /^(?:old|older|ancient|original|dated|tired|worn|shabby)$/;
const SCALE_WORDS =
  /^(?:everything|gut|gutting|complete(?:ly)?|total(?:ly)?|whole|major|structural|rebuild(?:ing)?|subsidence|unsafe|collapsed?|lot|shot|falling|knackered|gone)$/;
/** The parts of a house whose work is a renovation's when they fail. */
const SYSTEM_WORDS =
  /^(?:roof|rewire|electrics|wiring|plaster|plastering|plumbing|foundations|joists|windows|boiler|heating|ceilings?|floors?)$/;
/** A house in ruin needs a full renovation, whatever else is said. */
const RUIN_WORDS =
  /^(?:project|derelict|ruin|ruined|wreck|wrecked|condemned|uninhabitable|shell|gutted|neglected|flood|flooded|fire|burnt|burned|vandalised)$/;
const FINE_WORDS =
  /^(?:done|redone|rewired|replastered|plastered|painted|decorated|redecorated|renovated|refurbished|replaced|upgraded|modernised|updated|glazed|glazing|good|fine|decent|lovely|nice|great|smashing|cracking|perfect|immaculate|clean|solid|sound|sorted|modern|new|newish|nothing|grand)$/;

/**
 * "Everything works", "everything else is fine": the rest of the house in order, not work on
 * all of it.
 */
function restInOrder(words: readonly string[], i: number): boolean {
  if (words[i] !== 'everything') return false;
  const next = words[i + 1] ?? '';
  const after = /^(?:is|was|seems|looks)$/.test(next) ? (words[i + 2] ?? '') : next;
  return next === 'else' || /^(?:works|working|ok|okay)$/.test(after) || FINE_WORDS.test(after);
}

/** A word that says how the house is: a denial before it is about it, not about what follows. */
function tellsCondition(word: string): boolean {
  return WORK_WORDS.test(word) || RUIN_WORDS.test(word) || FINE_WORDS.test(word) || SYSTEM_WORDS.test(word);
}

/**
 * A denial a few words before: "no damp", "never been flooded", "hasn't got any damp", "no damp
 * or leaks". It denies the first word of the house's state after it (and those joined to it by
 * "or"), so in "no damp, no leaks, it's solid" the house is still solid.
 */
function isDenied(words: readonly string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - DENIAL_REACH); k--) {
    const w = words[k] ?? '';
    if (NEGATED.test(w)) return true;
    if (tellsCondition(w) && !/^n?or$/.test(words[k + 1] ?? '')) return false;
  }
  return false;
}

/**
 * A word that is not the house's state: "a gas fire in the front room" heats it, "a survey done"
 * looked at it.
 */
function notOfTheHouse(words: readonly string[], i: number): boolean {
  const before = words[i - 1] ?? '';
  if (words[i] === 'fire')
    return /^(?:gas|electric|coal|open|log|wood|real|fake|feature|living)$/.test(before);
  return words[i] === 'done' && /^(?:survey|valuation|inspection|report|epc|check|viewing)$/.test(before);
}

const COUNTED_WORD = new RegExp(`^${COUNTED}$`);

/** "Eight grand", "a few grand": money, not a house that is grand. */
function isMoney(words: readonly string[], i: number): boolean {
  return words[i] === 'grand' && COUNTED_WORD.test(words[i - 1] ?? '');
}

/**
 * Asked about the condition, an answer in words no rule has: what it says is weighed by its
 * words, so a phrasing nobody wrote down still lands in a band. Work to do is modernisation,
 * work of a scale a full renovation, and fine words with no work a good condition.
 */
function readByWords(normalised: string): Condition | null {
  // "the plaster's falling off": a part of the house is the same word with its "'s".
  const words = normalised.split(' ').map((w) => w.replace(/'s$/, ''));
  const denied = (i: number): boolean => isDenied(words, i);
  const scale = words.filter((w, i) => SCALE_WORDS.test(w) && !restInOrder(words, i)).length;
  // A part of the house is work only when said to have failed ("the electrics are shot"): "new
  // windows", "the heating's all new" are a house in good order.
  const systems = scale > 0 ? words.filter((w) => SYSTEM_WORDS.test(w)).length : 0;
  // "it's never been flooded", "no damp, no leaks": trouble denied is no work to do.
  const work = words.filter((w, i) => WORK_WORDS.test(w) && !denied(i)).length + systems;
  if (words.some((w, i) => RUIN_WORDS.test(w) && !denied(i) && !notOfTheHouse(words, i)))
    return 'needs_full_renovation';
  const fine = words.filter(
    (w, i) => FINE_WORDS.test(w) && !denied(i) && !isMoney(words, i) && !notOfTheHouse(words, i),
  ).length;
  // "it's just not modern": a house that is not new wants modernising. "Not good" says no
  // band (the question is put again with the bands named).
  const short = words.some((w, i) => /^(?:modern|new|newish)$/.test(w) && denied(i));
  // Age is no scale of work: "everything's original", "everything's old but it works" is a house
  // to modernise; "everything needs replacing" is a renovation.
  const aged = words.filter((w, i) => AGE_WORDS.test(w) && !denied(i)).length;
  if (scale > 0 && work - aged > 0) return 'needs_full_renovation';
  if (work > 0 || short) return 'needs_modernisation';
  return fine > 0 ? 'good' : null;
}
