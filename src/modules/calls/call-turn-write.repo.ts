import type { Queryable } from '../../db/client.js';
import { LIVE_CHANNEL } from '../../events/live/notify.js';
import { notFound } from '../../http/errors.js';
import { CALL_PATCHABLE, type CallPatch, type TurnRow } from './calls.repo.js';

/**
 * Writes one turn of a call whose row this transaction has already locked (lockCall), in one
 * statement: the transcript lines numbered after the call's last one, the changed columns of
 * the call, and, unless `live` is false (a test of the draft), the live stream's `call.turn`
 * notice for the new lines (delivered at commit, like every NOTIFY). A turn is most of a call's
 * work, and each statement is a round trip (a message to the database thread on the embedded
 * database), so the separate lock, max(seq), one INSERT per line, NOTIFY and UPDATE ... RETURNING *
 * of a general append are folded into this one. The caller knows the row it wrote, so nothing
 * is read back.
 */
export async function writeCallTurn(
  tx: Queryable,
  workspaceId: string,
  callId: string,
  lines: readonly Omit<TurnRow, 'seq'>[],
  patch: CallPatch,
  live: boolean,
): Promise<void> {
  const params: unknown[] = [
    workspaceId,
    callId,
    lines.map((l) => l.speaker),
    lines.map((l) => l.text),
    lines.map((l) => l.at.toISOString()),
    LIVE_CHANNEL,
    live,
  ];
  const sets = CALL_PATCHABLE.filter((k) => patch[k] !== undefined).map((k) => {
    params.push(k === 'state' ? JSON.stringify(patch.state ?? null) : patch[k]);
    return `${k} = $${params.length}${k === 'state' ? '::jsonb' : ''}`;
  });
  if (sets.length === 0) throw new Error('writeCallTurn needs at least one column to change');
  // The notice has the shape of LiveNotice (events/live/notify.ts) for `call.turn`.
  const rows = await tx.query<{ changed: number }>(
    `WITH last AS (
       SELECT coalesce(max(seq), 0) AS seq FROM call_turns WHERE workspace_id = $1 AND call_id = $2
     ), added AS (
       INSERT INTO call_turns (workspace_id, call_id, seq, speaker, text, at)
       SELECT $1, $2, last.seq + l.n, l.speaker, l.text, l.at
         FROM last, unnest($3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY AS l (speaker, text, at, n)
       RETURNING seq
     ), changed AS (
       UPDATE calls SET ${sets.join(', ')} WHERE workspace_id = $1 AND id = $2 RETURNING 1
     ), span AS (
       SELECT min(seq) AS first, max(seq) AS last FROM added
     )
     SELECT (SELECT count(*) FROM changed)::int AS changed,
            (SELECT count(*) FROM span, LATERAL (
               SELECT pg_notify($6, json_build_object('w', $1::text, 't', 'call.turn', 'id', $2::text,
                                                      'from', span.first, 'to', span.last)::text)
                WHERE $7::boolean AND span.first IS NOT NULL) n)::int AS notified`,
    params,
  );
  if (rows[0]?.changed !== 1) throw notFound('call', callId);
}
