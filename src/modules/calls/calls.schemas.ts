import { z } from 'zod';
import { iso, Timestamp } from '../../http/schemas.js';
import { MODEL_OUTCOMES, MODEL_PURPOSES, type ModelCallRow } from '../../llm/model-calls.repo.js';
import {
  CALL_CHANNELS,
  CALL_ENDINGS,
  CALL_STATUSES,
  type CallRow,
  SPEAKERS,
  type TurnRow,
} from './calls.repo.js';

/** The path the audio is played through: the service streams it from Twilio (docs/privacy.md). */
export const recordingPath = (callId: string) => `/api/v1/calls/${callId}/recording`;

export const Recording = z
  .object({
    status: z
      .enum(['in_progress', 'completed', 'failed', 'deleted'])
      .describe(
        'in_progress: being made (or asked of Twilio); completed: ready to play; failed: Twilio made none (or could not be asked); deleted: removed, here and at Twilio.',
      ),
    channels: z
      .number()
      .int()
      .nullable()
      .describe('2: the caller and the agent (or the desk) on separate channels. Null until Twilio says.'),
    duration_seconds: z.number().int().nullable().describe('Whole seconds; null until completed.'),
    started_at: Timestamp.nullable().describe(
      "When the recording began (Twilio's RecordingStartTime, else the call's start): a transcript line's offset in the audio is its `at` minus this.",
    ),
    url: z
      .string()
      .nullable()
      .describe(
        'The relative path that streams the audio (MP3, range requests) through the service; set only when completed.',
      ),
    deleted_at: Timestamp.nullable(),
  })
  .meta({ id: 'CallRecording' });
export type Recording = z.infer<typeof Recording>;

const SHOWN_STATUS = {
  requested: 'in_progress',
  in_progress: 'in_progress',
  completed: 'completed',
  absent: 'failed',
  failed: 'failed',
  deleted: 'deleted',
} as const;

/** The call's recording as the API shows it; null when the call was not recorded. */
export function toRecording(
  row: Pick<
    CallRow,
    | 'id'
    | 'started_at'
    | 'recording_status'
    | 'recording_channels'
    | 'recording_duration_seconds'
    | 'recording_started_at'
    | 'recording_deleted_at'
  >,
): Recording | null {
  const status = row.recording_status ?? null;
  if (status === null) return null;
  return {
    status: SHOWN_STATUS[status],
    channels: row.recording_channels ?? null,
    duration_seconds: row.recording_duration_seconds ?? null,
    started_at: iso(row.recording_started_at ?? row.started_at),
    url: status === 'completed' ? recordingPath(row.id) : null,
    deleted_at: iso(row.recording_deleted_at ?? null),
  };
}

export const Call = z
  .object({
    id: z.string().describe('call_...'),
    direction: z.literal('inbound'),
    channel: z.enum(CALL_CHANNELS).describe('twilio: a phone call; sim: a test call of the published agent.'),
    from: z.string().describe('The caller, in E.164.'),
    to: z.string().describe('The number called, in E.164 (for a test call, what the test named).'),
    status: z.enum(CALL_STATUSES),
    started_at: Timestamp,
    ended_at: Timestamp.nullable(),
    duration_seconds: z.number().int().nullable().describe('Whole seconds; null while in progress.'),
    summary: z
      .string()
      .nullable()
      .describe(
        "A few lines a desk member can read in ten seconds, written by the rules from the call's record.",
      ),
    model_summary: z
      .string()
      .nullable()
      .describe(
        "The language model's summary, shown as the model's: set a few seconds after the call ends, only with the model on and only when it holds no figure, score, outcome, time, date, sum, postcode, phone number, link or instruction the record does not. Null otherwise.",
      ),
    transferred_to: z.string().nullable().describe('The number the caller was handed to, in E.164.'),
    transfer_result: z
      .string()
      .nullable()
      .describe('How the hand-over went, as the carrier reported it (e.g. completed, no-answer, busy).'),
    end_reason: z
      .string()
      .nullable()
      .describe('Why the call ended (e.g. completed, caller_hung_up, silence, transferred, error).'),
    ending: z
      .enum(CALL_ENDINGS)
      .nullable()
      .describe(
        'How the call ended, in the desk’s words: booked (a callback or viewing was booked), transferred (a person took the caller), message (a message was left for the team), not_seller (not selling, no message), hung_up (the caller hung up first), silence (the line went quiet), completed (the agent closed it without a booking), failed (never connected). Null while in progress.',
      ),
    lead_id: z.string().nullable(),
    opportunity_id: z.string().nullable(),
    agent_version: z
      .number()
      .int()
      .nullable()
      .describe(
        'The published agent version the call ran; null: the default (nothing published) or a draft.',
      ),
    test: z
      .boolean()
      .describe(
        'true: a test call of the draft; it is stored but emits no events, and lists leave it out unless asked (test=include or only).',
      ),
    recording: Recording.nullable().describe(
      "The call's recording; null when it was not recorded (the workspace's call_recording was off when it started, or a test call).",
    ),
  })
  .meta({ id: 'Call' });
