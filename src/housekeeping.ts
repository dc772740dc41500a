import type { Logger } from 'pino';
import { pruneKnownAddresses } from './auth/known-addresses.js';
import { pruneSessions } from './auth/sessions.js';
import { pruneThrottles } from './auth/throttle.js';
import type { Database } from './db/client.js';
import { pruneReplayRecords } from './http/idempotency.js';
import type { Clock } from './lib/clock.js';
import { closeSilentCalls } from './live-call/sweep.js';
import type { LanguageModel } from './llm/language-model.js';
import { deleteSettledInvitations } from './modules/invitations/invitations.repo.js';
import { prunePasswordResets } from './modules/password-reset/password-reset.repo.js';
import { applyRetention } from './modules/privacy/privacy.service.js';
import type { Recorder } from './telephony/recordings/recorder.js';
import { pruneTwilioReplays } from './telephony/twilio/replays.repo.js';

const DAY = 24 * 60 * 60 * 1000;
/** Used or expired invitations are kept a while so an admin can see what happened to them. */
const INVITATION_KEEP_MS = 30 * DAY;
const EVERY_MS = 10 * 60 * 1000;
/** Often enough that a test of the draft left silent closes about five minutes after its last word. */
const SWEEP_EVERY_MS = 60 * 1000;

export interface Pruned {
  idempotency_keys: number;
  sessions: number;
  auth_throttle: number;
  known_addresses: number;
  invitations: number;
  twilio_replays: number;
  password_resets: number;
}

/**
 * Deletes rows that can no longer mean anything: replay records past their 24 h window,
 * sessions past their absolute or idle expiry (or revoked), sign-in throttles whose window is
 * over, networks their user has not signed in from for 90 days, invitations used or expired
 * a month ago, and password resets a day past their expiry.
 */
export async function pruneExpired(db: Database, now: Date): Promise<Pruned> {
  return {
    idempotency_keys: await pruneReplayRecords(db, now),
    sessions: await pruneSessions(db, now),
    auth_throttle: await pruneThrottles(db, now),
    known_addresses: await pruneKnownAddresses(db, now),
    invitations: await deleteSettledInvitations(db, new Date(now.getTime() - INVITATION_KEEP_MS)),
    // Twilio stops re-sending a webhook within minutes; a day is ample.
    twilio_replays: await pruneTwilioReplays(db, new Date(now.getTime() - DAY)),
    // A reset past its 30 minutes can no longer be used; a day later nothing needs it.
    password_resets: await prunePasswordResets(db, new Date(now.getTime() - DAY)),
  };
}

/**
 * Prunes and applies the retention periods now and every ten minutes, and closes calls silent too long now and every minute, until
 * stopped. A failed run is logged and tried again later.
 */
export function startHousekeeping(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Calls the sweep closes get the model's summary and audit too, when it is configured. */
  model?: LanguageModel | null;
  /** Recordings: requests left unasked are asked again, and deleted ones are deleted at Twilio. */
  recordings?: Recorder | null;
}): () => void {
  const recordings = deps.recordings ?? null;
  const prune = () => {
    pruneExpired(deps.db, deps.clock.now()).then(
      (pruned) => deps.logger.debug({ pruned }, 'housekeeping'),
      (error: unknown) => deps.logger.warn({ err: error }, 'housekeeping failed'),
    );
    // Each workspace's retention periods (docs/privacy.md, "How long"); the audit log keeps the detail.
    applyRetention(deps.db, deps.clock.now(), recordings).then(
      (run) => {
        if (run.workspaces > 0) deps.logger.info({ event: 'retention.applied', ...run }, 'applied retention');
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'applying retention failed'),
    );
  };
  const sweep = () => {
    closeSilentCalls(deps).then(
      (closed) => {
        if (closed > 0) deps.logger.info({ event: 'calls.swept', closed }, 'closed calls silent too long');
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'closing silent calls failed'),
    );
    // docs/telephony.md, "Recording calls": within a minute of an instance stopping mid-request.
    recordings?.sweep().then(
      (swept) => {
        if (swept.started + swept.failed + swept.purged > 0)
          deps.logger.info({ event: 'recordings.swept', ...swept }, 'recordings swept');
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'sweeping recordings failed'),
    );
  };
  prune();
  sweep();
  const timers = [setInterval(prune, EVERY_MS), setInterval(sweep, SWEEP_EVERY_MS)];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
