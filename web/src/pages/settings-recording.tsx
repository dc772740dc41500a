import { Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { useCan, useSession } from '../session';
import { ErrorNotice } from '../ui/feedback';

/**
 * The workspace's call recording switch (off until an admin turns it on), with what it means in
 * plain words: the notice callers hear, what Twilio records, and how long it is kept
 * (docs/privacy.md, docs/console.md).
 */
export function RecordingSettings() {
  const { ping, refresh } = useSession();
  const can = useCan();
  const [on, setOn] = useState(ping.workspace.call_recording === true);
  const save = useMutation({
    mutationFn: (next: boolean) => api.workspace.update({ call_recording: next }),
    onMutate: (next) => setOn(next),
    onSuccess: (saved) => {
      setOn(saved.call_recording);
      return refresh();
    },
    onError: (_error, next) => setOn(!next),
  });
  return (
    <Stack maw={560} gap="xs" component="section" aria-labelledby="call-recording-title">
      <Title order={2} size="h4" id="call-recording-title">
        Call recording
      </Title>
      <Switch
        label="Record calls"
        checked={on}
        disabled={!can.manage || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
      <Text size="sm">
        When on, Twilio records every call to the workspace’s numbers from its start, both sides (the caller
        and the agent each on a channel of their own, and a person the call is handed to), and the agent’s
        greeting is followed by the recording notice (Agent, Greeting and lines), so callers know before they
        say anything. A recording plays on its call’s page beside the transcript; admins can delete one there.
        Recordings are kept for the time set in Settings, Privacy, then deleted. Test calls are never
        recorded.
      </Text>
      {!can.manage && (
        <Text size="sm" c="dimmed">
          Admins and the owner turn this on or off.
        </Text>
      )}
      {save.isError && <ErrorNotice error={save.error} />}
      {save.isSuccess && (
        <Text size="sm" role="status">
          {save.data.call_recording
            ? 'Saved. Calls are recorded from the next one.'
            : 'Saved. Calls are no longer recorded.'}
        </Text>
      )}
    </Stack>
  );
}
