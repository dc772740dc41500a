import type { Queryable } from '../../db/client.js';
import type { RecordingStatus } from '../calls/calls.repo.js';
import { toRecording } from '../calls/calls.schemas.js';

/**
 * The person's records across every table that holds them (docs/privacy.md). This one file
 * reads and erases them all, rather than each table's owner doing its part, so that "everything
 * held about a person" is written down in one place a reader can check against the schema, and
 * an erasure is one transaction over all of it.
 */

/** The ids of everything that speaks of one person. */
export interface PersonRecords {
  /** The lead asked about, the one it was merged into (if any), and every lead merged into those. */
  leadIds: string[];
  /** Their phone numbers (E.164), as the leads hold them. */
  phones: string[];
  callIds: string[];
  opportunityIds: string[];
  bookingIds: string[];
}

/**
 * The person's leads: a merge says two leads are one seller, so the family is the lead the
 * chain of merges ends at and every lead merged into it, however deep. Empty when the lead is
 * not in this workspace.
 */
export async function findLeadFamily(db: Queryable, workspaceId: string, leadId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE up AS (
       SELECT id, merged_into, 0 AS depth FROM leads WHERE workspace_id = $1 AND id = $2
       UNION ALL
       SELECT l.id, l.merged_into, up.depth + 1 FROM leads l JOIN up ON l.id = up.merged_into
        WHERE l.workspace_id = $1 AND up.depth < 100
     ), root AS (
       SELECT id FROM up WHERE merged_into IS NULL OR depth = 100 LIMIT 1
     ), down AS (
       SELECT id, 0 AS depth FROM root
       UNION ALL
       SELECT l.id, down.depth + 1 FROM leads l JOIN down ON l.merged_into = down.id
        WHERE l.workspace_id = $1 AND down.depth < 100
     )
     SELECT DISTINCT id FROM down ORDER BY id`,
    [workspaceId, leadId],
  );
  return rows.map((r) => r.id);
}

/**
 * The records of a family of leads: their calls (and calls from their numbers that never got a
 * lead), the opportunities of those leads or calls, and their bookings.
 */
export async function findPersonRecords(
  db: Queryable,
  workspaceId: string,
  leadIds: readonly string[],
): Promise<PersonRecords> {
  const rows = await db.query<{
    phones: string[] | null;
    calls: string[] | null;
    opportunities: string[] | null;
    bookings: string[] | null;
  }>(
    `WITH fam AS (
       SELECT id, phone FROM leads WHERE workspace_id = $1 AND id = ANY($2::text[])
     ), c AS (
       SELECT id FROM calls
        WHERE workspace_id = $1
          AND (lead_id IN (SELECT id FROM fam)
               OR (lead_id IS NULL AND from_number IN (SELECT phone FROM fam)))
     ), o AS (
       SELECT id FROM opportunities
        WHERE workspace_id = $1 AND (lead_id IN (SELECT id FROM fam) OR call_id IN (SELECT id FROM c))
     )
     SELECT (SELECT array_agg(phone ORDER BY phone) FROM fam) AS phones,
            (SELECT array_agg(id ORDER BY id) FROM c) AS calls,
            (SELECT array_agg(id ORDER BY id) FROM o) AS opportunities,
            (SELECT array_agg(id ORDER BY id) FROM bookings
              WHERE workspace_id = $1 AND lead_id IN (SELECT id FROM fam)) AS bookings`,
    [workspaceId, leadIds],
  );
  const r = rows[0];
  return {
    leadIds: [...leadIds],
    phones: r?.phones ?? [],
    callIds: r?.calls ?? [],
    opportunityIds: r?.opportunities ?? [],
    bookingIds: r?.bookings ?? [],
  };
}

/** Leads whose phone is this number (E.164), merged ones included. */
export async function findLeadIdsByPhone(
  db: Queryable,
  workspaceId: string,
  e164: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM leads WHERE workspace_id = $1 AND phone = $2 ORDER BY id',
    [workspaceId, e164],
  );
  return rows.map((r) => r.id);
}

export interface LeadFamilyRow {
  id: string;
  erased_at: Date | null;
  phone: string;
}

/** The family's leads, locked until the transaction ends so an erasure runs once. */
export function lockLeads(
  db: Queryable,
  workspaceId: string,
  leadIds: readonly string[],
): Promise<LeadFamilyRow[]> {
  return db.query<LeadFamilyRow>(
    'SELECT id, erased_at, phone FROM leads WHERE workspace_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE',
    [workspaceId, leadIds],
  );
}

/** Whether any of these calls is still in progress (an erasure waits for it to end). */
export async function anyCallInProgress(
  db: Queryable,
  workspaceId: string,
  callIds: readonly string[],
): Promise<boolean> {
  const rows = await db.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM calls WHERE workspace_id = $1 AND id = ANY($2::text[]) AND status = 'in_progress') AS busy`,
    [workspaceId, callIds],
  );
  return rows[0]?.busy === true;
}

