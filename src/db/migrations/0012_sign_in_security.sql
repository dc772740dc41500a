-- Sign-in throttling counts every attempt before its password is checked (docs/api.md,
-- "Sign-in throttling"): a key's count within its window is all it needs, so the hold-back
-- column goes.
ALTER TABLE auth_throttle RENAME COLUMN failures TO attempts;
ALTER TABLE auth_throttle DROP COLUMN blocked_until;

-- The networks each user has signed in from, as keyed digests (never the address itself): a
-- known one is not held back by the throttles a guesser elsewhere can fill. Pruned by
-- housekeeping once unused for a while.
CREATE TABLE known_addresses (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address_digest text NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address_digest)
);
CREATE INDEX known_addresses_last_seen_idx ON known_addresses (last_seen_at);
