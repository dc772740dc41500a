-- Notifications (docs/notifications.md): texts to sellers, alerts to the desk and email for the
-- team. A message is a row written in the transaction that causes it (the outbox, as for
-- webhooks); a worker claims due ones with FOR UPDATE SKIP LOCKED and a lease, sends, and records.
-- The idempotency key names the person and the reason, so one reason never sends twice.

CREATE TABLE messages (
  -- Null only for an account's own mail (a password reset), which belongs to no workspace.
  workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  -- inbound: a seller's text to the workspace's number (recipient is that number, sender theirs).
  direction text NOT NULL DEFAULT 'outbound' CHECK (direction IN ('outbound', 'inbound')),
  purpose text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  -- E.164 for a text, an address for an email.
  recipient text NOT NULL,
  -- The workspace's Twilio number a text is sent from (E.164); null for email (SMTP_FROM).
  -- For an inbound text, the seller's number.
  sender text,
  lead_id text,
  booking_id text,
  -- The member an alert or an email is for.
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  subject text,
  -- What is sent. A mail that carries a secret link keeps it sealed (AES-256-GCM under
  -- SECRETS_KEY, bound to the message id) in body_sealed, with the link left out of body;
  -- the sealed copy is removed once the mail is sent or given up.
  body text NOT NULL,
  body_sealed text,
  status text NOT NULL
    CHECK (status IN ('pending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'received')),
  -- Why a message was cancelled or failed, in words for the message log.
  status_reason text,
  -- Not before this (a reminder's time, or the end of quiet hours); the worker claims by next_attempt_at.
  send_after timestamptz NOT NULL,
  -- A message that could not leave before this is cancelled (a reminder after its viewing).
  not_after timestamptz,
  -- Held out of 21:00-08:00 in the workspace's time zone (everything but the confirmation of
  -- something the seller has just done, and email).
  quiet_hours boolean NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  lease_token text,
  -- Twilio's Message SID, or the Message-ID of the mail.
  provider_id text,
  -- Twilio's latest status from its status callbacks, or the SMTP server's reply.
  provider_status text,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX messages_workspace_idx ON messages (workspace_id, id);
CREATE INDEX messages_lead_idx ON messages (workspace_id, lead_id, id) WHERE lead_id IS NOT NULL;
CREATE INDEX messages_booking_idx ON messages (workspace_id, booking_id) WHERE booking_id IS NOT NULL AND status = 'pending';
CREATE UNIQUE INDEX messages_provider_idx ON messages (provider_id) WHERE provider_id IS NOT NULL;

CREATE TABLE message_attempts (
  workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  message_id text NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  succeeded boolean NOT NULL,
  -- Twilio's answer (status and error code) or the SMTP reply; never the body.
  reply text,
  error text
);
CREATE INDEX message_attempts_message_idx ON message_attempts (message_id, id);

-- A number that texted STOP is sent nothing more from this workspace until it texts START.
CREATE TABLE text_opt_outs (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  phone text NOT NULL,
  opted_out_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, phone)
);

-- Each member's alerts in a workspace: the mobile their texts go to, and per alert whether it
-- comes by email and by text. No row: the defaults (docs/notifications.md).
CREATE TABLE member_notifications (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mobile text,
  -- {"hot_lead": {"email": true, "sms": false}, ...}
  alerts jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);

-- Password resets by email: only the token's SHA-256 is kept; single use, short-lived.
CREATE TABLE password_resets (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
