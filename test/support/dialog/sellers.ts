/** Seller answers for scripted calls: hot, warm and cold enquiries against the test buy box. */

/** Answers to the default questions, in their order, for a seller; any can be replaced. */
export interface SellerAnswers {
  opening: string;
  name: string;
  address: string;
  type: string;
  bedrooms: string;
  condition: string;
  occupancy: string;
  price: string;
  timeline: string;
  reason: string;
  phone: string;
}

/** A hot seller in Manchester: every answer in the buy box. */
export const HOT_SELLER: SellerAnswers = {
  opening: "Hi, I'm looking to sell my house",
  name: 'Sarah Jones',
  address: '12 Acacia Avenue, M14 5AB',
  type: "it's a semi",
  bedrooms: 'three',
  condition: 'it needs a bit of work',
  occupancy: "it's empty",
  price: '200k',
  timeline: 'as soon as possible',
  reason: 'my mum passed away',
  phone: 'yes',
};

/** A warm seller: a little over the ceiling, in good order, downsizing with no rush (score 66). */
export const WARM_SELLER: SellerAnswers = {
  ...HOT_SELLER,
  condition: 'good condition',
  occupancy: 'we live there',
  price: '320k',
  timeline: 'no rush',
  reason: "we're downsizing",
};

/** A cold seller: eight bedrooms, well over the ceiling, no hurry (score 46). */
export const COLD_SELLER: SellerAnswers = {
  ...WARM_SELLER,
  address: '3 Hill Rise, SK4 2AA',
  type: 'detached',
  bedrooms: 'eight',
  price: '400k',
};

/** The steps that answer every default question; the postcode read-back is answered "yes". */
export function sellerSteps(answers: SellerAnswers): string[] {
  const a = answers;
  return [
    a.opening,
    a.name,
    a.address,
    'yes',
    a.type,
    a.bedrooms,
    a.condition,
    a.occupancy,
    a.price,
    a.timeline,
    a.reason,
    a.phone,
  ];
}
