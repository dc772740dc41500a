-- How each call ended, in the desk's words (docs/desk-api.md, "Calls"): set when the call closes,
-- read from the end reason, the call's booking and a non-seller's message. Older calls are
-- read the same way here.
ALTER TABLE calls ADD COLUMN ending text;

-- A call's booking is looked up as the call closes.
CREATE INDEX bookings_call_idx ON bookings (workspace_id, call_id) WHERE call_id IS NOT NULL;

UPDATE calls c SET ending = CASE
    WHEN c.status = 'failed' THEN 'failed'
    WHEN c.status = 'transferred' OR c.end_reason = 'transferred' THEN 'transferred'
    WHEN EXISTS (SELECT 1 FROM bookings b WHERE b.workspace_id = c.workspace_id AND b.call_id = c.id)
      THEN 'booked'
    WHEN coalesce(c.state -> 'engine' -> 'message' ->> 'note', '') <> '' THEN 'message'
    WHEN c.end_reason IN ('caller_hung_up', 'connection_lost') THEN 'hung_up'
    WHEN c.end_reason IN ('silence', 'silent_too_long') THEN 'silence'
    WHEN c.end_reason = 'not_seller' OR jsonb_typeof(c.state -> 'engine' -> 'message') = 'object'
      THEN 'not_seller'
    WHEN c.end_reason = 'out_of_hours' THEN 'message'
    ELSE 'completed'
  END
 WHERE c.ended_at IS NOT NULL;

-- The live stream's snapshot and the sweep read only calls still open: few, whatever the history.
CREATE INDEX calls_open_idx ON calls (workspace_id, started_at, id) WHERE ended_at IS NULL;
