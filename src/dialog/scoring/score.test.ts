import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CONFIG } from '../config/agent-config.js';
import type { Facts } from '../engine/types.js';
import type { BuyBox } from './criteria.js';
import { allocateMaxima, scoreEnquiry, type Weights } from './score.js';
import { readTimelineWeeks } from './timeline-weeks.js';

const BOX: BuyBox = {
  postcode_areas: ['M', 'SK4'],
  property_types: ['detached', 'semi-detached', 'terraced', 'bungalow'],
  min_bedrooms: 2,
  max_bedrooms: 4,
  max_price: 250_000,
  conditions: ['needs_modernisation', 'needs_full_renovation'],
  motivating_reasons: ['probate', 'relocation', 'financial'],
};
const WEIGHTS = DEFAULT_AGENT_CONFIG.scoring.weights;
const THRESHOLDS = { hot_threshold: 75, warm_threshold: 50 };

const NOTHING: Facts = {
  property_type: null,
  bedrooms: null,
  condition: null,
  occupancy: null,
  asking_price: null,
  timeline: null,
  reason: null,
};
const IDEAL: Facts = {
  property_type: 'semi-detached',
  bedrooms: 3,
  condition: 'needs_modernisation',
  occupancy: 'vacant',
  asking_price: 200_000,
  timeline: 'as soon as possible',
  reason: 'probate',
};

function lineFor(facts: Facts, postcode: string | null, criterion: string) {
  return scoreEnquiry(BOX, WEIGHTS, THRESHOLDS, facts, postcode).breakdown.find(
    (l) => l.criterion === criterion,
  );
}

describe('scoreEnquiry', () => {
  it.each([
    ['an ideal enquiry', IDEAL, 'M14 5AB', 100, 'hot'],
    ['nothing known', NOTHING, null, 51, 'warm'],
    ['nothing known but the postcode', NOTHING, 'M14 5AB', 63, 'warm'],
    ['a district only', IDEAL, 'SK4', 100, 'hot'],
    ['outside the target areas', IDEAL, 'LS1 4AP', 75, 'disqualified'],
    ['a flat, not bought', { ...IDEAL, property_type: 'flat' }, 'M14 5AB', 90, 'disqualified'],
    ['far above the ceiling', { ...IDEAL, asking_price: 400_000 }, 'M14 5AB', 80, 'disqualified'],
    ['above the ceiling', { ...IDEAL, asking_price: 300_000 }, 'M14 5AB', 80, 'hot'],
    ['just above the ceiling', { ...IDEAL, asking_price: 270_000 }, 'M14 5AB', 90, 'hot'],
    [
      'good condition, no hurry, downsizing',
      { ...IDEAL, condition: 'good', timeline: 'flexible, no fixed date', reason: 'downsizing' },
      'M14 5AB',
      66,
      'warm',
    ],
    [
      'cold: wrong size, price and reason',
      { ...IDEAL, bedrooms: 7, asking_price: 320_000, condition: 'good', reason: 'downsizing' },
      'M14 5AB',
      45,
      'cold',
    ],
  ] as const)('%s', (_label, facts, postcode, score, outcome) => {
    const result = scoreEnquiry(BOX, WEIGHTS, THRESHOLDS, facts, postcode);
    expect(result.score).toBe(score);
    expect(result.outcome).toBe(outcome);
    expect(result.breakdown.map((l) => l.criterion)).toEqual([
      'location',
      'property_type',
      'bedrooms',
      'price',
      'condition',
      'reason',
      'timeline',
    ]);
    expect(result.breakdown.reduce((s, l) => s + l.points, 0)).toBe(result.score);
  });

  it.each([
    [NOTHING, 'M14 5AB', 'location', 'M14 is in the target area M'],
    [NOTHING, 'SK4 2AA', 'location', 'SK4 is in the target area SK4'],
    [NOTHING, 'SK5 2AA', 'location', 'SK5 is outside the target areas (M, SK4)'],
    [NOTHING, null, 'location', 'postcode not known yet'],
    [{ ...NOTHING, asking_price: 300_000 }, null, 'price', 'asks £300,000, above the £250,000 ceiling'],
    [{ ...NOTHING, asking_price: 200_000 }, null, 'price', 'asks £200,000, within the £250,000 ceiling'],
    [{ ...NOTHING, asking_price: 500_000 }, null, 'price', 'asks £500,000, far above the £250,000 ceiling'],
    [{ ...NOTHING, bedrooms: 5 }, null, 'bedrooms', '5 bedrooms is just outside 2–4'],
    [{ ...NOTHING, bedrooms: 1 }, null, 'bedrooms', '1 bedroom is just outside 2–4'],
    [
      { ...NOTHING, property_type: 'flat' },
      null,
      'property_type',
      'flat is not a type we buy (detached, semi-detached, terraced, bungalow)',
    ],
    [{ ...NOTHING, condition: 'good' }, null, 'condition', 'good is not a condition we buy'],
    [
      { ...NOTHING, reason: 'landlord_exit' },
      null,
      'reason',
      'landlord exit is not one of the motivating reasons',
    ],
    [
      { ...NOTHING, timeline: 'within 3 months' },
      null,
      'timeline',
      'wants to sell within 3 months (about 13 weeks)',
    ],
    [
      { ...NOTHING, timeline: 'by Christmas (about 30 weeks)' },
      null,
      'timeline',
      'wants to sell by Christmas (about 30 weeks)',
    ],
    [
      { ...NOTHING, timeline: 'whenever the stars align' },
      null,
      'timeline',
      'no fixed date to sell (whenever the stars align)',
    ],
    [
      { ...NOTHING, timeline: 'when the kids leave' },
      null,
      'timeline',
      'timeline "when the kids leave" could not be rated',
    ],
  ] as const)('explains %o at %s: %s → %j', (facts, postcode, criterion, reason) => {
    expect(lineFor(facts, postcode, criterion)?.reason).toBe(reason);
  });

  it('scores any area, type, condition and price when the buy box leaves them open', () => {
    const open: BuyBox = { ...BOX, postcode_areas: [], property_types: [], conditions: [], max_price: null };
    const result = scoreEnquiry(
      open,
      WEIGHTS,
      THRESHOLDS,
      { ...IDEAL, property_type: 'flat', condition: 'good' },
      'LS1 4AP',
    );
    expect(result.score).toBe(100);
    expect(result.outcome).toBe('hot');
  });

  it('treats an unreadable postcode as unknown', () => {
    expect(lineFor(NOTHING, 'not a postcode', 'location')?.reason).toBe('postcode not known yet');
  });
});

