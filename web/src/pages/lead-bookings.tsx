import type { Booking } from '@callagent/sdk';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime, fromLocalInput, toLocalInput } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { upcoming } from './upcoming';

const KIND: Record<Booking['kind'], string> = { callback: 'Callback', viewing: 'Viewing' };

function BookingRow({ booking }: { booking: Booking }) {
  const zone = useTimeZone();
  const can = useCan();
  const members = useMembers();
  const queries = useQueryClient();
  const [when, setWhen] = useState<string | null>(null);
  const done = () => {
    setWhen(null);
    void queries.invalidateQueries({ queryKey: ['bookings'] });
    void queries.invalidateQueries({ queryKey: ['lead'] });
  };
  const move = useMutation({
    mutationFn: (local: string) =>
      api.bookings.update(booking.id, { starts_at: fromLocalInput(local, zone) }),
    onSuccess: done,
  });
  const cancel = useMutation({
    mutationFn: () => api.bookings.update(booking.id, { status: 'cancelled' }),
    onSuccess: done,
  });
  const label = `${KIND[booking.kind]} ${formatDateTime(booking.starts_at, zone)}`;
  return (
    <Stack gap={4} role="listitem">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {booking.assignee_id ? `For ${members.nameOf(booking.assignee_id)}` : 'Shared desk'}
        {booking.note ? ` · ${booking.note}` : ''}
      </Text>
      {can.workDesk && when === null && (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setWhen(toLocalInput(booking.starts_at, zone))}
          >
            Move
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel {booking.kind}
          </Button>
        </Group>
      )}
      {when !== null && (
        <form
          aria-label={`Move the ${booking.kind}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (when) move.mutate(when);
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label="New time"
              type="datetime-local"
              size="xs"
              required
              value={when}
              onChange={(e) => setWhen(e.currentTarget.value)}
            />
            <Button type="submit" size="xs" loading={move.isPending}>
              Move
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setWhen(null)}>
              Keep
            </Button>
          </Group>
        </form>
      )}
      {(move.isError || cancel.isError) && <ErrorNotice error={move.error ?? cancel.error} />}
    </Stack>
  );
}

/** On the lead page: the bookings still to come, by when they happen, each with move and cancel. */
export function UpcomingBookings({ leadId }: { leadId: string }) {
  const bookings = useQuery({
    queryKey: ['bookings', 'lead', leadId],
    queryFn: () => api.bookings.list({ lead_id: leadId, status: 'scheduled', from: new Date(), limit: 100 }),
  });
  const list = upcoming(bookings.data?.data ?? [], Date.now());
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Upcoming
      </Title>
      {bookings.isPending ? (
        <Loading />
      ) : bookings.isError ? (
        <ErrorNotice error={bookings.error} retry={() => bookings.refetch()} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing booked.
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label="Bookings to come">
          {list.map((b) => (
            <BookingRow key={b.id} booking={b} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
