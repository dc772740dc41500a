import type { Queryable } from '../../db/client.js';

// A merge moves a record's calls to the one that survives it (docs/desk-api.md, Merging). Calls
// keep their own updated_at: the call itself did not change, only what it is filed under.

export async function moveCallsToOpportunity(
  tx: Queryable,
  workspaceId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx.query('UPDATE calls SET opportunity_id = $3 WHERE workspace_id = $1 AND opportunity_id = $2', [
    workspaceId,
    from,
    to,
  ]);
}

export async function moveCallsToLead(
  tx: Queryable,
  workspaceId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx.query('UPDATE calls SET lead_id = $3 WHERE workspace_id = $1 AND lead_id = $2', [
    workspaceId,
    from,
    to,
  ]);
}
