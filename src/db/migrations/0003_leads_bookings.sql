-- Indexes for the lead and booking lists, and for the overlap check under the calendar lock.

CREATE INDEX leads_status_idx ON leads (workspace_id, status, id);
CREATE INDEX leads_owner_idx ON leads (workspace_id, owner_id, id);
CREATE INDEX bookings_lead_idx ON bookings (workspace_id, lead_id, id);
-- Overlap checks and free slots read only scheduled bookings of one calendar (assignee or desk).
CREATE INDEX bookings_calendar_idx ON bookings (workspace_id, assignee_id, starts_at) WHERE status = 'scheduled';
