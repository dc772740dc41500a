-- What the call last wrote into its lead's note (docs/desk-api.md, "Leads"): the engine
-- captures the lead several times in one call, each time with a fuller note, and each capture
-- replaces this call's paragraph rather than the desk's text or another call's.
ALTER TABLE calls ADD COLUMN lead_note text;