export type Call = z.infer<typeof Call>;

export const Turn = z
  .object({ speaker: z.enum(SPEAKERS), text: z.string(), at: Timestamp })
  .meta({ id: 'TranscriptTurn' });

export const Transcript = z
  .object({ call_id: z.string(), turns: z.array(Turn).describe('In the order they were spoken.') })
  .meta({ id: 'Transcript' });
export type Transcript = z.infer<typeof Transcript>;

/** The API object; call.completed, call.transferred and call.updated `data` is exactly this. */
export function toCall(row: CallRow): Call {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel,
    from: row.from_number,
    to: row.to_number,
    status: row.status,
    started_at: iso(row.started_at),
    ended_at: iso(row.ended_at),
    duration_seconds: row.duration_seconds,
    summary: row.summary,
    model_summary: row.model_summary,
    transferred_to: row.transferred_to,
    transfer_result: row.transfer_result,
    end_reason: row.end_reason,
    ending: row.ending,
    lead_id: row.lead_id,
    opportunity_id: row.opportunity_id,
    agent_version: row.agent_version,
    test: row.test,
    recording: toRecording(row),
  };
}

export function toTranscript(callId: string, turns: readonly TurnRow[]): Transcript {
  return {
    call_id: callId,
    turns: turns.map((t) => ({ speaker: t.speaker, text: t.text, at: iso(t.at) })),
  };
}

export const ModelRequest = z
  .object({
    id: z.string().describe('mdl_...'),
    purpose: z.enum(MODEL_PURPOSES).describe('turn: reading a caller turn; summary, audit: after the call.'),
    outcome: z
      .enum(MODEL_OUTCOMES)
      .describe(
        'ok, or why there was no answer: timeout, error, rate_limited, invalid (not the shape asked for).',
      ),
    latency_ms: z.number().int(),
    prompt_tokens: z.number().int().describe('As the provider reported them (0 when it did not).'),
    completion_tokens: z.number().int(),
    created_at: Timestamp,
  })
  .meta({ id: 'ModelRequest' });

export const ModelUsage = z
  .object({
    call_id: z.string(),
    requests: z.array(ModelRequest).describe('Oldest first; empty when the language model is off.'),
    totals: z.object({
      requests: z.number().int(),
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      latency_ms: z.number().int().describe('Time spent waiting for the model, all requests together.'),
    }),
  })
  .meta({ id: 'ModelUsage' });
export type ModelUsage = z.infer<typeof ModelUsage>;

export function toModelUsage(callId: string, rows: readonly ModelCallRow[]): ModelUsage {
  const sum = (pick: (r: ModelCallRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    call_id: callId,
    requests: rows.map((r) => ({
      id: r.id,
      purpose: r.purpose,
      outcome: r.outcome,
      latency_ms: r.latency_ms,
      prompt_tokens: r.prompt_tokens,
      completion_tokens: r.completion_tokens,
      created_at: iso(r.created_at),
    })),
    totals: {
      requests: rows.length,
      prompt_tokens: sum((r) => r.prompt_tokens),
      completion_tokens: sum((r) => r.completion_tokens),
      latency_ms: sum((r) => r.latency_ms),
    },
  };
}
