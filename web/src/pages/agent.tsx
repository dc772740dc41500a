import type { AgentConfig } from '@callagent/sdk';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Modal,
  NavLink,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, isApiError } from '../api';
import { formatDateTime } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { VersionComparison } from './agent-compare';
import { diffConfigs } from './agent-diff';
import {
  type Change,
  describeChanges,
  fieldName,
  itemName,
  messageInWords,
  problemInWords,
  valueAt,
} from './agent-fields';
import { SECTIONS, Section, type SectionId } from './agent-sections';
import { TestPanel } from './agent-test-panel';

/** The draft against the live version in the form's words: "Price ceiling: £250,000 → £275,000". */
function DiffList({ changes }: { changes: Change[] }) {
  if (changes.length === 0) return <Text size="sm">The draft is the same as the live version.</Text>;
  return (
    <dl className="diff-list" aria-label="Changes from the live version">
      {changes.map((c) => (
        <div key={c.label} className="diff-item">
          <dt>{c.label}:</dt>
          <dd>
            <del className="diff-line-removed">{c.before}</del>
            <span aria-hidden="true"> → </span>
            <ins className="diff-line-added">{c.after}</ins>
          </dd>
        </div>
      ))}
    </dl>
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

const isWordList = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string');

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
  const changes = saved ? describeChanges(live, saved) : [];
  const problems = isApiError(save.error, 'validation_failed')
    ? save.error.details.map((d) => ({ path: d.path.replace(/^config\./, ''), message: d.message }))
    : [];
  const errorAt = (path: string) => {
    const exact = problems.find((p) => p.path === path);
    if (exact) return messageInWords(exact.message);
    // A list of words is one field: its items' problems show there, naming the item.
    if (!isWordList(valueAt(config, path))) return undefined;
    const items = problems.filter(
      (p) => p.path.startsWith(`${path}.`) && /^\d+$/.test(p.path.slice(path.length + 1)),
    );
    if (items.length === 0) return undefined;
    return items.map((p) => `${itemName(p.path, config)}: ${messageInWords(p.message)}`).join('; ');
  };
  const problemsIn = (id: SectionId) =>
    problems.filter((p) => fieldName(p.path, config).section === id).length;
  const saveForm = async (): Promise<boolean> => {
    try {
      await save.mutateAsync(config);
      return true;
    } catch (error) {
      if (isApiError(error, 'validation_failed')) {
        const first = error.details
          .map((d) => fieldName(d.path.replace(/^config\./, ''), config).section)
          .find((id) => id !== null);
        // Open the section of the first problem, unless the one on screen has one of its own.
        const here = error.details.some(
          (d) => fieldName(d.path.replace(/^config\./, ''), config).section === section,
        );
        if (first && !here) setSection(first);
      }
      return false;
    }
  };
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
                onClick={() => void saveForm()}
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
      <VersionComparison live={agent.data?.published?.version ?? null} />
      {save.isError && !isApiError(save.error, 'validation_failed') && <ErrorNotice error={save.error} />}
      {problems.length > 0 && (
        <Alert color="red" role="alert" title="The draft was not saved">
          <Text size="sm">
            {problems.length} field{problems.length === 1 ? '' : 's'} to fix:
          </Text>
          <List size="sm">
            {problems.map((p) => {
              const where = fieldName(p.path, config).section;
              return (
                <List.Item key={p.path}>
                  {problemInWords(p.path, p.message, config)}
                  {where && where !== section && (
                    <>
                      {' '}
                      <Anchor
                        component="button"
                        size="sm"
                        c="red.9"
                        fw={600}
                        underline="always"
                        onClick={() => setSection(where)}
                      >
                        Show in {SECTIONS.find((s) => s.id === where)?.label}
                      </Anchor>
                    </>
                  )}
                </List.Item>
              );
            })}
          </List>
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
                rightSection={
                  problemsIn(s.id) > 0 ? (
                    <Badge size="sm" color="red">
                      {problemsIn(s.id)}
                      <VisuallyHidden> to fix</VisuallyHidden>
                    </Badge>
                  ) : null
                }
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
            {can.editAgent && <TestPanel form={config} unsaved={unsaved} saveFirst={saveForm} />}
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
          <DiffList changes={changes} />
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
