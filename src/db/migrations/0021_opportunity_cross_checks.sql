-- Facts the agent's rules and the language model read differently during a call, each read back
-- to the caller (docs/agent.md, "Cross-checks"): both readings and the caller's answer, for the
-- desk. Empty when the model is off or agreed.
ALTER TABLE opportunities ADD COLUMN cross_checks jsonb NOT NULL DEFAULT '[]'::jsonb;
