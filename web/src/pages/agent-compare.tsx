/**
 * The live agent version against the one before it, over the last 90 days (docs/console.md,
 * Insights): how often it put a question again or gave one up, how often callers hung up, and
 * how many calls ended with a hot deal. Read from GET /insights/agent.
 */
import type { AgentVersionInsights } from '@callagent/sdk';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { zonedDate } from '../format';
import { useTimeZone } from '../session';
import { ScrollTable } from '../ui/scroll-table';

const DAYS = 90;

const perCall = (n: number, calls: number) => (calls === 0 ? '—' : (n / calls).toFixed(2));
const share = (n: number, calls: number) => (calls === 0 ? '—' : `${Math.round((n / calls) * 100)}%`);
const sum = (v: AgentVersionInsights, key: 'asked_again' | 'given_up') =>
  v.questions.reduce((total, q) => total + q[key], 0);

const FIGURES: [string, (v: AgentVersionInsights) => string][] = [
  ['Calls', (v) => String(v.calls)],
  ['Questions asked again, per call', (v) => perCall(sum(v, 'asked_again'), v.calls)],
  ['Questions given up, per call', (v) => perCall(sum(v, 'given_up'), v.calls)],
  ['Callers who hung up', (v) => share(v.hung_up, v.calls)],
  ['Hot share', (v) => share(v.hot, v.calls)],
];

export function VersionComparison({ live }: { live: number | null }) {
  const zone = useTimeZone();
  const today = zonedDate(new Date(), zone);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const insights = useQuery({
    queryKey: ['insights', 'agent', { from, to: today }],
    queryFn: () => api.insights.agent({ from, to: today }),
    enabled: live !== null,
  });
  if (live === null || !insights.data) return null;
  const versions = insights.data.versions;
  const current = versions.find((v) => v.agent_version === live);
  // The version before: the newest earlier one that took calls in the period.
  const before = versions.find((v) => v.agent_version !== null && v.agent_version < live);
  if (!current || !before) return null;
  const title = `Version ${live} against version ${before.agent_version}`;
  return (
    <Stack gap="xs" component="section" aria-label="Versions compared">
      <Title order={2} size="h4">
        Versions compared
      </Title>
      <Text size="sm" c="dimmed">
        Calls of the last {DAYS} days; test calls are not counted.
      </Text>
      <ScrollTable minWidth={420} label={title}>
        <Table striped withTableBorder>
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Figure</Table.Th>
              <Table.Th scope="col">Version {live} (live)</Table.Th>
              <Table.Th scope="col">Version {before.agent_version}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {FIGURES.map(([label, of]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{of(current)}</Table.Td>
                <Table.Td>{of(before)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
