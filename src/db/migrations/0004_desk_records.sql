-- Indexes for the desk's lists: each list is ordered and filtered inside one workspace, so
-- every index leads with workspace_id.

-- Calls are listed newest first by when they started, and filtered by the caller's number.
CREATE INDEX calls_started_idx ON calls (workspace_id, started_at, id);
CREATE INDEX calls_from_idx ON calls (workspace_id, from_number);

-- The event log is filtered by type for reconciliation.
CREATE INDEX events_type_idx ON events (workspace_id, type, id);
