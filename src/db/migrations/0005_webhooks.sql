-- Webhook endpoints, one delivery row per (event, subscribed endpoint), and one row per
-- attempt. Deliveries are written in the same transaction as their event (the outbox), and
-- the worker claims due ones with FOR UPDATE SKIP LOCKED and a lease.

CREATE TABLE webhook_endpoints (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  status text NOT NULL CHECK (status IN ('enabled', 'disabled')),
  disabled_reason text,
  -- AES-256-GCM under SECRETS_KEY, bound to the endpoint id; never the plain secret.
  secret_ciphertext text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_workspace_idx ON webhook_endpoints (workspace_id, id);

CREATE TABLE webhook_deliveries (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  -- The envelope serialised once at the event; every attempt sends exactly these bytes.
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  next_attempt_at timestamptz,
  first_attempt_at timestamptz,
  -- The lease of the worker sending it; an expired lease is claimed again (at least once).
  locked_until timestamptz,
  lease_token text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id);
CREATE INDEX webhook_deliveries_pending_endpoint_idx ON webhook_deliveries (endpoint_id) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  response_status integer,
  error text,
  response_body_start text,
  succeeded boolean NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id);
