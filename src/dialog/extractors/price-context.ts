/**
 * What an amount is to the caller: what they want, what they owe, or what someone else said it
 * is worth. Callers give all three in one breath ("owe 100k, agent said 300, I'd take 270"),
 * and only the first is their price.
 */

/** A wish put the British way: "we're after two eighty", "i'm thinking one forty for it". */
const AFTER_OR_THINKING =
  "(?:we're|were|we are|i'm|im|i am|we'd be|i'd be|id be) (?:after|thinking(?: of| about)?)";

/**
 * "asking" is a price word ("asking 250") except where the agent is the one asking: "now you're
 * asking", "you're asking me", said while the caller thinks.
 */
const ASKING = "(?<!\\b(?:you're|youre|you are|you) )asking";

/**
 * The figure settled on after a hedge: "two forty? call it two forty five", "let's say 200",
 * "so say one eighty". A bare "say" counts only where a clause starts, not "the agents say 300".
 */
const SETTLED =
  "call it|let's say|lets say|shall we say|i'd say|id say|we'd say|make it|(?<=, |\\b(?:so|well|just|oh|ok|okay|right|yeah|and) )say";

/**
 * Context that makes an amount a debt or history, not what the caller wants: what is owed or was
 * paid, what must be paid or cleared ("pay the four thousand by Friday", "clear it all, about 35
 * grand"; not "clear at least a hundred", which is what the sale must bring in), and what a lender or bailiff demands ("they want eleven thousand").
 */
const DEBT_CONTEXT =
  /\b(?:owe|owed|owing|outstanding|arrears|behind|debts?|loan|paid(?! off)|bought|mortgages?|left on|remortgage|(?:pay|paying) (?:the|off|back)|repay|(?:clear|clearing) (?:it|them|the|my|our|off|everything|all)|(?:they|bank|lenders?|bailiffs|council) wants?)\b/g;
/** Running costs: a service charge or ground rent is a fact of its own, never the price. */
const CHARGE_CONTEXT =
  /\b(?:service charges?|ground rent|rent|council tax|bills?|maintenance|fees?|charges?|rental income)\b/g;
/**
 * "so" ends a caller's working and gives their own figure: "next door went for 320 and ours has
 * the extension, so 340", "12 grand of arrears so round about one thirty". Said last before the
 * amount, it outranks what went before it.
 */
const CONCLUSION = 'so';
/**
 * Someone else's want is not the caller's: "the bailiffs want eleven thousand", "they want 4k by
 * Friday". Only the caller's own "want" is a wish.
 */
const THIRD_PARTY = '(?<!\\b(?:they|he|she|bank|lender|lenders|bailiffs|council) )';
/** What the caller wants; "tak" is the Scots "take" ("ah'd tak one twenty"). */
const EXPECTATION_CONTEXT = new RegExp(
  String.raw`\b(?:${AFTER_OR_THINKING}|${THIRD_PARTY}want|wanting|looking for|hoping|hope|expect|expecting|take|tak|accept|get|need|happy (?:with|at|on)|${ASKING}|${SETTLED}|settle|offers?|price|figure|sell (?:it )?for|ballpark|${CONCLUSION})\b`,
  'g',
);
/**
 * Another house's sale, told with how or when it was sold: "went at auction for 38", "sold last
 * year for 240", "fetched 200". What someone got then is not what this caller wants.
 */
const PAST_SALE =
  '(?:sold|went|gone|fetched)(?: (?:at auction|under the hammer|on the market|privately|online|last (?:year|month|week)|in the end))? for|fetched';

/**
 * What someone else said it is worth, or what another house went for ("next door went for 250"),
 * or what a survey or the Scottish home report put on it ("the home report came in at one
 * thirty-eight", "the surveyor had it at 190").
 */
