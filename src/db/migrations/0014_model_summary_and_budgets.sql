-- The language model's summary of a call, kept apart from the rules' summary (docs/agent.md,
-- "After a call"): stored only when the check against the call's record passed, and never
-- written into `summary`, which stays the rules' own.
ALTER TABLE calls ADD COLUMN model_summary text;