type Json = Record<string, unknown>;

/** Everything held about the person, table by table, as JSON objects (docs/privacy.md, "Access"). */
export interface PersonData {
  leads: Json[];
  calls: Json[];
  opportunities: Json[];
  opportunity_notes: Json[];
  bookings: Json[];
  messages: Json[];
  events: Json[];
}

/**
 * Rows as their columns, minus what is the service's own machinery rather than data about the
 * person: search texts (derived from the columns shown), a call's engine state (its answers are
 * the transcript and the records shown), a sealed mail copy and delivery leases.
 */
export async function readPersonData(
  db: Queryable,
  workspaceId: string,
  p: PersonRecords,
): Promise<PersonData> {
  const rows = await db.query<{ doc: PersonData }>(
    `SELECT jsonb_build_object(
       'leads', coalesce((SELECT jsonb_agg(to_jsonb(l) - 'search_text' - 'workspace_id' ORDER BY l.id)
                            FROM leads l WHERE l.workspace_id = $1 AND l.id = ANY($2::text[])), '[]'::jsonb),
       'calls', coalesce((SELECT jsonb_agg((to_jsonb(c) - 'state' - 'workspace_id') || jsonb_build_object(
                              'transcript', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                  'seq', t.seq, 'speaker', t.speaker, 'text', t.text, 'at', t.at) ORDER BY t.seq)
                                FROM call_turns t WHERE t.call_id = c.id), '[]'::jsonb)) ORDER BY c.id)
                            FROM calls c WHERE c.workspace_id = $1 AND c.id = ANY($3::text[])), '[]'::jsonb),
       'opportunities', coalesce((SELECT jsonb_agg(to_jsonb(o) - 'search_text' - 'workspace_id' ORDER BY o.id)
                            FROM opportunities o WHERE o.workspace_id = $1 AND o.id = ANY($4::text[])), '[]'::jsonb),
       'opportunity_notes', coalesce((SELECT jsonb_agg(to_jsonb(n) - 'workspace_id' ORDER BY n.id)
                            FROM opportunity_notes n WHERE n.workspace_id = $1 AND n.opportunity_id = ANY($4::text[])), '[]'::jsonb),
       'bookings', coalesce((SELECT jsonb_agg(to_jsonb(b) - 'workspace_id' ORDER BY b.id)
                            FROM bookings b WHERE b.workspace_id = $1 AND b.id = ANY($5::text[])), '[]'::jsonb),
       'messages', coalesce((SELECT jsonb_agg(to_jsonb(m) - 'workspace_id' - 'body_sealed' - 'lease_token' - 'locked_until'
                              - 'idempotency_key' ORDER BY m.id)
                            FROM messages m WHERE m.workspace_id = $1
                             AND (m.lead_id = ANY($2::text[]) OR m.booking_id = ANY($5::text[])
                                  OR (m.channel = 'sms' AND (m.recipient = ANY($6::text[]) OR m.sender = ANY($6::text[]))))), '[]'::jsonb),
       'events', coalesce((SELECT jsonb_agg(jsonb_build_object('id', e.id, 'type', e.type, 'created_at', e.created_at,
                              'data', e.data) ORDER BY e.id)
                            FROM events e WHERE e.workspace_id = $1 AND NOT e.test
                             AND ((e.data ->> 'id') = ANY($7::text[]) OR (e.data ? 'lead_id' AND (e.data ->> 'lead_id') = ANY($2::text[])))), '[]'::jsonb)
     ) AS doc`,
    [
      workspaceId,
      p.leadIds,
      p.callIds,
      p.opportunityIds,
      p.bookingIds,
      p.phones,
      [...p.leadIds, ...p.callIds, ...p.opportunityIds, ...p.bookingIds],
    ],
  );
  const doc = rows[0]?.doc;
  if (doc === undefined) throw new Error('the export query answered no row');
  return { ...doc, calls: doc.calls.map(withRecordingLink) };
}

/** The recording columns that are the service's machinery rather than data about the person. */
const RECORDING_COLUMNS = [
  'recording_status',
  'recording_sid',
  'recording_channels',
  'recording_duration_seconds',
  'recording_started_at',
  'recording_deleted_at',
  'recording_error',
  'recording_attempts',
  'recording_attempted_at',
  'recording_purged_at',
];

