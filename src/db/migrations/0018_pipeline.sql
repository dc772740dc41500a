-- The desk's pipeline (docs/desk-api.md, Stages and next actions). A deal's stage is where the
-- desk has got to with the seller, kept apart from its outcome (how it scored). The stage keys
-- are fixed; each workspace names and orders them in `pipelines` (no row: the defaults).
ALTER TABLE opportunities
  ADD COLUMN stage text NOT NULL DEFAULT 'new'
    CHECK (stage IN ('new', 'contacted', 'appointment_set', 'offer_made', 'under_offer', 'completed', 'dead')),
  ADD COLUMN dead_reason text,
  ADD COLUMN next_action text,
  ADD COLUMN next_action_owner_id text REFERENCES users (id),
  ADD COLUMN next_action_due timestamptz,
  -- call: the follow-up a call set; booking: a callback or viewing booked; desk: set by a person.
  ADD COLUMN next_action_source text CHECK (next_action_source IN ('call', 'booking', 'desk')),
  ADD COLUMN next_action_booking_id text,
  ADD CONSTRAINT opportunities_next_action_whole
    CHECK ((next_action IS NULL) = (next_action_due IS NULL) AND (next_action IS NULL) = (next_action_source IS NULL)),
  ADD CONSTRAINT opportunities_dead_reason
    CHECK ((stage = 'dead') = (dead_reason IS NOT NULL));

-- Deals the desk already closed keep their ending as a stage.
UPDATE opportunities SET stage = 'completed' WHERE outcome = 'won';
UPDATE opportunities SET stage = 'dead', dead_reason = 'Lost' WHERE outcome = 'lost';

-- The task lists (My tasks, Overdue, Due today) read deals by when their next action is due.
CREATE INDEX opportunities_next_action_idx ON opportunities (workspace_id, next_action_due, id)
  WHERE next_action_due IS NOT NULL;

CREATE TABLE pipelines (
  workspace_id text PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  -- [{"key": "new", "name": "New"}, ...]: every stage key once, in board order.
  stages jsonb NOT NULL,
  -- How soon after a call a hot or warm seller is called back (the next action a call sets).
  hot_follow_up_minutes integer NOT NULL CHECK (hot_follow_up_minutes BETWEEN 5 AND 10080),
  warm_follow_up_minutes integer NOT NULL CHECK (warm_follow_up_minutes BETWEEN 5 AND 10080),
  updated_at timestamptz NOT NULL
);
