import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { useCan, useSession } from '../session';
import { ErrorNotice } from '../ui/feedback';
import { PipelineSettings } from './settings-pipeline';
import { RecordingSettings } from './settings-recording';

const ZONES = ['Europe/London', 'Europe/Dublin', 'Europe/Paris', 'UTC'];

export function WorkspaceSettings() {
  const { ping, refresh } = useSession();
  const can = useCan();
  const [name, setName] = useState(ping.workspace.name);
  const [zone, setZone] = useState(ping.workspace.time_zone);
  const save = useMutation({
    mutationFn: () => api.workspace.update({ name, time_zone: zone }),
    onSuccess: refresh,
  });
  return (
    <Stack gap="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack maw={420}>
          <TextInput
            label="Workspace name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            readOnly={!can.manage}
            required
            maxLength={100}
          />
          <Select
            label="Time zone"
            description="Every date and time in the console is shown in this zone."
            data={ZONES.includes(zone) ? ZONES : [zone, ...ZONES]}
            value={zone}
            allowDeselect={false}
            disabled={!can.manage}
            onChange={(v) => v && setZone(v)}
          />
          {save.isError && <ErrorNotice error={save.error} />}
          {save.isSuccess && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
          {can.manage && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <RecordingSettings />
      <PipelineSettings />
    </Stack>
  );
}
