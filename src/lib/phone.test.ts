import { describe, expect, it } from 'vitest';
import { isUkMobile, normalisePhone } from './phone.js';

describe('normalisePhone', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['07700-900-123', '+447700900123'],
    ['(0161) 496 0000', '+441614960000'],
    ['+1 415 555 2671', '+14155552671'],
    ['  020 7946 0018  ', '+442079460018'],
  ])('reads %s as %s', (raw, e164) => {
    expect(normalisePhone(raw)).toBe(e164);
  });

  it.each([['12345'], ['not a number'], [''], ['+44'], ['07700 900123 ext. 12'], ['0770090012345678']])(
    'refuses %j',
    (raw) => {
      expect(normalisePhone(raw)).toBeNull();
    },
  );
});

describe('isUkMobile', () => {
  it('takes UK mobiles and nothing a text cannot reach', () => {
    expect(isUkMobile('+447700900123')).toBe(true);
    expect(isUkMobile('+447911123456')).toBe(true);
    expect(isUkMobile('+441612345678')).toBe(false); // a landline
    expect(isUkMobile('+447012345678')).toBe(false); // a personal number
    expect(isUkMobile('+353871234567')).toBe(false); // not the UK
    expect(isUkMobile('')).toBe(false); // withheld
    expect(isUkMobile(null)).toBe(false);
    expect(isUkMobile('+4477009001234')).toBe(false);
  });
});
