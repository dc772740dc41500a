/**
 * Property condition in the three bands the buy box uses. Callers mix praise and problems
 * ("good nick but the kitchen's dated"), and what costs a buyer money is the problem, so the
 * most severe band heard wins.
 */
import type { Condition } from '../slots/condition.js';
import { conditionNow } from './condition-now.js';
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

const NEED =
  "(?:needs?|needing|need|wants?|wanting|could do with|requires?|it's in need of|in need of|crying out for)";

type Heard = Condition | 'ignore';

const RULES = [
  // Words that describe the caller, not the house ("tired landlord", "i'm tired of it").
  phraseRule<Heard>('ignore', [
    'tired (?:landlord|of|out)',
    "(?:i'm|im|i am|we're|we are) (?:so |really |just )?tired",
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
    ],
    false,
  ),
  phraseRule<Heard>(
    'needs_modernisation',
    [
      "(?:not|isn't|is not) (?:in )?(?:a )?(?:very |that |the )?(?:good|great|best|decent) (?:nick|condition|state|order|shape)",
      "(?:not|isn't) (?:been )?(?:updated|modernised|touched)",
      // "nothing has been touched since the seventies": a "nothing" that means no work done.
      "nothing(?:'s| has| have| had)? (?:really )?(?:been )?(?:touched|done|updated|changed|modernised)(?: to it| in it| in there)? (?:since|for|in)",
    ],
    false,
  ),
  phraseRule<Heard>('needs_full_renovation', [
    'derelict',
    'fire damaged?',
    'flood(?:ed)? damaged?',
    'flooded',
    '(?:needs?|needing|wants?|wanting) (?:a )?(?:gutting|gut|gutted)',
    'gutted',
    'falling apart',
    '(?:in )?(?:a )?(?:bad|terrible|awful|right|real|proper|sorry) (?:way|state|mess)',
    '(?:needs?|needing) (?:completely|totally|fully|entirely) (?:renovating|redoing|doing up|modernising)',
    // The house wrecked, not a part of it: "the kids have wrecked the walls" is decorating.
    '(?:trashed|wrecked|destroyed)(?= (?:it|the (?:place|house|property|flat|whole)|everything)\\b|$|[,.])',
    "(?:it's|its|it is|it was|it's been|its been|been|got|was|were) (?:completely |totally |absolutely )?(?:trashed|wrecked|destroyed)",
    // Several of the big jobs at once: the roof, the windows, the damp, the wiring.
    '(?:new )?(?:roof|windows) and (?:new )?(?:roof|windows|rewire|rewiring|heating)',
    'roof (?:and|,) [a-z ]{0,30}(?:and|,) (?:[a-z]+ )?damp',
    // A list of jobs that ends in "the lot" or "everything": "a new roof, rewiring, the lot".
    // Not a list of what is new: "new windows, new boiler, the lot" is a house in good order.
    '(?<!new )(?:roof|rewir(?:e|ing)|windows|heating|plumbing|boiler|damp|kitchen|bathroom)[a-z ]{0,40} (?:the lot|everything|the works)',
    'uninhabitable',
    'not habitable',
    'unliveable',
    'unlivable',
    '(?:full|complete|total|major|whole|massive) (?:refurb|refurbishment|renovation|overhaul|rebuild|modernisation)s?',
    // Ground that moves: "the extension's subsiding", "it's sinking at the back".
    'subsid(?:ing|ed)',
    '(?:a )?(?:big|massive|huge|major) (?:job|undertaking)',
    `${NEED} (?:everything doing|a lot of work|lots of work|loads of work|completely redoing|knocking down|underpinning|rebuilding)`,
    '(?:a lot|lots|loads) of work',
    'major works?',
    'structural (?:problems?|issues?|damage|work)',
    'subsidence',
    'falling down',
    'a (?:total |complete )?wreck',
    'shell',
    'condemned',
    'unmortgageable',
    'not mortgageable',
    'japanese knotweed',
    '(?:real|complete|total|proper) doer upper',
    'squatters',
    '(?:a )?(?:proper|real|big|major|complete|total) project',
    'a project for (?:someone|a builder|a developer|the right person)',
    "(?:had|been|there was|there's been) (?:a )?(?:house |kitchen |chip pan )?fire",
    '(?:shocking|dreadful|horrendous|appalling|terrible|awful|state of) (?:state|condition|nick|shape)',
    'ceilings? (?:has |have )?(?:come|coming|came|fallen|falling) (?:down|in)',
    'back to (?:brick|bare brick|the brick|the shell)',
    // The whole house, not a part of it ("the kitchen needs ripping out" is a part).
    '(?<!(?:kitchen|bathroom|carpets?|units|windows|suite|fireplace|boiler)s? )(?:needs?|wants?|needing) (?:ripping|gutting|stripping) out',
  ]),
  phraseRule<Heard>('needs_modernisation', [
    `${NEED} (?:a bit of|some|a little|a little bit of|bits of) (?:work|tlc|love|updating|attention|doing)`,
    `${NEED} (?:a bit|a few bits|a little|bits) (?:doing|done|of doing)`,
    `${NEED} (?:updating|modernising|modernisation|redecorating|decorating|a refresh|a lick of paint|tlc|some love)`,
    `${NEED} (?:a )?new (?:kitchen|bathroom|boiler|windows|carpets|roof)`,
    `${NEED} (?:rewiring|a rewire|damp proofing)`,
    '(?:bit of|some) (?:work|tlc)',
    'tlc',
    'dated',
    'tired',
    'shabby',
    'seen better days',
    'past (?:its|their) best',
    'old fashioned',
    'a lick of paint',
    'cosmetic',
    'bit rough',
    'doer upper',
    'needs work',
    'some work',
    '(?:fair|average|ok|okay|reasonable|liveable) (?:nick|condition|state)',
    'original (?:kitchen|bathroom)',
    'damp',
    'time ?capsule',
    // A room or the house said to be of a decade long gone: "the bathroom's from the eighties".
    '(?:is |are |all |still )?(?:from|stuck in|straight out of) the (?:fifties|sixties|seventies|eighties|50s|60s|70s|80s|1950s|1960s|1970s|1980s)',
    '(?:never|not) (?:been )?(?:touched|updated|modernised|decorated) (?:it |since|for)',
    '(?:a bit of|some) (?:money|cash) (?:spending|spent) on it',
    `${NEED} (?:a bit of |some )?(?:money|cash) (?:spending|spent)`,
    '(?:kitchens?|bathrooms?|kitchen and bathroom) (?:could do with|needs?|needing|wants?) (?:replacing|updating|doing|redoing)',
    'could do with (?:replacing|updating|modernising|a refresh)',
    '(?:a |the )?survey (?:said|says|found|showed) [a-z0-9 ]{0,30}(?:work|repairs)',
    // A part of the house that needs a job doing: "windows need doing", "the roof wants sorting".
    '(?:kitchen|bathroom|boiler|windows?|roof|carpets?|garden|wiring|electrics|plumbing|heating|gutters?|doors?|floors?|walls?|ceilings?|decor|decorating|render|pointing|fence|fencing)s? (?:could do with|needs?|needing|wants?|wanting|will need) (?:doing|replacing|sorting|redoing|fixing|attention|some attention|work|updating|a refresh|painting)',
    'leak(?:s|ing|y)',
    // Decor or fittings of an era: "seventies decor", "an eighties kitchen".
    '(?:fifties|sixties|seventies|eighties|nineties|50s|60s|70s|80s|90s|1950s|1960s|1970s|1980s|1990s|retro|old|original) (?:decor|kitchen|bathroom|suite|wallpaper|carpets?|units|style|fittings)',
    '(?:kitchen|bathroom)s? (?:need|needs|needing|want|wants) (?:ripping|taking) out',
    '(?:a )?bit of a (?:state|mess|tip)',
  ]),
  phraseRule<Heard>('good', [
    '(?:good|great|excellent|decent|lovely|perfect|immaculate|mint|pristine|fantastic|brilliant|top|very good) (?:nick|condition|state|order|shape)',
    'immaculate',
    'pristine',
    'spotless',
    'mint',
    '(?:recently |newly |fully |just |all )?(?:done up|renovated|refurbished|refurbed|modernised|updated|redecorated)',
    'new (?:kitchen|bathroom|boiler|roof|windows)',
    'move in ready',
    '(?:ready to|could|can|you could|you can) (?:walk|move|step) (?:straight |right )?(?:in|into)(?: it)?',
    'walk ?in condition',
    'ready to move (?:in|into)',
    'turn ?key',
    'well (?:maintained|kept|looked after)',
    '(?:been|was|is) (?:really |well |properly )?looked after',
    'all mod cons',
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
    'the (?:last|third) one',
    'full',
    // Slang for how it looks: "a dump", "knackered".
    "(?:it's |its )?(?:knackered|a dump|a hovel|a shell|a ruin|a pigsty|a pig sty)",
  ]),
  phraseRule<Heard>('needs_modernisation', [
    '(?:some |a bit of )?moderni[sz](?:ing|ation)',
    '(?:some |a bit of )?updating',
    'the (?:middle|second) one',
    '(?:fair|average|middling|so so|could be better)',
    'in between',
    'somewhere in (?:the )?(?:middle|between)',
    "(?:it's |its )?(?:habitable|liveable|livable)",
    "(?:it's |its )?(?:a bit )?(?:manky|minging|grim|tatty|scruffy|a tip)(?: inside| in there)?",
  ]),
  phraseRule<Heard>('good', [
    '(?:pretty |really |very |quite )?(?:good|fine|decent|great|lovely|nice)',
    'not bad',
    // Of the house, not of the caller ("i'm alright thanks").
    "(?<!(?:i'm|im|i am|we're|we are) )(?:it's |its )?(?:alright|all right|not too bad)",
    "(?:it's|its|it is) (?:ok|okay)",
    'the first one',
    'no work',
    // A house that needs nothing, as people say it: "it's grand", "no bother", "spot on", "lush inside".
    "(?:it's |its )?(?:grand|champion|tidy|sound|spot on|canny|braw|no bother)",
    "(?:it's |its )?(?:lush|gorgeous|beautiful|stunning|smart|cracking|belting|lovely)(?: inside| in there| throughout)?",
    'no (?:problems|issues)(?: with it)?',
    'nothing wrong with it',
  ]),
];

