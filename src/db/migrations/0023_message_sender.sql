-- The message sender (docs/notifications.md, Sending): when a message was first claimed, which
-- bounds its day of retries and is where a worker that restarts after a crash begins asking
-- Twilio whether the text already went.
ALTER TABLE messages ADD COLUMN first_attempt_at timestamptz;
