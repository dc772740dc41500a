import type { Queryable } from '../../db/client.js';
import { optional } from '../../db/optional-filter.js';
import { callHits, searchedRows } from '../../db/search.repo.js';
import { notifyLive } from '../../events/outbox.js';
import { notFound } from '../../http/errors.js';
import type { SearchTerms } from '../../lib/search.js';

export const CALL_CHANNELS = ['twilio', 'sim'] as const;
export type CallChannel = (typeof CALL_CHANNELS)[number];
export const CALL_STATUSES = ['in_progress', 'completed', 'transferred', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/**
 * How a call ended, in the desk's words: booked (a callback or viewing), transferred (a person
 * took it), message (left one for the team), not_seller (not selling, no message), hung_up,
 * silence, completed (the agent closed it without a booking), failed (never connected).
 */
export const CALL_ENDINGS = [
  'booked',
  'transferred',
  'message',
  'not_seller',
  'hung_up',
  'silence',
  'completed',
  'failed',
] as const;
export type CallEnding = (typeof CALL_ENDINGS)[number];

export const SPEAKERS = ['agent', 'caller', 'system'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export interface CallRow {
  workspace_id: string;
  id: string;
  direction: 'inbound';
  channel: CallChannel;
  from_number: string;
  to_number: string;
  status: CallStatus;
  started_at: Date;
  ended_at: Date | null;
  duration_seconds: number | null;
  summary: string | null;
  /** The language model's summary, once it passed the check against the record; null otherwise. */
  model_summary: string | null;
  transferred_to: string | null;
  transfer_result: string | null;
  end_reason: string | null;
  /** Null while the call is in progress. */
  ending: CallEnding | null;
  lead_id: string | null;
  /** This call's own paragraph of its lead's note, as it last wrote it (mergeCallNote). */
  lead_note: string | null;
  opportunity_id: string | null;
  agent_version: number | null;
  test: boolean;
  provider_call_id: string | null;
  /** The dialog engine's state between turns; the engine owns its shape. */
  state: unknown;
  /** When retention or an erasure removed its words (docs/privacy.md); null while they are kept. */
  content_removed_at?: Date | null;
  updated_at: Date;
  /** The call's recording (docs/privacy.md, "Call recordings"); null or absent: not recorded. */
  recording_status?: RecordingStatus | null;
  recording_sid?: string | null;
  recording_channels?: number | null;
  recording_duration_seconds?: number | null;
  recording_started_at?: Date | null;
  recording_deleted_at?: Date | null;
  /** Why a recording failed or was not deleted at Twilio, in Twilio's words. */
  recording_error?: string | null;
  /** Requests to start it, the last one's claim, and when Twilio confirmed a deleted one gone. */
  recording_attempts?: number;
  recording_attempted_at?: Date | null;
  recording_purged_at?: Date | null;
}

/** A recording's state as stored (migration 0026); the API shows fewer (calls.schemas.ts). */
export const RECORDING_STATUSES = [
  'requested',
  'in_progress',
  'completed',
  'absent',
  'failed',
  'deleted',
] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** The columns a call may change after it starts. */
export type CallPatch = Partial<
  Pick<
    CallRow,
    | 'status'
    | 'ended_at'
    | 'duration_seconds'
    | 'summary'
    | 'model_summary'
    | 'transferred_to'
    | 'transfer_result'
    | 'end_reason'
    | 'ending'
    | 'lead_id'
    | 'lead_note'
    | 'opportunity_id'
    | 'provider_call_id'
    | 'state'
    | 'updated_at'
  >
>;

/** The columns of CallPatch, in the order an UPDATE sets them. */
export const CALL_PATCHABLE: readonly (keyof CallPatch)[] = [
  'status',
  'ended_at',
  'duration_seconds',
  'summary',
  'model_summary',
  'transferred_to',
  'transfer_result',
  'end_reason',
  'ending',
  'lead_id',
  'lead_note',
  'opportunity_id',
  'provider_call_id',
  'state',
  'updated_at',
];

export async function insertCall(tx: Queryable, row: CallRow): Promise<void> {
  await tx.query(
    `INSERT INTO calls (workspace_id, id, direction, channel, from_number, to_number, status, started_at,
       ended_at, duration_seconds, summary, transferred_to, transfer_result, end_reason, lead_id,
       opportunity_id, agent_version, test, provider_call_id, state, updated_at, lead_note, ending,
       recording_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb, $21, $22,
       $23, $24)`,
    [
      row.workspace_id,
      row.id,
      row.direction,
      row.channel,
      row.from_number,
      row.to_number,
      row.status,
      row.started_at,
      row.ended_at,
      row.duration_seconds,
      row.summary,
      row.transferred_to,
      row.transfer_result,
      row.end_reason,
      row.lead_id,
      row.opportunity_id,
      row.agent_version,
      row.test,
      row.provider_call_id,
      JSON.stringify(row.state ?? null),
      row.updated_at,
      row.lead_note,
      row.ending,
      row.recording_status ?? null,
    ],
  );
  // A test of the draft emits nothing, live or by webhook.
  if (!row.test) await notifyLive(tx, { w: row.workspace_id, t: 'call.started', id: row.id });
}

export async function findCall(db: Queryable, workspaceId: string, id: string): Promise<CallRow | null> {
  const rows = await db.query<CallRow>('SELECT * FROM calls WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
  ]);
  return rows[0] ?? null;
}

/** The call record of a carrier call (Twilio's CallSid), so a repeated webhook finds the same call. */
export async function findCallByProviderId(
  db: Queryable,
  workspaceId: string,
  providerCallId: string,
): Promise<CallRow | null> {
  const rows = await db.query<CallRow>(
    'SELECT * FROM calls WHERE workspace_id = $1 AND provider_call_id = $2',
    [workspaceId, providerCallId],
  );
  return rows[0] ?? null;
}

/** Applies the given columns only; answers the updated row, or null when there is no such call. */
export async function updateCall(
  tx: Queryable,
  workspaceId: string,
  id: string,
  patch: CallPatch,
): Promise<CallRow | null> {
  const keys = CALL_PATCHABLE.filter((k) => patch[k] !== undefined);
  if (keys.length === 0) return findCall(tx, workspaceId, id);
  const sets = keys.map((k, i) => `${k} = $${i + 3}${k === 'state' ? '::jsonb' : ''}`);
  const values = keys.map((k) => (k === 'state' ? JSON.stringify(patch.state ?? null) : patch[k]));
  const rows = await tx.query<CallRow>(
    `UPDATE calls SET ${sets.join(', ')} WHERE workspace_id = $1 AND id = $2 RETURNING *`,
    [workspaceId, id, ...values],
  );
  return rows[0] ?? null;
}

export interface TurnRow {
  seq: number;
  speaker: Speaker;
  text: string;
  at: Date;
}

/**
 * Appends turns after the call's last one. The call row is locked first, so two appends to
 * one call (a Twilio retry racing the original webhook) queue rather than take the same seq.
 */
export async function appendTurns(
  tx: Queryable,
  workspaceId: string,
  callId: string,
  turns: readonly Omit<TurnRow, 'seq'>[],
): Promise<TurnRow[]> {
  const locked = await tx.query<{ test: boolean }>(
    'SELECT test FROM calls WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
    [workspaceId, callId],
  );
  const call = locked[0];
  if (call === undefined) throw notFound('call', callId);
  const last = await tx.query<{ seq: number | null }>(
    'SELECT max(seq) AS seq FROM call_turns WHERE workspace_id = $1 AND call_id = $2',
    [workspaceId, callId],
  );
  let seq = last[0]?.seq ?? 0;
  const added: TurnRow[] = [];
  for (const turn of turns) {
    seq += 1;
    await tx.query(
      'INSERT INTO call_turns (workspace_id, call_id, seq, speaker, text, at) VALUES ($1, $2, $3, $4, $5, $6)',
      [workspaceId, callId, seq, turn.speaker, turn.text, turn.at],
    );
    added.push({ seq, ...turn });
  }
  const first = added[0];
  if (first !== undefined && !call.test) {
    await notifyLive(tx, { w: workspaceId, t: 'call.turn', id: callId, from: first.seq, to: seq });
  }
  return added;
}

export async function listTurns(db: Queryable, workspaceId: string, callId: string): Promise<TurnRow[]> {
  return db.query<TurnRow>(
    'SELECT seq, speaker, text, at FROM call_turns WHERE workspace_id = $1 AND call_id = $2 ORDER BY seq',
    [workspaceId, callId],
  );
}

/** Which calls a list holds by the test flag: real calls only (the default), with tests, or tests only. */
export const TEST_CALL_FILTERS = ['exclude', 'include', 'only'] as const;
export type TestCallFilter = (typeof TEST_CALL_FILTERS)[number];

export interface CallFilters {
  status?: CallStatus | undefined;
  ending?: CallEnding | undefined;
  /** Default exclude. */
  test?: TestCallFilter | undefined;
  from?: string | undefined;
  /** The lead's calls, whichever number they came from. */
  lead_id?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
  /** The caller's number, the transcript or summary, or the call's lead or opportunity. */
  search?: SearchTerms | null | undefined;
}

const TEST_CONDITION: Record<TestCallFilter, string> = {
  exclude: 'NOT test',
  include: 'TRUE',
  only: 'test',
};

/** Calls by start time, newest first unless asc; the cursor is (started_at, id). */
export async function listCalls(
  db: Queryable,
  workspaceId: string,
  filters: CallFilters,
  page: { after: { startedAt: Date; id: string } | null; order: 'asc' | 'desc'; limit: number },
): Promise<CallRow[]> {
  const cmp = page.order === 'desc' ? '<' : '>';
  const pastCursor = `(started_at, id) ${cmp} ($6::timestamptz, $7::text)`;
  const where = `${optional(filters.status, 2, 'text', 'status = $2')}
        AND ${optional(filters.from, 3, 'text', 'from_number = $3')}
        AND ${optional(filters.since, 4, 'timestamptz', 'started_at >= $4')}
        AND ${optional(filters.until, 5, 'timestamptz', 'started_at < $5')}
        AND ${optional(page.after, 6, 'timestamptz', pastCursor, [7, 'text'])}
        AND ${optional(filters.ending, 11, 'text', 'ending = $11')}
        AND ${optional(filters.lead_id, 12, 'text', 'lead_id = $12')}
        AND ${TEST_CONDITION[filters.test ?? 'exclude']}`;
  const rows = filters.search
    ? searchedRows('calls', callHits({ ws: 1, text: 9, digits: 10 }), 1, where)
    : `SELECT * FROM calls WHERE workspace_id = $1 AND ${where} AND $9::text IS NULL AND $10::text IS NULL`;
  return db.query<CallRow>(`${rows} ORDER BY started_at ${page.order}, id ${page.order} LIMIT $8`, [
    workspaceId,
    filters.status ?? null,
    filters.from ?? null,
    filters.since ?? null,
    filters.until ?? null,
    page.after?.startedAt ?? null,
    page.after?.id ?? null,
    page.limit + 1,
    filters.search?.pattern ?? null,
    filters.search?.digits ?? null,
    filters.ending ?? null,
    filters.lead_id ?? null,
  ]);
}

/** Whether a booking (a callback or viewing) was made in the call, whatever became of it since. */
export async function callBooked(db: Queryable, workspaceId: string, callId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM bookings WHERE workspace_id = $1 AND call_id = $2 LIMIT 1', [
    workspaceId,
    callId,
  ]);
  return rows.length > 0;
}

