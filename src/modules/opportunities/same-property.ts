/**
 * Whether two enquiries are about the same house (docs/desk-api.md, "One seller, one deal").
 * Callers say an address differently each time ("12 Union St." and "12, Union Street"), so
 * addresses are compared in a normal form; a postcode is compared only when it is a full one,
 * as a district alone ("M14") holds thousands of houses.
 */

export interface Place {
  address: string | null;
  postcode: string | null;
}

const WORDS: Record<string, string> = {
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  dr: 'drive',
  cl: 'close',
  ct: 'court',
  cres: 'crescent',
  gdns: 'gardens',
  gr: 'grove',
  pl: 'place',
  sq: 'square',
  ter: 'terrace',
  terr: 'terrace',
  flat: 'flat',
  apartment: 'flat',
  apt: 'flat',
};

const FULL_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;

/** The postcode without spaces in capitals when it is a full one; null for a district or nothing. */
export function fullPostcode(postcode: string | null): string | null {
  if (postcode === null) return null;
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return FULL_POSTCODE.test(compact) ? compact : null;
}

/** Lower case words with abbreviations spelt out, without punctuation or a postcode in it. */
export function normaliseAddress(address: string | null): string | null {
  if (address === null) return null;
  const words = address
    .toLowerCase()
    .replace(/\b[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}\b/g, ' ')
    .replace(/(\d)([a-z])\b/g, '$1 $2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && w !== 'the')
    .map((w) => WORDS[w] ?? w);
  return words.length === 0 ? null : words.join(' ');
}

function houseNumber(normalised: string): string | null {
  return /\b\d+\b/.exec(normalised)?.[0] ?? null;
}

/** One address is the other with more after it ("12 Acacia Avenue" and "12 Acacia Avenue, Leeds"). */
function leadsInto(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return houseNumber(shorter) !== null && shorter.split(' ').length >= 2 && longer.startsWith(`${shorter} `);
}

/**
 * Two known addresses decide: the same in normal form (or one the other with a town after it),
 * or the same house number in the same full postcode. Without both addresses, equal full
 * postcodes do.
 */
export function sameProperty(a: Place, b: Place): boolean {
  const [pa, pb] = [fullPostcode(a.postcode), fullPostcode(b.postcode)];
  const [na, nb] = [normaliseAddress(a.address), normaliseAddress(b.address)];
  if (na !== null && nb !== null) {
    if (na === nb || leadsInto(na, nb)) return true;
    const number = houseNumber(na);
    return pa !== null && pa === pb && number !== null && number === houseNumber(nb);
  }
  return pa !== null && pa === pb;
}

/** The better of two postcodes for one house: a full one over a district, the newer when both are full. */
export function laterPostcode(older: string | null, newer: string | null): string | null {
  if (newer === null) return older;
  if (fullPostcode(newer) === null && fullPostcode(older) !== null) return older;
  return newer;
}

/**
 * The newer address, unless the older says the same house as well or more fully ("12 Acacia
 * Ave" after "12 Acacia Avenue, Leeds"): the way it was written first is kept then.
 */
export function laterAddress(older: string | null, newer: string | null): string | null {
  if (newer === null) return older;
  const [o, n] = [normaliseAddress(older), normaliseAddress(newer)];
  return o !== null && n !== null && (o === n || o.startsWith(`${n} `)) ? older : newer;
}
