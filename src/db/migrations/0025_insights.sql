-- Insights (docs/console.md, Insights; docs/desk-api.md, Insights): every figure is read from a
-- date range inside one workspace, so each index leads with workspace_id and then the time the
-- figure is counted by; the cost follows the records in the range, not the workspace's history.

-- Enquiries by postcode area and property type are counted by when the opportunity was made.
CREATE INDEX opportunities_created_idx ON opportunities (workspace_id, created_at) WHERE merged_into IS NULL;

-- Bookings made in the range (by the agent or the desk), and the desk's bookings of a lead
-- after a call (speed to lead).
CREATE INDEX bookings_created_idx ON bookings (workspace_id, created_at);
CREATE INDEX bookings_lead_created_idx ON bookings (workspace_id, lead_id, created_at) WHERE call_id IS NULL;

-- A record's history in the outbox (a deal's changes after a call, a booking's moves) is read
-- through events_subject_idx (0024_privacy), on the record named in data->>'id'.

-- A person's notes on a deal after a call (speed to lead).
CREATE INDEX opportunity_notes_created_idx ON opportunity_notes (workspace_id, opportunity_id, created_at);

-- Calls out of hours are counted without reading the engine's state (a few kilobytes a call):
-- the index holds just those calls.
CREATE INDEX calls_out_of_hours_idx ON calls (workspace_id, started_at)
  WHERE (state -> 'engine' ->> 'startedOutOfHours') = 'true';
