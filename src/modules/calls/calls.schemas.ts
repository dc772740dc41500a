import { z } from 'zod';
import { iso, Timestamp } from '../../http/schemas.js';
import { CALL_CHANNELS, CALL_STATUSES, type CallRow, SPEAKERS, type TurnRow } from './calls.repo.js';

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
    summary: z.string().nullable().describe('A few lines a desk member can read in ten seconds.'),
    transferred_to: z.string().nullable().describe('The number the caller was handed to, in E.164.'),
    transfer_result: z
      .string()
      .nullable()
      .describe('How the hand-over went, as the carrier reported it (e.g. completed, no-answer, busy).'),
    end_reason: z
      .string()
      .nullable()
      .describe('Why the call ended (e.g. completed, caller_hung_up, silence, transferred, error).'),
    lead_id: z.string().nullable(),
    opportunity_id: z.string().nullable(),
    agent_version: z
      .number()
      .int()
      .nullable()
      .describe(
        'The published agent version the call ran; null: the default (nothing published) or a draft.',
      ),
    test: z.boolean().describe('true: a test call of the draft; it is stored but emits no events.'),
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

/** The API object; call.completed and call.transferred `data` is exactly this. */
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
    transferred_to: row.transferred_to,
    transfer_result: row.transfer_result,
    end_reason: row.end_reason,
    lead_id: row.lead_id,
    opportunity_id: row.opportunity_id,
    agent_version: row.agent_version,
    test: row.test,
  };
}

export function toTranscript(callId: string, turns: readonly TurnRow[]): Transcript {
  return {
    call_id: callId,
    turns: turns.map((t) => ({ speaker: t.speaker, text: t.text, at: iso(t.at) })),
  };
}
