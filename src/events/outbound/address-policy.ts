import { formatIPv4, inNetwork, parseCidr, parseIPv4, parseIPv6 } from './ip-parse.js';

// Decides whether a webhook may be delivered to an address. docs/webhooks.md, URL rules:
// endpoints must be publicly reachable, so every special-purpose range is refused, and
// IPv6 forms that tunnel an IPv4 address are judged by the IPv4 address they carry.

export type AddressVerdict = { public: true } | { public: false; reason: string };

interface Range {
  net: bigint;
  bits: number;
  reason: string;
}

function table(entries: ReadonlyArray<readonly [string, string]>): Range[] {
  return entries.map(([cidr, reason]) => ({ ...parseCidr(cidr), reason }));
}

const IPV4_RANGES = table([
  ['0.0.0.0/8', '"this network" address'],
  ['10.0.0.0/8', 'private address'],
  ['100.64.0.0/10', 'carrier-grade NAT address'],
  ['127.0.0.0/8', 'loopback address'],
  ['169.254.0.0/16', 'link-local address'],
  ['172.16.0.0/12', 'private address'],
  ['192.0.0.0/24', 'IETF protocol assignment address'],
  ['192.0.2.0/24', 'documentation address'],
  ['192.88.99.0/24', '6to4 relay anycast address'],
  ['192.168.0.0/16', 'private address'],
  ['198.18.0.0/15', 'benchmarking address'],
  ['198.51.100.0/24', 'documentation address'],
  ['203.0.113.0/24', 'documentation address'],
  ['224.0.0.0/4', 'multicast address'],
  ['255.255.255.255/32', 'broadcast address'],
  ['240.0.0.0/4', 'reserved address'],
]);

// Forms whose low bits carry an IPv4 address; `extract` pulls it out.
interface Carrier {
  net: bigint;
  bits: number;
  label: string;
  extract: (value: bigint) => number;
}

const low32 = (value: bigint): number => Number(value & 0xffffffffn);
const CARRIERS: Carrier[] = [
  { ...parseCidr('::ffff:0:0/96'), label: 'IPv4-mapped', extract: low32 },
  { ...parseCidr('::/96'), label: 'IPv4-compatible', extract: low32 },
  { ...parseCidr('64:ff9b::/96'), label: 'NAT64', extract: low32 },
  { ...parseCidr('2002::/16'), label: '6to4', extract: (value) => Number((value >> 80n) & 0xffffffffn) },
];

// Checked in order, after :: and ::1 and before the carriers, so the more specific
// entries (Teredo inside 2001::/23) give the more useful reason.
const IPV6_RANGES = table([
  ['::/128', 'unspecified address'],
  ['::1/128', 'loopback address'],
  // Local-use NAT64 (RFC 8215) is not globally reachable, and the operator picks where the
  // IPv4 sits inside it, so it is refused outright rather than judged by a guessed IPv4.
  ['64:ff9b:1::/48', 'local-use NAT64 address'],
  ['100::/64', 'discard-only address'],
  ['2001::/32', 'Teredo tunnel address'],
  ['2001:db8::/32', 'documentation address'],
  ['2001::/23', 'IETF protocol assignment address'],
  ['3fff::/20', 'documentation address'],
  ['fc00::/7', 'private (unique local) address'],
  ['fe80::/10', 'link-local address'],
  ['fec0::/10', 'site-local address'],
  ['ff00::/8', 'multicast address'],
]);
const GLOBAL_UNICAST = parseCidr('2000::/3');

function classifyV4(value: number): AddressVerdict {
  const hit = IPV4_RANGES.find((r) => inNetwork(BigInt(value), 32, r.net, r.bits));
  return hit ? { public: false, reason: hit.reason } : { public: true };
}

function classifyV6(value: bigint): AddressVerdict {
  const special = IPV6_RANGES.find((r) => inNetwork(value, 128, r.net, r.bits));
  if (special) return { public: false, reason: special.reason };
  const carrier = CARRIERS.find((c) => inNetwork(value, 128, c.net, c.bits));
  if (carrier) {
    const v4 = carrier.extract(value);
    const inner = classifyV4(v4);
    if (inner.public) return inner;
    return { public: false, reason: `${inner.reason} (${carrier.label} ${formatIPv4(v4)})` };
  }
  // Everything outside 2000::/3 is unallocated or reserved by IANA today.
  if (!inNetwork(value, 128, GLOBAL_UNICAST.net, GLOBAL_UNICAST.bits)) {
    return { public: false, reason: 'reserved address' };
  }
  return { public: true };
}

/** Judges one textual IPv4 or IPv6 address (brackets allowed). Unparseable input is not public. */
export function classifyAddress(ip: string): AddressVerdict {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // A zone id scopes the address to one local interface, so it can never be public.
  if (text.includes('%')) return { public: false, reason: 'interface-scoped (zone id) address' };
  const v4 = parseIPv4(text);
  if (v4 !== null) return classifyV4(v4);
  const v6 = parseIPv6(text);
  if (v6 !== null) return classifyV6(v6);
  return { public: false, reason: 'invalid IP address' };
}

export type ParsedWebhookUrl =
  | { ok: true; url: URL; host: string; port: number; literalAddress?: string }
  | { ok: false; message: string };

// Names that only ever resolve inside a private network (RFC 6761, 6762, 8375, ICANN .internal).
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa'];

function article(phrase: string): string {
  return /^[aeiouAEIOU]/.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/**
 * Validates a webhook endpoint URL. The WHATWG parser has already normalised numeric host
 * forms (2130706433, 0x7f.1, 127.1, 0177.0.0.1) to dotted quads, so they are judged here
 * as the address they really are.
 */
export function parseWebhookUrl(raw: string, opts: { allowPrivateNetworks: boolean }): ParsedWebhookUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'URL is not valid' };
  }
  if (url.protocol !== 'https:') return { ok: false, message: 'URL must use https' };
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'URL must not contain credentials' };
  }
  const bracketed = url.hostname.startsWith('[');
  const host = bracketed ? url.hostname.slice(1, -1) : url.hostname.replace(/\.+$/, '');
  if (host === '') return { ok: false, message: 'URL must have a host' };
  const port = url.port === '' ? 443 : Number(url.port);

  const isLiteral = bracketed || parseIPv4(host) !== null;
  if (isLiteral) {
    const verdict = classifyAddress(host);
    if (!verdict.public && !opts.allowPrivateNetworks) {
      return { ok: false, message: `host ${host} is ${article(verdict.reason)}` };
    }
    return { ok: true, url, host, port, literalAddress: host };
  }
  const localName = host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
  if (localName && !opts.allowPrivateNetworks) {
    return { ok: false, message: `host ${host} is a local network name` };
  }
  return { ok: true, url, host, port };
}
