import { describe, expect, it } from 'vitest';
import {
  fullPostcode,
  laterAddress,
  laterPostcode,
  normaliseAddress,
  sameProperty,
} from './same-property.js';

describe('same property', () => {
  it('reads an address said differently as the same', () => {
    expect(normaliseAddress('12, Acacia Ave.')).toBe('12 acacia avenue');
    expect(normaliseAddress('12A Union St M14 5AB')).toBe('12 a union street');
    const at = (address: string | null, postcode: string | null = null) => ({ address, postcode });
    expect(sameProperty(at('12 Acacia Avenue, Manchester'), at('12 acacia ave'))).toBe(true);
    expect(sameProperty(at('12 Acacia Avenue', 'M14 5AB'), at('12 Acacia Road', 'm145ab'))).toBe(true);
    expect(sameProperty(at(null, 'M14 5AB'), at('Flat 2, The Mill', 'M14 5AB'))).toBe(true);
  });

  it('keeps apart neighbours, other streets and a district alone', () => {
    const at = (address: string | null, postcode: string | null = null) => ({ address, postcode });
    expect(sameProperty(at('12 Acacia Avenue', 'M14 5AB'), at('14 Acacia Avenue', 'M14 5AB'))).toBe(false);
    expect(sameProperty(at('12 Acacia Avenue'), at('12 Acacia Road'))).toBe(false);
    expect(sameProperty(at(null, 'M14'), at(null, 'M14'))).toBe(false);
    expect(sameProperty(at(null, null), at(null, null))).toBe(false);
  });

  it('prefers a full postcode to a district', () => {
    expect(fullPostcode('m14 5ab')).toBe('M145AB');
    expect(fullPostcode('M14')).toBeNull();
    expect(laterPostcode('M14 5AB', 'M14')).toBe('M14 5AB');
    expect(laterPostcode('M14', 'M14 5AB')).toBe('M14 5AB');
    expect(laterPostcode('M14 5AB', 'M14 6CD')).toBe('M14 6CD');
    expect(laterPostcode('M14 5AB', null)).toBe('M14 5AB');
  });

  it('keeps the fuller of two addresses for one house, else the newer', () => {
    expect(laterAddress('12 Acacia Avenue, Leeds', '12 acacia ave')).toBe('12 Acacia Avenue, Leeds');
    expect(laterAddress('12 Acacia Ave', '12 Acacia Avenue, Leeds')).toBe('12 Acacia Avenue, Leeds');
    expect(laterAddress('12 Acacia Avenue', '14 Acacia Avenue')).toBe('14 Acacia Avenue');
    expect(laterAddress('12 Acacia Avenue', null)).toBe('12 Acacia Avenue');
    expect(laterAddress('12 Acacia Avenue, M14 5AB', '12 acacia ave M14 5AB')).toBe(
      '12 Acacia Avenue, M14 5AB',
    );
  });
});
