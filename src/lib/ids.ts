import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIXES = [
  'ws',
  'usr',
  'key',
  'call',
  'opp',
  'lead',
  'bk',
  'agv',
  'wh',
  'evt',
  'dlv',
  'inv',
  'pn',
  'req',
  'note',
  'att',
  'cf',
  'mdl',
  'msg',
  'mat',
  'pwr',
  'aud',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * A prefixed, lexically sortable id (docs/api.md, Conventions): 10 characters of millisecond time then
 * 16 random ones, in Crockford base32. Ids made in the same millisecond by this process
 * increment the random part, so they still sort in creation order.
 */
export function newId(prefix: IdPrefix, nowMs: number = Date.now()): string {
  let random: number[];
  if (nowMs === lastTime) {
    random = incrementBase32(lastRandom);
  } else {
    const bytes = randomBytes(16);
    random = Array.from(bytes, (b) => b & 31);
  }
  lastTime = nowMs;
  lastRandom = random;
  let time = '';
  let t = nowMs;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(t % 32) + time;
    t = Math.floor(t / 32);
  }
  return `${prefix}_${time}${random.map((d) => CROCKFORD.charAt(d)).join('')}`;
}

function incrementBase32(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    const d = next[i] ?? 0;
    if (d < 31) {
      next[i] = d + 1;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

/** A syntactic check only, so a malformed id can be answered 404 without a query. */
export function looksLikeId(prefix: IdPrefix, value: string): boolean {
  return (
    value.length === prefix.length + 27 &&
    value.startsWith(`${prefix}_`) &&
    /^[0-9a-z]+$/.test(value.slice(prefix.length + 1))
  );
}
