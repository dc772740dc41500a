-- Personal data handled as UK law expects (docs/privacy.md): an audit log of who exported,
-- erased or changed what, each workspace's retention periods, and the marks that make erasure
-- and the retention job idempotent.

-- Who did what to whose data. Kept for as long as the workspace (the retention job never prunes
-- it): it must outlive the data it speaks of. `details` names records by id and counts things;
-- it never carries a name, a number, an address or a caller's words.
CREATE TABLE audit_log (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  -- user: a person signed in; api_key: a key (actor_id key_..., on behalf of its creator);
  -- system: the service itself (the retention job).
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key', 'system')),
  actor_id text,
  -- The creator of a key that acted, so "who" is a person even for a key.
  on_behalf_of text,
  action text NOT NULL,
  subject_type text,
  subject_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL,
  CHECK ((actor_type = 'system') = (actor_id IS NULL))
);
CREATE INDEX audit_log_workspace_idx ON audit_log (workspace_id, id);

-- Retention periods in days; no row: the defaults (docs/privacy.md, "How long").
CREATE TABLE privacy_settings (
  workspace_id text PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  transcript_days integer NOT NULL CHECK (transcript_days BETWEEN 30 AND 3650),
  idle_lead_days integer NOT NULL CHECK (idle_lead_days BETWEEN 30 AND 3650),
  -- For call recordings, which are not stored yet: the setting is kept for when they are.
  recording_days integer NOT NULL CHECK (recording_days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL
);

-- A lead whose person's data was erased (on request or by the retention job); never cleared.
ALTER TABLE leads ADD COLUMN erased_at timestamptz;
-- A call whose transcript, summaries and caller's number were removed; never cleared.
ALTER TABLE calls ADD COLUMN content_removed_at timestamptz;

-- The retention job reads ended calls still holding their words, oldest first.
CREATE INDEX calls_retention_idx ON calls (workspace_id, ended_at) WHERE content_removed_at IS NULL AND ended_at IS NOT NULL;
-- A person's events are found by the record they carry.
CREATE INDEX events_subject_idx ON events (workspace_id, (data ->> 'id'));
CREATE INDEX events_lead_idx ON events (workspace_id, (data ->> 'lead_id')) WHERE data ? 'lead_id';
