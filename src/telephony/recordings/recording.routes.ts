import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../../auth/permissions.js';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { ApiError, notFound } from '../../http/errors.js';
import { recorderOf } from '../../http/recorder-of.js';
import { findCall } from '../../modules/calls/calls.repo.js';
import { lockRecordingCall, markRecordingsDeleted } from '../../modules/calls/recordings.repo.js';
import { auditedSince, writeAudit } from '../../modules/privacy/audit.repo.js';
import { auditActor } from '../../modules/privacy/privacy.service.js';
import { passThrough, sliceOf } from './audio-stream.js';
import {
  type ByteRangeRequest,
  parseContentRange,
  parseRange,
  parseUnsatisfiedSize,
  rangeHeader,
  resolveRange,
} from './byte-range.js';
import { announceRecording } from './recorder.js';
import { fetchRecordingMedia } from './twilio-recordings.js';

const TAGS = ['Calls'];
const CallParams = z.strictObject({ call_id: z.string().max(40) });
/** A member's plays of one recording are audited once in this window (docs/privacy.md). */
const READ_AUDIT_WINDOW_MS = 30 * 60 * 1000;

const audioResponse = {
  200: { description: 'The whole recording, MP3.', content: { 'audio/mpeg': { schema: z.string() } } },
  206: {
    description: 'The bytes the Range asked for (Content-Range says which, of how many).',
    content: { 'audio/mpeg': { schema: z.string() } },
  },
};

function recordingNotFound(callId: string): ApiError {
  return notFound('recording of call', callId);
}

function upstreamFailed(): ApiError {
  return new ApiError(
    'upstream_failed',
    "Twilio, which keeps the recording's audio, failed or did not answer in time; try again shortly.",
  );
}

function unsatisfiable(size: number): ApiError {
  return new ApiError(
    'range_not_satisfiable',
    `The range asked for is past the end of the ${size}-byte recording.`,
    {
      headers: { 'Content-Range': `bytes */${size}` },
    },
  );
}

/** Writes recording.read unless this member (or key) was audited playing it in the last half hour. */
async function auditRead(deps: AppDeps, p: Principal, callId: string): Promise<void> {
  const actor = auditActor(p);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const since = new Date(now.getTime() - READ_AUDIT_WINDOW_MS);
    const actorId = actor.type === 'system' ? '' : actor.id;
    if (await auditedSince(tx, p.workspaceId, 'recording.read', callId, actorId, since)) return;
    await writeAudit(
      tx,
      p.workspaceId,
      { actor, action: 'recording.read', subject: { type: 'call', id: callId } },
      now,
    );
  });
}

/**
 * Answers Twilio's media as the client asked: a 206 Twilio made is passed on; a 200 Twilio made
 * in spite of the Range is cut to the range here; an unsatisfiable range is 416 with the size.
 */
