-- Who made a webhook endpoint.

-- The user who made the endpoint (for an API key, the key's creator); null for endpoints made
-- before it was recorded.
ALTER TABLE webhook_endpoints ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
