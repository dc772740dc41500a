import type { Queryable } from '../db/client.js';
import type { CallRow } from '../modules/calls/calls.repo.js';

/** The call row, locked for the rest of the transaction: turns of one call never interleave. */
export async function lockCall(tx: Queryable, workspaceId: string, callId: string): Promise<CallRow | null> {
  const rows = await tx.query<CallRow>('SELECT * FROM calls WHERE workspace_id = $1 AND id = $2 FOR UPDATE', [
    workspaceId,
    callId,
  ]);
  return rows[0] ?? null;
}
