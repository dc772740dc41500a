import type { EventType, WebhookEndpoint } from '@callagent/sdk';
import {
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { useMembers } from '../hooks';
import { useTimeZone } from '../session';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { ScrollTable } from '../ui/scroll-table';
import { ShownOnce } from '../ui/secret';

const EVENTS: EventType[] = [
  'call.completed',
  'call.transferred',
  'call.updated',
  'opportunity.created',
  'opportunity.updated',
  'lead.created',
  'lead.updated',
  'lead.erased',
  'booking.created',
  'agent.published',
];

function DeliveryDrawer({
  webhookId,
  deliveryId,
  onClose,
}: {
  webhookId: string;
  deliveryId: string;
  onClose: () => void;
}) {
  const zone = useTimeZone();
  const detail = useQuery({
    queryKey: ['delivery', deliveryId],
    queryFn: () => api.webhooks.getDelivery(webhookId, deliveryId),
  });
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title="Delivery">
      {detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <ErrorNotice error={detail.error} />
      ) : (
        <Stack>
          <Text size="sm">
            {detail.data.event_type} · event {detail.data.event_id} · {detail.data.status},{' '}
            {detail.data.attempts} attempt(s)
          </Text>
          {detail.data.attempt_log.map((a) => (
            <Card key={a.id} withBorder p="xs">
              <Text size="sm" fw={600}>
                {formatDateTime(a.started_at, zone)}: {a.response_status ?? 'no answer'} in {a.duration_ms} ms{' '}
                {a.succeeded ? '(succeeded)' : ''}
              </Text>
              {a.error && (
                <Text size="sm" c="red">
                  {a.error}
                </Text>
              )}
              {a.response_body_start && (
                <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
                  {a.response_body_start}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const zone = useTimeZone();
  const queries = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['deliveries', endpoint.id],
    queryFn: () => api.webhooks.deliveries(endpoint.id, { limit: 50 }),
  });
  const redeliver = useMutation({
    mutationFn: (id: string) => api.webhooks.redeliver(endpoint.id, id),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['deliveries', endpoint.id] }),
  });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorNotice error={list.error} />;
  if (list.data.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet.
      </Text>
    );
  return (
    <ScrollTable minWidth={640} label="Deliveries">
      <Table fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last answer</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" onClick={() => setOpen(d.id)}>
                  {d.event_type}
                </Button>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={d.status === 'succeeded' ? 'green' : d.status === 'failed' ? 'red' : 'yellow'}
                  variant="dot"
                >
                  {d.status}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.last_status ?? d.last_error ?? ''}</Table.Td>
              <Table.Td className="nowrap">{formatDateTime(d.created_at, zone)}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="light" onClick={() => redeliver.mutate(d.id)}>
                  Redeliver
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open && <DeliveryDrawer webhookId={endpoint.id} deliveryId={open} onClose={() => setOpen(null)} />}
      {redeliver.isError && <ErrorNotice error={redeliver.error} />}
    </ScrollTable>
  );
}

export function WebhookSettings() {
  const queries = useQueryClient();
  const members = useMembers();
  const [events, setEvents] = useState<string[]>(['call.completed', 'opportunity.created']);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoints = useQuery({ queryKey: ['webhooks'], queryFn: () => api.webhooks.list({ limit: 100 }) });
  const done = () => queries.invalidateQueries({ queryKey: ['webhooks'] });
  const create = useMutation({
    mutationFn: (url: string) => api.webhooks.create({ url, events: events as EventType[] }),
    onSuccess: (e) => {
      setSecret(e.signing_secret);
      void done();
    },
  });
  const update = useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) =>
      api.webhooks.update(v.id, { status: v.enabled ? 'enabled' : 'disabled' }),
    onSuccess: done,
  });
  const rotate = useMutation({
    mutationFn: (id: string) => api.webhooks.rotateSecret(id),
    onSuccess: (e) => setSecret(e.signing_secret),
  });
  const remove = useMutation({ mutationFn: (id: string) => api.webhooks.delete(id), onSuccess: done });
  const error = create.error ?? update.error ?? rotate.error ?? remove.error;
  return (
    <Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(String(new FormData(e.currentTarget).get('url')).trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            name="url"
            type="url"
            label="Endpoint URL (https)"
            placeholder="https://crm.example.com/hooks/callagent"
            required
            w={340}
          />
          <MultiSelect label="Events" data={EVENTS} value={events} onChange={setEvents} w={360} />
          <Button type="submit" loading={create.isPending} disabled={events.length === 0}>
            Add endpoint
          </Button>
        </Group>
      </form>
      {error && <ErrorNotice error={error} />}
      {secret && <ShownOnce label="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      {endpoints.isPending ? (
        <Loading />
      ) : endpoints.isError ? (
        <ErrorNotice error={endpoints.error} />
      ) : endpoints.data.data.length === 0 ? (
        <Empty title="No webhook endpoints">
          Add an endpoint to push calls, leads and opportunities to your CRM as they happen.
        </Empty>
      ) : (
        endpoints.data.data.map((e) => (
          <Card key={e.id} withBorder>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{e.url}</Text>
                <Group gap="xs">
                  <Switch
                    label="Enabled"
                    checked={e.status === 'enabled'}
                    onChange={(x) => update.mutate({ id: e.id, enabled: x.currentTarget.checked })}
                  />
                  <Button size="compact-xs" variant="light" onClick={() => rotate.mutate(e.id)}>
                    Rotate secret
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(e.id)}>
                    Delete
                  </Button>
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {e.events.join(', ')}
                {e.created_by ? ` · added by ${members.nameOf(e.created_by)}` : ''}
                {e.disabled_reason ? ` · disabled: ${e.disabled_reason}` : ''}
              </Text>
              <Deliveries endpoint={e} />
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
