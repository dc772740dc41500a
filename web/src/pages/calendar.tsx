import type { Booking } from '@callagent/sdk';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatDay, formatTime, fromLocalInput, toLocalInput, zonedDate } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { LeadPicker } from '../ui/lead-picker';
import { BookingForm, findConflict } from './booking-form';
import { FeedLink } from './calendar-feed';

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

function Reschedule({ booking, all, onClose }: { booking: Booking; all: Booking[]; onClose: () => void }) {
  const zone = useTimeZone();
  const can = useCan();
  const queries = useQueryClient();
  const [when, setWhen] = useState(toLocalInput(booking.starts_at, zone));
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
  return (
    <Stack>
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
  const [open, setOpen] = useState<Booking | null>(null);
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
        Week of {formatDay(start, zone)}. Book from a lead or call page; click a booking to move or cancel it.
        Grey is the shared desk calendar.
      </Text>
      {week.isPending ? (
        <Loading />
      ) : week.isError ? (
        <ErrorNotice error={week.error} retry={() => week.refetch()} />
      ) : (
        <div className="week">
          {days.map((day) => {
            const key = zonedDate(day, zone);
            const items = all.filter((b) => zonedDate(new Date(b.starts_at), zone) === key);
            return (
              <section key={key} aria-label={formatDay(day, zone)}>
                <Text fw={600} size="sm" mb={4}>
                  {formatDay(day, zone)}
                </Text>
                <Stack gap={4}>
                  {items.length === 0 && (
                    <Text size="xs" c="dimmed">
                      Free
                    </Text>
                  )}
                  {items.map((b) => (
                    <Card
                      key={b.id}
                      p={6}
                      withBorder
                      bg={`${colourOf(b.assignee_id)}.0`}
                      component="button"
                      onClick={() => setOpen(b)}
                      style={{ textAlign: 'left', cursor: 'pointer' }}
                    >
                      <Text size="xs" fw={600}>
                        {formatTime(b.starts_at, zone)}–{formatTime(b.ends_at, zone)} {b.kind}
                      </Text>
                      <Text size="xs">{b.assignee_id === null ? 'Desk' : members.nameOf(b.assignee_id)}</Text>
                    </Card>
                  ))}
                </Stack>
              </section>
            );
          })}
        </div>
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
        title={open ? `${open.kind}, ${formatDateTime(open.starts_at, zone)}` : ''}
      >
        {open && <Reschedule booking={open} all={all} onClose={() => setOpen(null)} />}
      </Modal>
    </Stack>
  );
}
