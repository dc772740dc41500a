import type { Message } from '@callagent/sdk';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { formatDateTime } from '../format';
import { useTimeZone } from '../session';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';

/** What each message was for, as the desk says it. */
export const PURPOSE_LABELS: Record<string, string> = {
  booking_confirmed: 'Booking confirmed',
  booking_moved: 'Booking moved',
  booking_cancelled: 'Booking cancelled',
  booking_reminder: 'Reminder',
  cancel_confirmed: 'Cancellation confirmed',
  seller_reply: 'Seller texted',
  alert_hot_lead: 'Alert: hot seller',
  alert_handover_missed: 'Alert: hand-over not answered',
  alert_booking_due: 'Alert: booking due',
  alert_seller_reply: 'Alert: seller replied',
  alert_task_overdue: 'Alert: task overdue',
  invitation: 'Invitation',
  password_reset: 'Password reset',
};

const STATUS_COLOURS: Record<Message['status'], string> = {
  pending: 'blue',
  sent: 'teal',
  delivered: 'green',
  received: 'grape',
  undelivered: 'red',
  failed: 'red',
  cancelled: 'gray',
};

export function purposeLabel(m: Message): string {
  return PURPOSE_LABELS[m.purpose] ?? m.purpose;
}

function MessageRow({ m, zone }: { m: Message; zone: string }) {
  const when = m.sent_at ?? (m.status === 'pending' ? m.send_after : m.updated_at);
  const status = m.status === 'pending' ? `due ${formatDateTime(m.send_after, zone)}` : m.status;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {purposeLabel(m)}
        </Text>
        <Badge size="sm" variant="light" color={STATUS_COLOURS[m.status]}>
          {status}
        </Badge>
        <Text size="xs" c="dimmed">
          {m.channel === 'sms' ? 'text' : 'email'} {m.direction === 'inbound' ? 'from' : 'to'}{' '}
          {m.direction === 'inbound' ? m.from : m.to} · {formatDateTime(when, zone)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
        {m.body}
      </Text>
      {m.status_reason && (
        <Text size="xs" c="dimmed">
          {m.status_reason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The lead's messages: texts sent or due (confirmations, reminders), the seller's replies, and
 * whether texts can reach them at all, with the reason when not.
 */
export function LeadMessages({ leadId }: { leadId: string }) {
  const zone = useTimeZone();
  const messages = useQuery({
    queryKey: ['lead', leadId, 'messages'],
    queryFn: () => api.messages.list({ lead_id: leadId, limit: 50 }),
  });
  const texting = useQuery({
    queryKey: ['lead', leadId, 'texting'],
    queryFn: () => api.messages.texting(leadId),
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Messages
        </Title>
        {texting.data && !texting.data.can_text && (
          <Text size="sm" c="dimmed" role="status">
            No texts go to this seller: {texting.data.reason}
          </Text>
        )}
        {messages.isPending ? (
          <Loading />
        ) : messages.isError ? (
          <ErrorNotice error={messages.error} retry={() => messages.refetch()} />
        ) : messages.data.data.length === 0 ? (
          <Empty title="No messages yet">Confirmations, reminders and the seller's replies show here.</Empty>
        ) : (
          messages.data.data.map((m) => <MessageRow key={m.id} m={m} zone={zone} />)
        )}
      </Stack>
    </Card>
  );
}
