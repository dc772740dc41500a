import type { AlertChannels, AlertKind, NotificationSettings, NotificationStatus } from '@callagent/sdk';
import { Alert, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorNotice, Loading } from '../ui/feedback';

const ALERTS: readonly { kind: AlertKind; label: string; description: string }[] = [
  { kind: 'hot_lead', label: 'Hot seller', description: 'A call scored hot: name, address, score, a link.' },
  {
    kind: 'handover_missed',
    label: 'Hand-over nobody answered',
    description: 'The agent put a caller through and nobody picked up.',
  },
  {
    kind: 'booking_due',
    label: 'Callback or viewing in 15 minutes',
    description: 'Yours, or any nobody is assigned to.',
  },
  { kind: 'seller_reply', label: 'Seller replied', description: 'A seller texted back (or cancelled).' },
  { kind: 'task_overdue', label: 'Overdue task', description: "A deal's next action passed its due time." },
];

/** What email and texts can do here, said plainly when they are off. */
function Availability({ status }: { status: NotificationStatus }) {
  const off = [status.email, status.texts].filter((s) => !s.available);
  if (off.length === 0) return null;
  return (
    <Alert color="yellow" title="Some notifications are off" role="status">
      <Stack gap={4}>
        {off.map((s) => (
          <Text size="sm" key={s.reason}>
            {s.reason}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function AlertsForm({ saved }: { saved: NotificationSettings }) {
  const client = useQueryClient();
  const [mobile, setMobile] = useState(saved.mobile ?? '');
  const [alerts, setAlerts] = useState(saved.alerts);
  useEffect(() => {
    setMobile(saved.mobile ?? '');
    setAlerts(saved.alerts);
  }, [saved]);
  const save = useMutation({
    mutationFn: () =>
      api.account.updateNotifications({ mobile: mobile.trim() === '' ? null : mobile.trim(), alerts }),
    onSuccess: (next) => client.setQueryData(['account', 'notifications'], next),
  });
  const set = (kind: AlertKind, channel: keyof AlertChannels, on: boolean) =>
    setAlerts((a) => ({ ...a, [kind]: { ...a[kind], [channel]: on } }));
  const noMobile = mobile.trim() === '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack maw={640}>
        <TextInput
          label="Your mobile"
          description="Alerts by text go here, from the workspace's number, never between 21:00 and 08:00."
          placeholder="+447700900123"
          value={mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
          maxLength={20}
          type="tel"
          autoComplete="tel"
          maw={280}
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alert</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Text</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ALERTS.map(({ kind, label, description }) => (
              <Table.Tr key={kind}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${label} by email`}
                    checked={alerts[kind].email}
                    onChange={(e) => set(kind, 'email', e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${label} by text`}
                    checked={alerts[kind].sms}
                    disabled={noMobile && !alerts[kind].sms}
                    onChange={(e) => set(kind, 'sms', e.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {noMobile && (
          <Text size="xs" c="dimmed">
            Add your mobile to choose alerts by text.
          </Text>
        )}
        {save.isError && <ErrorNotice error={save.error} />}
        {save.isSuccess && (
          <Text size="sm" role="status">
            Saved.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Notifications: the signed-in member's own alerts in this workspace. Items nobody is
 * assigned to go to everyone who asked for them (docs/notifications.md).
 */
export function NotificationSettingsPanel() {
  const settings = useQuery({
    queryKey: ['account', 'notifications'],
    queryFn: () => api.account.notifications(),
  });
  const status = useQuery({
    queryKey: ['notifications', 'status'],
    queryFn: () => api.notifications.status(),
  });
  if (settings.isPending || status.isPending) return <Loading />;
  if (settings.isError) return <ErrorNotice error={settings.error} retry={() => settings.refetch()} />;
  if (status.isError) return <ErrorNotice error={status.error} retry={() => status.refetch()} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Your alerts
      </Title>
      <Text size="sm" c="dimmed" maw={640}>
        What reaches you outside the console. Alerts about a lead or booking go to its owner; those nobody
        owns go to everyone who asked for them.
      </Text>
      <Availability status={status.data} />
      <AlertsForm saved={settings.data} />
    </Stack>
  );
}
