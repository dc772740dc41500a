-- A test event (POST /api/v1/webhooks/{id}/test) is an example, not something that happened:
-- it is delivered and logged like any other, but left out of the event log.
ALTER TABLE events ADD COLUMN test boolean NOT NULL DEFAULT false;
