import type { Queryable } from '../db/client.js';
import { newId } from '../lib/ids.js';
import type { EventType } from './catalogue.js';

export interface EventEnvelope {
  id: string;
  type: EventType;
  created_at: string;
  workspace_id: string;
  data: Record<string, unknown>;
}

/**
 * Writes an event in the caller's transaction, so a committed change always has its event
 * and a rolled-back one never does. `data` is the API object exactly as the API serialises it.
 */
export async function recordEvent(
  tx: Queryable,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
  at: Date,
): Promise<EventEnvelope> {
  const event: EventEnvelope = {
    id: newId('evt', at.getTime()),
    type,
    created_at: at.toISOString(),
    workspace_id: workspaceId,
    data,
  };
  await tx.query(
    'INSERT INTO events (workspace_id, id, type, data, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [workspaceId, event.id, type, JSON.stringify(data), at],
  );
  return event;
}
