import type { CallEnding, CallListQuery, CallStatus } from '@callagent/sdk';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatDuration, formatPhone, fromLocalInput } from '../format';
import { useCallsSeen } from '../last-seen';
import { useLive } from '../live';
import { useTimeZone } from '../session';
import { ENDINGS, EndingBadge, TestBadge } from '../ui/call-marks';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { CallStatusBadge, OutcomeBadge } from '../ui/outcome';
import { ScrollTable } from '../ui/scroll-table';

const STATUSES: { value: CallStatus; label: string }[] = [
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'transferred', label: 'Transferred' },
  { value: 'failed', label: 'Failed' },
];

/** Test calls of the draft stay out of the list unless asked for. */
const TESTS: { value: 'include' | 'only'; label: string }[] = [
  { value: 'include', label: 'With test calls' },
  { value: 'only', label: 'Test calls only' },
];

export function CallsPage() {
  const zone = useTimeZone();
  const live = useLive();
  const [typed, setFilters] = useState({ status: '', ending: '', test: '', since: '', until: '', q: '' });
  // Typing in the search box asks once the typing pauses, not at every key.
  const [filters] = useDebouncedValue(typed, 250);
  const query: CallListQuery = {
    expand: 'lead,opportunity',
    limit: 50,
    ...(filters.status ? { status: filters.status as CallStatus } : {}),
    ...(filters.ending ? { ending: filters.ending as CallEnding } : {}),
    ...(filters.test ? { test: filters.test as 'include' | 'only' } : {}),
    ...(filters.since ? { since: fromLocalInput(filters.since, zone) } : {}),
    ...(filters.until ? { until: new Date(fromLocalInput(filters.until, zone).getTime() + 86_400_000) } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
  const calls = useInfiniteQuery({
    queryKey: ['calls', query],
    queryFn: ({ pageParam }) => api.calls.list({ ...query, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const set = (key: keyof typeof filters) => (value: string | null) =>
    setFilters((f) => ({ ...f, [key]: value ?? '' }));
  const rows = calls.data?.pages.flatMap((p) => p.data) ?? [];
  // Calls newer than the mark as it stood when the page opened are new to this user; looking at
  // the whole list (no filter) moves the mark to its newest call, which clears the count in the
  // navigation. An empty list marks the beginning of time: every call after it is new.
  const [seen, markSeen] = useCallsSeen();
  const [before] = useState(seen);
  const filtered = Object.values(filters).some(Boolean);
  const newest = calls.isSuccess && !filtered ? (rows[0]?.started_at ?? new Date(0).toISOString()) : null;
  useEffect(() => {
    if (newest !== null) markSeen(newest);
  }, [newest, markSeen]);
  const isNew = (startedAt: string) => before !== null && Date.parse(startedAt) > Date.parse(before);
  return (
    <Stack>
      <Title order={1} size="h2">
        Calls
      </Title>
      {before !== null && rows.some((c) => isNew(c.started_at)) && (
        <Text size="sm" c="dimmed">
          Calls marked new arrived since your last visit.
        </Text>
      )}
      <form onSubmit={(e) => e.preventDefault()} aria-label="Filter calls">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search"
            placeholder="Number, name, street, postcode, words said"
            data-search
            value={typed.q}
            onChange={(e) => set('q')(e.currentTarget.value)}
            w={300}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={STATUSES}
            value={typed.status || null}
            onChange={set('status')}
            w={150}
          />
          <Select
            label="Ended"
            placeholder="Any way"
            clearable
            data={ENDINGS}
            value={typed.ending || null}
            onChange={set('ending')}
            w={150}
          />
          <Select
            label="Test calls"
            placeholder="Left out"
            clearable
            data={TESTS}
            value={typed.test || null}
            onChange={set('test')}
            w={170}
          />
          <TextInput
            label="From"
            type="date"
            value={typed.since}
            onChange={(e) => set('since')(e.currentTarget.value)}
            w={150}
          />
          <TextInput
            label="To"
            type="date"
            value={typed.until}
            onChange={(e) => set('until')(e.currentTarget.value)}
            w={150}
          />
        </Group>
      </form>
      {calls.isPending ? (
        <Loading />
      ) : calls.isError ? (
        <ErrorNotice error={calls.error} retry={() => calls.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={Object.values(filters).some(Boolean) ? 'No call matches' : 'No calls yet'}>
          {Object.values(filters).some(Boolean)
            ? 'Clear a filter or search for other words.'
            : 'Add a phone number in Settings, or make a test call from the Agent page.'}
        </Empty>
      ) : (
        <ScrollTable minWidth={960} label="Calls" cards>
          <Table highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Caller</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Ended</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Postcode</Table.Th>
                <Table.Th>Summary</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => {
                const turns = live.calls.get(c.id)?.turns ?? [];
                return (
                  <Table.Tr key={c.id} data-new={isNew(c.started_at) || undefined}>
                    <Table.Td className="nowrap">
                      <Anchor component={Link} href={`/calls/${c.id}`} data-row-link>
                        {formatDateTime(c.started_at, zone)}
                      </Anchor>
                      {isNew(c.started_at) && (
                        <Badge size="xs" variant="light" ml={6}>
                          new
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.lead?.name ?? 'Unknown caller'}</Text>
                      <Text size="xs" c="dimmed" className="nowrap">
                        {formatPhone(c.from)}
                      </Text>
                    </Table.Td>
                    <Table.Td className="nowrap">{formatDuration(c.duration_seconds)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <CallStatusBadge status={c.status} />
                        <TestBadge call={c} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <EndingBadge ending={c.ending} />
                    </Table.Td>
                    <Table.Td>
                      {c.opportunity && (
                        <OutcomeBadge outcome={c.opportunity.outcome} score={c.opportunity.score} />
                      )}
                    </Table.Td>
                    <Table.Td className="nowrap">{c.opportunity?.postcode ?? ''}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {c.status === 'in_progress'
                          ? (turns.at(-1)?.text ?? '…')
                          : (c.summary?.split('\n')[1] ?? c.summary ?? '')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {calls.hasNextPage && (
        <Button variant="light" onClick={() => calls.fetchNextPage()} loading={calls.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
