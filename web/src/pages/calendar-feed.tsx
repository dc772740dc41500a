import { Button, Card, Code, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { copyText } from '../hooks';
import { useTimeZone } from '../session';
import { ErrorNotice } from '../ui/feedback';

/** The per-person secret address for Google, Outlook and Apple calendars, with copy and revoke. */
export function FeedLink() {
  const zone = useTimeZone();
  const queries = useQueryClient();
  const [scope, setScope] = useState<'all' | 'mine'>('all');
  const [copied, setCopied] = useState(false);
  const feed = useQuery({
    queryKey: ['calendar-feed'],
    queryFn: () => api.calendarFeed.get(),
  });
  const done = () => queries.invalidateQueries({ queryKey: ['calendar-feed'] });
  const create = useMutation({ mutationFn: () => api.calendarFeed.create({ scope }), onSuccess: done });
  const revoke = useMutation({ mutationFn: () => api.calendarFeed.revoke(), onSuccess: done });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Subscribe in your calendar
        </Title>
        <Text size="sm" c="dimmed">
          A secret address for Google Calendar (Other calendars, From URL), Outlook (Add calendar, Subscribe
          from web) or Apple Calendar (New Calendar Subscription). Anyone with it can read the bookings:
          revoke it if it leaks.
        </Text>
        {feed.isError && <ErrorNotice error={feed.error} />}
        {feed.data ? (
          <>
            <Code block data-testid="feed-url" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {feed.data.url}
            </Code>
            <Text size="xs" c="dimmed">
              {feed.data.scope === 'mine' ? 'Your bookings and the shared desk’s' : 'Every booking'}; made{' '}
              {formatDateTime(feed.data.created_at, zone)}
              {feed.data.last_used_at
                ? `, last read ${formatDateTime(feed.data.last_used_at, zone)}`
                : ', not read yet'}
              .
            </Text>
            <Group>
              <Button
                size="xs"
                onClick={async () => {
                  await copyText(feed.data?.url ?? '');
                  setCopied(true);
                }}
              >
                {copied ? 'Copied' : 'Copy address'}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => revoke.mutate()}
                loading={revoke.isPending}
              >
                Revoke
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <SegmentedControl
              aria-label="Bookings in the feed"
              data={[
                { value: 'all', label: 'Every booking' },
                { value: 'mine', label: 'Mine and the desk’s' },
              ]}
              value={scope}
              onChange={(v) => setScope(v === 'mine' ? 'mine' : 'all')}
            />
            <Button size="xs" onClick={() => create.mutate()} loading={create.isPending}>
              Create my feed address
            </Button>
          </Group>
        )}
        {(create.isError || revoke.isError) && <ErrorNotice error={create.error ?? revoke.error} />}
      </Stack>
    </Card>
  );
}