/** The call row, locked for the rest of the transaction: turns of one call never interleave. */
export async function lockCall(tx: Queryable, workspaceId: string, callId: string): Promise<CallRow | null> {
  const rows = await tx.query<CallRow>('SELECT * FROM calls WHERE workspace_id = $1 AND id = $2 FOR UPDATE', [
    workspaceId,
    callId,
  ]);
  return rows[0] ?? null;
}

/** True when the workspace has this call and it is a test call (channel sim), not a phone call. */
export async function isSimCall(db: Queryable, workspaceId: string, callId: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM calls WHERE workspace_id = $1 AND id = $2 AND channel = 'sim'", [
    workspaceId,
    callId,
  ]);
  return rows.length > 0;
}

/**
 * Calls of every workspace still in progress with nothing recorded since `quiet` (a call a
 * person has taken over: since `handedOver`; a test call of the draft: since `test`): the
 * carrier never said they ended, or nobody is left at the keyboard.
 */
export async function listSilentCalls(
  db: Queryable,
  since: { quiet: Date; handedOver: Date; test: Date },
  limit: number,
): Promise<{ workspace_id: string; id: string }[]> {
  return db.query<{ workspace_id: string; id: string }>(
    `SELECT workspace_id, id FROM calls
     WHERE ended_at IS NULL
       AND updated_at < CASE WHEN transfer_result = 'connected' THEN $2::timestamptz
                             WHEN test THEN $4::timestamptz
                             ELSE $1::timestamptz END
     ORDER BY updated_at LIMIT $3`,
    [since.quiet, since.handedOver, limit, since.test],
  );
}

