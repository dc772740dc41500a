import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

/**
 * A phone number in E.164, or null when it cannot be one. National numbers are read as UK
 * numbers. `isPossible` (length per country) rather than `isValid` (allocated ranges) on
 * purpose: Ofcom's drama ranges (07700 900xxx) and newly allocated ranges must still be
 * accepted, and a caller's number is an identity, not something to second-guess.
 */
export function normalisePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'GB');
  if (!parsed?.isPossible() || parsed.ext !== undefined) return null;
  return parsed.number;
}

export const PHONE_MAX = 40;

/** A phone in any common format in a request, E.164 once parsed; otherwise 400 on its own path. */
export const PhoneInput = z
  .string()
  .trim()
  .min(1)
  .max(PHONE_MAX)
  .transform((value, ctx) => {
    const e164 = normalisePhone(value);
    if (e164 === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a phone number, such as 07700 900123 or +44 7700 900123',
      });
      return z.NEVER;
    }
    return e164;
  })
  .meta({ description: 'Any common format; UK when no country code is given. Stored in E.164.' });

/**
 * Whether a text can reach this number: a UK mobile (+447...), in E.164. A landline cannot take
 * a text, and a withheld number ('') is nobody's (docs/notifications.md, Texts to sellers). The
 * +447 range includes personal numbers (070) and pagers (076) that cannot; the UK mobile ranges
 * proper are 071-075 and 077-079.
 */
export function isUkMobile(e164: string | null | undefined): boolean {
  return typeof e164 === 'string' && /^\+447[1-57-9]\d{8}$/.test(e164);
}
