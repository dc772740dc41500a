// Small, strict IP parsers for the SSRF guard. They accept only canonical textual forms
// (what DNS resolvers and the WHATWG URL parser produce); anything ambiguous such as
// leading zeros ("010.0.0.1", octal to inet_aton) returns null so callers fail closed.

const HEX_DIGITS = '0123456789abcdefABCDEF';

/** Parses strict dotted-decimal IPv4 into an unsigned 32-bit number, or null. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (part.length === 0 || part.length > 3) return null;
    if (part.length > 1 && part.startsWith('0')) return null;
    for (const ch of part) {
      if (ch < '0' || ch > '9') return null;
    }
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIPv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}

function isHexGroup(piece: string): boolean {
  if (piece.length === 0 || piece.length > 4) return false;
  for (const ch of piece) {
    if (!HEX_DIGITS.includes(ch)) return false;
  }
  return true;
}

// Parses one side of a possible "::" into 16-bit groups. Only the final piece of the
// address may be a dotted quad (it stands for the last two groups).
function parseGroups(text: string, allowTrailingIPv4: boolean): number[] | null {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    const isLast = index === pieces.length - 1;
    if (isLast && allowTrailingIPv4 && piece.includes('.')) {
      const v4 = parseIPv4(piece);
      if (v4 === null) return null;
      groups.push(v4 >>> 16, v4 & 0xffff);
      continue;
    }
    if (!isHexGroup(piece)) return null;
    groups.push(Number.parseInt(piece, 16));
  }
  return groups;
}

/** Parses an IPv6 address (no zone id, no brackets) into a 128-bit bigint, or null. */
export function parseIPv6(text: string): bigint | null {
  const gap = text.indexOf('::');
  let groups: number[];
  if (gap === -1) {
    const all = parseGroups(text, true);
    if (all === null || all.length !== 8) return null;
    groups = all;
  } else {
    if (text.indexOf('::', gap + 1) !== -1) return null;
    const head = parseGroups(text.slice(0, gap), false);
    const tail = parseGroups(text.slice(gap + 2), true);
    if (head === null || tail === null) return null;
    // "::" must stand for at least one zero group.
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  }
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(group);
  return value;
}

/** Parses "addr/bits" network notation for the range tables. Throws on a typo in a table. */
export function parseCidr(cidr: string): { family: 4 | 6; net: bigint; bits: number } {
  const [addr = '', bitsText = ''] = cidr.split('/');
  const bits = Number(bitsText);
  const v4 = parseIPv4(addr);
  if (v4 !== null && bits >= 0 && bits <= 32) return { family: 4, net: BigInt(v4), bits };
  const v6 = parseIPv6(addr);
  if (v6 !== null && bits >= 0 && bits <= 128) return { family: 6, net: v6, bits };
  throw new Error(`bad CIDR in range table: ${cidr}`);
}

export function inNetwork(value: bigint, width: 32 | 128, net: bigint, bits: number): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === net >> shift;
}
