import type { LeadStatus } from '@callagent/sdk';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatPhone } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { BookingForm } from './booking-form';
import { UpcomingBookings } from './lead-bookings';
import { LeadMessages } from './lead-messages';
import { LEAD_STATUSES } from './leads';
import { MergeLead } from './merge-action';
import { LeadPrivacyActions } from './privacy-actions';

interface Entry {
  at: string;
  title: string;
  body?: string;
  href?: string;
}

/** The lead's story: calls, their opportunities and notes, and bookings, newest first. */
function useTimeline(leadId: string, zone: string) {
  return useQuery({
    queryKey: ['lead', leadId, 'timeline', zone],
    queryFn: async (): Promise<Entry[]> => {
      const [calls, bookings, replies] = await Promise.all([
        api.calls.list({ lead_id: leadId, limit: 50 }),
        api.bookings.list({ lead_id: leadId, limit: 100 }),
        api.messages.list({ lead_id: leadId, direction: 'inbound', limit: 50 }),
      ]);
      const opportunityIds = [
        ...new Set(calls.data.map((c) => c.opportunity_id).filter((id) => id !== null)),
      ];
      const opportunities = await Promise.all(opportunityIds.map((id) => api.opportunities.get(id)));
      return [
        ...calls.data.map((c) => ({
          at: c.started_at,
          title: `Call (${c.status})`,
          body: c.summary ?? undefined,
          href: `/calls/${c.id}`,
        })),
        ...opportunities.map((o) => ({
          at: o.created_at,
          title: `Opportunity: ${o.outcome}, score ${o.score}`,
          body: o.address ?? undefined,
        })),
        ...opportunities.flatMap((o) =>
          o.notes.map((n) => ({ at: n.created_at, title: 'Note', body: n.body })),
        ),
        ...replies.data.map((m) => ({ at: m.created_at, title: 'Seller texted', body: m.body })),
        // Filed under when it was booked; the title says when it happens.
        ...bookings.data.map((b) => ({
          at: b.created_at,
          title: `${b.kind === 'callback' ? 'Callback' : 'Viewing'} booked for ${formatDateTime(b.starts_at, zone)}${b.status === 'cancelled' ? ' (cancelled)' : ''}`,
          body: b.note ?? undefined,
        })),
      ].sort((a, b) => b.at.localeCompare(a.at));
    },
  });
}

export function LeadPage({ id }: { id: string }) {
  const zone = useTimeZone();
  const can = useCan();
  const members = useMembers();
  const queries = useQueryClient();
  const lead = useQuery({ queryKey: ['lead', id], queryFn: () => api.leads.get(id) });
  const timeline = useTimeline(id, zone);
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ['lead'] });
    void queries.invalidateQueries({ queryKey: ['leads'] });
  };
  // Status and owner save at once; the note saves on its button, so an edit in progress survives
  // a status change.
  const update = useMutation({
    mutationFn: (body: { status?: LeadStatus; owner_id?: string | null }) => api.leads.update(id, body),
    onSuccess: refresh,
  });
  const saveNote = useMutation({
    mutationFn: (text: string) => api.leads.update(id, { note: text.trim() || null }),
    onSuccess: () => {
      setNote(null);
      refresh();
    },
  });
  if (lead.isPending) return <Loading />;
  if (lead.isError) return <ErrorNotice error={lead.error} retry={() => lead.refetch()} />;
  const l = lead.data;
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {l.name}
        </Title>
        <Text c="dimmed" size="sm">
          {formatPhone(l.phone)} {l.email ? `· ${l.email}` : ''} · from{' '}
          {l.source === 'call' ? 'a call' : 'the desk'}, {formatDateTime(l.created_at, zone)}
        </Text>
        {l.merged_into && (
          <Text size="sm" role="status">
            Merged into{' '}
            <Anchor component={Link} href={`/leads/${l.merged_into}`}>
              another lead
            </Anchor>
            , which holds its calls, deals and bookings now.
          </Text>
        )}
      </div>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Stack gap="sm">
              <Group grow>
                <Select
                  label="Status"
                  data={LEAD_STATUSES}
                  value={l.status}
                  allowDeselect={false}
                  disabled={!can.workDesk}
                  onChange={(v) => v && update.mutate({ status: v as LeadStatus })}
                />
                <Select
                  label="Owner"
                  data={members.options}
                  value={l.owner_id}
                  clearable
                  placeholder="Unassigned"
                  disabled={!can.workDesk}
                  onChange={(v) => update.mutate({ owner_id: v })}
                />
              </Group>
              <Textarea
                label="Note"
                value={note ?? l.note ?? ''}
                readOnly={!can.workDesk}
                onChange={(e) => setNote(e.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={4000}
              />
              {can.workDesk && note !== null && (
                <Group>
                  <Button size="xs" onClick={() => saveNote.mutate(note)} loading={saveNote.isPending}>
                    Save note
                  </Button>
                </Group>
              )}
              {(update.isError || saveNote.isError) && <ErrorNotice error={update.error ?? saveNote.error} />}
              <UpcomingBookings leadId={l.id} />
              {can.workDesk && <BookingForm leadId={l.id} />}
              <MergeLead lead={l} />
              <LeadPrivacyActions lead={l} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                History
              </Title>
              {timeline.isPending ? (
                <Loading />
              ) : timeline.isError ? (
                <ErrorNotice error={timeline.error} retry={() => timeline.refetch()} />
              ) : (
                <Timeline bulletSize={12} lineWidth={2}>
                  {timeline.data.map((e) => (
                    <Timeline.Item
                      key={`${e.at}-${e.title}-${e.body ?? ''}`}
                      title={
                        e.href ? (
                          <Anchor component={Link} href={e.href}>
                            {e.title}
                          </Anchor>
                        ) : (
                          e.title
                        )
                      }
                    >
                      <Text size="xs" c="dimmed">
                        {formatDateTime(e.at, zone)}
                      </Text>
                      {e.body && (
                        <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
                          {e.body}
                        </Text>
                      )}
                    </Timeline.Item>
                  ))}
                  <Timeline.Item title="Lead created">
                    <Text size="xs" c="dimmed">
                      {formatDateTime(l.created_at, zone)}
                    </Text>
                  </Timeline.Item>
                </Timeline>
              )}
            </Card>
            <LeadMessages leadId={l.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
