import type { Queryable } from '../../db/client.js';
import { type OpportunityRow, WITH_SELLER } from './opportunities.repo.js';

/**
 * The lead's opportunities that were not merged away, oldest first. Not locked: whatever is
 * written to one of them locks it first, and leads are locked before their opportunities.
 */
export async function liveOpportunitiesOfLead(
  db: Queryable,
  workspaceId: string,
  leadId: string,
): Promise<OpportunityRow[]> {
  return db.query<OpportunityRow>(
    `${WITH_SELLER} WHERE o.workspace_id = $1 AND o.lead_id = $2 AND o.merged_into IS NULL ORDER BY o.id`,
    [workspaceId, leadId],
  );
}

/** Every opportunity of the lead, merged ones too, locked: a lead merge moves them all. */
export async function lockOpportunitiesOfLead(
  tx: Queryable,
  workspaceId: string,
  leadId: string,
): Promise<OpportunityRow[]> {
  return tx.query<OpportunityRow>(
    `${WITH_SELLER} WHERE o.workspace_id = $1 AND o.lead_id = $2 ORDER BY o.id FOR UPDATE OF o`,
    [workspaceId, leadId],
  );
}

/** The two opportunities locked in id order, so two merges of one pair cannot deadlock. */
export async function lockOpportunityPair(
  tx: Queryable,
  workspaceId: string,
  ids: readonly [string, string],
): Promise<OpportunityRow[]> {
  return tx.query<OpportunityRow>(
    `${WITH_SELLER} WHERE o.workspace_id = $1 AND o.id = ANY($2::text[]) ORDER BY o.id FOR UPDATE OF o`,
    [workspaceId, [...ids]],
  );
}

export async function moveNotes(tx: Queryable, workspaceId: string, from: string, to: string): Promise<void> {
  await tx.query(
    'UPDATE opportunity_notes SET opportunity_id = $3 WHERE workspace_id = $1 AND opportunity_id = $2',
    [workspaceId, from, to],
  );
}

/**
 * Marks `from` merged into `to`, and points what was merged into `from` at `to` as well, so a
 * merged opportunity is always one step from the one that holds its history.
 */
export async function markOpportunityMerged(
  tx: Queryable,
  workspaceId: string,
  from: string,
  to: string,
  at: Date,
): Promise<OpportunityRow> {
  await tx.query('UPDATE opportunities SET merged_into = $3 WHERE workspace_id = $1 AND merged_into = $2', [
    workspaceId,
    from,
    to,
  ]);
  // The seller's name and phone come with the row, as every read of an opportunity has them.
  const rows = await tx.query<OpportunityRow>(
    `WITH m AS (
       UPDATE opportunities SET merged_into = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2 RETURNING *
     )
     SELECT m.*, l.name AS seller_name, l.phone AS seller_phone
       FROM m LEFT JOIN leads l ON l.workspace_id = m.workspace_id AND l.id = m.lead_id`,
    [workspaceId, from, to, at],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`opportunity ${from} vanished during a merge`);
  return row;
}
