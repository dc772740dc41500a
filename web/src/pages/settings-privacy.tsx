import type { AuditEntry, Retention } from '@callagent/sdk';
import { Button, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { ScrollTable } from '../ui/scroll-table';

const ACTIONS: Record<AuditEntry['action'], string> = {
  'lead.exported': 'Downloaded a person’s data',
  'lead.erased': 'Erased a person',
  'privacy.lookup': 'Looked up a phone number',
  'retention.changed': 'Changed how long data is kept',
  'retention.applied': 'Removed data past its time',
  'leads.csv_exported': 'Exported leads (CSV)',
  'opportunities.csv_exported': 'Exported opportunities (CSV)',
};

type Days = Pick<Retention, 'transcript_days' | 'idle_lead_days' | 'recording_days'>;

function RetentionForm({ current }: { current: Retention }) {
  const queries = useQueryClient();
  const [days, setDays] = useState<Days>({
    transcript_days: current.transcript_days,
    idle_lead_days: current.idle_lead_days,
    recording_days: current.recording_days,
  });
  const save = useMutation({
    mutationFn: () => api.privacy.updateRetention(days),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['privacy'] });
    },
  });
  const field = (key: keyof Days, label: string, description: string, min: number) => (
    <NumberInput
      label={label}
      description={description}
      value={days[key]}
      min={min}
      max={3650}
      allowDecimal={false}
      suffix=" days"
      onChange={(v) => setDays((d) => ({ ...d, [key]: typeof v === 'number' ? v : d[key] }))}
    />
  );
  return (
    <form
      aria-label="How long data is kept"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack maw={460}>
        {field(
          'transcript_days',
          'Call transcripts',
          'After a call ends, its transcript and summaries are removed.',
          30,
        )}
        {field(
          'idle_lead_days',
          'Leads that went nowhere',
          'A lead closed, or without any deal, that has been quiet this long is erased.',
          30,
        )}
        {field(
          'recording_days',
          'Call recordings',
          'Days from the call; then deleted here and at Twilio.',
          1,
        )}
        {save.isError && <ErrorNotice error={save.error} />}
        {save.isSuccess && (
          <Text size="sm" role="status">
            Saved. The next run of the housekeeping applies it.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuditLog() {
  const zone = useTimeZone();
  const members = useMembers();
  const log = useInfiniteQuery({
    queryKey: ['privacy', 'audit-log'],
    queryFn: ({ pageParam }) =>
      api.privacy.auditLog({ limit: 50, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  if (log.isPending) return <Loading />;
  if (log.isError) return <ErrorNotice error={log.error} retry={() => log.refetch()} />;
  const entries = log.data.pages.flatMap((p) => p.data);
  const who = (e: AuditEntry) => {
    if (e.actor.type === 'system') return 'The service';
    const person = members.nameOf(e.actor.type === 'api_key' ? e.actor.on_behalf_of : e.actor.id);
    return e.actor.type === 'api_key' ? `API key ${e.actor.id} (${person})` : person;
  };
  if (entries.length === 0) return <Text c="dimmed">Nothing yet.</Text>;
  return (
    <Stack>
      <ScrollTable minWidth={700} label="Audit log">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Record</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateTime(e.at, zone)}</Table.Td>
                <Table.Td>{who(e)}</Table.Td>
                <Table.Td>{ACTIONS[e.action] ?? e.action}</Table.Td>
                <Table.Td>{e.subject?.id ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {log.hasNextPage && (
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => log.fetchNextPage()}
            loading={log.isFetchingNextPage}
          >
            Older entries
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Settings › Privacy: how long personal data is kept (admins), and the audit log (the owner). */
export function PrivacySettings() {
  const can = useCan();
  const retention = useQuery({ queryKey: ['privacy', 'retention'], queryFn: () => api.privacy.retention() });
  return (
    <Stack gap="xl">
      <Stack>
        <Title order={2} size="h4">
          How long data is kept
        </Title>
        {retention.isPending ? (
          <Loading />
        ) : retention.isError ? (
          <ErrorNotice error={retention.error} retry={() => retention.refetch()} />
        ) : (
          // Not keyed by the saved settings: a save's refetch would remount the form and take its
          // "Saved." away; the form already holds what was saved.
          <RetentionForm current={retention.data} />
        )}
      </Stack>
      {can.own && (
        <Stack>
          <Title order={2} size="h4">
            Audit log
          </Title>
          <Text size="sm" c="dimmed">
            Who downloaded, erased or exported people’s data, and what the housekeeping removed.
          </Text>
          <AuditLog />
        </Stack>
      )}
    </Stack>
  );
}
