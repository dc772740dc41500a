/**
 * One rule per buy-box criterion. Each returns the share of the criterion's points earned (0..1),
 * a reason a desk member can read, and whether a hard rule failed. Unknown facts earn half, so a
 * partial enquiry lands in the middle instead of looking hopeless or perfect.
 */
import { type CriterionName, phrase } from '../catalogue/index.js';
import type { AgentConfig } from '../config/agent-config.js';
import type { Facts } from '../engine/types.js';
import { isValidOutwardCode, parsePostcodeParts } from '../extractors/index.js';
import { describeTimelineWeeks, readTimelineWeeks } from './timeline-weeks.js';

export type BuyBox = AgentConfig['buy_box'];

export interface Judgement {
  share: number;
  reason: string;
  /** A hard rule failed: the business would not buy this property. */
  disqualifies: boolean;
}

/** What a criterion is judged on: the buy box, the facts, and the postcode (or its district). */
export interface Judging {
  box: BuyBox;
  facts: Facts;
  postcode: string | null;
}

/** The rule of one criterion; each scored slot names its own (src/dialog/slots). */
export type Judge = (j: Judging) => Judgement;

const UNKNOWN_SHARE = 0.5;

/** "Just above" the ceiling still earns half; "far above" (over half as much again) disqualifies. */
const PRICE_NEAR_CEILING = 1.1;
const PRICE_FAR_ABOVE = 1.5;

function judged(share: number, reason: string, disqualifies = false): Judgement {
  return { share, reason, disqualifies };
}

function unknown(criterion: CriterionName): Judgement {
  return judged(UNKNOWN_SHARE, phrase('score.unknown', { criterion }));
}

// Made once: building a NumberFormat costs far more than formatting with one.
const POUNDS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

export function formatPounds(amount: number): string {
  return `£${POUNDS.format(amount)}`;
}

/** Enum values as words: "needs_modernisation" → "needs modernisation". */
export function humanise(value: string): string {
  return value.replace(/_/g, ' ');
}

/** The district and area of a full postcode or an outward code; null when neither. */
function readDistrict(postcode: string | null): { district: string; area: string } | null {
  if (postcode === null) return null;
  const parts = parsePostcodeParts(postcode);
  if (parts !== null) return { district: parts.district, area: parts.area };
  const outward = postcode.trim().toUpperCase();
  if (!isValidOutwardCode(outward)) return null;
  return { district: outward, area: /^[A-Z]+/.exec(outward)?.[0] ?? outward };
}

/** Outside the target areas is a hard rule: the business does not buy there at all. */
export function judgeLocation({ box, postcode }: Judging): Judgement {
  const where = readDistrict(postcode);
  if (where === null) return unknown('location');
  if (box.postcode_areas.length === 0)
    return judged(1, phrase('score.any_area', { district: where.district }));
  // An entry with a digit is a district (M14); without, an area (M).
  const hit = box.postcode_areas.find((entry) =>
    /\d/.test(entry) ? entry === where.district : entry === where.area,
  );
  if (hit !== undefined) return judged(1, phrase('score.in_area', { district: where.district, area: hit }));
  const areas = box.postcode_areas;
  return judged(0, phrase('score.outside_areas', { district: where.district, areas }), true);
}

/** A property type the business does not buy is a hard rule. */
export function judgePropertyType({ box, facts }: Judging): Judgement {
  const type = facts.property_type;
  if (type === null) return unknown('property_type');
  if (box.property_types.length === 0) return judged(1, phrase('score.any_type', { type }));
  if (box.property_types.some((t) => t === type)) return judged(1, phrase('score.type_bought', { type }));
  return judged(0, phrase('score.type_not_bought', { type, types: box.property_types }), true);
}

export function judgeBedrooms({ box, facts }: Judging): Judgement {
  const bedrooms = facts.bedrooms;
  if (bedrooms === null) return unknown('bedrooms');
  const said = { bedrooms, min: box.min_bedrooms, max: box.max_bedrooms };
  if (bedrooms >= box.min_bedrooms && bedrooms <= box.max_bedrooms)
    return judged(1, phrase('score.bedrooms', { ...said, fit: 'within' }));
  const off = bedrooms < box.min_bedrooms ? box.min_bedrooms - bedrooms : bedrooms - box.max_bedrooms;
  return off === 1
    ? judged(0.5, phrase('score.bedrooms', { ...said, fit: 'just_outside' }))
    : judged(0, phrase('score.bedrooms', { ...said, fit: 'outside' }));
}

/** Far above the ceiling (more than 50% over) is a hard rule: the gap will not close. */
export function judgePrice({ box, facts }: Judging): Judgement {
  const price = facts.asking_price;
  if (price === null) return unknown('price');
  const asks = formatPounds(price);
  if (box.max_price === null)
    return judged(1, phrase('score.price', { price: asks, ceiling: null, fit: 'within' }));
  const said = { price: asks, ceiling: formatPounds(box.max_price) };
  if (price <= box.max_price) return judged(1, phrase('score.price', { ...said, fit: 'within' }));
  if (price <= box.max_price * PRICE_NEAR_CEILING)
    return judged(0.5, phrase('score.price', { ...said, fit: 'just_above' }));
  if (price <= box.max_price * PRICE_FAR_ABOVE)
    return judged(0, phrase('score.price', { ...said, fit: 'above' }));
  return judged(0, phrase('score.price', { ...said, fit: 'far_above' }), true);
}

export function judgeCondition({ box, facts }: Judging): Judgement {
  const condition = facts.condition;
  if (condition === null) return unknown('condition');
  const said = humanise(condition);
  if (box.conditions.length === 0)
    return judged(1, phrase('score.condition', { condition: said, fit: 'any' }));
  if (box.conditions.some((c) => c === condition))
    return judged(1, phrase('score.condition', { condition: said, fit: 'bought' }));
  return judged(0, phrase('score.condition', { condition: said, fit: 'not_bought' }));
}

export function judgeReason({ box, facts }: Judging): Judgement {
  const reason = facts.reason;
  if (reason === null) return unknown('reason');
  const said = humanise(reason);
  if (box.motivating_reasons.length === 0)
    return judged(UNKNOWN_SHARE, phrase('score.reason', { reason: said, fit: 'none_set' }));
  if (box.motivating_reasons.some((r) => r === reason))
    return judged(1, phrase('score.reason', { reason: said, fit: 'motivating' }));
  return judged(0, phrase('score.reason', { reason: said, fit: 'not_motivating' }));
}

/** Sooner sellers are more motivated: full points within four weeks, little for "no rush". */
export function judgeTimeline({ facts }: Judging): Judgement {
  const timeline = facts.timeline;
  if (timeline === null) return unknown('timeline');
  const weeks = readTimelineWeeks(timeline);
  if (weeks === null) return judged(UNKNOWN_SHARE, phrase('score.timeline_unrated', { label: timeline }));
  const said = describeTimelineWeeks(weeks, timeline);
  if (weeks === 'flexible') return judged(0.1, said);
  if (weeks <= 4) return judged(1, said);
  if (weeks <= 13) return judged(0.75, said);
  if (weeks <= 26) return judged(0.4, said);
  return judged(0.1, said);
}
