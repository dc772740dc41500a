-- Requests to the optional language model (docs/agent.md, "The language model"): what each
-- cost and how it went, for a call's usage, the per-call caps and the workspace's daily cap.
CREATE TABLE model_calls (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  call_id text NOT NULL REFERENCES calls (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('turn', 'summary', 'audit')),
  outcome text NOT NULL CHECK (outcome IN ('ok', 'timeout', 'error', 'rate_limited', 'invalid')),
  latency_ms integer NOT NULL,
  prompt_tokens integer NOT NULL,
  completion_tokens integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX model_calls_call_idx ON model_calls (workspace_id, call_id, id);
CREATE INDEX model_calls_recent_idx ON model_calls (workspace_id, created_at);

-- Where each fact of an opportunity came from (rules, model, desk), and the facts the
-- after-call audit read differently, for the desk to look at.
ALTER TABLE opportunities ADD COLUMN fact_sources jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE opportunities ADD COLUMN review jsonb NOT NULL DEFAULT '[]'::jsonb;
