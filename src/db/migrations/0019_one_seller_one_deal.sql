-- One seller, one deal: merged leads and opportunities stay as records that point at the one
-- they were merged into, so their ids keep answering; and the owner of a deal carries to its
-- lead and bookings unless the desk chose those apart (the pinned flags).

ALTER TABLE leads ADD COLUMN merged_into text REFERENCES leads (id);
ALTER TABLE leads ADD COLUMN owner_pinned boolean NOT NULL DEFAULT false;
ALTER TABLE opportunities ADD COLUMN merged_into text REFERENCES opportunities (id);
ALTER TABLE bookings ADD COLUMN assignee_pinned boolean NOT NULL DEFAULT false;

-- A returning caller's deals are looked up by lead; a deal's calls by the deal.
CREATE INDEX opportunities_lead_idx ON opportunities (workspace_id, lead_id) WHERE merged_into IS NULL;
CREATE INDEX calls_opportunity_idx ON calls (workspace_id, opportunity_id);
CREATE INDEX calls_lead_idx ON calls (workspace_id, lead_id);