const dateOrNull = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

/**
 * A call's recording as the API shows it (status, duration, and the link that plays it through
 * the service, never Twilio's address), in place of its columns.
 */
function withRecordingLink(call: Json): Json {
  const recording = toRecording({
    id: String(call.id),
    started_at: new Date(String(call.started_at)),
    recording_status: (call.recording_status ?? null) as RecordingStatus | null,
    recording_channels: (call.recording_channels ?? null) as number | null,
    recording_duration_seconds: (call.recording_duration_seconds ?? null) as number | null,
    recording_started_at: dateOrNull(call.recording_started_at),
    recording_deleted_at: dateOrNull(call.recording_deleted_at),
  });
  const rest = Object.fromEntries(Object.entries(call).filter(([k]) => !RECORDING_COLUMNS.includes(k)));
  return { ...rest, recording };
}

/** How many rows an erasure changed, table by table (for the audit log; no content). */
export interface ErasureCounts {
  leads: number;
  /** Call recordings deleted (here at once, at Twilio just after: docs/privacy.md). */
  recordings?: number;
  calls: number;
  call_turns: number;
  opportunities: number;
  opportunity_notes: number;
  bookings: number;
  messages: number;
  events: number;
  webhook_deliveries: number;
  twilio_replays: number;
}

/** The words a transcript line, a note or a message body become: the row stays, its content goes. */
const GONE = '';

/**
 * Removes the person's data from every table, keeping the rows (counts, scores, outcomes and the
 * property's non-personal facts stay for the business's records). The caller holds the leads'
 * locks. A lead's phone becomes `erased:<lead id>`: unique per workspace as the index wants,
 * and derived from nothing the person gave.
 */
