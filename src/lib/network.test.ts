import { describe, expect, it } from 'vitest';
import { clientNetwork } from './network.js';

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it('puts the addresses of one /64 together and those of the next apart', () => {
    expect(clientNetwork('2001:db8:7:9::1')).toBe(clientNetwork('2001:db8:7:9:ffff::2'));
    expect(clientNetwork('2001:db8:7:9::1')).not.toBe(clientNetwork('2001:db8:7:a::1'));
  });
});
