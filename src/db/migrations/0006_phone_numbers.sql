-- Phone numbers route a carrier's calls to a workspace. The number is the routing key of
-- every Twilio webhook, so it is unique across all workspaces: one number, one workspace.

CREATE TABLE phone_numbers (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  -- E.164
  number text NOT NULL UNIQUE,
  provider text NOT NULL CHECK (provider IN ('twilio')),
  -- AES-256-GCM under SECRETS_KEY, bound to the phone number id; never the plain token.
  auth_token_ciphertext text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX phone_numbers_workspace_idx ON phone_numbers (workspace_id, id);
