import { z } from 'zod';
import { ListQuery } from '../../http/pagination.js';
import { SearchQuery } from '../../lib/search.js';
import { OpportunityFacts, OUTCOMES } from './opportunities.schemas.js';
import { PipelineFields, STAGES } from './pipeline.schemas.js';

/** "m14 5" and "M145" find the same postcodes: the prefix is compared in capitals without spaces. */
export function toPostcodePrefix(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export const OpportunityListQuery = ListQuery.extend({
  outcome: z.enum(OUTCOMES).optional(),
  stage: z.enum(STAGES).optional(),
  lead_id: z.string().max(40).optional().describe('Opportunities of this lead (the seller’s deals).'),
  owner_id: z.string().max(40).optional().describe('Opportunities this member owns.'),
  postcode: z
    .string()
    .max(10)
    .regex(/^[A-Za-z0-9 ]*[A-Za-z0-9][A-Za-z0-9 ]*$/, {
      message: 'must be the start of a postcode, such as M14',
    })
    .transform(toPostcodePrefix)
    .optional()
    .describe('Postcodes starting with this, ignoring case and spaces: M finds M14 5AB, "m14 5" too.'),
  q: SearchQuery.describe(
    'Search: part of the address or postcode (with or without its space), or the seller’s name, ' +
      'email or any part of their number in any usual form; case is ignored. Up to 200 characters; ' +
      'blank searches nothing.',
  ),
  min_score: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .describe('Opportunities scoring at least this.'),
});
export type OpportunityListQuery = z.infer<typeof OpportunityListQuery>;

const Id = z.string().max(40);

export const UpdateOpportunityBody = z.strictObject({
  owner_id: Id.nullable().optional().describe('A member of this workspace (else 400); null: unassign.'),
  outcome: z.enum(OUTCOMES).optional(),
  facts: z
    .strictObject(OpportunityFacts.shape)
    .partial()
    .optional()
    .describe(
      'Facts the desk puts right: each one given is recorded as from the desk, leaves the review, and the opportunity is scored again against the published buy box.',
    ),
  ...PipelineFields,
});
export type UpdateOpportunityBody = z.infer<typeof UpdateOpportunityBody>;

export const NOTE_MAX = 5000;
export const CreateNoteBody = z.strictObject({
  body: z.string().trim().min(1, { message: 'must not be empty' }).max(NOTE_MAX),
});
