-- Twilio re-sends a webhook it timed out on, with the same I-Twilio-Idempotency-Token. The first
-- request claims the token; its TwiML is kept so a re-sent one is answered the same, without a
-- second turn. Pruned after a day by housekeeping.
CREATE TABLE twilio_replays (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  call_id text NOT NULL,
  token text NOT NULL,
  answer text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, call_id, token)
);
CREATE INDEX twilio_replays_created_idx ON twilio_replays (created_at);
