-- The desk: agent configuration (draft and published versions), calls and their turns,
-- leads, opportunities and notes, bookings, and the event outbox.

CREATE TABLE agent_drafts (
  workspace_id text PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  config jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text REFERENCES users (id),
  based_on_version integer
);

CREATE TABLE agent_versions (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  version integer NOT NULL,
  config jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  published_by text REFERENCES users (id),
  UNIQUE (workspace_id, version)
);

CREATE TABLE leads (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  name text NOT NULL,
  phone text NOT NULL,
  email text,
  status text NOT NULL CHECK (status IN ('new', 'working', 'nurturing', 'converted', 'closed')),
  owner_id text REFERENCES users (id),
  note text,
  source text NOT NULL CHECK (source IN ('call', 'api')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- One lead per phone number in a workspace: a returning caller is the same lead.
  UNIQUE (workspace_id, phone)
);
CREATE INDEX leads_workspace_idx ON leads (workspace_id, id);

CREATE TABLE calls (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  direction text NOT NULL DEFAULT 'inbound',
  channel text NOT NULL CHECK (channel IN ('twilio', 'sim')),
  from_number text NOT NULL,
  to_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_progress', 'completed', 'transferred', 'failed')),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  duration_seconds integer,
  summary text,
  transferred_to text,
  transfer_result text,
  end_reason text,
  lead_id text REFERENCES leads (id),
  opportunity_id text,
  agent_version integer,
  test boolean NOT NULL DEFAULT false,
  -- The carrier's id for the call (Twilio CallSid): one call record per carrier call.
  provider_call_id text,
  -- The dialog engine's state between turns.
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX calls_workspace_idx ON calls (workspace_id, id);
CREATE UNIQUE INDEX calls_provider_idx ON calls (workspace_id, provider_call_id) WHERE provider_call_id IS NOT NULL;

CREATE TABLE call_turns (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  call_id text NOT NULL REFERENCES calls (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  speaker text NOT NULL CHECK (speaker IN ('agent', 'caller', 'system')),
  text text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (call_id, seq)
);

CREATE TABLE opportunities (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  call_id text REFERENCES calls (id),
  lead_id text REFERENCES leads (id),
  address text,
  postcode text,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  outcome text NOT NULL CHECK (outcome IN ('hot', 'warm', 'cold', 'disqualified', 'won', 'lost')),
  owner_id text REFERENCES users (id),
  facts jsonb NOT NULL,
  score_breakdown jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX opportunities_workspace_idx ON opportunities (workspace_id, id);

CREATE TABLE opportunity_notes (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  opportunity_id text NOT NULL REFERENCES opportunities (id) ON DELETE CASCADE,
  body text NOT NULL,
  author_id text REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX opportunity_notes_opp_idx ON opportunity_notes (opportunity_id, id);

CREATE TABLE bookings (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('callback', 'viewing')),
  lead_id text NOT NULL REFERENCES leads (id),
  call_id text REFERENCES calls (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  assignee_id text REFERENCES users (id),
  note text,
  status text NOT NULL CHECK (status IN ('scheduled', 'cancelled')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bookings_workspace_idx ON bookings (workspace_id, id);
CREATE INDEX bookings_time_idx ON bookings (workspace_id, starts_at);

-- The outbox: written in the same transaction as the change it describes.
CREATE TABLE events (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX events_workspace_idx ON events (workspace_id, id);