const SEVERITY: readonly Condition[] = ['needs_full_renovation', 'needs_modernisation', 'good'];

/** The condition band the caller described, or null when they gave no hint. */
export function extractCondition(text: string, options: { answering?: boolean } = {}): Condition | null {
  const normalised = normaliseUtterance(text);
  // "it was a wreck when we bought it but we've done it all up": how it is now.
  const now = conditionNow(text, (clause) => {
    const bands = new Set(bandsIn(clause));
    if (options.answering === true && bands.size === 0)
      for (const m of findAssertedMatches(clause, ANSWER_RULES)) if (m.value !== 'ignore') bands.add(m.value);
    return bands;
  });
  const heard: ReadonlySet<Heard> = now === null ? bandsIn(normalised) : new Set(now);
  const found = SEVERITY.find((c) => heard.has(c));
  if (found !== undefined || options.answering !== true) return found ?? null;
  const answered = new Set(findAssertedMatches(normalised, ANSWER_RULES).map((m) => m.value));
  return SEVERITY.find((c) => answered.has(c)) ?? readByWords(normalised);
}

/** The bands the phrases of a normalised text name. */
function bandsIn(normalised: string): ReadonlySet<Condition> {
  const bands = new Set<Condition>();
  for (const m of findAssertedMatches(normalised, RULES)) if (m.value !== 'ignore') bands.add(m.value);
  return bands;
}

