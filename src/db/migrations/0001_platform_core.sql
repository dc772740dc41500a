-- Platform core: users, workspaces, memberships, sessions, invitations, API keys,
-- idempotent POST replay and sign-in throttling. Tenant tables lead with workspace_id.

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE workspaces (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE memberships (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);
-- One owner per workspace; ownership moves only by transfer.
CREATE UNIQUE INDEX memberships_one_owner ON memberships (workspace_id) WHERE role = 'owner';

-- The cookie carries a random token; only its SHA-256 is stored, so a database read
-- does not yield live sessions.
CREATE TABLE sessions (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE invitations (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text REFERENCES users (id)
);
CREATE INDEX invitations_workspace_idx ON invitations (workspace_id, id);

CREATE TABLE api_keys (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  name text NOT NULL,
  scopes text[] NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id, id);

-- A POST repeated with the same X-Request-Id by the same credential replays this row.
CREATE TABLE idempotency_keys (
  principal text NOT NULL,
  request_id text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  body_hash text NOT NULL,
  status_code integer,
  response_body text,
  content_type text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (principal, request_id)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE auth_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  blocked_until timestamptz
);
