import type { Booking } from '@callagent/sdk';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatDay, formatTime, fromLocalInput, toLocalInput, zonedDate } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { LeadPicker } from '../ui/lead-picker';
import { SellerLine, useSellers } from '../ui/seller';
import { BookingForm, findConflict } from './booking-form';
import { FeedLink } from './calendar-feed';
import { WeekGrid } from './calendar-week';

const DAY = 86_400_000;
const COLOURS = ['blue', 'grape', 'teal', 'orange', 'pink', 'cyan', 'lime', 'indigo'];

/** Monday 00:00 of the week holding `at`, in the zone. */
function weekStart(at: Date, zone: string): Date {
  const midnight = fromLocalInput(zonedDate(at, zone), zone);
  const weekday = new Date(`${zonedDate(at, zone)}T12:00:00Z`).getUTCDay();
  return fromLocalInput(
    zonedDate(new Date(midnight.getTime() - ((weekday + 6) % 7) * DAY + 12 * 3600_000), zone),
    zone,
  );
}

interface Opened {
  booking: Booking;
  /** A time proposed by a drag that clashed, to confirm or change here. */
  proposed?: string;
}

function Reschedule({ booking, proposed, all, onClose }: Opened & { all: Booking[]; onClose: () => void }) {
  const zone = useTimeZone();
  const can = useCan();
  const queries = useQueryClient();
  const [when, setWhen] = useState(proposed ?? toLocalInput(booking.starts_at, zone));
  const start = fromLocalInput(when, zone);
  const end = new Date(start.getTime() + Date.parse(booking.ends_at) - Date.parse(booking.starts_at));
  const conflict = findConflict(all, booking.assignee_id, start, end, booking.id);
  const done = () => {
    void queries.invalidateQueries({ queryKey: ['bookings'] });
    onClose();
  };
  const move = useMutation({
    mutationFn: () => api.bookings.update(booking.id, { starts_at: start }),
    onSuccess: done,
  });
  const cancel = useMutation({
    mutationFn: () => api.bookings.update(booking.id, { status: 'cancelled' }),
    onSuccess: done,
  });
  const sellerOf = useSellers([booking.lead_id]);
  const members = useMembers();
  return (
    <Stack>
      <SellerLine seller={sellerOf(booking.lead_id)} />
      <Text size="sm">
        For {booking.assignee_id === null ? 'the shared desk' : members.nameOf(booking.assignee_id)}
      </Text>
      <Text size="sm">{booking.note ?? 'No note'}</Text>
      <Anchor component={Link} href={`/leads/${booking.lead_id}`}>
        Open the lead
      </Anchor>
      {can.workDesk && (
        <>
          <TextInput
            label="Move to"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.currentTarget.value)}
          />
          {conflict && (
            <Alert color="orange" role="status">
              Clashes with a {conflict.kind} at {formatDateTime(conflict.starts_at, zone)}.
            </Alert>
          )}
          {(move.isError || cancel.isError) && <ErrorNotice error={move.error ?? cancel.error} />}
          <Group justify="space-between">
            <Button color="red" variant="light" onClick={() => cancel.mutate()} loading={cancel.isPending}>
              Cancel booking
            </Button>
            <Button onClick={() => move.mutate()} loading={move.isPending}>
              Reschedule
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

export function CalendarPage() {
  const zone = useTimeZone();
  const members = useMembers();
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<Opened | null>(null);
  const [creating, setCreating] = useState(false);
  const [lead, setLead] = useState<string | null>(null);
  const can = useCan();
  const start = new Date(weekStart(new Date(), zone).getTime() + offset * 7 * DAY);
  const days = Array.from({ length: 7 }, (_, i) =>
    fromLocalInput(zonedDate(new Date(start.getTime() + i * DAY + 12 * 3600_000), zone), zone),
  );
  const end = new Date(start.getTime() + 7 * DAY + 3600_000);
  const week = useQuery({
    queryKey: ['bookings', 'week', start.toISOString()],
    queryFn: () =>
      api.bookings.listAll({ from: start, to: end, status: 'scheduled', order: 'asc', limit: 200 }),
  });
  const colourOf = (assignee: string | null) =>
    assignee === null
      ? 'gray'
      : (COLOURS[members.list.findIndex((m) => m.id === assignee) % COLOURS.length] ?? 'blue');
  const all = week.data ?? [];
  const sellerOf = useSellers(all.map((b) => b.lead_id));
  const queries = useQueryClient();
  // A drop moves the booking to the hour it lands on, keeping its minutes past the hour and its length.
  // A clash on the same calendar opens the dialog with the clash shown instead of moving.
  const moved = useMutation({
    mutationFn: (v: { booking: Booking; start: Date }) =>
      api.bookings.update(v.booking.id, { starts_at: v.start }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['bookings'] }),
  });
  const dropped = (booking: Booking, hour: string) => {
    const start = fromLocalInput(
      `${hour.slice(0, 13)}:${formatTime(booking.starts_at, zone).slice(3)}`,
      zone,
    );
    if (start.getTime() === Date.parse(booking.starts_at)) return;
    const end = new Date(start.getTime() + Date.parse(booking.ends_at) - Date.parse(booking.starts_at));
    if (findConflict(all, booking.assignee_id, start, end, booking.id)) {
      setOpen({ booking, proposed: toLocalInput(start.toISOString(), zone) });
      return;
    }
    moved.mutate({ booking, start });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Calendar
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setOffset(offset - 1)} aria-label="Previous week">
            ‹
          </Button>
          <Button variant="default" onClick={() => setOffset(0)}>
            This week
          </Button>
          <Button variant="default" onClick={() => setOffset(offset + 1)} aria-label="Next week">
            ›
          </Button>
          {can.workDesk && <Button onClick={() => setCreating(true)}>New booking</Button>}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Week of {formatDay(start, zone)}. Book from a lead or call page; drag a booking to another hour, or
        click it to move or cancel it. Grey is the shared desk calendar.
      </Text>
      {moved.isError && <ErrorNotice error={moved.error} />}
      {moved.isSuccess && (
        <Text size="sm" fw={600} role="status">
          Moved the {moved.data.kind} to {formatDateTime(moved.data.starts_at, zone)}.
        </Text>
      )}
      {week.isPending ? (
        <Loading />
      ) : week.isError ? (
        <ErrorNotice error={week.error} retry={() => week.refetch()} />
      ) : (
        <WeekGrid
          days={days}
          bookings={all}
          zone={zone}
          colourOf={colourOf}
          nameOf={members.nameOf}
          sellerOf={sellerOf}
          canMove={can.workDesk}
          onOpen={(booking) => setOpen({ booking })}
          onDrop={dropped}
        />
      )}
      <FeedLink />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New booking">
        <Stack>
          <LeadPicker value={lead} onChange={setLead} />
          {lead && <BookingForm leadId={lead} onDone={() => setCreating(false)} />}
        </Stack>
      </Modal>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.booking.kind}, ${formatDateTime(open.booking.starts_at, zone)}` : ''}
      >
        {open && <Reschedule {...open} all={all} onClose={() => setOpen(null)} />}
      </Modal>
    </Stack>
  );
}
