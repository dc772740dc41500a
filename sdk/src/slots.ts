// Generated from the slot table (src/dialog/slots) by `npm run sdk:slots`; do not edit by hand.
// test/sdk-slots.test.ts fails when this file and the table drift apart.

/** The slots the agent asks about, in their default order. */
export const SLOT_NAMES = [
  'name',
  'phone',
  'address',
  'property_type',
  'bedrooms',
  'condition',
  'occupancy',
  'price',
  'timeline',
  'reason',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** The scoring criteria, in the order a score breakdown lists them. */
export const SCORING_CRITERIA = [
  'location',
  'property_type',
  'bedrooms',
  'price',
  'condition',
  'reason',
  'timeline',
] as const;
export type ScoringCriterion = (typeof SCORING_CRITERIA)[number];

/** The values of property_type, with the words the console shows for them. */
export const PROPERTY_TYPE_VALUES = [
  { value: 'detached', label: 'Detached' },
  { value: 'semi-detached', label: 'Semi-detached' },
  { value: 'terraced', label: 'Terraced' },
  { value: 'flat', label: 'Flat' },
  { value: 'bungalow', label: 'Bungalow' },
  { value: 'other', label: 'Other' },
] as const;
export type PropertyType = (typeof PROPERTY_TYPE_VALUES)[number]['value'];

/** The values of condition, with the words the console shows for them. */
export const CONDITION_VALUES = [
  { value: 'good', label: 'Good' },
  { value: 'needs_modernisation', label: 'Needs modernisation' },
  { value: 'needs_full_renovation', label: 'Needs full renovation' },
] as const;
export type PropertyCondition = (typeof CONDITION_VALUES)[number]['value'];

/** The values of occupancy, with the words the console shows for them. */
export const OCCUPANCY_VALUES = [
  { value: 'owner_occupied', label: 'Owner-occupied' },
  { value: 'vacant', label: 'Vacant' },
  { value: 'tenanted', label: 'Tenanted' },
] as const;
export type Occupancy = (typeof OCCUPANCY_VALUES)[number]['value'];

/** The values of reason, with the words the console shows for them. */
export const REASON_VALUES = [
  { value: 'probate', label: 'Probate' },
  { value: 'relocation', label: 'Relocation' },
  { value: 'repossession', label: 'Repossession' },
  { value: 'divorce', label: 'Divorce' },
  { value: 'financial', label: 'Financial' },
  { value: 'downsizing', label: 'Downsizing' },
  { value: 'landlord_exit', label: 'Landlord exit' },
  { value: 'inherited', label: 'Inherited' },
  { value: 'health', label: 'Health' },
  { value: 'other', label: 'Other' },
] as const;
export type SaleReason = (typeof REASON_VALUES)[number]['value'];

/** What the caller said; every key is present, null when not learnt. */
export interface OpportunityFacts {
  property_type: PropertyType | null;
  bedrooms: number | null;
  condition: PropertyCondition | null;
  /** Who lives there now. */
  occupancy: Occupancy | null;
  /** The price the seller hopes for, in pounds. */
  asking_price: number | null;
  /** How soon the seller wants to sell, e.g. "within 3 months". */
  timeline: string | null;
  /** Why they are selling. */
  reason: SaleReason | null;
}