/** Calls in progress in every workspace (test calls of a draft left out), for metrics. */
export async function countOpenCalls(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM calls WHERE ended_at IS NULL AND NOT test',
  );
  return rows[0]?.n ?? 0;
}

/** Transcript lines `from`..`to` of a call, for the live stream. */
export async function listTurnsBetween(
  db: Queryable,
  workspaceId: string,
  callId: string,
  from: number,
  to: number,
): Promise<TurnRow[]> {
  return db.query<TurnRow>(
    `SELECT seq, speaker, text, at FROM call_turns
      WHERE workspace_id = $1 AND call_id = $2 AND seq BETWEEN $3 AND $4 ORDER BY seq`,
    [workspaceId, callId, from, to],
  );
}

/**
 * A workspace's calls in progress (test calls of a draft left out, as the live stream leaves
 * them), oldest first, and their transcripts so far: what a new subscriber of the live stream
 * missed. At most `limit` calls; the sweep closes calls left open, so there are never many.
 */
export async function listCallsInProgress(
  db: Queryable,
  workspaceId: string,
  limit: number,
): Promise<{ calls: CallRow[]; turns: (TurnRow & { call_id: string })[] }> {
  const calls = await db.query<CallRow>(
    `SELECT * FROM calls WHERE workspace_id = $1 AND ended_at IS NULL AND NOT test
      ORDER BY started_at, id LIMIT $2`,
    [workspaceId, limit],
  );
  if (calls.length === 0) return { calls, turns: [] };
  const ids = calls.map((c) => c.id);
  const turns = await db.query<TurnRow & { call_id: string }>(
    `SELECT call_id, seq, speaker, text, at FROM call_turns
      WHERE workspace_id = $1 AND call_id IN (${ids.map((_, i) => `$${i + 2}`).join(', ')})
      ORDER BY call_id, seq`,
    [workspaceId, ...ids],
  );
  return { calls, turns };
}
