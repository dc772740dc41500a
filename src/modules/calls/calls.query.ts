import { z } from 'zod';
import { ListQuery } from '../../http/pagination.js';
import { PhoneInput } from '../../lib/phone.js';
import { SearchQuery } from '../../lib/search.js';
import { CALL_ENDINGS, CALL_STATUSES, TEST_CALL_FILTERS } from './calls.repo.js';

export const Instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 timestamp, such as 2026-11-21T09:30:00Z' })
  .transform((s) => new Date(s))
  .meta({ format: 'date-time' });

export const CallListQuery = ListQuery.extend({
  status: z.enum(CALL_STATUSES).optional(),
  ending: z.enum(CALL_ENDINGS).optional().describe('Calls that ended this way (see the Call’s ending).'),
  test: z
    .enum(TEST_CALL_FILTERS)
    .default('exclude')
    .describe('Test calls of the draft: exclude (the default), include, or only them.'),
  from: PhoneInput.optional().describe('Calls from this number; any common format, UK when no country code.'),
  lead_id: z
    .string()
    .max(64)
    .optional()
    .describe('Calls of this lead, from any of its numbers (a merged lead’s calls included).'),
  since: Instant.optional().describe('Calls that started at or after this instant.'),
  until: Instant.optional().describe('Calls that started before this instant.'),
  q: SearchQuery.describe(
    'Search: any part of the caller’s number in any usual form (07700 900123, +44 7700 900123, ' +
      '"07700 90"), text in the transcript or summary, or the lead’s name or the opportunity’s address ' +
      'or postcode; case is ignored, % and _ are literal. Up to 200 characters; blank searches nothing.',
  ),
  expand: z
    .string()
    .max(40)
    .regex(/^(lead|opportunity)(,(lead|opportunity))?$/, {
      message: 'must be lead, opportunity or both, comma-separated',
    })
    .transform((v) => new Set(v.split(',')))
    .optional()
    .describe(
      'lead, opportunity or both: each call then carries a short form of it (null when it has none).',
    ),
});
export type CallListQuery = z.infer<typeof CallListQuery>;
