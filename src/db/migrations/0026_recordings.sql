-- Call recordings (docs/privacy.md, "Call recordings"; docs/telephony.md, "Recording calls"):
-- the workspace's switch, and on each call the state of its recording. The audio stays at
-- Twilio; the service keeps the recording's id and what Twilio reported about it, and streams
-- the audio through itself when a member plays it.

-- Off until an admin turns it on; read when a call starts.
ALTER TABLE workspaces ADD COLUMN call_recording boolean NOT NULL DEFAULT false;

-- null: the call was not recorded (the switch was off, a test call, or no telephone in it).
-- requested: asked of Twilio (or about to be); in_progress, completed, absent, failed: as Twilio
-- reported it (failed also when asking never succeeded); deleted: removed here (and at Twilio
-- once recording_purged_at is set).
ALTER TABLE calls ADD COLUMN recording_status text
  CHECK (recording_status IN ('requested', 'in_progress', 'completed', 'absent', 'failed', 'deleted'));
ALTER TABLE calls ADD COLUMN recording_sid text;
ALTER TABLE calls ADD COLUMN recording_channels integer;
ALTER TABLE calls ADD COLUMN recording_duration_seconds integer;
-- When the recording began, as Twilio reported it (RecordingStartTime).
ALTER TABLE calls ADD COLUMN recording_started_at timestamptz;
ALTER TABLE calls ADD COLUMN recording_deleted_at timestamptz;
-- Why it failed, in Twilio's words (never the caller's).
ALTER TABLE calls ADD COLUMN recording_error text;
-- Requests made to start it, and when the last one was claimed: an instance that died mid-request
-- leaves the claim to expire, and the housekeeping asks again.
ALTER TABLE calls ADD COLUMN recording_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN recording_attempted_at timestamptz;
-- When Twilio confirmed a deleted recording gone (or there was nothing there to delete).
ALTER TABLE calls ADD COLUMN recording_purged_at timestamptz;

-- Recordings still to be started, kept past their period, and deleted here but not yet at Twilio.
CREATE INDEX calls_recording_requested_idx ON calls (workspace_id, started_at) WHERE recording_status = 'requested' AND recording_sid IS NULL;
CREATE INDEX calls_recording_kept_idx ON calls (workspace_id, started_at) WHERE recording_status IN ('requested', 'in_progress', 'completed');
CREATE INDEX calls_recording_purge_idx ON calls (workspace_id, started_at) WHERE recording_status = 'deleted' AND recording_purged_at IS NULL;

-- A member's plays of one recording are audited once per half hour: found by call and actor.
CREATE INDEX audit_log_recording_read_idx ON audit_log (workspace_id, subject_id, actor_id, at) WHERE action = 'recording.read';
