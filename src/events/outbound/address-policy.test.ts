import { describe, expect, it } from 'vitest';
import { classifyAddress, parseWebhookUrl } from './address-policy.js';

const strict = { allowPrivateNetworks: false };
const dev = { allowPrivateNetworks: true };

// [address, reason fragment] for every special-purpose range the guard must refuse.
const NON_PUBLIC_ADDRESSES: Array<[string, string]> = [
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network'],
  ['10.0.0.5', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'IETF protocol'],
  ['192.0.2.10', 'documentation'],
  ['192.88.99.1', '6to4 relay'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.251', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'zone id'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['100::1', 'discard'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'IETF protocol'],
  ['2001:1ff::1', 'IETF protocol'],
  ['::ffff:127.0.0.1', 'loopback address (IPv4-mapped 127.0.0.1)'],
  ['::ffff:7f00:1', 'loopback address (IPv4-mapped 127.0.0.1)'],
  ['::ffff:10.1.2.3', 'private address (IPv4-mapped'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::127.0.0.1', 'loopback address (IPv4-compatible'],
  ['::a00:1', 'private address (IPv4-compatible 10.0.0.1)'],
  ['64:ff9b::127.0.0.1', 'loopback address (NAT64'],
  ['64:ff9b::a9fe:a9fe', 'link-local address (NAT64 169.254.169.254)'],
  ['64:ff9b:1::808:808', 'local-use NAT64'],
  ['2002:7f00:1::', 'loopback address (6to4 127.0.0.1)'],
  ['2002:c0a8:101::1', 'private address (6to4 192.168.1.1)'],
  ['3fff::1', 'documentation'],
  ['4000::1', 'reserved'],
  ['::ffff:0:7f00:1', 'reserved'],
  ['[::1]', 'loopback'],
  ['010.0.0.1', 'invalid'],
  ['1.2.3', 'invalid'],
  ['example.com', 'invalid'],
  ['1::2::3', 'invalid'],
  ['1:2:3:4:5:6:7:8:9', 'invalid'],
  ['::ffff:256.0.0.1', 'invalid'],
  ['', 'invalid'],
];

const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '100.128.0.1', // just past CGNAT
  '172.32.0.1', // just past 172.16/12
  '198.20.0.1', // just past benchmarking
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4009:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:0808:0808::',
  '2001:200::1', // first address past 2001::/23
];

describe('classifyAddress', () => {
  it.each(NON_PUBLIC_ADDRESSES)('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.public).toBe(false);
    if (!verdict.public) expect(verdict.reason).toContain(reason);
  });

  it.each(PUBLIC_ADDRESSES)('accepts %s', (address) => {
    expect(classifyAddress(address)).toEqual({ public: true });
  });
});

// Hostile URLs: each must be refused in production mode with a plain-words message.
const HOSTILE_URLS: Array<[string, string]> = [
  ['http://example.com/hook', 'URL must use https'],
  ['ftp://example.com/hook', 'URL must use https'],
  ['javascript:alert(1)', 'URL must use https'],
  ['file:///etc/passwd', 'URL must use https'],
  ['wss://example.com/hook', 'URL must use https'],
  ['not a url', 'URL is not valid'],
  ['https://', 'URL is not valid'],
  ['https://user:pass@example.com/hook', 'URL must not contain credentials'],
  ['https://user@example.com/hook', 'URL must not contain credentials'],
  ['https://10.0.0.5/hook', 'host 10.0.0.5 is a private address'],
  ['https://127.0.0.1/', 'host 127.0.0.1 is a loopback address'],
  ['https://2130706433/', 'host 127.0.0.1 is a loopback address'],
  ['https://0x7f.1/', 'host 127.0.0.1 is a loopback address'],
  ['https://127.1/', 'host 127.0.0.1 is a loopback address'],
  ['https://0177.0.0.1/', 'host 127.0.0.1 is a loopback address'],
  ['https://0x7f000001/', 'host 127.0.0.1 is a loopback address'],
  ['https://127.0.0.1./', 'host 127.0.0.1 is a loopback address'],
  ['https://%31%32%37.0.0.1/', 'host 127.0.0.1 is a loopback address'],
  ['https://0/', 'host 0.0.0.0 is a "this network" address'],
  ['https://0x0a.0.0.5/', 'host 10.0.0.5 is a private address'],
  ['https://169.254.169.254/latest/meta-data', 'host 169.254.169.254 is a link-local address'],
  ['https://100.100.100.200/', 'carrier-grade NAT'],
  ['https://192.168.0.1:8443/', 'host 192.168.0.1 is a private address'],
  ['https://[::1]/', 'host ::1 is a loopback address'],
  ['https://[::]/', 'host :: is an unspecified address'],
  ['https://[::ffff:127.0.0.1]/', 'host ::ffff:7f00:1 is a loopback address (IPv4-mapped 127.0.0.1)'],
  ['https://[::ffff:7f00:1]/', 'IPv4-mapped 127.0.0.1'],
  ['https://[::127.0.0.1]/', 'IPv4-compatible 127.0.0.1'],
  ['https://[64:ff9b::10.0.0.1]/', 'NAT64 10.0.0.1'],
  ['https://[2002:a9fe:a9fe::]/', '6to4 169.254.169.254'],
  ['https://[fd00::1]/', 'unique local'],
  ['https://[fe80::1]/', 'link-local'],
  ['https://[ff02::1]/', 'multicast'],
  ['https://[2001:db8::1]/', 'documentation'],
  ['https://localhost/hook', 'host localhost is a local network name'],
  ['https://LOCALHOST/hook', 'host localhost is a local network name'],
  ['https://localhost./hook', 'host localhost is a local network name'],
  ['https://localhost:3000/hook', 'local network name'],
  ['https://api.localhost/hook', 'local network name'],
  ['https://printer.local/hook', 'local network name'],
  ['https://metadata.google.internal/', 'local network name'],
  ['https://router.home.arpa/', 'local network name'],
];

describe('parseWebhookUrl', () => {
  it.each(HOSTILE_URLS)('refuses %s', (raw, message) => {
    const result = parseWebhookUrl(raw, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('relies on the WHATWG parser normalising numeric hosts to 127.0.0.1', () => {
    for (const raw of ['https://2130706433/', 'https://0x7f.1/', 'https://127.1/', 'https://0177.0.0.1/']) {
      expect(new URL(raw).hostname).toBe('127.0.0.1');
    }
  });

  it.each([
    ['https://example.com/hook', 'example.com', 443],
    ['https://hooks.example.com:8443/a?b=c', 'hooks.example.com', 8443],
    ['https://EXAMPLE.com./x', 'example.com', 443],
  ])('accepts %s', (raw, host, port) => {
    const result = parseWebhookUrl(raw, strict);
    expect(result).toMatchObject({ ok: true, host, port });
    if (result.ok) expect(result.literalAddress).toBeUndefined();
  });

  it.each([
    ['https://8.8.8.8/hook', '8.8.8.8'],
    ['https://[2606:4700::1111]/hook', '2606:4700::1111'],
  ])('accepts public literal %s', (raw, literal) => {
    expect(parseWebhookUrl(raw, strict)).toMatchObject({ ok: true, host: literal, literalAddress: literal });
  });

  it('lets loopback, private addresses and local names through in development, but still https only', () => {
    for (const raw of [
      'https://127.0.0.1:9443/',
      'https://10.0.0.5/',
      'https://[::1]/',
      'https://localhost/',
    ]) {
      expect(parseWebhookUrl(raw, dev).ok).toBe(true);
    }
    expect(parseWebhookUrl('http://127.0.0.1/', dev)).toEqual({ ok: false, message: 'URL must use https' });
    expect(parseWebhookUrl('https://a:b@localhost/', dev).ok).toBe(false);
  });
});
