import { isIPv4, isIPv6 } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { formatIPv4, parseIPv4, parseIPv6 } from './ip-parse.js';

const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

// Valid-looking IPv6 text: eight groups, optionally one run compressed to "::", optionally
// the last two groups written as a dotted quad.
const ipv6Text = fc
  .tuple(fc.array(group, { minLength: 8, maxLength: 8 }), fc.nat(8), fc.nat(8), fc.boolean(), uint32)
  .map(([groups, a, b, dotted, v4]) => {
    const parts = dotted ? [...groups.slice(0, 6), formatIPv4(v4)] : groups;
    const start = Math.min(a, b, parts.length - 1);
    const end = Math.min(Math.max(a, b), parts.length);
    if (end - start < 1) return parts.join(':');
    return `${parts.slice(0, start).join(':')}::${parts.slice(end).join(':')}`;
  });

describe('IP parsers', () => {
  it('round-trips every IPv4 value', () => {
    fc.assert(fc.property(uint32, (n) => parseIPv4(formatIPv4(n)) === n));
  });

  it('agree with node:net on which strings are IPv6 addresses', () => {
    const noise = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.'), maxLength: 24 });
    fc.assert(
      fc.property(fc.oneof(ipv6Text, noise), (text) => {
        expect(parseIPv6(text) !== null).toBe(isIPv6(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('agree with node:net on which strings are IPv4 addresses', () => {
    const noise = fc.string({ unit: fc.constantFrom(...'0123456789.'), maxLength: 16 });
    fc.assert(
      fc.property(noise, (text) => {
        expect(parseIPv4(text) !== null).toBe(isIPv4(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('parse the WHATWG-canonical form of an address to the same value', () => {
    fc.assert(
      fc.property(ipv6Text, (text) => {
        const canonical = new URL(`https://[${text}]/`).hostname.slice(1, -1);
        expect(parseIPv6(canonical)).toBe(parseIPv6(text));
      }),
    );
  });

  it('judge IPv4-mapped, NAT64 and 6to4 forms exactly as the IPv4 they carry', () => {
    fc.assert(
      fc.property(uint32, (n) => {
        const v4 = formatIPv4(n);
        const hi = (n >>> 16).toString(16);
        const lo = (n & 0xffff).toString(16);
        const expected = classifyAddress(v4).public;
        for (const form of [`::ffff:${v4}`, `::ffff:${hi}:${lo}`, `64:ff9b::${v4}`, `2002:${hi}:${lo}::1`]) {
          expect(classifyAddress(form).public).toBe(expected);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
