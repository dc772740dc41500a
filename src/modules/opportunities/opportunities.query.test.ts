import { describe, expect, it } from 'vitest';
import { CreateNoteBody, OpportunityListQuery, toPostcodePrefix } from './opportunities.query.js';

describe('the postcode filter', () => {
  it.each([
    ['M14', 'M14'],
    ['m14 5', 'M145'],
    [' sk4  1a ', 'SK41A'],
  ])('compares %j as %j', (raw, prefix) => {
    expect(toPostcodePrefix(raw)).toBe(prefix);
    expect(OpportunityListQuery.parse({ postcode: raw }).postcode).toBe(prefix);
  });

  it.each(['M%', 'M_1', '', '   ', 'M14 5AB EXTRA'])('refuses %j', (raw) => {
    expect(OpportunityListQuery.safeParse({ postcode: raw }).success).toBe(false);
  });
});

describe('the opportunity list query', () => {
  it('reads min_score as a number from the query string', () => {
    expect(OpportunityListQuery.parse({ min_score: '75' }).min_score).toBe(75);
  });

  it.each([{ min_score: '-1' }, { min_score: '7.5' }, { outcome: 'maybe' }, { owner: 'x' }])(
    'refuses %j',
    (q) => {
      expect(OpportunityListQuery.safeParse(q).success).toBe(false);
    },
  );
});

describe('a note body', () => {
  it('is trimmed, and must say something', () => {
    expect(CreateNoteBody.parse({ body: '  Call back  ' })).toEqual({ body: 'Call back' });
    expect(CreateNoteBody.safeParse({ body: ' \n ' }).success).toBe(false);
  });
});
