import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { findLeadSummaries } from '../leads/leads.repo.js';
import { findOpportunitySummaries } from '../opportunities/opportunities.repo.js';
import { type Call, Call as CallSchema } from './calls.schemas.js';

export const CallLeadSummary = z
  .object({ id: z.string(), name: z.string(), phone: z.string(), status: z.string() })
  .meta({ id: 'CallLeadSummary' });
export const CallOpportunitySummary = z
  .object({
    id: z.string(),
    outcome: z.string(),
    score: z.number().int(),
    postcode: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'CallOpportunitySummary' });

/** A call of a list, with what `expand` asked for. */
export const ListedCall = CallSchema.extend({
  lead: CallLeadSummary.nullable().optional().describe('With expand=lead: the caller’s lead, or null.'),
  opportunity: CallOpportunitySummary.nullable()
    .optional()
    .describe('With expand=opportunity: the enquiry scored on the call, or null.'),
}).meta({ id: 'ListedCall' });
type ListedCall = z.infer<typeof ListedCall>;

/**
 * Adds the short lead and opportunity of each call of a page in two queries (not one per row),
 * so a desk list of calls can show who called and how they scored.
 */
export async function expandCalls(
  db: Queryable,
  workspaceId: string,
  calls: Call[],
  expand: ReadonlySet<string>,
): Promise<ListedCall[]> {
  const ids = (pick: (c: Call) => string | null) => [...new Set(calls.map(pick).filter((id) => id !== null))];
  const leads = expand.has('lead')
    ? await findLeadSummaries(
        db,
        workspaceId,
        ids((c) => c.lead_id),
      )
    : null;
  const opportunities = expand.has('opportunity')
    ? await findOpportunitySummaries(
        db,
        workspaceId,
        ids((c) => c.opportunity_id),
      )
    : null;
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const leadOf = leads === null ? null : byId(leads);
  const opportunityOf = opportunities === null ? null : byId(opportunities);
  return calls.map((c) => ({
    ...c,
    ...(leadOf ? { lead: (c.lead_id && leadOf.get(c.lead_id)) || null } : {}),
    ...(opportunityOf
      ? { opportunity: (c.opportunity_id && opportunityOf.get(c.opportunity_id)) || null }
      : {}),
  }));
}
