import type { LeadListQuery, LeadStatus } from '@callagent/sdk';
import {
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatPhone } from '../format';
import { download, useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { searchQuery } from '../ui/lead-picker';
import { ScrollTable } from '../ui/scroll-table';

export const LEAD_STATUSES: LeadStatus[] = ['new', 'working', 'nurturing', 'converted', 'closed'];

function NewLead({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const queries = useQueryClient();
  const create = useMutation({
    mutationFn: (body: { name: string; phone: string; note?: string }) => api.leads.create(body),
    onSuccess: (lead) => {
      void queries.invalidateQueries({ queryKey: ['leads'] });
      navigate(`/leads/${lead.id}`);
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const note = String(form.get('note') ?? '').trim();
        create.mutate({
          name: String(form.get('name')),
          phone: String(form.get('phone')),
          ...(note ? { note } : {}),
        });
      }}
    >
      <Stack>
        <TextInput name="name" label="Name" required maxLength={200} data-autofocus />
        <TextInput name="phone" label="Phone" placeholder="07700 900123" required />
        <Textarea name="note" label="Note" maxLength={4000} />
        {create.isError && <ErrorNotice error={create.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create lead
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function LeadsPage() {
  const zone = useTimeZone();
  const can = useCan();
  const members = useMembers();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  // Asks once the typing pauses, not at every key.
  const [typed] = useDebouncedValue(search, 200);
  const text = typed.trim();
  const query: LeadListQuery = {
    limit: 50,
    ...(status ? { status: status as LeadStatus } : {}),
    ...searchQuery(text),
  };
  const leads = useInfiniteQuery({
    queryKey: ['leads', query],
    queryFn: ({ pageParam }) => api.leads.list({ ...query, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (p) => p.next_cursor ?? undefined,
  });
  const exportCsv = useMutation({
    mutationFn: () => api.leads.exportCsv({ ...query, limit: undefined } as LeadListQuery),
    onSuccess: (csv) => download('leads.csv', csv, 'text/csv'),
  });
  const rows = leads.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Leads
        </Title>
        <Group>
          <Button variant="light" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
            Export CSV
          </Button>
          {can.workDesk && <Button onClick={() => setAdding(true)}>New lead</Button>}
        </Group>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, number, street or postcode"
          data-search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={LEAD_STATUSES}
          value={status}
          onChange={setStatus}
          w={160}
        />
      </Group>
      {exportCsv.isError && <ErrorNotice error={exportCsv.error} />}
      {leads.isPending ? (
        <Loading />
      ) : leads.isError ? (
        <ErrorNotice error={leads.error} retry={() => leads.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={text || status ? 'No lead matches' : 'No leads yet'}>
          {text || status
            ? 'Try part of the name, the number, the street or the postcode.'
            : 'Callers become leads when the agent takes their name; you can also add one.'}
        </Empty>
      ) : (
        <ScrollTable minWidth={640} label="Leads" cards>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Anchor component={Link} href={`/leads/${l.id}`} data-row-link>
                      {l.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className="nowrap">{formatPhone(l.phone)}</Table.Td>
                  <Table.Td>{l.status}</Table.Td>
                  <Table.Td>{members.nameOf(l.owner_id)}</Table.Td>
                  <Table.Td className="nowrap">
                    <Text size="sm">{formatDateTime(l.updated_at, zone)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {leads.hasNextPage && (
        <Button variant="light" onClick={() => leads.fetchNextPage()}>
          Load more
        </Button>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="New lead">
        <NewLead onClose={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}
