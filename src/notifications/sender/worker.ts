import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import type { Pause } from '../../lib/test-pause.js';
import { messageOutcomes } from '../../metrics/registry.js';
import { findBooking } from '../../modules/bookings/bookings.repo.js';
import { CONSOLE_LINK } from '../../modules/messages/outbox.repo.js';
import type { MessagePurpose } from '../../modules/messages/purposes.js';
import { openMessageBody } from '../../modules/messages/sealed-body.js';
import { findPhoneNumberByNumber } from '../../modules/phone-numbers/phone-numbers.repo.js';
import { openAccountSid, openAuthToken } from '../../modules/phone-numbers/phone-numbers.service.js';
import type { TwilioApiOptions } from '../../modules/phone-numbers/twilio-api.js';
import { findWorkspace } from '../../modules/workspaces/workspaces.repo.js';
import { quietHoursEnd } from '../quiet-hours.js';
import type { Mailer, MailResult } from './email.js';
import { planMessageRetry } from './schedule.js';
import {
  type ClaimedMessage,
  claimDueMessages,
  isOptedOut,
  type MessageAttempt,
  type MessageOutcome,
  recordMessageOutcome,
  releaseMessageLeases,
} from './sender.repo.js';
import { findSentText, sendText, type TextResult } from './sms.js';

// The message sender (docs/notifications.md, Sending): claims due messages, decides whether each
// should still go (too late, quiet hours, opted out, its booking gone), sends texts through
// Twilio and mail over SMTP, and records the outcome. Modelled on the webhook delivery worker
// (src/events/delivery/worker.ts), without its per-endpoint fairness: one Twilio account or one
// SMTP server serves everything.

export interface MessageSenderOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  /** PUBLIC_URL: what `{console}` becomes, and where Twilio posts a text's status. */
  publicUrl: string;
  twilio: TwilioApiOptions;
  /** Null without SMTP_URL: email fails with the reason. */
  mailer: Mailer | null;
  /** Messages being sent at once. */
  concurrency?: number;
  pollMs?: number;
  /** Well above Twilio's 10 s and SMTP's 15 s deadlines, so a live worker never loses a lease mid-send. */
  leaseMs?: number;
  random?: () => number;
  /** Returns at once unless a test started the process with TEST_PAUSE_AT. */
  pause?: Pause;
}

export interface MessageSender {
  start(): void;
  /** Claim now instead of at the next poll (a NOTIFY arrived). */
  wake(): void;
  /** Stops claiming, waits for sends in flight up to `deadlineMs`, then hands back the rest. */
  stop(deadlineMs?: number): Promise<void>;
  /** Handles everything due now, then resolves with how many messages were handled. For tests. */
  drain(): Promise<number>;
}

/** Purposes that are about a booking's start: they go only while it is still to come. */
const BEFORE_BOOKING: readonly MessagePurpose[] = ['booking_reminder', 'alert_booking_due'];

/** A message to record, with the attempt that decided it (none for a decision made before sending). */
interface Decided {
  outcome: MessageOutcome;
  attempt: MessageAttempt | null;
}

