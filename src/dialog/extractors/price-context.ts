/**
 * What an amount is to the caller: what they want, what they owe, or what someone else said it
 * is worth. Callers give all three in one breath ("owe 100k, agent said 300, I'd take 270"),
 * and only the first is their price.
 */

/** Context that makes an amount a debt or history, not what the caller wants. */
const DEBT_CONTEXT =
  /\b(?:owe|owed|owing|outstanding|arrears|behind|debts?|loan|paid(?! off)|bought|mortgage|left on|remortgage)\b/g;
/** Running costs: a service charge or ground rent is a fact of its own, never the price. */
const CHARGE_CONTEXT =
  /\b(?:service charges?|ground rent|rent|council tax|bills?|maintenance|fees?|charges?|rental income)\b/g;
const EXPECTATION_CONTEXT =
  /\b(?:want|wanting|looking for|hoping|hope|expect|expecting|take|accept|get|need|happy with|asking|settle|offers?|price|figure|sell (?:it )?for|ballpark)\b/g;
/** What someone else said it is worth, or what another house went for ("next door went for 250"). */
const VALUATION_CONTEXT =
  /\b(?:valued|valuation|worth|zoopla|rightmove|agents?|said|sold for|went for|go for|goes for|going for|similar|next door|neighbours?|theirs|over the road|opposite|down the road|on the street|round the corner)\b/g;
const DEBT_AFTER = /^(?:(?:left )?on the mortgage|outstanding|owed|left to pay|on it|in arrears|behind)\b/;
/**
 * The cost of work on the house: "20 grand of work", "about 15k to put right", "spent 30 on it",
 * "the roof needs 10 grand spending".
 */
const COST_AFTER =
  /^(?:(?:spending|spent|doing|needing|putting in|throwing at it)\b|(?:worth )?of (?:work|works|repairs|building work|jobs)|to (?:do (?:it )?up|fix|sort|put (?:it )?right|renovate|modernise|bring (?:it )?up to)|(?:spent |spending )?on (?:it|the house|work|repairs|the roof|the kitchen))\b/;
const COST_CONTEXT =
  /\b(?:cost|costs|costing|quote|quoted|estimate|spend|spent|spending|builder|builders|repairs?|needs|needing)\b/g;
/** "£1,800 a year", "650 a month", "£95 pcm": a recurring amount is rent or a charge. */
const RECURRING_AFTER =
  /^(?:a|per|every|each) (?:year|month|week|annum|quarter)\b|^(?:pa|pcm|pw|annually|monthly|yearly|weekly)\b/;

/** Words before an amount that put price in play: "asking 250", "worth about 240", "offers over 180". */
export const PRICE_CUE =
  /\b(?:asking|ask|worth|looking for|looking at|hoping (?:to get|for)|hope to get|want|wanting|valued(?: it)? at|valuation|offers? (?:over|around|in the region of)|in the region of|price|figure|sell (?:it )?for|take|accept|get)\b/;

export type Role = 'charge' | 'cost' | 'debt' | 'expectation' | 'neutral' | 'valuation';

/** The cue word nearest before an amount decides its role: "no mortgage, want 200k" is wanted. */
export function roleOf(before: string, after: string): Role {
  if (RECURRING_AFTER.test(after)) return 'charge';
  if (DEBT_AFTER.test(after)) return 'debt';
  if (COST_AFTER.test(after)) return 'cost';
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

export const ROLE_RANK: Record<Role, number> = {
  charge: -1,
  cost: -1,
  debt: -1,
  valuation: 0,
  neutral: 1,
  expectation: 2,
};

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
