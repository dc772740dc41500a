import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import type { MessageChannel, MessagePurpose, MessageStatus } from '../../modules/messages/purposes.js';

// The message sender's queries (docs/notifications.md, Sending). As for webhooks, a claim is a
// short statement that only sets a lease; the send happens outside any transaction; the outcome
// is written in a second short one, by the holder of the lease only.

export interface ClaimedMessage {
  workspace_id: string | null;
  id: string;
  channel: MessageChannel;
  purpose: MessagePurpose;
  recipient: string;
  sender: string | null;
  booking_id: string | null;
  subject: string | null;
  body: string;
  body_sealed: string | null;
  not_after: Date | null;
  quiet_hours: boolean;
  /** Attempts so far, the one being claimed included. */
  attempts: number;
  first_attempt_at: Date;
  /** Set while still pending only when Twilio's status callback came before the send was recorded. */
  provider_id: string | null;
  lease_token: string;
  /** Attempts whose outcome was written: fewer than `attempts - 1` means a worker died mid-send. */
  recorded: number;
  /** The last recorded attempt had no answer from the provider (a timeout): it may have gone. */
  last_unanswered: boolean;
}

/**
 * Leases due messages with SKIP LOCKED, so workers never wait on each other's rows; a lease that
 * expires (the worker was killed) makes the message due again. Inbound texts are never pending.
 */