describe('allocateMaxima', () => {
  const sum = (w: Weights) => Object.values(allocateMaxima(w)).reduce((a, b) => a + b, 0);
  it.each([
    ['the defaults', WEIGHTS],
    [
      'small weights',
      { location: 1, property_type: 1, bedrooms: 1, price: 1, condition: 1, reason: 1, timeline: 1 },
    ],
    [
      'large weights',
      { location: 100, property_type: 100, bedrooms: 30, price: 70, condition: 0, reason: 33, timeline: 7 },
    ],
    [
      'all zero',
      { location: 0, property_type: 0, bedrooms: 0, price: 0, condition: 0, reason: 0, timeline: 0 },
    ],
    [
      'one criterion',
      { location: 5, property_type: 0, bedrooms: 0, price: 0, condition: 0, reason: 0, timeline: 0 },
    ],
  ] as const)('adds up to 100 for %s', (_label, weights) => {
    expect(sum(weights)).toBe(100);
  });

  it('keeps the default weights as they are, since they already add up to 100', () => {
    expect(allocateMaxima(WEIGHTS)).toEqual(WEIGHTS);
  });

  it('gives every point to the only weighted criterion', () => {
    const weights = {
      location: 5,
      property_type: 0,
      bedrooms: 0,
      price: 0,
      condition: 0,
      reason: 0,
      timeline: 0,
    };
    expect(scoreEnquiry(BOX, weights, THRESHOLDS, NOTHING, 'M1 1AA').score).toBe(100);
  });
});

describe('readTimelineWeeks', () => {
  it.each([
    ['as soon as possible', 0],
    ['within 3 months', 13],
    ['within 2 weeks', 2],
    ['within 10 days', 1],
    ['within 1 year', 52],
    ['this week', 1],
    ['next week', 2],
    ['by Christmas (about 10 weeks)', 10],
    ['flexible, no fixed date', 'flexible'],
    ['someday', null],
  ] as const)('%j → %j', (label, weeks) => {
    expect(readTimelineWeeks(label)).toBe(weeks);
  });
});
