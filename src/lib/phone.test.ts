import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.js';

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
