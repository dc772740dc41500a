/**
 * Prices as callers say them. A style that does not fit the amount ("two fifty" for £1,250,000)
 * gives null, and `sayPrice` falls back to another of the styles it was given.
 */
import { sayBelowHundred, sayNumber } from './numbers.js';
import type { Gen } from './types.js';

export type PriceStyle =
  | 'k'
  | 'grand'
  | 'words-grand'
  | 'words-thousand'
  | 'full-digits'
  | 'quid'
  | 'pounds'
  | 'colloquial'
  | 'colloquial-k'
  | 'million-words'
  | 'million-digits'
  | 'fraction'
  | 'bare-digits'
  | 'bare-words';

/** Words for a number of thousands with or without "and": "two hundred and fifty", "two hundred fifty". */
function thousandsWords(g: Gen, thousands: number): string {
  const words = sayNumber(thousands);
  return g.chance(0.25) ? words.replace(' and ', ' ') : words;
}

/** "two fifty", "one eighty five", "three oh five": hundreds, then the rest, as people say prices. */
function colloquial(thousands: number): string | null {
  const hundreds = Math.floor(thousands / 100);
  const rest = thousands % 100;
  if (thousands < 100 || thousands > 999 || rest === 0 || !Number.isInteger(thousands)) return null;
  return `${sayBelowHundred(hundreds)} ${rest < 10 ? `oh ${sayBelowHundred(rest)}` : sayBelowHundred(rest)}`;
}

const QUARTERS: Record<number, string[]> = {
  250000: ['a quarter of a million', 'quarter of a mil'],
  500000: ['half a million', 'half a mil'],
  750000: ['three quarters of a million'],
  1250000: ['one and a quarter million', 'a million and a quarter', 'one and a quarter mil'],
  1500000: ['one and a half million', 'a million and a half', 'one and a half mil'],
};

function sayMillions(g: Gen, pounds: number, digits: boolean): string | null {
  if (pounds < 1_000_000) return null;
  const millions = pounds / 1_000_000;
  if (digits) return `${millions}${g.pick(['m', ' million', ' mil'])}`;
  const whole = Math.floor(millions);
  const rest = Math.round((pounds % 1_000_000) / 1000);
  if (rest === 0) return `${sayNumber(whole)} ${g.pick(['million', 'mil'])}`;
  const point = String(millions).split('.')[1] ?? '';
  return g.pick([
    `${sayNumber(whole)} point ${[...point].map((d) => sayNumber(Number(d))).join(' ')} million`,
    `${sayNumber(whole)} million ${sayNumber(rest)} thousand`,
  ]);
}

function sayIn(g: Gen, pounds: number, style: PriceStyle): string | null {
  const k = pounds / 1000;
  const whole = Number.isInteger(k);
  switch (style) {
    case 'k':
      return whole && k < 1000 ? g.pick([`${k}k`, `${k} k`, `£${k}k`, `${k}K`]) : null;
    case 'grand':
      return whole && k < 1000 ? `${k} grand` : null;
    case 'words-grand':
      return whole && k < 1000 ? `${thousandsWords(g, k)} grand` : null;
    case 'words-thousand':
      return whole && k < 1000 ? `${thousandsWords(g, k)} thousand${g.chance(0.3) ? ' pounds' : ''}` : null;
    case 'full-digits':
      return g.pick([`£${pounds.toLocaleString('en-GB')}`, pounds.toLocaleString('en-GB'), String(pounds)]);
    case 'quid':
      return whole && k < 1000
        ? g.pick([`${thousandsWords(g, k)} thousand quid`, `${k},000 quid`, `${k} thousand quid`])
        : null;
    case 'pounds':
      return g.pick([`${pounds.toLocaleString('en-GB')} pounds`, `${sayNumber(pounds)} pounds`]);
    case 'colloquial':
      return colloquial(k);
    case 'colloquial-k': {
      // "two fifty grand" is said; "two fourteen grand" hardly.
      const said = k % 5 === 0 ? colloquial(k) : null;
      return said === null ? null : `${said} ${g.pick(['k', 'grand', 'thousand'])}`;
    }
    case 'million-words':
      return QUARTERS[pounds] !== undefined && g.chance(0.7)
        ? g.pick(QUARTERS[pounds] ?? [])
        : sayMillions(g, pounds, false);
    case 'million-digits':
      return sayMillions(g, pounds, true);
    case 'fraction':
      return QUARTERS[pounds] === undefined ? null : g.pick(QUARTERS[pounds] ?? []);
    case 'bare-digits':
      return whole && k < 1000 ? String(k) : null;
    case 'bare-words':
      return whole && k < 1000 ? thousandsWords(g, k) : null;
  }
}

/** The amount in one of `styles` that fits it, else in thousands with "k" or as a full figure. */
export function sayPrice(g: Gen, pounds: number, styles: readonly PriceStyle[]): string {
  const first = sayIn(g, pounds, g.pick(styles));
  if (first !== null) return first;
  for (const style of styles) {
    const said = sayIn(g, pounds, style);
    if (said !== null) return said;
  }
  return sayIn(g, pounds, 'k') ?? sayIn(g, pounds, 'full-digits') ?? String(pounds);
}

/** A typical asking price for a house the business might buy: £60,000 to £600,000, mostly round. */
export function drawPrice(g: Gen): number {
  const step = g.pick([5, 5, 10, 25, 1]);
  return g.int(Math.ceil(60 / step), Math.floor(600 / step)) * step * 1000;
}
