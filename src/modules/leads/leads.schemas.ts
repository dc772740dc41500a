import { z } from 'zod';
import { ListQuery } from '../../http/pagination.js';
import { Email, iso, Timestamp } from '../../http/schemas.js';
import { PhoneInput } from '../../lib/phone.js';
import { SearchQuery } from '../../lib/search.js';
import type { LeadRow } from './leads.repo.js';

export const LEAD_STATUSES = ['new', 'working', 'nurturing', 'converted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['call', 'api'] as const;

/** Documented maximum lengths (docs/api.md, Conventions): longer is 400 validation_failed. */
export const LEAD_NAME_MAX = 200;
export const LEAD_NOTE_MAX = 4000;

export const Lead = z
  .object({
    id: z.string().describe('lead_...'),
    name: z.string(),
    phone: z.string().describe('E.164, e.g. +447700900123. One lead per phone number in a workspace.'),
    email: z.string().nullable(),
    status: z.enum(LEAD_STATUSES),
    owner_id: z.string().nullable().describe('The member who owns the lead (usr_...), or null.'),
    note: z.string().nullable(),
    source: z.enum(LEAD_SOURCES).describe('call: captured by the agent; api: created through the API.'),
    owner_pinned: z
      .boolean()
      .describe('The owner was chosen on the lead itself, so assigning one of its deals leaves it as it is.'),
    merged_into: z
      .string()
      .nullable()
      .describe(
        'The lead this one was merged into (its calls, deals and bookings are there now); null: not merged.',
      ),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof Lead>;

/** The API object; event `data` is exactly this, so webhooks and the API never disagree. */
export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    status: row.status,
    owner_id: row.owner_id,
    note: row.note,
    source: row.source,
    owner_pinned: row.owner_pinned,
    merged_into: row.merged_into,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const Name = z.string().trim().min(1).max(LEAD_NAME_MAX);
const Note = z.string().trim().max(LEAD_NOTE_MAX);
const UserId = z.string().max(40);

export const CreateLeadBody = z.strictObject({
  name: Name,
  phone: PhoneInput,
  email: Email.nullable().optional(),
  note: Note.nullable().optional(),
  owner_id: UserId.nullable().optional().describe('A member of the workspace; null or absent: unowned.'),
});
export type CreateLeadBody = z.infer<typeof CreateLeadBody>;

export const UpdateLeadBody = z.strictObject({
  status: z.enum(LEAD_STATUSES).optional(),
  owner_id: UserId.nullable().optional().describe('A member of the workspace, or null to unassign.'),
  owner_pinned: z
    .boolean()
    .optional()
    .describe(
      'true keeps the owner when a deal of the lead is assigned; false lets it follow its deals again. Default: pinned when owner_id names someone other than the owners of its deals.',
    ),
  note: Note.nullable().optional().describe('Replaces the note; null clears it.'),
  name: Name.optional(),
  email: Email.nullable().optional(),
});
export type UpdateLeadBody = z.infer<typeof UpdateLeadBody>;

export const LeadListQuery = ListQuery.extend({
  status: z.enum(LEAD_STATUSES).optional(),
  owner_id: UserId.optional(),
  phone: PhoneInput.optional().describe('Exactly this number, in any format; matched on its E.164 form.'),
  q: SearchQuery.describe(
    'Search: part of the name or email, any part of the number in any usual form (07700 900123, ' +
      '+44 7700 900123, "900 123"), or part of the address or postcode (with or without its space) of ' +
      'one of the lead’s opportunities; case is ignored. Up to 200 characters; blank searches nothing.',
  ),
});
export type LeadListQuery = z.infer<typeof LeadListQuery>;

export const MergeBody = z.strictObject({
  into: z.string().min(1).max(40).describe('The id of the record that survives the merge.'),
});
export type MergeBody = z.infer<typeof MergeBody>;

export const LeadParams = z.strictObject({ lead_id: z.string().max(40) });
