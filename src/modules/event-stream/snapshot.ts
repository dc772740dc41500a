import type { Queryable } from '../../db/client.js';
import { listCallsInProgress } from '../calls/calls.repo.js';
import { type LiveMessage, startedMessage, turnMessage } from './hub.js';

/** More calls in progress than this at once is a fault the sweep mends, not a desk's day. */
const MOST_CALLS = 100;

/**
 * What a new subscriber missed: for each call in progress, its call.started and every
 * transcript line so far, with the ids the live messages of the same things carry, so a
 * message seen twice is recognisable.
 */
export async function callsInProgressSnapshot(db: Queryable, workspaceId: string): Promise<LiveMessage[]> {
  const { calls, turns } = await listCallsInProgress(db, workspaceId, MOST_CALLS);
  return calls.flatMap((row) => [
    startedMessage(row),
    ...turns.filter((t) => t.call_id === row.id).map((t) => turnMessage(workspaceId, row.id, t)),
  ]);
}
