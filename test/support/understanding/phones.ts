/**
 * Phone numbers as callers say them: in digits grouped as written, digit by digit with "oh" or
 * "zero", with "double" and "treble", hundreds said whole ("nine hundred"), and from +44.
 */
import { sayNumber } from './numbers.js';
import type { Gen } from './types.js';

export type PhoneStyle = 'digits' | 'words' | 'doubles' | 'hundreds' | 'plus44' | 'mixed';

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The UK number "07700900456" in E.164, as the engine keeps it. */
export function e164(national: string): string {
  return `+44${national.slice(1)}`;
}

/** Where a UK number breaks when written or said: 07700 900456, 0161 496 0123, 029 2018 0456. */
function groups(national: string): string[] {
  if (/^0(1\d1|11\d)/.test(national)) return [national.slice(0, 4), national.slice(4, 7), national.slice(7)];
  if (/^02/.test(national)) return [national.slice(0, 3), national.slice(3, 7), national.slice(7)];
  if (/^07/.test(national)) return [national.slice(0, 5), national.slice(5, 8), national.slice(8)];
  return [national.slice(0, 5), national.slice(5)];
}

function sayDigits(g: Gen, digits: string, runs: boolean): string {
  const out: string[] = [];
  const zero = g.pick(['oh', 'oh', 'zero']);
  for (let i = 0; i < digits.length; i++) {
    const d = digits[i] ?? '';
    const word = d === '0' ? zero : (DIGITS[Number(d)] ?? d);
    if (runs && digits[i + 1] === d && digits[i + 2] === d) {
      out.push(`treble ${word}`);
      i += 2;
    } else if (runs && digits[i + 1] === d) {
      out.push(`double ${word}`);
      i++;
    } else out.push(word);
  }
  return out.join(' ');
}

/** A group said as a number when it is one ("900" → "nine hundred"), else digit by digit. */
function sayGroup(g: Gen, group: string): string {
  if (/^[1-9]00$/.test(group)) return `${sayNumber(Number(group))}`;
  if (/^[1-9]\d$/.test(group) && g.chance(0.5)) return sayNumber(Number(group));
  return sayDigits(g, group, g.chance(0.5));
}

export function sayPhone(g: Gen, national: string, style: PhoneStyle): string {
  const parts = groups(national);
  const sep = g.pick([' ', ', ', ' ']);
  switch (style) {
    case 'digits':
      return g.pick([parts.join(' '), national, parts.join(' ')]);
    case 'words':
      return parts.map((p) => sayDigits(g, p, false)).join(sep);
    case 'doubles':
      return parts.map((p) => sayDigits(g, p, true)).join(sep);
    case 'hundreds':
      return parts.map((p) => sayGroup(g, p)).join(sep);
    case 'plus44': {
      const rest = national.slice(1);
      return g.pick([`+44 ${rest}`, `0044 ${rest}`, `plus four four ${sayDigits(g, rest, false)}`]);
    }
    case 'mixed':
      return parts.map((p, i) => (i === 0 ? p : sayGroup(g, p))).join(sep);
  }
}

/**
 * A UK mobile or landline: mostly in the ranges kept for drama, never the test caller's own
 * number (07700 900123), which would leave nothing to take.
 */
export function drawPhone(g: Gen): string {
  const tail = (n: number) => String(g.int(0, 10 ** n - 1)).padStart(n, '0');
  return g.pick([
    () => `07700900${tail(3)}`.replace(/123$/, '124'),
    () => `07${g.int(4, 9)}${tail(8)}`,
    () => `07${g.int(4, 9)}${tail(8)}`,
    () => `0161496${tail(4).replace(/^./, '0')}`,
    () => `0113496${tail(4).replace(/^./, '0')}`,
    () => `0141496${tail(4).replace(/^./, '0')}`,
    () => `02920180${tail(3)}`,
    () => `02079460${tail(3)}`,
    () => `0191498${tail(4).replace(/^./, '0')}`,
  ])();
}
