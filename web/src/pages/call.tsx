import type { Opportunity, TranscriptTurn } from '@callagent/sdk';
import { Alert, Anchor, Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatDuration, formatMoney, formatPhone, humanise } from '../format';
import { type LiveTurn, useLive } from '../live';
import { useTimeZone } from '../session';
import { EndingBadge, TestBadge } from '../ui/call-marks';
import { ErrorNotice, Loading } from '../ui/feedback';
import { CallStatusBadge, OutcomeBadge } from '../ui/outcome';
import { RecordedTranscript } from './call-recording';
import { OpportunityActions } from './opportunity-actions';

/**
 * The transcript as read (line n is the call's seq n) joined with the lines the live stream
 * brought, by number: a line read and streamed shows once, and either may be ahead.
 */
function joinTurns(stored: readonly TranscriptTurn[], live: readonly LiveTurn[]): TranscriptTurn[] {
  const bySeq = new Map<number, TranscriptTurn>(stored.map((t, i) => [i + 1, t]));
  for (const t of live) if (!bySeq.has(t.seq)) bySeq.set(t.seq, t);
  return [...bySeq].sort(([a], [b]) => a - b).map(([, t]) => t);
}

export function ScoreBreakdown({
  opportunity,
}: {
  opportunity: Pick<Opportunity, 'score_breakdown' | 'score'>;
}) {
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Criterion</Table.Th>
          <Table.Th>Points</Table.Th>
          <Table.Th>Why</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {opportunity.score_breakdown.map((line) => (
          <Table.Tr key={line.criterion}>
            <Table.Td>{humanise(line.criterion)}</Table.Td>
            <Table.Td className="nowrap">
              {line.points} / {line.max}
            </Table.Td>
            <Table.Td>{line.reason}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Score</Table.Td>
          <Table.Td fw={700}>{opportunity.score} / 100</Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

export function FactsList({ opportunity }: { opportunity: Opportunity }) {
  const f = opportunity.facts;
  const rows: [string, string][] = [
    ['Address', [opportunity.address, opportunity.postcode].filter(Boolean).join(', ')],
    [
      'Property',
      [f.bedrooms === null ? null : `${f.bedrooms}-bed`, f.property_type].filter(Boolean).join(' '),
    ],
    ['Condition', humanise(f.condition)],
    ['Occupancy', humanise(f.occupancy)],
    ['Asking price', formatMoney(f.asking_price)],
    ['Timeline', f.timeline ?? ''],
    ['Reason', humanise(f.reason)],
  ];
  const fromModel = Object.entries(opportunity.fact_sources ?? {})
    .filter(([, source]) => source === 'model')
    .map(([fact]) => humanise(fact));
  const review = opportunity.review ?? [];
  return (
    <Stack gap={2}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" w={110}>
            {label}
          </Text>
          <Text size="sm">{value || 'not said'}</Text>
        </Group>
      ))}
      {fromModel.length > 0 && (
        <Text size="xs" c="dimmed">
          Read by the language model: {fromModel.join(', ')}.
        </Text>
      )}
      {review.length > 0 && (
        <Alert color="yellow" title="To check" mt="xs" p="xs">
          <Text size="sm">
            Read differently after the call:{' '}
            {review
              .map(
                (r) =>
                  `${humanise(r.fact)} ${String(r.model)} (stored: ${r.stored === null ? 'not said' : String(r.stored)})`,
              )
              .join('; ')}
            .
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

export function CallPage({ id }: { id: string }) {
  const zone = useTimeZone();
  const live = useLive().calls.get(id);
  const call = useQuery({
    queryKey: ['call', id],
    queryFn: () => api.calls.get(id),
    // A recording is ready a little after the call ends: look again until it is.
    refetchInterval: (query) => (query.state.data?.recording?.status === 'in_progress' ? 10_000 : false),
  });
  const transcript = useQuery({
    queryKey: ['call', id, 'transcript'],
    queryFn: () => api.calls.transcript(id),
  });
  const data = call.data;
  const opportunity = useQuery({
    queryKey: ['opportunity', data?.opportunity_id],
    queryFn: () => api.opportunities.get(data?.opportunity_id ?? ''),
    enabled: Boolean(data?.opportunity_id),
  });
  const lead = useQuery({
    queryKey: ['lead', data?.lead_id],
    queryFn: () => api.leads.get(data?.lead_id ?? ''),
    enabled: Boolean(data?.lead_id),
  });
  const bookings = useQuery({
    queryKey: ['bookings', 'lead', data?.lead_id],
    queryFn: () => api.bookings.list({ lead_id: data?.lead_id ?? '', limit: 50 }),
    enabled: Boolean(data?.lead_id),
  });
  if (call.isPending) return <Loading />;
  if (call.isError) return <ErrorNotice error={call.error} retry={() => call.refetch()} />;
  const c = live && live.call.status !== 'in_progress' ? { ...call.data, ...live.call } : call.data;
  const turns = joinTurns(transcript.data?.turns ?? [], live?.turns ?? []);
  const booking = bookings.data?.data.find((b) => b.call_id === id);
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            {lead.data?.name ?? formatPhone(c.from)}
          </Title>
          <Text size="sm" c="dimmed">
            {formatPhone(c.from)} · {formatDateTime(c.started_at, zone)} ·{' '}
            {formatDuration(c.duration_seconds)}
          </Text>
        </div>
        <Group>
          <CallStatusBadge status={c.status} />
          <EndingBadge ending={c.ending} />
          <TestBadge call={c} />
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder>
            <RecordedTranscript call={c} turns={turns} transcriptError={transcript.error} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Summary
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {c.summary ?? 'The summary is written when the call ends.'}
              </Text>
            </Card>
            {c.model_summary && (
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  Language model's summary
                </Title>
                <Text size="xs" c="dimmed" mb="xs">
                  Written by the language model and checked against the call's record; the summary above is
                  the record's own.
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {c.model_summary}
                </Text>
              </Card>
            )}
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Linked records
              </Title>
              <Stack gap={4}>
                {lead.data ? (
                  <Anchor component={Link} href={`/leads/${lead.data.id}`}>
                    Lead: {lead.data.name} ({lead.data.status})
                  </Anchor>
                ) : (
                  <Text size="sm">No lead captured</Text>
                )}
                <Text size="sm">
                  {booking
                    ? `Booking: ${booking.kind}, ${formatDateTime(booking.starts_at, zone)} (${booking.status})`
                    : 'No booking'}
                </Text>
                <Text size="sm">
                  {c.transferred_to
                    ? `Handed to ${formatPhone(c.transferred_to)} (${c.transfer_result ?? 'pending'})`
                    : 'Not handed over'}
                </Text>
              </Stack>
            </Card>
            {opportunity.data && (
              <Card withBorder>
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h4">
                    Opportunity
                  </Title>
                  <OutcomeBadge outcome={opportunity.data.outcome} score={opportunity.data.score} />
                </Group>
                <FactsList opportunity={opportunity.data} />
                <Title order={3} size="h5" mt="sm">
                  Score, criterion by criterion
                </Title>
                <ScoreBreakdown opportunity={opportunity.data} />
                <OpportunityActions opportunity={opportunity.data} leadId={c.lead_id} />
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
