import type { Queryable } from '../../db/client.js';

export interface InboundText {
  workspaceId: string;
  id: string;
  /** Twilio's MessageSid: a retried webhook carries the same one. */
  sid: string;
  /** Our number, which the seller texted. */
  to: string;
  /** The seller's number. */
  from: string;
  leadId: string | null;
  body: string;
}

/**
 * Keeps a seller's text as an inbound message (docs/notifications.md). Keyed by Twilio's
 * MessageSid, so a retried webhook is kept once: answers false when it was already kept.
 */
export async function insertInboundText(tx: Queryable, text: InboundText, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO messages
       (workspace_id, id, channel, direction, purpose, idempotency_key, recipient, sender, lead_id, body, status,
        send_after, quiet_hours, provider_id, created_at, updated_at)
     VALUES ($1, $2, 'sms', 'inbound', 'seller_reply', $3, $4, $5, $6, $7, 'received', $8, false, $9, $8, $8)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id`,
    [
      text.workspaceId,
      text.id,
      `inbound:${text.sid}`,
      text.to,
      text.from,
      text.leadId,
      text.body,
      at,
      text.sid,
    ],
  );
  return rows.length > 0;
}
