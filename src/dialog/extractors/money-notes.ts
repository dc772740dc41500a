/**
 * Money that is not the asking price but matters to the desk: mortgage arrears, what is left on
 * the mortgage, a service charge or ground rent, a mortgage-free property. The price reader
 * refuses these amounts; this reader keeps them as short notes ("Mortgage arrears: 4 months").
 */
import { type MoneyNoteKind, phrase } from '../catalogue/index.js';
import { normaliseUtterance } from './normalise.js';
import { scanNumberAt } from './numbers.js';
import { type AmountCandidate, findAmountCandidates, tokeniseAmounts } from './price-candidates.js';

type Kind = MoneyNoteKind;

/** The cue nearest before an amount (within eight words) says what the amount is. */
const KIND_CUES: readonly [Kind, RegExp][] = [
  ['service charge', /\bservice charges?\b/g],
  ['ground rent', /\bground rent\b/g],
  ['arrears', /\b(?:arrears|behind)\b/g],
  ['mortgage outstanding', /\b(?:owe|owed|owing|outstanding|left on|mortgage|remortgaged?|loan)\b/g],
];

const PERIOD = /^(?:a|per|every|each) (year|month|week|annum|quarter)\b|^(pa|pcm|annually|monthly|yearly)\b/;
const PERIOD_WORDS: Record<string, string> = {
  annum: 'year',
  pa: 'year',
  annually: 'year',
  yearly: 'year',
  pcm: 'month',
  monthly: 'month',
};

/** "4 months behind", "behind by three months", "six months in arrears". */
const ARREARS_COUNT =
  /\b([a-z0-9 ]+?) (months?|weeks?|payments?) (?:behind|in arrears|of arrears|arrears)\b|\bbehind (?:by|on) ([a-z0-9 ]+?) (months?|payments?)\b/;

const OUTRIGHT =
  /\b(?:no mortgage|mortgage free|mortgage's paid off|mortgage is paid off|paid off the mortgage|own (?:it|the house|the property|the flat) outright|owned outright|outright owner)\b/;

/** Desk notes about money other than the asking price, in the order they were said. */
export function extractMoneyNotes(text: string): string[] {
  const normalised = normaliseUtterance(text);
  const notes: string[] = [];
  const arrears = readArrearsCount(normalised);
  if (arrears !== null) notes.push(phrase('desk.money_note', { kind: 'arrears', said: arrears }));
  const tokens = tokeniseAmounts(normalised);
  for (const c of findAmountCandidates(tokens)) {
    const kind = kindOf(tokens, c);
    if (kind === null || (kind === 'arrears' && arrears !== null)) continue;
    const amount = poundsOf(c, kind);
    if (amount === null) continue;
    const period = periodAfter(tokens, c.end);
    const said = `${kind === 'mortgage outstanding' ? 'about ' : ''}${pounds(amount)}${period === null ? '' : ` a ${period}`}`;
    notes.push(phrase('desk.money_note', { kind, said }));
  }
  if (OUTRIGHT.test(normalised)) notes.push(phrase('desk.owned_outright'));
  return [...new Set(notes)];
}

function readArrearsCount(normalised: string): string | null {
  const m = ARREARS_COUNT.exec(normalised);
  if (m === null) return null;
  const words = (m[1] ?? m[3] ?? '').split(' ');
  const unit = (m[2] ?? m[4] ?? '').replace(/s$/, '');
  // The count is the number that ends just before the unit: "i'm about 4 months behind".
  for (let i = 0; i < words.length; i++) {
    const span = scanNumberAt(words, i);
    if (span !== null && span.end === words.length && span.value > 0 && span.value < 100) {
      return `${span.value} ${unit}${span.value === 1 ? '' : 's'}`;
    }
  }
  const vague = /\b(?:a (?:few|couple(?: of)?)|several|couple of)$/.exec(m[1] ?? m[3] ?? '');
  return vague === null ? null : `${vague[0]} ${unit}s`;
}

function kindOf(tokens: readonly string[], c: AmountCandidate): Kind | null {
  const before = tokens.slice(Math.max(0, c.start - 8), c.start).join(' ');
  const after = tokens.slice(c.end, c.end + 4).join(' ');
  if (/^(?:(?:left )?on the mortgage|outstanding|owed|left to pay)\b/.test(after))
    return 'mortgage outstanding';
  if (/^(?:in arrears|arrears|behind)\b/.test(after)) return 'arrears';
  let best: { kind: Kind; at: number } | null = null;
  for (const [kind, cue] of KIND_CUES) {
    for (const m of before.matchAll(cue)) {
      const at = m.index ?? -1;
      if (best === null || at > best.at) best = { kind, at };
    }
  }
  // A price word after the cue ("no mortgage, want 200k") makes the amount the price after all.
  if (
    best !== null &&
    /\b(?:want|asking|worth|hoping|looking for|price|take|accept)\b/.test(before.slice(best.at))
  ) {
    return null;
  }
  if (best?.kind === 'mortgage outstanding' && /\bno mortgage\b/.test(before)) return null;
  return best?.kind ?? null;
}

/** "about 90 on the mortgage" means £90,000; a charge of "1800" is pounds as said. */
function poundsOf(c: AmountCandidate, kind: Kind): number | null {
  const raw = c.value * c.multiplier;
  const big = kind === 'mortgage outstanding' || (kind === 'arrears' && !c.marked);
  const amount = big && !c.marked && raw >= 10 && raw < 1_000 ? raw * 1_000 : raw;
  return amount >= 1 && amount <= 100_000_000 ? Math.round(amount) : null;
}

function periodAfter(tokens: readonly string[], end: number): string | null {
  const m = PERIOD.exec(tokens.slice(end, end + 2).join(' '));
  if (m === null) return null;
  const word = m[1] ?? m[2] ?? '';
  return PERIOD_WORDS[word] ?? word;
}

// Made once: building a NumberFormat costs far more than formatting with one.
const POUNDS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function pounds(amount: number): string {
  return `£${POUNDS.format(amount)}`;
}