export async function claimDueMessages(
  db: Queryable,
  req: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedMessage[]> {
  if (req.limit <= 0) return [];
  return db.query<ClaimedMessage>(
    `WITH due AS (
       SELECT id FROM messages
        WHERE status = 'pending' AND next_attempt_at <= $1
          AND (locked_until IS NULL OR locked_until <= $1)
        ORDER BY next_attempt_at, id
        LIMIT $2
        FOR UPDATE SKIP LOCKED
     )
     UPDATE messages m
        SET locked_until = $3, lease_token = $4, attempts = m.attempts + 1,
            first_attempt_at = COALESCE(m.first_attempt_at, $1), updated_at = $1
       FROM due
      WHERE m.id = due.id
      RETURNING m.workspace_id, m.id, m.channel, m.purpose, m.recipient, m.sender, m.booking_id, m.subject,
                m.body, m.body_sealed, m.not_after, m.quiet_hours, m.attempts, m.first_attempt_at,
                m.provider_id, m.lease_token,
                (SELECT count(*) FROM message_attempts a WHERE a.message_id = m.id)::int AS recorded,
                COALESCE((SELECT a.reply IS NULL AND NOT a.succeeded FROM message_attempts a
                           WHERE a.message_id = m.id ORDER BY a.id DESC LIMIT 1), false) AS last_unanswered`,
    [req.now, req.limit, new Date(req.now.getTime() + req.leaseMs), randomBytes(12).toString('base64url')],
  );
}

export interface MessageAttempt {
  startedAt: Date;
  durationMs: number;
  succeeded: boolean;
  /** Twilio's status and error code, or the SMTP server's reply; never the body. */
  reply: string | null;
  error: string | null;
}

export type MessageOutcome =
  | { kind: 'sent'; providerId: string; providerStatus: string | null }
  | { kind: 'retry'; at: Date; error: string }
  | { kind: 'failed'; reason: string; error: string | null; optOut?: boolean }
  | { kind: 'cancelled'; reason: string }
  /** Quiet hours: back to pending until `until`; not an attempt. */
  | { kind: 'held'; until: Date };

/**
 * Writes what became of a claimed message and, when something was tried, the attempt. Only the
 * holder of the lease changes the message; the attempt row is kept either way. A status Twilio's
 * callback already wrote (the text was delivered before its send was recorded) is kept.
 * Answers whether the lease was still held.
 */
export async function recordMessageOutcome(
  db: Database,
  claim: ClaimedMessage,
  outcome: MessageOutcome,
  attempt: MessageAttempt | null,
  at: Date,
): Promise<boolean> {
  const next: MessageStatus =
    outcome.kind === 'held' || outcome.kind === 'retry'
      ? 'pending'
      : outcome.kind === 'sent'
        ? 'sent'
        : outcome.kind;
  const nextAt = outcome.kind === 'held' ? outcome.until : outcome.kind === 'retry' ? outcome.at : null;
  const reason = outcome.kind === 'failed' || outcome.kind === 'cancelled' ? outcome.reason : null;
  const error = outcome.kind === 'failed' || outcome.kind === 'retry' ? outcome.error : null;
  // Neither a hold nor a cancellation is an attempt: the count the claim added is taken back.
  const notAnAttempt = outcome.kind === 'held' || outcome.kind === 'cancelled';
  return db.transaction(async (tx) => {
    if (attempt) {
      await tx.query(
        `INSERT INTO message_attempts (workspace_id, id, message_id, started_at, duration_ms, succeeded, reply, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          claim.workspace_id,
          newId('att', attempt.startedAt.getTime()),
          claim.id,
          attempt.startedAt,
          attempt.durationMs,
          attempt.succeeded,
          attempt.reply,
          attempt.error,
        ],
      );
    }
    const rows = await tx.query<{ id: string }>(
      `UPDATE messages
          SET status = CASE WHEN status = 'pending' THEN $3 ELSE status END,
              status_reason = CASE WHEN status = 'pending' THEN $4 ELSE status_reason END,
              next_attempt_at = CASE WHEN status = 'pending' AND $3 = 'pending' THEN $5::timestamptz ELSE NULL END,
              provider_id = COALESCE($6, provider_id),
              provider_status = CASE WHEN status = 'pending' AND $7::text IS NOT NULL THEN $7 ELSE provider_status END,
              sent_at = CASE WHEN $3 = 'sent' THEN COALESCE(sent_at, $8) ELSE sent_at END,
              last_error = $9,
              attempts = attempts - $10::int,
              first_attempt_at = CASE WHEN attempts - $10::int = 0 THEN NULL ELSE first_attempt_at END,
              body_sealed = CASE WHEN $3 = 'pending' THEN body_sealed ELSE NULL END,
              locked_until = NULL, lease_token = NULL, updated_at = $8
        WHERE id = $1 AND lease_token = $2
        RETURNING id`,
      [
        claim.id,
        claim.lease_token,
        next,
        reason,
        nextAt,
        outcome.kind === 'sent' ? outcome.providerId : null,
        outcome.kind === 'sent' ? outcome.providerStatus : null,
        at,
        error,
        notAnAttempt ? 1 : 0,
      ],
    );
    // Twilio will not text a number that texted STOP to it (error 21610): neither will we.
    if (outcome.kind === 'failed' && outcome.optOut && claim.workspace_id !== null) {
      await addTextOptOut(tx, claim.workspace_id, claim.recipient, at);
    }
    return rows.length > 0;
  });
}

export async function addTextOptOut(
  tx: Queryable,
  workspaceId: string,
  phone: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO text_opt_outs (workspace_id, phone, opted_out_at) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, phone) DO NOTHING`,
    [workspaceId, phone, at],
  );
}

export async function isOptedOut(db: Queryable, workspaceId: string, phone: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM text_opt_outs WHERE workspace_id = $1 AND phone = $2', [
    workspaceId,
    phone,
  ]);
  return rows.length > 0;
}

/** Hands unfinished claims back at shutdown, so another worker takes them now, not when the lease ends. */
export async function releaseMessageLeases(db: Queryable, claims: readonly ClaimedMessage[]): Promise<void> {
  for (const c of claims) {
    await db.query('UPDATE messages SET locked_until = NULL WHERE id = $1 AND lease_token = $2', [
      c.id,
      c.lease_token,
    ]);
  }
}

/** What a Twilio status callback needs to know about the message it names. */
export interface MessageForCallback {
  workspace_id: string | null;
  id: string;
  channel: MessageChannel;
  direction: string;
  sender: string | null;
  status: MessageStatus;
  provider_id: string | null;
}

export async function findMessageForCallback(db: Queryable, id: string): Promise<MessageForCallback | null> {
  const rows = await db.query<MessageForCallback>(
    'SELECT workspace_id, id, channel, direction, sender, status, provider_id FROM messages WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Writes Twilio's latest status of a text. `status` is the message's new status when the
 * callback decides one (delivered, undelivered, failed), else null; a delivered text stays
 * delivered whatever comes after it (callbacks can arrive out of order), and a final status
 * is not replaced by a passing one. A text still pending (its send not yet recorded) learns
 * its SID here, so a worker that restarts knows it went.
 */
export async function applyMessageStatus(
  db: Queryable,
  update: { id: string; providerId: string; providerStatus: string; status: MessageStatus | null; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE messages
        SET provider_id = COALESCE(provider_id, $2),
            provider_status = $3,
            status = COALESCE($4, status),
            sent_at = CASE WHEN $4::text IS NOT NULL THEN COALESCE(sent_at, $5) ELSE sent_at END,
            next_attempt_at = CASE WHEN $4::text IS NOT NULL THEN NULL ELSE next_attempt_at END,
            updated_at = $5
      WHERE id = $1 AND direction = 'outbound' AND channel = 'sms'
        AND (provider_id IS NULL OR provider_id = $2)
        AND (status IN ('pending', 'sent') OR (status IN ('undelivered', 'failed') AND $4::text IS NOT NULL))`,
    [update.id, update.providerId, update.providerStatus, update.status, update.at],
  );
}
