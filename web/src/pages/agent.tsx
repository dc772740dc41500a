import type { AgentConfig } from '@callagent/sdk';
import { Alert, Button, Card, Grid, Group, Modal, NavLink, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, isApiError } from '../api';
import { formatDateTime } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { type Change, diffConfigs } from './agent-diff';
import { SECTIONS, Section, type SectionId } from './agent-sections';
import { TestPanel } from './agent-test-panel';

function DiffTable({ changes }: { changes: Change[] }) {
  if (changes.length === 0) return <Text size="sm">The draft is the same as the live version.</Text>;
  return (
    <Table fz="sm" aria-label="Changes from the live version">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Live</Table.Th>
          <Table.Th>Draft</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.path}>
            <Table.Td>
              <code>{c.path}</code>
            </Table.Td>
            <Table.Td className="diff-line-removed">{c.before}</Table.Td>
            <Table.Td className="diff-line-added">{c.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Versions({ onRestored }: { onRestored: () => void }) {
  const zone = useTimeZone();
  const members = useMembers();
  const can = useCan();
  const versions = useQuery({
    queryKey: ['agent', 'versions'],
    queryFn: () => api.agent.versions({ limit: 20 }),
  });
  const restore = useMutation({ mutationFn: (v: number) => api.agent.restore(v), onSuccess: onRestored });
  if (versions.isPending) return <Loading />;
  if (versions.isError) return <ErrorNotice error={versions.error} />;
  if (versions.data.data.length === 0)
    return <Text size="sm">Nothing published yet: calls run the default configuration.</Text>;
  return (
    <Stack gap={4}>
      {versions.data.data.map((v) => (
        <Group key={v.id} justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            Version {v.version}, {formatDateTime(v.published_at, zone)} by {members.nameOf(v.published_by)}
          </Text>
          {can.editAgent && (
            <Button size="compact-xs" variant="subtle" onClick={() => restore.mutate(v.version)}>
              Restore
            </Button>
          )}
        </Group>
      ))}
      {restore.isError && <ErrorNotice error={restore.error} />}
    </Stack>
  );
}

export function AgentPage() {
  const can = useCan();
  const queries = useQueryClient();
  const agent = useQuery({ queryKey: ['agent'], queryFn: () => api.agent.get() });
  const [config, setConfig] = useState<AgentConfig | null>(null);
  const [section, setSection] = useState<SectionId>('lines');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (agent.data) setConfig(agent.data.draft.config);
  }, [agent.data]);
  const reload = () => queries.invalidateQueries({ queryKey: ['agent'] });
  const save = useMutation({
    mutationFn: (c: AgentConfig) => api.agent.putDraft({ config: c }),
    onSuccess: reload,
  });
  const publish = useMutation({
    mutationFn: () => api.agent.publish(),
    onSuccess: () => {
      setConfirming(false);
      void reload();
    },
  });
  if (agent.isPending || config === null)
    return agent.isError ? <ErrorNotice error={agent.error} retry={() => agent.refetch()} /> : <Loading />;
  const saved = agent.data?.draft.config;
  const live = agent.data?.published?.config ?? null;
  const unsaved = diffConfigs(saved, config).length > 0;
  const changes = diffConfigs(live ?? {}, saved);
  const errorAt = (path: string) =>
    isApiError(save.error, 'validation_failed')
      ? save.error.details.find((d) => d.path === `config.${path}`)?.message
      : undefined;
  return (
    <Stack>
      <Title order={1} size="h2">
        Agent
      </Title>
      <Alert color={changes.length > 0 ? 'yellow' : 'green'} role="status">
        <Group justify="space-between">
          <Text size="sm">
            {changes.length > 0
              ? `Draft: not live (${changes.length} change${changes.length === 1 ? '' : 's'} from ${live ? `version ${agent.data?.published?.version}` : 'the default'})`
              : `Live: version ${agent.data?.published?.version ?? 'default'}`}
            {unsaved ? ' · unsaved edits' : ''}
          </Text>
          {can.editAgent && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={!unsaved}
                loading={save.isPending}
                onClick={() => save.mutate(config)}
              >
                Save draft
              </Button>
              <Button
                size="xs"
                disabled={changes.length === 0 || unsaved}
                onClick={() => setConfirming(true)}
              >
                Publish
              </Button>
            </Group>
          )}
        </Group>
      </Alert>
      {save.isError && !isApiError(save.error, 'validation_failed') && <ErrorNotice error={save.error} />}
      {isApiError(save.error, 'validation_failed') && (
        <Alert color="red" role="alert">
          The draft was not saved: {save.error.details.length} field
          {save.error.details.length === 1 ? '' : 's'} to fix (
          {save.error.details.map((d) => d.path.replace(/^config\./, '')).join(', ')}).
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <nav aria-label="Sections">
            {SECTIONS.map((s) => (
              <NavLink
                key={s.id}
                label={s.label}
                active={section === s.id}
                onClick={() => setSection(s.id)}
                component="button"
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Section
              id={section}
              config={config}
              onChange={setConfig}
              errorAt={errorAt}
              readOnly={!can.editAgent}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            {can.editAgent && <TestPanel />}
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Versions
              </Title>
              <Versions onRestored={reload} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Publish the draft?" size="xl">
        <Stack>
          <Text size="sm">Calls that start after this run the new version.</Text>
          <DiffTable changes={changes} />
          {publish.isError && <ErrorNotice error={publish.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => publish.mutate()} loading={publish.isPending}>
              Publish
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
