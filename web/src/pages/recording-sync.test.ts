import type { CallRecording } from '@callagent/sdk';
import { describe, expect, it } from 'vitest';
import { clock, lineAt, lineOffset, recordingState } from './recording-sync';

const STARTED = '2026-11-24T14:05:00.000Z';

function recording(change: Partial<CallRecording>): CallRecording {
  return {
    status: 'completed',
    channels: 2,
    duration_seconds: 95,
    started_at: STARTED,
    url: '/api/v1/calls/call_1/recording',
    deleted_at: null,
    ...change,
  };
}

describe('the transcript beside the recording', () => {
  it('places a line at its time less the recording’s start, never before 0', () => {
    expect(lineOffset({ at: '2026-11-24T14:05:12.500Z' }, STARTED)).toBe(12.5);
    expect(lineOffset({ at: '2026-11-24T14:04:58.000Z' }, STARTED)).toBe(0);
    expect(lineOffset({ at: STARTED }, STARTED)).toBe(0);
  });

  it('marks the last line said at or before the moment played', () => {
    const offsets = [0, 0, 4, 9.5, 20];
    expect(lineAt(offsets, 0)).toBe(1);
    expect(lineAt(offsets, 3.99)).toBe(1);
    expect(lineAt(offsets, 4)).toBe(2);
    expect(lineAt(offsets, 12)).toBe(3);
    expect(lineAt(offsets, 300)).toBe(4);
    expect(lineAt([2, 5], 1)).toBe(-1);
    expect(lineAt([], 10)).toBe(-1);
  });

  it('writes a place in the audio as a player does', () => {
    expect([clock(0), clock(9.9), clock(65), clock(720)]).toEqual(['0:00', '0:09', '1:05', '12:00']);
  });
});

describe('what the call page says of its recording', () => {
  const zone = 'Europe/London';
  it('says nothing over a recording it can play', () => {
    expect(recordingState({ test: false, channel: 'twilio', recording: recording({}) }, zone)).toBeNull();
  });

  it('says plainly why there is nothing to play', () => {
    const say = (test: boolean, change: Partial<CallRecording> | null) =>
      recordingState(
        { test, channel: 'twilio', recording: change === null ? null : recording(change) },
        zone,
      );
    expect(say(true, null)).toBe('Test calls are not recorded.');
    expect(recordingState({ test: false, channel: 'sim', recording: null }, zone)).toBe(
      'Test calls are not recorded.',
    );
    expect(say(false, null)).toBe('This call was not recorded (recording was off).');
    expect(say(false, { status: 'in_progress', url: null })).toBe('The recording is being prepared.');
    expect(say(false, { status: 'failed', url: null })).toBe('The recording failed.');
    expect(say(false, { status: 'deleted', url: null, deleted_at: '2026-11-25T09:30:00.000Z' })).toBe(
      'Recording deleted on Wed 25 Nov, 09:30.',
    );
  });
});
