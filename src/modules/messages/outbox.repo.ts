import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import type { MessageChannel, MessagePurpose } from './purposes.js';

/** NOTIFY channel raised (at commit) when messages become due now. */
export const MESSAGE_CHANNEL = 'callagent_messages';

/**
 * Where a body links to the console it writes this instead of PUBLIC_URL, which the sender and
 * the message log put back: what a change queues does not depend on how the process was started.
 */
export const CONSOLE_LINK = '{console}';

/** A message to queue, in the transaction of the change that causes it. */
export interface NewMessage {
  /** Null only for an account's own mail (a password reset). */
  workspaceId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  /**
   * One person, one reason: a second message with the same key is dropped, so a change replayed
   * or planned twice sends once. Name the record, the recipient and what it says (a booking's
   * confirmation names the booking's start: a move is a new reason to text).
   */
  key: string;
  /** E.164 for a text, an address for an email. */
  recipient: string;
  /** The workspace's number a text goes from; null for email. */
  sender?: string | null;
  leadId?: string | null;
  bookingId?: string | null;
  userId?: string | null;
  subject?: string | null;
  body: string;
  /**
   * The whole body when it carries a secret (an invitation or reset link), already sealed with
   * sealMessageBody under the id given in `id`; `body` then leaves the secret out.
   */
  sealed?: { id: string; body: string } | null;
  /** Not before this; defaults to `at`. */
  sendAfter?: Date;
  /** Cancelled unsent after this (a reminder once its viewing has begun). */
  notAfter?: Date | null;
  /** Held out of 21:00-08:00 in the workspace's time zone. */
  quietHours: boolean;
}

/**
 * Queues messages in the caller's transaction: a committed change always has its messages and a
 * rolled-back one never does. A key already queued is skipped (answers how many were new). The
 * workers are woken at commit when one is due now; later ones are found by their poll.
 */
export async function queueMessages(
  tx: Queryable,
  messages: readonly NewMessage[],
  at: Date,
): Promise<number> {
  if (messages.length === 0) return 0;
  const cols = {
    workspace: [] as (string | null)[],
    id: [] as string[],
    channel: [] as string[],
    purpose: [] as string[],
    key: [] as string[],
    recipient: [] as string[],
    sender: [] as (string | null)[],
    lead: [] as (string | null)[],
    booking: [] as (string | null)[],
    user: [] as (string | null)[],
    subject: [] as (string | null)[],
    body: [] as string[],
    sealed: [] as (string | null)[],
    sendAfter: [] as Date[],
    notAfter: [] as (Date | null)[],
    quiet: [] as boolean[],
  };
  for (const m of messages) {
    cols.workspace.push(m.workspaceId);
    cols.id.push(m.sealed?.id ?? newId('msg', at.getTime()));
    cols.channel.push(m.channel);
    cols.purpose.push(m.purpose);
    cols.key.push(m.key);
    cols.recipient.push(m.recipient);
    cols.sender.push(m.sender ?? null);
    cols.lead.push(m.leadId ?? null);
    cols.booking.push(m.bookingId ?? null);
    cols.user.push(m.userId ?? null);
    cols.subject.push(m.subject ?? null);
    cols.body.push(m.body);
    cols.sealed.push(m.sealed?.body ?? null);
    cols.sendAfter.push(m.sendAfter ?? at);
    cols.notAfter.push(m.notAfter ?? null);
    cols.quiet.push(m.quietHours);
  }
  const rows = await tx.query<{ queued: number }>(
    `WITH queued AS (
       INSERT INTO messages
         (workspace_id, id, channel, purpose, idempotency_key, recipient, sender, lead_id, booking_id, user_id,
          subject, body, body_sealed, status, send_after, not_after, quiet_hours, next_attempt_at, created_at, updated_at)
       SELECT m.workspace_id, m.id, m.channel, m.purpose, m.key, m.recipient, m.sender, m.lead_id, m.booking_id,
              m.user_id, m.subject, m.body, m.sealed, 'pending', m.send_after, m.not_after, m.quiet, m.send_after, $17, $17
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[],
                     $15::timestamptz[], $16::boolean[])
           AS m (workspace_id, id, channel, purpose, key, recipient, sender, lead_id, booking_id, user_id, subject,
                 body, sealed, send_after, not_after, quiet)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING send_after
     )
     SELECT (SELECT count(*) FROM queued)::int AS queued,
            (SELECT count(*) FROM (SELECT pg_notify($18, '') WHERE EXISTS (SELECT 1 FROM queued WHERE send_after <= $17)) w)::int AS woken`,
    [
      cols.workspace,
      cols.id,
      cols.channel,
      cols.purpose,
      cols.key,
      cols.recipient,
      cols.sender,
      cols.lead,
      cols.booking,
      cols.user,
      cols.subject,
      cols.body,
      cols.sealed,
      cols.sendAfter,
      cols.notAfter,
      cols.quiet,
      at,
      MESSAGE_CHANNEL,
    ],
  );
  return rows[0]?.queued ?? 0;
}

/**
 * Cancels a record's messages not yet sent, in the caller's transaction (a booking moved or
 * cancelled: its old reminders and due alerts must not go). `keepKeys` are left alone, so a
 * re-plan that queues the same messages again keeps them. Answers how many were cancelled.
 */
export async function cancelPendingMessages(
  tx: Queryable,
  workspaceId: string,
  where: { bookingId?: string; leadId?: string; keyPrefix?: string; purposes: readonly MessagePurpose[] },
  keepKeys: readonly string[],
  reason: string,
  at: Date,
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE messages SET status = 'cancelled', status_reason = $7, body_sealed = NULL, next_attempt_at = NULL,
            updated_at = $8
      WHERE workspace_id = $1 AND status = 'pending' AND purpose = ANY($2::text[])
        AND ($3::text IS NULL OR booking_id = $3)
        AND ($4::text IS NULL OR lead_id = $4)
        AND ($5::text IS NULL OR starts_with(idempotency_key, $5))
        AND NOT (idempotency_key = ANY($6::text[]))
      RETURNING id`,
    [
      workspaceId,
      where.purposes,
      where.bookingId ?? null,
      where.leadId ?? null,
      where.keyPrefix ?? null,
      keepKeys,
      reason,
      at,
    ],
  );
  return rows.length;
}