export async function erasePersonData(
  db: Queryable,
  workspaceId: string,
  p: PersonRecords,
  at: Date,
): Promise<ErasureCounts> {
  const allIds = [...p.leadIds, ...p.callIds, ...p.opportunityIds, ...p.bookingIds];
  const rows = await db.query<ErasureCounts>(
    `WITH l AS (
       UPDATE leads SET name = 'Erased', phone = 'erased:' || id, email = NULL, note = NULL,
                        erased_at = coalesce(erased_at, $7), updated_at = $7
        WHERE workspace_id = $1 AND id = ANY($2::text[])
       RETURNING 1
     ), c AS (
       UPDATE calls SET from_number = '', summary = NULL, model_summary = NULL, lead_note = NULL,
                        content_removed_at = coalesce(content_removed_at, $7), updated_at = $7,
                        state = ${SCRUBBED_STATE}
        WHERE workspace_id = $1 AND id = ANY($3::text[])
       RETURNING 1
     ), r AS (
       -- The TwiML kept for a re-sent Twilio webhook speaks the agent's read-backs; the calls have
       -- ended (an erasure waits for that), so nothing will be re-sent that needs it.
       DELETE FROM twilio_replays WHERE workspace_id = $1 AND call_id = ANY($3::text[])
       RETURNING 1
     ), t AS (
       UPDATE call_turns SET text = $9 WHERE workspace_id = $1 AND call_id = ANY($3::text[]) AND text <> $9
       RETURNING 1
     ), o AS (
       UPDATE opportunities SET
          address = NULL,
          -- The postcode's outward code (NE6 of NE6 5AB) names a district of thousands of homes,
          -- not a person; the rest goes.
          postcode = CASE WHEN length(regexp_replace(coalesce(postcode, ''), '\\s', '', 'g')) >= 5
                          THEN upper(left(regexp_replace(postcode, '\\s', '', 'g'), -3)) ELSE NULL END,
          -- Why someone sells (a death, a divorce, debts) is about them, not the house.
          facts = CASE WHEN facts ? 'reason' THEN jsonb_set(facts, '{reason}', 'null'::jsonb) ELSE facts END,
          fact_sources = fact_sources - 'reason' - 'address' - 'postcode',
          review = ${WITHOUT_PERSONAL_FACTS('review')},
          cross_checks = ${WITHOUT_PERSONAL_FACTS('cross_checks')},
          next_action = CASE WHEN next_action IS NULL THEN NULL ELSE 'Erased' END,
          updated_at = $7
        WHERE workspace_id = $1 AND id = ANY($4::text[])
       RETURNING 1
     ), n AS (
       UPDATE opportunity_notes SET body = $9 WHERE workspace_id = $1 AND opportunity_id = ANY($4::text[]) AND body <> $9
       RETURNING 1
     ), b AS (
       UPDATE bookings SET note = NULL, updated_at = $7
        WHERE workspace_id = $1 AND id = ANY($5::text[]) AND note IS NOT NULL
       RETURNING 1
     ), m AS (
       UPDATE messages SET
          body = $9, subject = NULL, body_sealed = NULL,
          recipient = CASE WHEN user_id IS NULL THEN $9 ELSE recipient END,
          sender = CASE WHEN direction = 'inbound' THEN $9 ELSE sender END,
          -- A text not yet sent is not sent now.
          status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END,
          status_reason = CASE WHEN status = 'pending' THEN 'The person''s data was erased.' ELSE status_reason END,
          next_attempt_at = CASE WHEN status = 'pending' THEN NULL ELSE next_attempt_at END
        WHERE workspace_id = $1
          AND (lead_id = ANY($2::text[]) OR booking_id = ANY($5::text[])
               OR (channel = 'sms' AND (recipient = ANY($6::text[]) OR sender = ANY($6::text[]))))
       RETURNING 1
     ), e AS (
       UPDATE events SET data = jsonb_build_object('id', data ->> 'id', 'erased', true)
        WHERE workspace_id = $1
          AND ((data ->> 'id') = ANY($8::text[]) OR (data ? 'lead_id' AND (data ->> 'lead_id') = ANY($2::text[])))
          AND NOT (data ? 'erased')
       RETURNING id, type, created_at, data
     ), d AS (
       -- A delivery carries the envelope as its body: it gets the stub too, so a retry sends
       -- nothing erased (the envelope's fields in the order recordEvent writes them).
       UPDATE webhook_deliveries w SET
          body = '{"id":' || to_jsonb(e.id)::text || ',"type":' || to_jsonb(e.type)::text
              || ',"created_at":' || to_jsonb(to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
              || ',"workspace_id":' || to_jsonb($1::text)::text || ',"data":' || e.data::text || '}',
          updated_at = $7
         FROM e WHERE w.workspace_id = $1 AND w.event_id = e.id
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM l)::int AS leads, (SELECT count(*) FROM c)::int AS calls,
            (SELECT count(*) FROM t)::int AS call_turns, (SELECT count(*) FROM o)::int AS opportunities,
            (SELECT count(*) FROM n)::int AS opportunity_notes, (SELECT count(*) FROM b)::int AS bookings,
            (SELECT count(*) FROM m)::int AS messages, (SELECT count(*) FROM e)::int AS events,
            (SELECT count(*) FROM d)::int AS webhook_deliveries, (SELECT count(*) FROM r)::int AS twilio_replays`,
    [workspaceId, p.leadIds, p.callIds, p.opportunityIds, p.bookingIds, p.phones, at, allIds, GONE],
  );
  const counts = rows[0];
  if (counts === undefined) throw new Error('the erasure answered no row');
  return counts;
}

/**
 * A call's engine state without what the caller said or is: the answers (name, number,
 * address, facts) become null; the words kept for the lead's note, the last replies and the
 * record of what the call already wrote (`emitted`, which repeats the name and number) go. The
 * rest of the shape stays, so code that reads a closed call's state still can.
 */
export const SCRUBBED_STATE = `CASE WHEN jsonb_typeof(state -> 'engine') = 'object' THEN jsonb_set(state, '{engine}',
   (state -> 'engine') || jsonb_build_object(
     'answers', coalesce((SELECT jsonb_object_agg(k, 'null'::jsonb) FROM jsonb_object_keys(
                  CASE WHEN jsonb_typeof(state -> 'engine' -> 'answers') = 'object' THEN state -> 'engine' -> 'answers'
                       ELSE '{}'::jsonb END) k), '{}'::jsonb),
     'unclear', '[]'::jsonb, 'recent', '[]'::jsonb, 'lastAsk', '', 'message', 'null'::jsonb,
     'callerNumber', '', 'returningName', 'null'::jsonb, 'emitted', '{}'::jsonb, 'notes', '[]'::jsonb))
   ELSE state END`;

/** A review or cross-check list without its entries about the address, postcode or reason. */
function WITHOUT_PERSONAL_FACTS(column: string): string {
  return `coalesce((SELECT jsonb_agg(x) FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(${column}) = 'array' THEN ${column} ELSE '[]'::jsonb END) x
           WHERE NOT (x ->> 'fact' = ANY (ARRAY['address', 'postcode', 'reason']))), '[]'::jsonb)`;
}
