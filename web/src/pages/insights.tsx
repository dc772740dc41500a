/**
 * Insights (docs/console.md, Insights): how the phone line, the agent and the desk are doing
 * over a date range in the workspace's time zone, against the period before it. Every chart's
 * figures are a table too, and the CSV download is those tables.
 */
import type { InsightsQuery } from '@callagent/sdk';
import {
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { api } from '../api';
import { zonedDate } from '../format';
import { download } from '../hooks';
import { useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { ScrollTable } from '../ui/scroll-table';
import type { ChartSeries } from './insights-chart';
import {
  agentTables,
  bookingTable,
  callTables,
  enquiryTables,
  type FigureTable,
  FUNNEL_LABELS,
  funnelTable,
  type Period,
  speedTables,
  summaryTable,
  toCsv,
} from './insights-figures';

// The chart library is loaded with this page only (the console's weight, docs/benchmarks.md).
const Chart = lazy(() => import('./insights-chart').then((m) => ({ default: m.InsightsChart })));

const DAY = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;

/** The range of the same length just before. */
export function previousRange(q: Required<InsightsQuery>): Required<InsightsQuery> {
  const to = shift(q.from, -1);
  return { from: shift(to, 1 - daysIn(q.from, q.to)), to, bucket: q.bucket };
}

function usePeriod(q: Required<InsightsQuery>) {
  return useQuery({
    queryKey: ['insights', 'period', q],
    queryFn: async (): Promise<Period> => {
      const [calls, funnel, speed, bookings] = await Promise.all([
        api.insights.calls(q),
        api.insights.funnel(q),
        api.insights.speedToLead(q),
        api.insights.bookings(q),
      ]);
      return { calls, funnel, speed, bookings };
    },
  });
}

function FigureBlock({ table }: { table: FigureTable }) {
  return (
    <ScrollTable minWidth={Math.min(900, 140 * table.columns.length)} label={table.title}>
      <Table striped withTableBorder>
        <Table.Caption>{table.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            // The first two cells name a row in every table (a version's question, a day's figures).
            <Table.Tr key={row.slice(0, 2).join('|')}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <Table.Th key={table.columns[j]} scope="row">
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={table.columns[j]}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Section({ title, chart, tables }: { title: string; chart?: ReactNode; tables: FigureTable[] }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {chart && <Suspense fallback={<Loading label="Loading the chart" />}>{chart}</Suspense>}
      {tables.map((t) => (
        <FigureBlock key={t.title} table={t} />
      ))}
    </Stack>
  );
}

const PRESETS = [7, 30, 90, 365] as const;

export function InsightsPage() {
  const zone = useTimeZone();
  const today = zonedDate(new Date(), zone);
  const [range, setRange] = useState<Required<InsightsQuery>>({
    from: shift(today, -29),
    to: today,
    bucket: 'day',
  });
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
  const [shown, setShown] = useState(range);
  const current = usePeriod(shown);
  const previous = usePeriod(previousRange(shown));
  const agent = useQuery({
    queryKey: ['insights', 'agent', shown],
    queryFn: () => api.insights.agent(shown),
  });
  const enquiries = useQuery({
    queryKey: ['insights', 'enquiries', shown],
    queryFn: () => api.insights.enquiries(shown),
  });
  const now = current.data;
  const tables = useMemo(() => {
    if (!now) return null;
    return {
      summary: summaryTable(now, previous.data),
      calls: callTables(now.calls),
      funnel: funnelTable(now.funnel),
      speed: speedTables(now.speed),
      bookings: bookingTable(now.bookings),
      agent: agent.data ? agentTables(agent.data) : [],
      enquiries: enquiries.data ? enquiryTables(enquiries.data) : [],
    };
  }, [now, previous.data, agent.data, enquiries.data]);
  const charts = useMemo(() => {
    if (!now) return null;
    const callSeries: ChartSeries[] = [
      { label: 'Calls', values: now.calls.series.map((s) => s.total), color: '#228be6' },
    ];
    const hours: ChartSeries[] = [{ label: 'Calls', values: now.calls.by_hour, color: '#15aabf' }];
    const funnel: ChartSeries[] = [
      { label: 'Count', values: FUNNEL_LABELS.map(([k]) => now.funnel.totals[k]), color: '#40c057' },
    ];
    const speed: ChartSeries[] = [
      {
        label: 'Median minutes',
        values: now.speed.series.map((s) => s.median_minutes),
        color: '#fa5252',
        kind: 'line',
      },
    ];
    const buckets = now.calls.series.map((s) => s.bucket.slice(5));
    const hourLabels = now.calls.by_hour.map((_, h) => String(h));
    const steps = FUNNEL_LABELS.map(([, l]) => l);
    return { callSeries, hours, funnel, speed, buckets, hourLabels, steps };
  }, [now]);
  const all = tables
    ? [
        tables.summary,
        ...tables.calls,
        tables.funnel,
        ...tables.speed,
        tables.bookings,
        ...tables.agent,
        ...tables.enquiries,
      ]
    : [];
  return (
    <Stack>
      <Title order={1} size="h2">
        Insights
      </Title>
      <form
        aria-label="Date range"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setShown(range);
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            label="From"
            value={range.from}
            max={range.to}
            onChange={(e) => {
              const from = e.currentTarget.value;
              setRange((r) => ({ ...r, from }));
            }}
          />
          <TextInput
            type="date"
            label="To"
            value={range.to}
            min={range.from}
            onChange={(e) => {
              const to = e.currentTarget.value;
              setRange((r) => ({ ...r, to }));
            }}
          />
          <SegmentedControl
            aria-label="Bucket"
            value={range.bucket}
            onChange={(v) => setRange((r) => ({ ...r, bucket: v as 'day' | 'week' }))}
            data={[
              { value: 'day', label: 'By day' },
              { value: 'week', label: 'By week' },
            ]}
          />
          <Button type="submit" disabled={!valid}>
            Show
          </Button>
          {PRESETS.map((days) => (
            <Button
              key={days}
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                const next = { ...range, from: shift(today, 1 - days), to: today };
                setRange(next);
                setShown(next);
              }}
            >
              Last {days} days
            </Button>
          ))}
          <Button
            variant="light"
            disabled={all.length === 0}
            onClick={() => download(`insights-${shown.from}-to-${shown.to}.csv`, toCsv(all), 'text/csv')}
          >
            Download CSV
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        {shown.from} to {shown.to} in {zone}, compared with {previousRange(shown).from} to{' '}
        {previousRange(shown).to}. Test calls are never counted.
      </Text>
      {current.isError && <ErrorNotice error={current.error} retry={() => current.refetch()} />}
      {current.isPending && <Loading label="Loading insights" />}
      {tables && charts && (
        <Stack gap="xl">
          <Section title="Summary" tables={[tables.summary]} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section
              title="Calls"
              chart={<Chart labels={charts.buckets} series={charts.callSeries} />}
              tables={[]}
            />
            <Section
              title="Calls by hour"
              chart={<Chart labels={charts.hourLabels} series={charts.hours} />}
              tables={[]}
            />
          </SimpleGrid>
          <Section title="Calls in figures" tables={tables.calls} />
          <Section
            title="Funnel"
            chart={<Chart labels={charts.steps} series={charts.funnel} />}
            tables={[tables.funnel]}
          />
          <Section
            title="Speed to lead"
            chart={<Chart labels={charts.buckets} series={charts.speed} />}
            tables={tables.speed}
          />
          <Section title="Bookings" tables={[tables.bookings]} />
          <Section title="The agent" tables={tables.agent} />
          <Section title="Enquiries" tables={tables.enquiries} />
        </Stack>
      )}
    </Stack>
  );
}