const VALUATION_CONTEXT = new RegExp(
  String.raw`\b(?:valued|valuation|worth|zoopla|rightmove|agents?|said|home report|surveys?|surveyors?|came (?:back |in )?at|sold for|went for|go for|goes for|going for|similar|next door|neighbours?|theirs|over the road|opposite|down the road|on the street|round the corner|${PAST_SALE})\b`,
  'g',
);
/**
 * A hedge said straight after an amount, before what it is: "forty odd left on the mortgage",
 * "twenty ish a year", "about fifty or so to do it up".
 */
const HEDGE_AFTER = /^(?:odd|ish|or so|or thereabouts|or something|give or take) /;
/**
 * What an amount is, said straight after it: "forty left on the mortgage", "ten grand owed",
 * "thirty five grand of debt", "twenty in debts", "six grand on the credit cards", "12 grand of
 * arrears", "a ten grand bill", "a five thousand pound loan".
 */
const DEBT_AFTER =
  /^(?:(?:still )?(?:left )?on the mortgages?|outstanding|owed|left to pay|on it|(?:in|of) arrears|behind|(?:of|in) (?:\w+ )?debts?|on (?:the |my |our )?(?:credit )?cards|(?:council tax |tax |gas |electric |energy |water |phone |credit card |repair |vet |court )?(?:bill|bills|debt|debts|loan|fine|overdraft|ccj)\b)\b/;
/** The jobs a house needs, which an amount said for them prices: "20 grand for the rewiring". */
const WORKS =
  '(?:re ?wiring|rewire|electrics|roof|kitchen|bathroom|boiler|heating|central heating|windows|damp(?: proofing)?|plumbing|extension|foundations|underpinning|subsidence|guttering|repairs|work|works|building work|decorating|renovation|refurb(?:ishment)?|jobs)';
/**
 * The cost of work on the house: "20 grand of work", "about 15k to put right", "spent 30 on it",
 * "the roof needs 10 grand spending", "twenty odd for the rewiring and the roof".
 */
