import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { ListQuery } from '../../http/pagination.js';
import { CALL_STATUSES } from './calls.repo.js';

/**
 * A phone number as a client types it, in E.164; null when it cannot be one. A number without
 * a country code is read as a UK number. `isPossible` (length) rather than `isValid` (allocated
 * ranges): a filter must find calls from test ranges and newly allocated numbers too.
 */
export function toE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'GB');
  if (!parsed?.isPossible() || parsed.ext !== undefined) return null;
  return parsed.number;
}

const Phone = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164 === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a phone number, such as 07700 900123 or +447700900123',
      });
      return z.NEVER;
    }
    return e164;
  });

export const Instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 timestamp, such as 2026-11-21T09:30:00Z' })
  .transform((s) => new Date(s))
  .meta({ format: 'date-time' });

export const CallListQuery = ListQuery.extend({
  status: z.enum(CALL_STATUSES).optional(),
  from: Phone.optional().describe('Calls from this number; any common format, UK when no country code.'),
  since: Instant.optional().describe('Calls that started at or after this instant.'),
  until: Instant.optional().describe('Calls that started before this instant.'),
});
export type CallListQuery = z.infer<typeof CallListQuery>;
