import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
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
import { formatMoney, formatPhone, formatTime, fromLocalInput, zonedDate } from '../format';
import { useMembers } from '../hooks';
import { useLive } from '../live';
import { useCan, useTimeZone } from '../session';
import { TestBadge } from '../ui/call-marks';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { OutcomeBadge } from '../ui/outcome';
import { ScrollTable } from '../ui/scroll-table';

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
  const [callsToday, callsBefore, leads, opportunities, bookingsToday, bookingsBefore] = await Promise.all([
    callsIn(today),
    callsIn(weekAgo),
    api.leads.list({ limit: 200 }),
    api.opportunities.list({ outcome: 'hot', limit: 200 }),
    api.bookings.list({ from: today, to: new Date(today.getTime() + DAY), status: 'scheduled', limit: 200 }),
    api.bookings.list({
      from: weekAgo,
      to: new Date(weekAgo.getTime() + DAY),
      status: 'scheduled',
      limit: 200,
    }),
  ]);
  return [
    { label: 'Calls', now: callsToday, before: callsBefore },
    { label: 'New leads', now: count(leads.data, today), before: count(leads.data, weekAgo) },
    { label: 'Hot', now: count(opportunities.data, today), before: count(opportunities.data, weekAgo) },
    { label: 'Bookings', now: bookingsToday.data.length, before: bookingsBefore.data.length },
  ];
}

function HotUnassigned() {
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
  const open = hot.data.data.filter((o) => o.owner_id === null);
  if (open.length === 0)
    return <Empty title="No hot enquiry waiting">Hot callers nobody owns yet appear here.</Empty>;
  return (
    <ScrollTable minWidth={480} label="Hot and unassigned">
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {open.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} href={o.call_id ? `/calls/${o.call_id}` : '/opportunities'}>
                  {o.address ?? 'Address not given'}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {o.postcode} {formatMoney(o.facts.asking_price)}
                </Text>
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
  const members = useMembers();
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
        to: new Date(today.getTime() + DAY),
        status: 'scheduled',
        order: 'asc',
        limit: 100,
      }),
  });
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
                {f.before} this day last week
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Hot and unassigned
          </Title>
          <HotUnassigned />
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Agenda
          </Title>
          {agenda.isPending ? (
            <Loading />
          ) : agenda.isError ? (
            <ErrorNotice error={agenda.error} retry={() => agenda.refetch()} />
          ) : agenda.data.data.length === 0 ? (
            <Empty title="Nothing booked today">
              Callbacks and viewings the agent or the desk books show here.
            </Empty>
          ) : (
            <Stack gap={6}>
              {agenda.data.data.map((b) => (
                <Group key={b.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {formatTime(b.starts_at, zone)} {b.kind} · {members.nameOf(b.assignee_id)}
                  </Text>
                  <Anchor component={Link} href={`/leads/${b.lead_id}`} size="sm">
                    Lead
                  </Anchor>
                </Group>
              ))}
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