export function createMessageSender(opts: MessageSenderOptions): MessageSender {
  const { db, clock, secrets, publicUrl } = opts;
  const concurrency = opts.concurrency ?? 8;
  const pollMs = opts.pollMs ?? 1_000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const random = opts.random ?? Math.random;
  const pause: Pause = opts.pause ?? (async () => {});
  const log = opts.logger.child({ component: 'message-sender' });

  const inFlight = new Map<string, { claim: ClaimedMessage; done: Promise<void> }>();
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let woken = false;
  let wakeUp: (() => void) | null = null;

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish(): void {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = finish;
    });
  }

  const fill = (text: string) => text.replaceAll(CONSOLE_LINK, publicUrl);

  /** Why a message should no longer go, or when quiet hours end; null: send it now. */
  async function decideBeforeSending(m: ClaimedMessage, now: Date): Promise<MessageOutcome | null> {
    if (m.not_after !== null && m.not_after.getTime() <= now.getTime()) {
      return { kind: 'cancelled', reason: 'Too late: it could not be sent before its time had passed.' };
    }
    if (m.quiet_hours && m.workspace_id !== null) {
      const workspace = await findWorkspace(db, m.workspace_id);
      // Read at send time, so a change of time zone moves what is waiting (docs/notifications.md).
      const until = quietHoursEnd(now, workspace?.time_zone ?? 'Europe/London');
      if (until !== null) {
        if (m.not_after !== null && until.getTime() >= m.not_after.getTime()) {
          return { kind: 'cancelled', reason: 'Too late: quiet hours last past its time.' };
        }
        return { kind: 'held', until };
      }
    }
    if (
      m.channel === 'sms' &&
      m.workspace_id !== null &&
      (await isOptedOut(db, m.workspace_id, m.recipient))
    ) {
      return { kind: 'cancelled', reason: 'The seller texted STOP' };
    }
    if (BEFORE_BOOKING.includes(m.purpose) && m.booking_id !== null && m.workspace_id !== null) {
      const booking = await findBooking(db, m.workspace_id, m.booking_id);
      if (booking?.status !== 'scheduled') {
        return { kind: 'cancelled', reason: 'The booking was cancelled.' };
      }
      if (booking.starts_at.getTime() <= now.getTime()) {
        return { kind: 'cancelled', reason: 'Too late: the booking has begun.' };
      }
    }
    return null;
  }

  /** A failed attempt that may be tried again: when, or failed once the day is over. */
  function retryOrFail(m: ClaimedMessage, error: string, at: Date): MessageOutcome {
    const plan = planMessageRetry({
      attempt: m.attempts,
      firstAttemptAt: m.first_attempt_at,
      failedAt: at,
      random: random(),
    });
    return plan.kind === 'retry'
      ? { kind: 'retry', at: plan.at, error }
      : {
          kind: 'failed',
          reason: `Not sent after ${m.attempts} attempts over a day: ${error}`.slice(0, 500),
          error,
        };
  }

  async function text(m: ClaimedMessage): Promise<Decided | null> {
    const phone = m.sender === null ? null : await findPhoneNumberByNumber(db, m.sender);
    if (!phone || phone.workspace_id !== m.workspace_id) {
      const reason = `Texts are off: ${m.sender ?? 'no number'} is not a number of this workspace any more.`;
      return { outcome: { kind: 'failed', reason, error: null }, attempt: null };
    }
    const accountSid = openAccountSid(secrets, phone);
    if (accountSid === null) {
      const reason = `Texts are off: ${phone.number} has no Twilio account SID; register the number again with its account SID and auth token.`;
      return { outcome: { kind: 'failed', reason, error: null }, attempt: null };
    }
    const authToken = openAuthToken(secrets, phone);
    const body = fill(m.body);
    const credentials = { accountSid, authToken, from: phone.number, to: m.recipient, body };
    // A previous claim that never recorded its outcome, or whose send went unanswered, may have
    // sent the text: Twilio is asked first (docs/notifications.md, Sending: after a crash).
    if (m.attempts > 1 && (m.recorded < m.attempts - 1 || m.last_unanswered)) {
      const startedAt = clock.now();
      const found = await findSentText(opts.twilio, credentials, m.first_attempt_at);
      const durationMs = clock.now().getTime() - startedAt.getTime();
      if (found.kind === 'found') {
        return {
          outcome: { kind: 'sent', providerId: found.sid, providerStatus: found.status },
          attempt: {
            startedAt,
            durationMs,
            succeeded: true,
            reply: `Already sent as ${found.sid} (${found.status}): not sent again`,
            error: null,
          },
        };
      }
      if (found.kind === 'unknown') {
        return {
          outcome: retryOrFail(m, found.error, clock.now()),
          attempt: {
            startedAt,
            durationMs,
            succeeded: false,
            reply: 'Twilio could not be asked',
            error: found.error,
          },
        };
      }
    }
    const startedAt = clock.now();
    const result: TextResult = await sendText(opts.twilio, {
      ...credentials,
      statusCallback: `${publicUrl}/telephony/twilio/message-status?message=${encodeURIComponent(m.id)}`,
    });
    await pause('message-sent');
    const finishedAt = clock.now();
    const attempt = {
      startedAt,
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      succeeded: result.kind === 'sent',
      reply: result.reply,
      error: result.kind === 'sent' ? null : result.error,
    };
    if (result.kind === 'sent') {
      return { outcome: { kind: 'sent', providerId: result.sid, providerStatus: result.status }, attempt };
    }
    if (result.kind === 'failed') {
      return {
        outcome: { kind: 'failed', reason: result.reason, error: result.error, optOut: result.optOut },
        attempt,
      };
    }
    return { outcome: retryOrFail(m, result.error, finishedAt), attempt };
  }

  async function email(m: ClaimedMessage): Promise<Decided> {
    if (!opts.mailer) {
      return {
        outcome: { kind: 'failed', reason: 'Email is off: SMTP_URL is not set', error: null },
        attempt: null,
      };
    }
    let body: string;
    try {
      body = m.body_sealed === null ? m.body : openMessageBody(secrets, m.id, m.body_sealed);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      return {
        outcome: {
          kind: 'failed',
          reason: 'Its sealed body could not be opened: was SECRETS_KEY changed?',
          error,
        },
        attempt: null,
      };
    }
    const startedAt = clock.now();
    const result: MailResult = await opts.mailer.send({
      messageId: m.id,
      to: m.recipient,
      subject: fill(m.subject ?? ''),
      text: fill(body),
    });
    await pause('message-sent');
    const finishedAt = clock.now();
    const attempt = {
      startedAt,
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      succeeded: result.kind === 'sent',
      reply: result.reply,
      error: result.kind === 'sent' ? null : result.error,
    };
    if (result.kind === 'sent') {
      return {
        outcome: { kind: 'sent', providerId: result.messageId, providerStatus: result.reply },
        attempt,
      };
    }
    if (result.kind === 'failed') {
      return { outcome: { kind: 'failed', reason: result.reason, error: result.error }, attempt };
    }
    return { outcome: retryOrFail(m, result.error, finishedAt), attempt };
  }

  async function handle(m: ClaimedMessage): Promise<void> {
    await pause('message-claimed');
    let decided: Decided | null;
    if (m.channel === 'sms' && m.provider_id !== null) {
      // Twilio's status callback named this text before its send was recorded: it went.
      decided = { outcome: { kind: 'sent', providerId: m.provider_id, providerStatus: null }, attempt: null };
    } else {
      const before = await decideBeforeSending(m, clock.now());
      decided = before
        ? { outcome: before, attempt: null }
        : m.channel === 'sms'
          ? await text(m)
          : await email(m);
    }
    if (!decided) return;
    const leaseHeld = await recordMessageOutcome(db, m, decided.outcome, decided.attempt, clock.now());
    messageOutcomes.inc({ channel: m.channel, outcome: decided.outcome.kind });
    logOutcome(m, decided, leaseHeld);
  }

  function logOutcome(m: ClaimedMessage, decided: Decided, leaseHeld: boolean): void {
    // Never the body, the recipient or a secret: the ids find the message and its attempts.
    const o = decided.outcome;
    const fields = {
      message_id: m.id,
      workspace_id: m.workspace_id,
      channel: m.channel,
      purpose: m.purpose,
      attempt: m.attempts,
      outcome: o.kind,
      ...(o.kind === 'sent' ? { provider_id: o.providerId } : {}),
      ...(o.kind === 'retry' ? { next_attempt_at: o.at.toISOString(), error: o.error } : {}),
      ...(o.kind === 'held' ? { until: o.until.toISOString() } : {}),
      ...(o.kind === 'failed' || o.kind === 'cancelled' ? { reason: o.reason } : {}),
      ...(leaseHeld ? {} : { lease_lost: true }),
    };
    if (o.kind === 'failed') log.warn(fields, 'message failed');
    else if (o.kind === 'retry') log.info(fields, 'message not sent; will retry');
    else log.info(fields, `message ${o.kind}`);
  }

  function launch(m: ClaimedMessage): Promise<void> {
    const done = handle(m)
      .catch((err: unknown) => {
        // Fail-safe: the lease expires and the message is claimed again (and a text's previous
        // attempt looked up at Twilio first), so an error here costs time, not a message.
        log.error(
          { message_id: m.id, err: err instanceof Error ? err.message : String(err) },
          'message not recorded',
        );
      })
      .finally(() => inFlight.delete(m.id));
    inFlight.set(m.id, { claim: m, done });
    return done;
  }

  /** Claims a batch and handles it; answers how many were claimed. */
  async function batch(): Promise<number> {
    const claimed = await claimDueMessages(db, { now: clock.now(), limit: concurrency, leaseMs });
    await Promise.all(claimed.map(launch));
    return claimed.length;
  }

  async function loop(): Promise<void> {
    while (running) {
      let claimed = 0;
      try {
        claimed = await batch();
      } catch (err) {
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'claiming messages failed');
      }
      if (claimed < concurrency && running) await sleep(pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    wake,
    async stop(deadlineMs = 12_000) {
      running = false;
      wake();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      });
      await Promise.race([loopDone, deadline]);
      clearTimeout(timer);
      const unfinished = [...inFlight.values()].map((p) => p.claim);
      if (unfinished.length > 0) {
        await releaseMessageLeases(db, unfinished).catch(() => {});
        log.warn({ messages: unfinished.length }, 'shutdown deadline passed; leases handed back');
      }
      opts.mailer?.close();
    },
    async drain() {
      let handled = 0;
      for (;;) {
        const n = await batch();
        handled += n;
        if (n === 0) return handled;
      }
    },
  };
}
