import type { Booking } from '@callagent/sdk';
import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import {
  formatDateTime,
  formatDay,
  formatMoney,
  formatPhone,
  formatTime,
  fromLocalInput,
  zonedDate,
} from '../format';
import { useMembers } from '../hooks';
import { useLive } from '../live';
import { useCan, useTimeZone } from '../session';
import { TestBadge } from '../ui/call-marks';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { OutcomeBadge } from '../ui/outcome';
import { ScrollTable } from '../ui/scroll-table';
import { NextActionLine, SellerLine, sellerOfDeal, useSellers } from '../ui/seller';

const DAY = 24 * 60 * 60 * 1000;
const inDay = (iso: string, start: Date) =>
  Date.parse(iso) >= start.getTime() && Date.parse(iso) < start.getTime() + DAY;

/** Today's figures and last week's same day, counted from the newest 200 of each (shown as 200+ past that). */
async function loadFigures(today: Date) {
  const weekAgo = new Date(today.getTime() - 7 * DAY);
  const count = (items: { created_at: string }[], start: Date) =>
    items.filter((i) => inDay(i.created_at, start)).length;
  const callsIn = async (start: Date) =>
    (await api.calls.list({ since: start, until: new Date(start.getTime() + DAY), limit: 200 })).data.length;
  const [callsToday, callsBefore, leads, opportunities, bookingsToday, bookingsBefore, bookingsTomorrow] =
    await Promise.all([
      callsIn(today),
      callsIn(weekAgo),
      api.leads.list({ limit: 200 }),
      api.opportunities.list({ outcome: 'hot', limit: 200 }),
      api.bookings.list({
        from: today,
        to: new Date(today.getTime() + DAY),
        status: 'scheduled',
        limit: 200,
      }),
      api.bookings.list({
        from: weekAgo,
        to: new Date(weekAgo.getTime() + DAY),
        status: 'scheduled',
        limit: 200,
      }),
      api.bookings.list({
        from: new Date(today.getTime() + DAY),
        to: new Date(today.getTime() + 2 * DAY),
        status: 'scheduled',
        limit: 200,
      }),
    ]);
  const figures: { label: string; now: number; before: number; next?: string }[] = [
    { label: 'Calls', now: callsToday, before: callsBefore },
    { label: 'New leads', now: count(leads.data, today), before: count(leads.data, weekAgo) },
    { label: 'Hot', now: count(opportunities.data, today), before: count(opportunities.data, weekAgo) },
    {
      label: 'Bookings today',
      now: bookingsToday.data.length,
      before: bookingsBefore.data.length,
      next: `${bookingsTomorrow.data.length} tomorrow`,
    },
  ];
  return figures;
}

