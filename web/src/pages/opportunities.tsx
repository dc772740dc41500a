import type { Opportunity, OpportunityListQuery, OpportunityOutcome } from '@callagent/sdk';
import {
  Button,
  Card,
  Drawer,
  Group,
  Menu,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../api';
import { formatAge, formatMoney } from '../format';
import { download, useMembers } from '../hooks';
import { useCan } from '../session';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { searchQuery } from '../ui/lead-picker';
import { OUTCOMES, OutcomeBadge } from '../ui/outcome';
import { ScrollTable } from '../ui/scroll-table';
import { FactsList, ScoreBreakdown } from './call';
import { OpportunityActions } from './opportunity-actions';

function OpportunityCard({
  o,
  onOpen,
  onMove,
}: {
  o: Opportunity;
  onOpen: () => void;
  onMove: (to: OpportunityOutcome) => void;
}) {
  const members = useMembers();
  const can = useCan();
  return (
    <Card
      withBorder
      p="xs"
      draggable={can.workDesk}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', o.id)}
      data-testid="opportunity-card"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} aria-label={`Open ${o.address ?? o.id}`} data-row-link>
          <Text size="sm" fw={600} lineClamp={2}>
            {o.address ?? 'Address not given'}
          </Text>
        </UnstyledButton>
        <Text size="sm" fw={700}>
          {o.score}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {o.postcode ?? 'no postcode'} · {formatMoney(o.facts.asking_price) || 'price not said'}
      </Text>
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed" lineClamp={1} style={{ flex: 1, minWidth: 0 }}>
          {formatAge(o.created_at)} · {members.nameOf(o.owner_id)}
        </Text>
        {can.workDesk && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" aria-label={`Move ${o.address ?? o.id}`}>
                Move
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {OUTCOMES.filter((x) => x !== o.outcome).map((x) => (
                <Menu.Item key={x} onClick={() => onMove(x)}>
                  {x}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}

export function OpportunitiesPage() {
  const members = useMembers();
  const queries = useQueryClient();
  const focus = new URLSearchParams(useSearch()).get('focus');
  const [view, setView] = useState('board');
  const [over, setOver] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(focus);
  const [f, setF] = useState({ owner: '', q: '', min: '' as number | '', outcome: '' });
  // Typing in the search box asks once the typing pauses, not at every key.
  const [search] = useDebouncedValue(f.q, 200);
  const query: OpportunityListQuery = {
    limit: 200,
    ...(f.owner ? { owner_id: f.owner } : {}),
    ...searchQuery(search),
    ...(f.min !== '' ? { min_score: f.min } : {}),
    ...(f.outcome ? { outcome: f.outcome as OpportunityOutcome } : {}),
  };
  const list = useQuery({ queryKey: ['opportunities', query], queryFn: () => api.opportunities.list(query) });
  const move = useMutation({
    mutationFn: (v: { id: string; outcome: OpportunityOutcome }) =>
      api.opportunities.update(v.id, { outcome: v.outcome }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['opportunities'] }),
  });
  const exportCsv = useMutation({
    mutationFn: () => api.opportunities.exportCsv({ ...query, limit: undefined } as OpportunityListQuery),
    onSuccess: (csv) => download('opportunities.csv', csv, 'text/csv'),
  });
  const rows = list.data?.data ?? [];
  const opened = rows.find((o) => o.id === openId) ?? null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Opportunities
        </Title>
        <Group>
          <SegmentedControl
            aria-label="View"
            data={[
              { value: 'board', label: 'Board' },
              { value: 'table', label: 'Table' },
            ]}
            value={view}
            onChange={setView}
          />
          <Button variant="light" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
            Export CSV
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm">
        <Select
          label="Outcome"
          placeholder="Any"
          clearable
          data={OUTCOMES}
          value={f.outcome || null}
          onChange={(v) => setF({ ...f, outcome: v ?? '' })}
          w={150}
        />
        <Select
          label="Owner"
          placeholder="Anyone"
          clearable
          data={members.options}
          value={f.owner || null}
          onChange={(v) => setF({ ...f, owner: v ?? '' })}
          w={180}
        />
        <TextInput
          label="Search"
          placeholder="Street, postcode, seller or number"
          data-search
          value={f.q}
          onChange={(e) => setF({ ...f, q: e.currentTarget.value })}
          w={260}
        />
        <NumberInput
          label="Minimum score"
          min={0}
          max={100}
          value={f.min}
          onChange={(v) => setF({ ...f, min: typeof v === 'number' ? v : '' })}
          w={140}
        />
      </Group>
      {exportCsv.isError && <ErrorNotice error={exportCsv.error} />}
      {move.isError && <ErrorNotice error={move.error} />}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNotice error={list.error} retry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title="No opportunity matches">
          Opportunities appear when the agent scores a seller’s property during a call.
        </Empty>
      ) : view === 'board' ? (
        <div className="board">
          {OUTCOMES.map((outcome) => (
            <section
              key={outcome}
              className="board-column"
              data-over={over === outcome}
              aria-label={`${outcome} column`}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(outcome);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(e) => {
                setOver(null);
                const id = e.dataTransfer.getData('text/plain');
                if (id) move.mutate({ id, outcome });
              }}
            >
              <Group justify="space-between" mb="xs">
                <OutcomeBadge outcome={outcome} />
                <Text size="xs" c="dimmed">
                  {rows.filter((o) => o.outcome === outcome).length}
                </Text>
              </Group>
              <Stack gap="xs">
                {rows
                  .filter((o) => o.outcome === outcome)
                  .map((o) => (
                    <OpportunityCard
                      key={o.id}
                      o={o}
                      onOpen={() => setOpenId(o.id)}
                      onMove={(to) => move.mutate({ id: o.id, outcome: to })}
                    />
                  ))}
              </Stack>
            </section>
          ))}
        </div>
      ) : (
        <ScrollTable minWidth={720} label="Opportunities">
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Th>Postcode</Table.Th>
                <Table.Th>Asking</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Age</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setOpenId(o.id)} data-row-link>
                      {o.address ?? 'Address not given'}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{o.postcode}</Table.Td>
                  <Table.Td>{formatMoney(o.facts.asking_price)}</Table.Td>
                  <Table.Td>
                    <OutcomeBadge outcome={o.outcome} score={o.score} />
                  </Table.Td>
                  <Table.Td>{members.nameOf(o.owner_id)}</Table.Td>
                  <Table.Td>{formatAge(o.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Drawer
        opened={opened !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="lg"
        title={opened?.address ?? 'Opportunity'}
      >
        {opened && (
          <Stack>
            <FactsList opportunity={opened} />
            <ScoreBreakdown opportunity={opened} />
            <OpportunityActions opportunity={opened} leadId={opened.lead_id} />
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}
