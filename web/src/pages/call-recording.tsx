import type { Call, CallRecording, TranscriptTurn } from '@callagent/sdk';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { api } from '../api';
import { formatDuration } from '../format';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice } from '../ui/feedback';
import { Transcript } from './call-transcript';
import { lineAt, lineOffset, recordingState } from './recording-sync';

/** A seek lands on the audio's frame, a hair before the second asked for: still the line chosen. */
const SNAP = 0.01;

/** A line outside the page's view is brought into it, gently (at once when motion is to be reduced). */
function bringIntoView(line: Element | null): void {
  if (!line) return;
  const box = line.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  line.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * The call's recording with the transcript beside it: a line clicked (or chosen with the keyboard)
 * plays from where it was said, and while the audio plays the line being spoken is marked.
 */
function Player({ recording, turns }: { recording: CallRecording; turns: TranscriptTurn[] }) {
  const audio = useRef<HTMLAudioElement>(null);
  const lines = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(-1);
  const [broken, setBroken] = useState(false);
  const startedAt = recording.started_at ?? turns[0]?.at ?? '';
  const offsets = useMemo(() => turns.map((t) => lineOffset(t, startedAt)), [turns, startedAt]);

  const follow = () => {
    const media = audio.current;
    if (!media) return;
    const now = lineAt(offsets, media.currentTime + SNAP);
    if (now === current) return;
    setCurrent(now);
    if (!media.paused) bringIntoView(lines.current?.querySelector(`[data-line="${now}"]`) ?? null);
  };
  const seek = (line: number) => {
    const media = audio.current;
    const offset = offsets[line];
    if (!media || offset === undefined) return;
    media.currentTime = offset;
    setCurrent(line);
    // A play cut short by the next click or a pause rejects; there is nothing to tell anyone.
    media.play().catch(() => {});
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        {/* biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the call's words */}
        <audio
          ref={audio}
          className="recording-audio"
          controls
          preload="metadata"
          src={recording.url ?? undefined}
          aria-label="Call recording"
          onTimeUpdate={follow}
          onSeeked={follow}
          onError={() => setBroken(true)}
        />
        <Text size="xs" c="dimmed">
          {[
            recording.duration_seconds === null
              ? null
              : `Recording, ${formatDuration(recording.duration_seconds)}`,
            recording.channels === 2 ? 'caller and agent each on a channel of their own' : null,
            'choose a line to play from there',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {broken && (
          <Text size="sm" c="red.8" role="alert">
            The recording could not be loaded. Reload the page to try again.
          </Text>
        )}
      </Stack>
      <div ref={lines}>
        <Transcript turns={turns} player={{ offsets, current, seek }} />
      </div>
    </Stack>
  );
}

/** For admins and the owner: deletes the recording here and at Twilio, after asking. */
function DeleteRecording({ callId }: { callId: string }) {
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.calls.deleteRecording(callId),
    onSuccess: async () => {
      setConfirming(false);
      await queries.invalidateQueries({ queryKey: ['call', callId] });
      void queries.invalidateQueries({ queryKey: ['calls'] });
    },
  });
  return (
    <>
      <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)}>
        Delete recording
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete this recording">
        <Stack gap="sm">
          <Text size="sm">
            The recording is deleted here and at Twilio, for good: nobody can play it again. The transcript
            and the rest of the call stay. This cannot be undone.
          </Text>
          {remove.isError && <ErrorNotice error={remove.error} />}
          <Group>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending} data-autofocus>
              Delete for good
            </Button>
            <Button variant="subtle" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The call page's transcript, with the call's recording when there is one to play, and otherwise
 * a plain word on why there is none (docs/console.md, "Calls").
 */
export function RecordedTranscript({
  call,
  turns,
  transcriptError,
}: {
  call: Call;
  turns: TranscriptTurn[];
  transcriptError: unknown;
}) {
  const zone = useTimeZone();
  const can = useCan();
  const recording = call.recording ?? null;
  const state = recordingState(call, zone);
  const playable = recording !== null && state === null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          Transcript
        </Title>
        {recording?.status === 'completed' && can.manage && <DeleteRecording callId={call.id} />}
      </Group>
      {state !== null && (
        <Text size="sm" c="dimmed" role="status">
          {state}
        </Text>
      )}
      {transcriptError ? <ErrorNotice error={transcriptError} /> : null}
      {playable ? (
        <Player recording={recording} turns={transcriptError ? [] : turns} />
      ) : (
        !transcriptError && <Transcript turns={turns} />
      )}
    </Stack>
  );
}
