import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/client.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import type { CallRow } from '../../modules/calls/calls.repo.js';
import { toCall } from '../../modules/calls/calls.schemas.js';
import {
  claimRecordingRequest,
  failAbandonedRequests,
  findUnpurgedRecordings,
  findUnstartedRecordings,
  markRecordingPurged,
  saveRecordingPurgeFailed,
  saveRecordingRequestFailed,
  saveRecordingStarted,
} from '../../modules/calls/recordings.repo.js';
import { openAccountSid, openAuthToken } from '../../modules/phone-numbers/phone-numbers.service.js';
import type { TwilioApiOptions } from '../../modules/phone-numbers/twilio-api.js';
import { findCallRoute } from '../twilio/call-route.repo.js';
import {
  createCallRecording,
  deleteRecording,
  failureOf,
  type TwilioCredentials,
} from './twilio-recordings.js';

/**
 * Starts, and deletes at Twilio, the recordings of calls (docs/telephony.md, "Recording calls").
 * The database says what is wanted (a call's recording `requested`, or `deleted` and not yet
 * purged) before Twilio is asked, so an instance that dies mid-request loses nothing: the
 * housekeeping's sweep asks again.
 */
export interface Recorder {
  /** Asks Twilio to record the call, in the background: the caller's answer never waits on it. */
  start(workspaceId: string, callId: string): void;
  /** Deletes at Twilio the recordings deleted here (one workspace's, or all); answers how many went. */
  purge(workspaceId: string | null): Promise<number>;
  /** Housekeeping: asks again for requests left unasked, and purges what is left at Twilio. */
  sweep(): Promise<{ started: number; failed: number; purged: number }>;
  /** The credentials of the account the call was made on; null when its number is gone. */
  accountOf(workspaceId: string, callId: string): Promise<TwilioCredentials | null>;
  twilio: TwilioApiOptions;
  /** Resolves once the background work started so far is done (tests, shutdown). */
  drain(): Promise<void>;
}

export interface RecorderDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  secrets: () => SecretBox;
  twilio: TwilioApiOptions;
}

/** Pauses between tries when Twilio refuses or does not answer; then the recording has failed. */
const RETRY_DELAYS_MS = [500, 2_000];
/** A claim older than this was left by an instance that stopped. */
const CLAIM_MS = 60_000;
/** A request not started within this of the call's start is given up: the call is long over. */
const GIVE_UP_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

export function recordingCallbackUrl(publicUrl: string, callId: string): string {
  return `${publicUrl}/telephony/twilio/recording-status?call=${encodeURIComponent(callId)}`;
}

export function createRecorder(deps: RecorderDeps): Recorder {
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    work.then(
      () => pending.delete(work),
      () => pending.delete(work),
    );
    return work;
  };
  const log = deps.logger;

  async function accountOf(workspaceId: string, callId: string): Promise<TwilioCredentials | null> {
    const route = await findCallRoute(deps.db, callId);
    if (!route || route.phone.workspace_id !== workspaceId) return null;
    const box = deps.secrets();
    const accountSid = openAccountSid(box, route.phone);
    return accountSid === null ? null : { accountSid, authToken: openAuthToken(box, route.phone) };
  }

  /** Tries until Twilio takes the request or the tries run out; each try claims the row first. */
  async function request(workspaceId: string, callId: string): Promise<boolean> {
    for (;;) {
      const now = deps.clock.now();
      const claim = await claimRecordingRequest(
        deps.db,
        workspaceId,
        callId,
        now,
        new Date(now.getTime() - CLAIM_MS),
      );
      if (claim === null) return false;
      const final = claim.attempts > RETRY_DELAYS_MS.length;
      const account = await accountOf(workspaceId, callId);
      if (account === null) {
        const reason = 'The number the call was made to is no longer registered with its Twilio account.';
        await saveRecordingRequestFailed(deps.db, workspaceId, callId, reason, true);
        return false;
      }
      try {
        const made = await createCallRecording(
          deps.twilio,
          account,
          claim.call_sid,
          recordingCallbackUrl(deps.publicUrl, callId),
        );
        const status = await saveRecordingStarted(deps.db, workspaceId, callId, made.sid, made.startTime);
        log.info(
          { event: 'recording.requested', workspace_id: workspaceId, call_id: callId },
          'recording started',
        );
        // Deleted while Twilio was being asked (an erasure): it goes at Twilio too.
        if (status === 'deleted') await purge(workspaceId);
        return true;
      } catch (error) {
        const failure = failureOf(error);
        await saveRecordingRequestFailed(deps.db, workspaceId, callId, failure.message, final);
        log.warn(
          {
            workspace_id: workspaceId,
            call_id: callId,
            attempt: claim.attempts,
            final,
            reason: failure.message,
          },
          'Twilio did not start the recording',
        );
        if (final) return false;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[claim.attempts - 1]));
      }
    }
  }

  async function purge(workspaceId: string | null): Promise<number> {
    let purged = 0;
    for (const row of await findUnpurgedRecordings(deps.db, workspaceId, SWEEP_BATCH)) {
      const account = await accountOf(row.workspace_id, row.id);
      if (account === null) {
        await saveRecordingPurgeFailed(
          deps.db,
          row.workspace_id,
          row.id,
          'The number the call was made to is no longer registered: delete the recording in the Twilio console.',
        );
        continue;
      }
      try {
        await deleteRecording(deps.twilio, account, row.recording_sid);
        await markRecordingPurged(deps.db, row.workspace_id, row.id, row.recording_sid, deps.clock.now());
        purged++;
      } catch (error) {
        const reason = failureOf(error).message;
        await saveRecordingPurgeFailed(deps.db, row.workspace_id, row.id, reason);
        log.warn(
          { workspace_id: row.workspace_id, call_id: row.id, reason },
          'Twilio did not delete the recording',
        );
      }
    }
    return purged;
  }

  async function sweep() {
    const now = deps.clock.now();
    const since = new Date(now.getTime() - GIVE_UP_MS);
    let started = 0;
    for (const row of await findUnstartedRecordings(
      deps.db,
      since,
      new Date(now.getTime() - CLAIM_MS),
      SWEEP_BATCH,
    )) {
      if (await track(request(row.workspace_id, row.id))) started++;
    }
    const failed = await failAbandonedRequests(
      deps.db,
      since,
      'Twilio was not asked to record the call while it was in progress.',
    );
    return { started, failed, purged: await track(purge(null)) };
  }

  return {
    start(workspaceId, callId) {
      track(request(workspaceId, callId)).catch((error: unknown) =>
        log.warn({ err: error, workspace_id: workspaceId, call_id: callId }, 'starting the recording failed'),
      );
    },
    purge: (workspaceId) => track(purge(workspaceId)),
    sweep,
    accountOf,
    twilio: deps.twilio,
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** call.updated for a recording that became playable or was deleted (test calls emit nothing). */
export async function announceRecording(tx: Queryable, row: CallRow, at: Date): Promise<void> {
  if (row.test) return;
  await recordEvent(tx, row.workspace_id, 'call.updated', toCall(row), at);
}