const COST_AFTER = new RegExp(
  String.raw`^(?:(?:spending|spent|doing|needing|putting in|throwing at it)\b|(?:worth )?of ${WORKS}|to (?:do (?:it )?up|fix|sort|put (?:it )?right|renovate|modernise|bring (?:it )?up to)|(?:spent |spending )?on (?:it|the house|(?:the |a |new )*${WORKS})|for (?:the |a |new |all the )+${WORKS})\b`,
);
/** Words before an amount that price work: "the survey said it wants 20 grand", "a quote of 15k". */
const COST_CONTEXT =
  /\b(?:cost|costs|costing|quote|quoted|estimate|spend|spent|spending|builder|builders|repairs?|needs|needing|it wants|it'll want|wants doing)\b/g;
/** "£1,800 a year", "650 a month", "£95 pcm": a recurring amount is rent or a charge. */
const RECURRING_AFTER =
  /^(?:a|per|every|each) (?:year|month|week|annum|quarter)\b|^(?:pa|pcm|pw|annually|monthly|yearly|weekly)\b/;

/**
 * The wish said after the figure rather than before it: "forty five grand would do me", "ninety
 * grand'd be sound", "two hundred will suit us", "one eighty is what we're after". Not "and i'd
 * be happy", which may lead to the next figure ("255, and i'd be happy at 260").
 */
const EXPECTATION_AFTER =
  /^(?:(?:would|will|should|could) (?:do (?:me|us|nicely|fine|it)|be (?:lovely|nice|great|fine|sound|ideal|perfect|good|grand|spot on|fair|brilliant|champion|smashing|mint|ace|plenty|enough|okay|ok|alright|acceptable|the figure|my figure|our figure)|suit (?:me|us)|make (?:me|us) happy|see (?:me|us) right|keep (?:me|us) happy)|is (?:what )?(?:i'm|im|i am|we're|were|we are) (?:after|looking for|hoping for|wanting)|is (?:my|our|the) (?:figure|price|bottom line|minimum))\b/;

/**
 * Someone else's home named just after an amount: "only got one twenty for hers", "went for 85 but
 * theirs was a dump". The pronoun stands for another house, so the amount is what that one made.
 */
const OTHER_HOME_AFTER = /\b(?:theirs|hers)\b/;

/** Words before an amount that put price in play: "asking 250", "worth about 240", "offers over 180". */
export const PRICE_CUE = new RegExp(
  String.raw`\b(?:${AFTER_OR_THINKING}|${ASKING}|ask|worth|looking for|looking at|hoping (?:to get|for)|hope to get|happy (?:with|at|on)|want|wanting|valued(?: it)? at|valuation|offers? (?:over|around|in the region of)|in the region of|price|figure|sell (?:it )?for|take|tak|accept|get)\b`,
);

export type Role = 'charge' | 'cost' | 'debt' | 'expectation' | 'neutral' | 'valuation';

/** The cue word nearest before an amount decides its role: "no mortgage, want 200k" is wanted. */
export function roleOf(before: string, said: string): Role {
  const after = said.replace(HEDGE_AFTER, '');
  if (RECURRING_AFTER.test(after)) return 'charge';
  if (DEBT_AFTER.test(after)) return 'debt';
  if (COST_AFTER.test(after)) return 'cost';
  if (EXPECTATION_AFTER.test(after)) return 'expectation';
  if (OTHER_HOME_AFTER.test(after)) return 'valuation';
  const last = (re: RegExp): number => Math.max(-1, ...[...before.matchAll(re)].map((m) => m.index ?? -1));
  const cues: [Role, number][] = [
    ['debt', last(DEBT_CONTEXT)],
    ['charge', last(CHARGE_CONTEXT)],
    ['cost', last(COST_CONTEXT)],
    ['expectation', last(EXPECTATION_CONTEXT)],
    ['valuation', last(VALUATION_CONTEXT)],
  ];
  const [role, index] = cues.reduce((a, b) => (b[1] > a[1] ? b : a));
  return index < 0 ? 'neutral' : role;
}

/**
 * "happy with what we paid, which was 180", "i'd want back what i paid for it": what was paid,
 * wished back, is the price, so long as no debt is named after it.
 */
const PAID_WISHED_BACK =
  /\b(?:with|back|get|getting|recoup|cover|covers|make|want|take|accept|need) what (?:we|i|they|we've|i've) paid\b(?!.*\b(?:owe|owed|owing|outstanding|mortgages?|loan|debts?|left on|arrears)\b)/;

/**
 * The role of an amount from the words just before and after it, and `earlier`, a few more words
 * before, to tell what was paid wished back from what was paid as history.
 */
export function roleInContext(before: string, after: string, earlier: string): Role {
  const role = roleOf(before, after);
  return role === 'debt' && PAID_WISHED_BACK.test(earlier) ? 'expectation' : role;
}

export const ROLE_RANK: Record<Role, number> = {
  charge: -1,
  cost: -1,
  debt: -1,
  valuation: 0,
  neutral: 1,
  expectation: 2,
};

/**
 * Words that put an amount on another house or in another's mouth: "next door went for 130 grand",
 * "the neighbours reckon theirs is worth 400", "Zoopla has it at 240". Heard while some other
 * question was put, such an amount is no answer to the price.
 */
const ANOTHER_HOME =
  /\b(?:next door|neighbours?|neighbour's|theirs|hers|went for|sold for|fetched|go for|goes for|going for|over the road|across the road|down the road|round the corner|on the street|similar|zoopla|rightmove)\b/;

export function aboutAnotherHome(before: string): boolean {
  return ANOTHER_HOME.test(before);
}

/** "at least 200k" sets a floor; "up to 300k" a ceiling. */
export function boundQualifier(before: string): 'min' | 'max' | null {
  if (/\bno more than$/.test(before)) return 'max';
  if (
    /\b(?:at least|minimum|min|no less than|not less than|more than|over|above|starting at)$/.test(before)
  ) {
    return 'min';
  }
  if (/\b(?:up to|at most|no more than|maximum|max|under|below|less than)$/.test(before)) return 'max';
  return null;
}