function answerMedia(
  reply: FastifyReply,
  upstream: IncomingMessage,
  range: ByteRangeRequest | null,
): FastifyReply | ApiError {
  const status = upstream.statusCode ?? 0;
  const length = Number(upstream.headers['content-length'] ?? Number.NaN);
  reply.header('Accept-Ranges', 'bytes').type('audio/mpeg');
  if (status === 416) {
    upstream.resume();
    const size = parseUnsatisfiedSize(upstream.headers['content-range']);
    return size === null ? upstreamFailed() : unsatisfiable(size);
  }
  if (status === 206) {
    const part = parseContentRange(upstream.headers['content-range']);
    if (part === null) return upstreamFailed();
    reply
      .code(206)
      .header('Content-Range', `bytes ${part.start}-${part.end}/${part.size}`)
      .header('Content-Length', String(part.end - part.start + 1));
    return reply.send(passThrough(upstream));
  }
  if (status !== 200) {
    upstream.resume();
    return upstreamFailed();
  }
  if (range === null || !Number.isSafeInteger(length)) {
    if (Number.isSafeInteger(length)) reply.header('Content-Length', String(length));
    return reply.code(200).send(passThrough(upstream));
  }
  const wanted = resolveRange(range, length);
  if (wanted === null) {
    upstream.destroy();
    return unsatisfiable(length);
  }
  const size = wanted.end - wanted.start + 1;
  reply
    .code(206)
    .header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${length}`)
    .header('Content-Length', String(size));
  return reply.send(sliceOf(upstream, wanted.start, size));
}

/**
 * A call's recording (docs/privacy.md, "Call recordings"): played through the service, which
 * fetches the audio from Twilio with the account's credentials (the browser never sees Twilio's
 * address or credentials), and deleted here and at Twilio.
 */
export function registerRecordingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const recorder = recorderOf(deps);
  const callGuard = {
    param: 'call_id',
    what: 'call',
    exists: async (ws: string, id: string) => (await findCall(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/calls/:call_id/recording',
    {
      config: { operation: 'calls.read', resource: callGuard },
      schema: {
        tags: TAGS,
        summary: "A call's recording, MP3, with range requests",
        description:
          "Streams the audio from Twilio through the service (Accept-Ranges: bytes; one range per request: bytes=a-b, a- or -n answers 206 with Content-Range; a range past the end is 416 with Content-Range: bytes */size). 404 unless the call's recording is completed (not recorded, still being made, failed, or deleted). 502 upstream_failed when Twilio fails or does not answer in time. Each member's (or key's) plays of a recording are written to the audit log once per half hour (recording.read).",
        params: CallParams,
        response: audioResponse,
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const callId = request.params.call_id;
      const row = await findCall(deps.db, p.workspaceId, callId);
      if (!row) throw notFound('call', callId);
      const sid = row.recording_sid ?? null;
      if (row.recording_status !== 'completed' || sid === null) throw recordingNotFound(callId);
      const account = await recorder.accountOf(p.workspaceId, callId);
      if (account === null) throw recordingNotFound(callId);
      const range = parseRange(request.headers.range);
      let upstream: IncomingMessage;
      try {
        upstream = await fetchRecordingMedia(
          recorder.twilio,
          account,
          sid,
          range === null ? null : rangeHeader(range),
        );
      } catch (error) {
        request.log.warn({ call_id: callId, reason: (error as Error).message }, 'recording media failed');
        throw upstreamFailed();
      }
      const status = upstream.statusCode ?? 0;
      if (status === 200 || status === 206) {
        try {
          await auditRead(deps, p, callId);
        } catch (error) {
          upstream.destroy();
          throw error;
        }
      }
      const answered = answerMedia(reply, upstream, range);
      if (answered instanceof ApiError) {
        request.log.warn({ call_id: callId, status }, 'recording media not served');
        throw answered;
      }
      return answered;
    },
  );

  r.delete(
    '/api/v1/calls/:call_id/recording',
    {
      config: { operation: 'privacy.manage', resource: callGuard },
      schema: {
        tags: TAGS,
        summary: "Delete a call's recording, here and at Twilio",
        description:
          "Admins and the owner (API keys: privacy:manage). The recording can no longer be played from the moment this answers; Twilio's copy is deleted at once, or, if Twilio cannot be reached, by the housekeeping within ten minutes. Emits call.updated and writes recording.deleted to the audit log. A recording already deleted (or a call never recorded) is 404.",
        params: CallParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const callId = request.params.call_id;
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const row = await lockRecordingCall(tx, p.workspaceId, callId);
        if (!row) throw notFound('call', callId);
        const deleted = await markRecordingsDeleted(tx, p.workspaceId, { callIds: [callId] }, now);
        if (deleted.length === 0) throw recordingNotFound(callId);
        await writeAudit(
          tx,
          p.workspaceId,
          { actor: auditActor(p), action: 'recording.deleted', subject: { type: 'call', id: callId } },
          now,
        );
        const updated = await lockRecordingCall(tx, p.workspaceId, callId);
        if (updated) await announceRecording(tx, updated, now);
      });
      await recorder.purge(p.workspaceId);
      return reply.code(204).send(null);
    },
  );
}
