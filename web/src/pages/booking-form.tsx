import type { Booking, BookingKind } from '@callagent/sdk';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime, fromLocalInput } from '../format';
import { useMembers } from '../hooks';
import { useTimeZone } from '../session';
import { ErrorNotice } from '../ui/feedback';
import { SellerLine, useSellers } from '../ui/seller';

const MINUTES: Record<BookingKind, number> = { callback: 15, viewing: 60 };

/** The scheduled booking on the same calendar that a new one would overlap, if any (shown before saving). */
export function findConflict(
  bookings: readonly Booking[],
  assignee: string | null,
  start: Date,
  end: Date,
  except?: string,
): Booking | undefined {
  return bookings.find(
    (b) =>
      b.id !== except &&
      b.status === 'scheduled' &&
      b.assignee_id === assignee &&
      Date.parse(b.starts_at) < end.getTime() &&
      Date.parse(b.ends_at) > start.getTime(),
  );
}

/** Books a callback or viewing for a lead, warning of a clash on the chosen calendar first. */
export function BookingForm({
  leadId,
  callId = null,
  onDone,
  onBooked,
}: {
  leadId: string;
  callId?: string | null;
  onDone?: () => void;
  /** The booking just made. */
  onBooked?: (booking: Booking) => void;
}) {
  const zone = useTimeZone();
  const members = useMembers();
  const queries = useQueryClient();
  const [kind, setKind] = useState<BookingKind>('callback');
  const [when, setWhen] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const sellerOf = useSellers([leadId]);
  const start = when ? fromLocalInput(when, zone) : null;
  const end = start ? new Date(start.getTime() + MINUTES[kind] * 60_000) : null;
  const around = useQuery({
    queryKey: ['bookings', 'around', start?.toISOString()],
    queryFn: () =>
      api.bookings.list({
        from: start ?? new Date(),
        to: end ?? new Date(),
        status: 'scheduled',
        limit: 200,
      }),
    enabled: start !== null,
  });
  const conflict = start && end ? findConflict(around.data?.data ?? [], assignee, start, end) : undefined;
  const create = useMutation({
    mutationFn: () =>
      api.bookings.create({
        kind,
        lead_id: leadId,
        starts_at: start ?? new Date(),
        ends_at: end ?? undefined,
        assignee_id: assignee,
        call_id: callId,
      }),
    onSuccess: (booking) => {
      setWhen('');
      onBooked?.(booking);
      void queries.invalidateQueries({ queryKey: ['bookings'] });
      void queries.invalidateQueries({ queryKey: ['lead'] });
      void queries.invalidateQueries({ queryKey: ['opportunities'] });
      onDone?.();
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
      aria-label="Book a callback or viewing"
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Book
        </Text>
        <SellerLine seller={sellerOf(leadId)} />
        <Group grow align="flex-end">
          <Select
            label="Kind"
            data={['callback', 'viewing']}
            value={kind}
            allowDeselect={false}
            onChange={(v) => setKind((v as BookingKind) ?? 'callback')}
          />
          <TextInput
            label="When"
            type="datetime-local"
            required
            value={when}
            onChange={(e) => setWhen(e.currentTarget.value)}
          />
          <Select
            label="Assignee"
            placeholder="Shared desk"
            data={members.options}
            value={assignee}
            clearable
            onChange={setAssignee}
          />
        </Group>
        {conflict && (
          <Alert color="orange" role="status">
            Clashes with a {conflict.kind} at {formatDateTime(conflict.starts_at, zone)} on this calendar.
          </Alert>
        )}
        <Group>
          <Button type="submit" size="xs" loading={create.isPending} disabled={!when}>
            Book {kind}
          </Button>
        </Group>
        {create.isError && <ErrorNotice error={create.error} />}
        {create.isSuccess && (
          <Text size="sm" fw={600} role="status">
            Booked for {formatDateTime(create.data.starts_at, zone)}.
          </Text>
        )}
      </Stack>
    </form>
  );
}
