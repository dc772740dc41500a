import type {
  Opportunity,
  OpportunityListQuery,
  OpportunityOutcome,
  OpportunityStage,
  UpdateOpportunityParams,
} from '@callagent/sdk';
import {
  Anchor,
  Button,
  Card,
  Drawer,
  Group,
  Menu,
  Modal,
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
import { Link, useSearch } from 'wouter';
import { api } from '../api';
import { formatAge, formatMoney } from '../format';
import { download, useMembers } from '../hooks';
import { useCan } from '../session';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { searchQuery } from '../ui/lead-picker';
import { OUTCOMES, OutcomeBadge } from '../ui/outcome';
import { ScrollTable } from '../ui/scroll-table';
import { NextActionLine, SellerLine, sellerOfDeal, usePipeline } from '../ui/seller';
import { FactsList, ScoreBreakdown } from './call';
import { OpportunityActions } from './opportunity-actions';

function OpportunityCard({
  o,
  onOpen,
  onMove,
}: {
  o: Opportunity;
  onOpen: () => void;
  onMove: (to: OpportunityStage) => void;
}) {
  const members = useMembers();
  const pipeline = usePipeline();
  const can = useCan();
  const label = o.address ?? (o.seller?.name || o.id);
  return (
    <Card
      withBorder
      p="xs"
      draggable={can.workDesk}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', o.id)}
      data-testid="opportunity-card"
    >
      <UnstyledButton onClick={onOpen} aria-label={`Open ${label}`} data-row-link>
        <Text size="sm" fw={600} lineClamp={2}>
          {o.address ?? 'Address not given'}
        </Text>
      </UnstyledButton>
      <SellerLine seller={{ ...sellerOfDeal(o), address: null, postcode: null }} size="xs" />
      <Text size="xs" c="dimmed">
        {o.postcode ?? 'no postcode'} · {formatMoney(o.facts.asking_price) || 'price not said'}
      </Text>
      <NextActionLine action={o.next_action} />
      <Text size="xs" c="dimmed" lineClamp={1}>
        {formatAge(o.created_at)} · {members.nameOf(o.owner_id)}
      </Text>
      <Group justify="space-between" mt={4} gap={2}>
        <OutcomeBadge outcome={o.outcome} score={o.score} />
        {can.workDesk && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" aria-label={`Move ${label}`}>
                Move
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {pipeline.stages
                .filter((x) => x.key !== o.stage)
                .map((x) => (
                  <Menu.Item key={x.key} onClick={() => onMove(x.key)}>
                    {x.name}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}

/** Asks why before a deal is moved to dead. */
function DeadReason({ onConfirm, onCancel }: { onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) onConfirm(reason.trim());
      }}
    >
      <Stack>
        <TextInput
          label="Why is it dead?"
          placeholder="Sold elsewhere, not selling, unreachable…"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Keep it
          </Button>
          <Button type="submit" color="red" disabled={!reason.trim()}>
            Mark dead
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function OpportunitiesPage() {
  const members = useMembers();
  const pipeline = usePipeline();
  const queries = useQueryClient();
  const [dying, setDying] = useState<string | null>(null);
  const focus = new URLSearchParams(useSearch()).get('focus');
  const [view, setView] = useState('board');
  const [over, setOver] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(focus);
  const [f, setF] = useState({ owner: '', q: '', min: '' as number | '', outcome: '', stage: '' });
  // Typing in the search box asks once the typing pauses, not at every key.
  const [search] = useDebouncedValue(f.q, 200);
  const query: OpportunityListQuery = {
    limit: 200,
    ...(f.owner ? { owner_id: f.owner } : {}),
    ...searchQuery(search),
    ...(f.min !== '' ? { min_score: f.min } : {}),
    ...(f.outcome ? { outcome: f.outcome as OpportunityOutcome } : {}),
    ...(f.stage ? { stage: f.stage as OpportunityStage } : {}),
  };
  const list = useQuery({ queryKey: ['opportunities', query], queryFn: () => api.opportunities.list(query) });
  const change = useMutation({
    mutationFn: (v: { id: string; body: UpdateOpportunityParams }) => api.opportunities.update(v.id, v.body),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['opportunities'] }),
  });
  // Dead needs a reason: the move waits for it.
  const moveTo = (id: string, stage: OpportunityStage) => {
    if (stage === 'dead') setDying(id);
    else change.mutate({ id, body: { stage } });
  };
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
          label="Stage"
          placeholder="Any"
          clearable
          data={pipeline.options}
          value={f.stage || null}
          onChange={(v) => setF({ ...f, stage: v ?? '' })}
          w={170}
        />
        <Select
          label="Temperature"
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
      {change.isError && <ErrorNotice error={change.error} />}
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
          {pipeline.stages.map(({ key, name }) => {
            const inStage = rows
              .filter((o) => o.stage === key)
              .sort((a, b) => b.score - a.score || a.created_at.localeCompare(b.created_at));
            return (
              <section
                key={key}
                className="board-column"
                data-over={over === key}
                aria-label={`${name} column`}
                onDragOver={(e) => {
                  e.preventDefault();
                  setOver(key);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(e) => {
                  setOver(null);
                  const id = e.dataTransfer.getData('text/plain');
                  if (id && rows.find((o) => o.id === id)?.stage !== key) moveTo(id, key);
                }}
              >
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Text size="sm" fw={700}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {inStage.length}
                  </Text>
                </Group>
                <Stack gap="xs">
                  {inStage.map((o) => (
                    <OpportunityCard
                      key={o.id}
                      o={o}
                      onOpen={() => setOpenId(o.id)}
                      onMove={(to) => moveTo(o.id, to)}
                    />
                  ))}
                </Stack>
              </section>
            );
          })}
        </div>
      ) : (
        <ScrollTable minWidth={960} label="Opportunities">
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Th>Seller</Table.Th>
                <Table.Th>Stage</Table.Th>
                <Table.Th>Temperature</Table.Th>
                <Table.Th>Next action</Table.Th>
                <Table.Th>Asking</Table.Th>
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
                    <Text size="xs" c="dimmed">
                      {o.postcode}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SellerLine seller={{ ...sellerOfDeal(o), address: null, postcode: null }} />
                  </Table.Td>
                  <Table.Td>{pipeline.nameOf(o.stage)}</Table.Td>
                  <Table.Td>
                    <OutcomeBadge outcome={o.outcome} score={o.score} />
                  </Table.Td>
                  <Table.Td>
                    <NextActionLine action={o.next_action} />
                  </Table.Td>
                  <Table.Td>{formatMoney(o.facts.asking_price)}</Table.Td>
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
        title={opened?.address ?? opened?.seller?.name ?? 'Opportunity'}
      >
        {opened && (
          <Stack>
            <SellerLine seller={sellerOfDeal(opened)} />
            <Group gap="xs">
              <Text size="sm">{pipeline.nameOf(opened.stage)}</Text>
              <OutcomeBadge outcome={opened.outcome} score={opened.score} />
              {opened.call_id && (
                <Anchor component={Link} href={`/calls/${opened.call_id}`} size="sm">
                  The call
                </Anchor>
              )}
              {opened.lead_id && (
                <Anchor component={Link} href={`/leads/${opened.lead_id}`} size="sm">
                  The lead
                </Anchor>
              )}
            </Group>
            <FactsList opportunity={opened} />
            <ScoreBreakdown opportunity={opened} />
            <OpportunityActions opportunity={opened} leadId={opened.lead_id} />
          </Stack>
        )}
      </Drawer>
      <Modal opened={dying !== null} onClose={() => setDying(null)} title="Mark the deal dead">
        {dying && (
          <DeadReason
            onCancel={() => setDying(null)}
            onConfirm={(dead_reason) => {
              change.mutate({ id: dying, body: { stage: 'dead', dead_reason } });
              setDying(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