function HotUnassigned() {
  const zone = useTimeZone();
  const members = useMembers();
  const can = useCan();
  const queries = useQueryClient();
  const hot = useQuery({
    queryKey: ['opportunities', 'hot'],
    queryFn: () => api.opportunities.list({ outcome: 'hot', limit: 50 }),
  });
  const assign = useMutation({
    mutationFn: (v: { id: string; owner: string }) => api.opportunities.update(v.id, { owner_id: v.owner }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['opportunities'] }),
  });
  if (hot.isPending) return <Loading />;
  if (hot.isError) return <ErrorNotice error={hot.error} retry={() => hot.refetch()} />;
  // The hottest first; of equal scores, the one waiting longest.
  const open = hot.data.data
    .filter((o) => o.owner_id === null && o.stage !== 'dead' && o.stage !== 'completed')
    .sort((a, b) => b.score - a.score || a.created_at.localeCompare(b.created_at));
  if (open.length === 0)
    return <Empty title="No hot enquiry waiting">Hot callers nobody owns yet appear here.</Empty>;
  return (
    <ScrollTable minWidth={480} label="Hot and unassigned">
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {open.map((o) => (
            <Table.Tr key={o.id} data-testid="hot-deal">
              <Table.Td>
                <SellerLine seller={{ ...sellerOfDeal(o), address: null, postcode: null }} />
                <Anchor component={Link} href={`/opportunities?focus=${o.id}`} size="sm">
                  {o.address ?? 'Address not given'}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {o.postcode} {formatMoney(o.facts.asking_price)} · {formatDateTime(o.created_at, zone)}
                </Text>
                <NextActionLine action={o.next_action} />
              </Table.Td>
              <Table.Td>
                <OutcomeBadge outcome={o.outcome} score={o.score} />
              </Table.Td>
              <Table.Td>
                {can.workDesk && (
                  <Select
                    size="xs"
                    aria-label={`Assign ${o.address ?? o.id}`}
                    placeholder="Assign"
                    data={members.options}
                    onChange={(owner) => owner && assign.mutate({ id: o.id, owner })}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

const TASK_LISTS = [
  { value: 'today', label: 'Due today' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'mine', label: 'My tasks' },
] as const;

/** Next actions: due today, overdue, or the signed-in person's own, soonest first. */
function Tasks() {
  const [list, setList] = useState<'today' | 'overdue' | 'mine'>('today');
  const tasks = useQuery({
    queryKey: ['opportunities', 'tasks', list],
    queryFn: () => api.opportunities.tasks({ list, limit: 50 }),
  });
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Task list"
        size="xs"
        data={[...TASK_LISTS]}
        value={list}
        onChange={(v) => setList(v as typeof list)}
      />
      {tasks.isPending ? (
        <Loading />
      ) : tasks.isError ? (
        <ErrorNotice error={tasks.error} retry={() => tasks.refetch()} />
      ) : tasks.data.data.length === 0 ? (
        <Empty title="Nothing to do here">Next actions set after calls and by the desk appear here.</Empty>
      ) : (
        <Stack gap={8} aria-label="Tasks">
          {tasks.data.data.map((o) => (
            <div key={o.id} data-testid="task">
              <NextActionLine action={o.next_action} size="sm" />
              <Group gap={6} wrap="nowrap">
                <SellerLine seller={{ ...sellerOfDeal(o), address: null, postcode: null }} size="xs" />
                <Anchor component={Link} href={`/opportunities?focus=${o.id}`} size="xs">
                  {o.address ?? 'Open the deal'}
                </Anchor>
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One day's bookings: when, what, who the seller is and where, and whose it is. */
function AgendaDay({ title, bookings }: { title: string; bookings: Booking[] }) {
  const zone = useTimeZone();
  const members = useMembers();
  const sellerOf = useSellers(bookings.map((b) => b.lead_id));
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text size="sm" fw={700}>
        {title} · {bookings.length}
      </Text>
      {bookings.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing booked.
        </Text>
      )}
      {bookings.map((b) => (
        <Group key={b.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="booking">
          <div>
            <Text size="sm">
              {formatTime(b.starts_at, zone)} {b.kind} ·{' '}
              {b.assignee_id === null ? 'Desk' : members.nameOf(b.assignee_id)}
            </Text>
            <SellerLine seller={sellerOf(b.lead_id)} size="xs" />
          </div>
          <Anchor component={Link} href={`/leads/${b.lead_id}`} size="sm">
            Lead
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

/** Asks, once the person chooses to, whether hot enquiries may raise the browser's notifications. */
function NotifyButton() {
  const browser = window.Notification;
  const [permission, setPermission] = useState(browser?.permission ?? 'denied');
  if (!browser || permission !== 'default') return null;
  return (
    <Button size="xs" variant="light" onClick={async () => setPermission(await browser.requestPermission())}>
      Notify me of hot enquiries
    </Button>
  );
}

export function TodayPage() {
  const zone = useTimeZone();
  const today = fromLocalInput(zonedDate(new Date(), zone), zone);
  const live = useLive();
  const figures = useQuery({
    queryKey: ['today', 'figures', today.toISOString()],
    queryFn: () => loadFigures(today),
  });
  const agenda = useQuery({
    queryKey: ['bookings', 'today', today.toISOString()],
    queryFn: () =>
      api.bookings.list({
        from: today,
        to: new Date(today.getTime() + 2 * DAY),
        status: 'scheduled',
        order: 'asc',
        limit: 200,
      }),
  });
  const tomorrow = new Date(today.getTime() + DAY);
  const inProgress = [...live.calls.values()].filter((c) => c.call.status === 'in_progress');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Today
        </Title>
        <NotifyButton />
      </Group>
      {figures.isError ? (
        <ErrorNotice error={figures.error} retry={() => figures.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {(figures.data ?? []).map((f) => (
            <Paper withBorder p="sm" key={f.label}>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text fw={700} size="xl">
                {f.now >= 200 ? '200+' : f.now}
              </Text>
              <Text size="xs" c="dimmed">
                {f.next ? `${f.next} · ` : ''}
                {f.before} this day last week
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Hot and unassigned
          </Title>
          <HotUnassigned />
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Tasks
          </Title>
          <Tasks />
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Bookings
          </Title>
          {agenda.isPending ? (
            <Loading />
          ) : agenda.isError ? (
            <ErrorNotice error={agenda.error} retry={() => agenda.refetch()} />
          ) : (
            <Stack gap="sm">
              <AgendaDay
                title={`Today, ${formatDay(today, zone)}`}
                bookings={agenda.data.data.filter((b) => Date.parse(b.starts_at) < tomorrow.getTime())}
              />
              <AgendaDay
                title={`Tomorrow, ${formatDay(tomorrow, zone)}`}
                bookings={agenda.data.data.filter((b) => Date.parse(b.starts_at) >= tomorrow.getTime())}
              />
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Calls in progress
        </Title>
        {inProgress.length === 0 ? (
          <Empty title="No call in progress">Calls appear here the moment the agent answers.</Empty>
        ) : (
          <Stack gap="xs" aria-live="polite">
            {inProgress.map(({ call, turns }) => (
              <Group key={call.id} justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} href={`/calls/${call.id}`}>
                    {formatPhone(call.from)}
                  </Anchor>
                  <TestBadge call={call} />
                </Group>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {turns.at(-1)?.text ?? 'Ringing…'}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