const NEGATED = /\b(?:not|isn't|isnt|wasn't|never|no|hardly)\b/;

/** Words of work to be done, of its scale, and of a house that needs none. */
const WORK_WORDS =
  /^(?:jobs|bits|musty|needs?|needing|replac(?:e|ing)|repair(?:s|ing)?|redo(?:ing)?|fix(?:ing)?|updat(?:e|ing)|work|doing|money|spending|old|older|ancient|original|dated|tired|worn|shabby|rough|damp|mould|mouldy|leak(?:s|ing|y)?|crack(?:s|ed)?|rot|rotten|broken|bad|poor|rewire|rewiring|decorat(?:e|ing)|tatty|scruffy|grotty)$/;
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
 * Asked about the condition, an answer in words no rule has: what it says is weighed by its
 * words, so a phrasing nobody wrote down still lands in a band. Work to do is modernisation,
 * work of a scale a full renovation, and fine words with no work a good condition.
 */
function readByWords(normalised: string): Condition | null {
  // "the plaster's falling off": a part of the house is the same word with its "'s".
  const words = normalised.split(' ').map((w) => w.replace(/'s$/, ''));
  const scale = words.filter((w) => SCALE_WORDS.test(w)).length;
  // A part of the house is work only when said to have failed ("the electrics are shot"): "new
  // windows", "the heating's all new" are a house in good order.
  const systems = scale > 0 ? words.filter((w) => SYSTEM_WORDS.test(w)).length : 0;
  const work = words.filter((w) => WORK_WORDS.test(w)).length + systems;
  if (words.some((w) => RUIN_WORDS.test(w))) return 'needs_full_renovation';
  const denied = (i: number): boolean => NEGATED.test(`${words[i - 2]} ${words[i - 1]}`);
  const fine = words.filter((w, i) => FINE_WORDS.test(w) && !denied(i)).length;
  // "it's just not modern": a house that is not new wants modernising. "Not good" says no
  // band (the question is put again with the bands named).
  const short = words.some((w, i) => /^(?:modern|new|newish)$/.test(w) && denied(i));
  if (scale > 0 && work > 0) return 'needs_full_renovation';
  if (work > 0 || short) return 'needs_modernisation';
  return fine > 0 ? 'good' : null;
}
