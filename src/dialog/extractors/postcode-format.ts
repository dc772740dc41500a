/**
 * The UK postcode format. Checking the shape alone lets through codes like "AM1 4AB" that
 * exist nowhere, and the recogniser hands us plenty of stray letters ("a", "be", "see"), so
 * outward codes must also begin with one of the real postcode areas.
 */

/** The geographic postcode areas of the UK, the Channel Islands and the Isle of Man. */
export const POSTCODE_AREAS: ReadonlySet<string> = new Set(
  (
    'AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY ' +
    'E EC EH EN EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE ' +
    'LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL ' +
    'SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE'
  ).split(' '),
);

/**
 * Outward code shapes with the letter restrictions of each position: Q, V, X never start a
 * code; I, J, Z never come second; a trailing letter is limited to short lists; a two-digit
 * district never starts with 0.
 */
const OUTWARD =
  /^(?:[A-PR-UWYZ](?:[0-9]|[1-9][0-9]|[0-9][A-HJKPSTUW])|[A-PR-UWYZ][A-HK-Y](?:[0-9]|[1-9][0-9]|[0-9][ABEHMNPRV-Y]))$/;

/** Inward code: digit then two letters, never C I K M O V. */
const INWARD = /^[0-9][ABD-HJLNP-UW-Z]{2}$/;

/** The parts of a valid postcode. */
export interface PostcodeParts {
  /** Formatted with a single space: "M14 5AB". */
  postcode: string;
  outward: string;
  inward: string;
  /** The letters that start the outward code: "M", "SW". */
  area: string;
  /** The whole outward code: "M14". */
  district: string;
}

/** Girobank's historic code, valid though it fits none of the rules. */
const GIROBANK = 'GIR0AA';

/**
 * Every prefix of a full postcode's shape (OUTWARD then INWARD), as one pattern: each shape is a
 * list of character classes, and "a(?:b(?:c)?)?" takes any prefix of "abc".
 */
const POSTCODE_PREFIX: RegExp = (() => {
  const [first, second, digit, nonZero, third, fourth, inward] = [
    '[A-PR-UWYZ]',
    '[A-HK-Y]',
    '[0-9]',
    '[1-9]',
    '[A-HJKPSTUW]',
    '[ABEHMNPRV-Y]',
    '[ABD-HJLNP-UW-Z]',
  ];
  const outwards = [
    [first, digit],
    [first, nonZero, digit],
    [first, digit, third],
    [first, second, digit],
    [first, second, nonZero, digit],
    [first, second, digit, fourth],
  ];
  const prefixOf = (shape: string[]): string => shape.reduceRight((rest, cls) => `${cls}(?:${rest})?`, '');
  return new RegExp(`^(?:${outwards.map((o) => prefixOf([...o, digit, inward, inward])).join('|')})?$`);
})();

/** The area letters of an outward code ("SW1A" → "SW"). */
export function areaOf(outward: string): string {
  return /^[A-Z]+/.exec(outward)?.[0] ?? '';
}

/** True when the outward code has a valid shape and a real area. */
export function isValidOutwardCode(outward: string): boolean {
  const upper = outward.toUpperCase();
  return OUTWARD.test(upper) && POSTCODE_AREAS.has(areaOf(upper));
}

/** Splits and validates a postcode written with or without its space; null when invalid. */
export function parsePostcodeParts(code: string): PostcodeParts | null {
  const compact = code.toUpperCase().replace(/\s+/g, '');
  if (compact === GIROBANK) {
    return { postcode: 'GIR 0AA', outward: 'GIR', inward: '0AA', area: 'GIR', district: 'GIR' };
  }
  if (compact.length < 5 || compact.length > 7) return null;
  const outward = compact.slice(0, -3);
  const inward = compact.slice(-3);
  if (!INWARD.test(inward) || !isValidOutwardCode(outward)) return null;
  return { postcode: `${outward} ${inward}`, outward, inward, area: areaOf(outward), district: outward };
}

/** True when `code` is a valid UK postcode, with or without its space. */
export function isValidPostcode(code: string): boolean {
  return parsePostcodeParts(code) !== null;
}

/**
 * A read-back string that text-to-speech says one character at a time, pausing between the
 * halves: "M14 5AB" → "M 1 4, 5 A B". Spaces stop "14" being read as "fourteen", so the
 * caller hears the same characters they gave.
 */
export function formatPostcodeForSpeech(code: string): string {
  const parts = parsePostcodeParts(code);
  const compact = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const outward = parts?.outward ?? compact.slice(0, Math.max(0, compact.length - 3));
  const inward = parts?.inward ?? compact.slice(-3);
  const spell = (s: string): string => s.split('').join(' ');
  return outward.length > 0 ? `${spell(outward)}, ${spell(inward)}` : spell(inward);
}

/**
 * True when `chars` (upper case, no spaces) could still grow into a valid postcode: the spoken
 * search stops following readings that cannot, which keeps its work in step with the utterance.
 */
export function couldStartPostcode(chars: string): boolean {
  if (GIROBANK.startsWith(chars)) return true;
  const letters = areaOf(chars);
  // Two letters must be a real area; one letter must be an area or begin one.
  if (letters.length === 2 && !POSTCODE_AREAS.has(letters)) return false;
  if (letters.length === 1 && chars.length > 1 && !POSTCODE_AREAS.has(letters) && /\d/.test(chars[1] ?? ''))
    return false;
  return POSTCODE_PREFIX.test(chars);
}
