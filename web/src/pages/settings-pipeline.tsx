import type { Pipeline } from '@callagent/sdk';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { useCan } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';

/** The stages' names and order, and how soon a call asks for a hot or warm seller to be rung back. */
function PipelineForm({ initial }: { initial: Pipeline }) {
  const can = useCan();
  const queries = useQueryClient();
  const [stages, setStages] = useState(initial.stages);
  const [followUp, setFollowUp] = useState(initial.follow_up);
  const save = useMutation({
    mutationFn: () => api.workspace.updatePipeline({ stages, follow_up: followUp }),
    onSuccess: (saved) => queries.setQueryData(['pipeline'], saved),
  });
  const swap = (i: number, j: number) => {
    const next = [...stages];
    const [a, b] = [next[i], next[j]];
    if (!a || !b) return;
    next[i] = b;
    next[j] = a;
    setStages(next);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      aria-label="Pipeline"
    >
      <Stack maw={420} gap="xs">
        <Title order={2} size="h4">
          Pipeline
        </Title>
        <Text size="sm" c="dimmed">
          The board's columns, in order. Renaming a stage keeps its deals; the API and webhooks keep the
          stage's key.
        </Text>
        {stages.map((s, i) => (
          <Group key={s.key} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={`Stage ${i + 1}`}
              value={s.name}
              maxLength={40}
              required
              readOnly={!can.manage}
              onChange={(e) => {
                const name = e.currentTarget.value;
                setStages(stages.map((x) => (x.key === s.key ? { ...x, name } : x)));
              }}
              style={{ flex: 1 }}
            />
            {can.manage && (
              <>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move ${s.name} up`}
                  disabled={i === 0}
                  onClick={() => swap(i, i - 1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move ${s.name} down`}
                  disabled={i === stages.length - 1}
                  onClick={() => swap(i, i + 1)}
                >
                  ↓
                </ActionIcon>
              </>
            )}
          </Group>
        ))}
        <Group grow>
          <NumberInput
            label="Ring a hot seller back within (minutes)"
            min={5}
            max={10_080}
            value={followUp.hot_minutes}
            readOnly={!can.manage}
            onChange={(v) => typeof v === 'number' && setFollowUp({ ...followUp, hot_minutes: v })}
          />
          <NumberInput
            label="A warm seller within (minutes)"
            min={5}
            max={10_080}
            value={followUp.warm_minutes}
            readOnly={!can.manage}
            onChange={(v) => typeof v === 'number' && setFollowUp({ ...followUp, warm_minutes: v })}
          />
        </Group>
        {save.isError && <ErrorNotice error={save.error} />}
        {save.isSuccess && (
          <Text size="sm" role="status">
            Pipeline saved.
          </Text>
        )}
        {can.manage && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save pipeline
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function PipelineSettings() {
  const pipeline = useQuery({ queryKey: ['pipeline'], queryFn: () => api.opportunities.pipeline() });
  if (pipeline.isPending) return <Loading />;
  if (pipeline.isError) return <ErrorNotice error={pipeline.error} retry={() => pipeline.refetch()} />;
  return <PipelineForm initial={pipeline.data} />;
}
