-- The desk console: the time zone a workspace reads its times in, and the secret calendar feed
-- addresses people subscribe to from calendar apps (which cannot send an Authorization header).

ALTER TABLE workspaces ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/London';

CREATE TABLE calendar_feeds (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- SHA-256 of the token in the address: the lookup key. The token itself is kept only sealed
  -- under SECRETS_KEY (bound to the id), so its owner can read the address again.
  token_hash text NOT NULL UNIQUE,
  token_ciphertext text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('all', 'mine')),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- One live address per person and workspace; a new one revokes the old in the same transaction.
CREATE UNIQUE INDEX calendar_feeds_live_idx ON calendar_feeds (workspace_id, user_id) WHERE revoked_at IS NULL;
