import type { Call, CallRecording, TranscriptTurn } from '@callagent/sdk';
import { formatDateTime } from '../format';

// The transcript beside the recording (docs/console.md, "Calls"): where each line falls in the
// audio, and which line is being spoken at a moment of it.

/**
 * Seconds into the audio a line was said: its time less the recording's start, never below 0 (a
 * line said before the recording began, such as the greeting, plays from the start).
 */
export function lineOffset(turn: Pick<TranscriptTurn, 'at'>, recordingStartedAt: string): number {
  const seconds = (Date.parse(turn.at) - Date.parse(recordingStartedAt)) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
}

/** The line being spoken at `time` seconds: the last whose offset is at or before it; -1 before the first. */
export function lineAt(offsets: readonly number[], time: number): number {
  let current = -1;
  for (const [i, offset] of offsets.entries()) {
    if (offset <= time) current = i;
  }
  return current;
}

/** "1:05", "12:00": a place in the audio as a player shows it. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What the call page says of a recording it cannot play, in plain words; null when there is one
 * to play. A call without a recording was a test (never recorded: a test of the draft, or any
 * call without a telephone, which the page marks Test too) or made with recording off.
 */
export function recordingState(
  call: Pick<Call, 'test' | 'channel'> & { recording?: CallRecording | null },
  timeZone: string,
): string | null {
  const recording = call.recording ?? null;
  if (recording === null) {
    return call.test || call.channel === 'sim'
      ? 'Test calls are not recorded.'
      : 'This call was not recorded (recording was off).';
  }
  switch (recording.status) {
    case 'completed':
      return recording.url ? null : 'The recording cannot be played.';
    case 'in_progress':
      return 'The recording is being prepared.';
    case 'failed':
      return 'The recording failed.';
    case 'deleted':
      return recording.deleted_at
        ? `Recording deleted on ${formatDateTime(recording.deleted_at, timeZone)}.`
        : 'Recording deleted.';
  }
}
