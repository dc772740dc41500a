import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RecordingStatus } from '../../modules/calls/calls.repo.js';
import { lockRecordingCall, saveRecordingReport } from '../../modules/calls/recordings.repo.js';
import { openAccountSid } from '../../modules/phone-numbers/phone-numbers.service.js';
import { findCallRoute } from '../twilio/call-route.repo.js';
import { parseFields } from '../twilio/fields.js';
import { type FormBody, singleValued } from '../twilio/form-body.js';
import type { TelephonyEnv } from '../twilio/telephony-env.js';
import { checkSignature } from '../twilio/twilio-auth.js';
import { announceRecording } from './recorder.js';

const RecordingCallback = z.object({
  AccountSid: z.string().max(64).default(''),
  CallSid: z.string().max(64).default(''),
  RecordingSid: z.string().regex(/^RE[0-9a-fA-F]{32}$/),
  RecordingStatus: z.string().min(1).max(32),
  RecordingDuration: z.string().max(12).optional(),
  RecordingChannels: z.string().max(4).optional(),
  RecordingStartTime: z.string().max(64).optional(),
  ErrorCode: z.string().max(12).optional(),
});

/** Twilio's RecordingStatus values and what is kept for each; others (processing...) change nothing. */
const STATUS: Record<string, RecordingStatus> = {
  'in-progress': 'in_progress',
  completed: 'completed',
  absent: 'absent',
  failed: 'failed',
};

/** in_progress may arrive after completed (Twilio retries out of order): a settled one stays. */
const SETTLED: readonly (RecordingStatus | null)[] = ['completed', 'absent', 'failed', 'deleted'];

function wholeNumber(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

function twilioDate(value: string | undefined): Date | null {
  if (value === undefined || value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The recording status callback given to Twilio when a call's recording is started
 * (docs/telephony.md, "Recording calls"): the call is named in the query and the signature must
 * verify with the auth token of the number the call was made to, as for every callback about a
 * call. A callback about no call here, about a call that is not recorded, from another account,
 * or about another call or recording is answered 204 and changes nothing, so Twilio has nothing
 * to retry; a missing or wrong signature is 403. A repeated callback changes nothing more, and a
 * recording becoming completed is announced once (call.updated).
 */
export function registerRecordingStatusRoute(scope: FastifyInstance, env: TelephonyEnv): void {
  scope.post('/telephony/twilio/recording-status', { schema: { hide: true } }, async (request, reply) => {
    const id = (request.query as Record<string, unknown> | undefined)?.call;
    const route = typeof id === 'string' && id.length <= 40 ? await findCallRoute(env.calls.db, id) : null;
    if (!route) return reply.code(204).send();
    const form = (request.body ?? {}) as FormBody;
    checkSignature(env.auth, request, route.phone, form);
    const fields = parseFields(RecordingCallback, singleValued(form));
    const status = STATUS[fields.RecordingStatus];
    const account = openAccountSid(env.auth.secrets(), route.phone);
    const otherAccount = account !== null && fields.AccountSid !== account;
    const otherCall = route.callSid !== null && fields.CallSid !== route.callSid;
    if (status === undefined || otherAccount || otherCall) return reply.code(204).send();
    const workspaceId = route.phone.workspace_id;
    const now = env.calls.clock.now();
    const purge = await env.calls.db.transaction(async (tx) => {
      const row = await lockRecordingCall(tx, workspaceId, route.callId);
      if (!row || (row.recording_status ?? null) === null) return false;
      if (row.recording_sid != null && row.recording_sid !== fields.RecordingSid) return false;
      const before = row.recording_status ?? null;
      const next = SETTLED.includes(before) && status === 'in_progress' ? before : status;
      const updated = await saveRecordingReport(
        tx,
        workspaceId,
        row.id,
        {
          sid: fields.RecordingSid,
          status: next ?? status,
          channels: wholeNumber(fields.RecordingChannels),
          durationSeconds: wholeNumber(fields.RecordingDuration),
          startedAt: twilioDate(fields.RecordingStartTime),
          error:
            status === 'absent' || status === 'failed'
              ? `Twilio: ${fields.RecordingStatus}${fields.ErrorCode ? ` (error ${fields.ErrorCode})` : ''}`
              : null,
        },
        now,
      );
      if (updated && before !== 'completed' && updated.recording_status === 'completed') {
        await announceRecording(tx, updated, now);
      }
      // Deleted here before Twilio named it (an erasure mid-call): Twilio's copy goes too.
      return before === 'deleted' && row.recording_sid == null;
    });
    if (purge) await env.recordings.purge(workspaceId);
    return reply.code(204).send();
  });
}
