/**
 * A seller whose answers each call overrides where it differs: a three bed semi in Manchester in
 * good order, £320,000 (just over the £300,000 ceiling), downsizing within six months. That
 * scores warm (69), so a viewing is offered inside business hours and a callback outside them.
 */
import { hotBooking, hotHandover, offeredVisit, pick } from './steps.js';
import type { Answer, Asked, Expectations } from './types.js';

export const WARM_ANSWERS: Partial<Record<Asked, Answer>> = {
  name: 'mark davies',
  address: '42 mauldeth road m19 1ab',
  property_type: 'its a semi',
  bedrooms: 'three',
  condition: 'its in good condition',
  occupancy: 'we live there',
  price: 'about 320 thousand',
  timeline: 'within six months',
  reason: 'were downsizing',
  phone: 'yes',
  offer: pick(0, 'the first one is fine'),
};

export const WARM_FACTS: NonNullable<Expectations['facts']> = {
  property_type: 'semi-detached',
  bedrooms: 3,
  condition: 'good',
  occupancy: 'owner_occupied',
  price: 320_000,
  timeline: /6 months/i,
  reason: 'downsizing',
};

export const WARM_EXPECT: Expectations = {
  lead: { name: 'Mark Davies' },
  facts: WARM_FACTS,
  postcode: 'M19 1AB',
  outcome: 'warm',
  handover: false,
  booking: offeredVisit,
};

/** The same seller with other answers and expectations merged over the base. */
export function warm(
  answers: Partial<Record<Asked, Answer>>,
  expect: Expectations & { facts?: Expectations['facts'] },
): { answers: Partial<Record<Asked, Answer>>; expect: Expectations } {
  return {
    answers: { ...WARM_ANSWERS, ...answers },
    expect: { ...WARM_EXPECT, ...expect, facts: { ...WARM_FACTS, ...(expect.facts ?? {}) } },
  };
}

/** What a hot enquiry leaves: handed to the desk inside hours, a callback outside them. */
export const HOT: Expectations = { outcome: 'hot', handover: hotHandover, booking: hotBooking };
