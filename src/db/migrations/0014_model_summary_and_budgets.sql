-- The language model's summary of a call, kept apart from the rules' summary (docs/agent.md,
-- "After a call"): stored only when the check against the call's record passed, and never
-- written into `summary`, which stays the rules' own.
ALTER TABLE calls ADD COLUMN model_summary text;

-- Each workspace's use of the language model (docs/agent.md, "Budgets"): the requests taken
-- today (UTC), counted in the same statement that checks the caps so concurrent turns cannot
-- overshoot, and a pause after the provider answered one of its calls 429, which every instance
-- honours and which leaves the other workspaces alone.
CREATE TABLE model_budgets (
  workspace_id text PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  day date NOT NULL,
  requests integer NOT NULL,
  paused_until timestamptz
);

-- The daily cap is counted in model_budgets now, not over recent model_calls.
DROP INDEX model_calls_recent_idx;
