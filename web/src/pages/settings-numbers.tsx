import { Button, Card, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { formatPhone } from '../format';
import { copyText } from '../hooks';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';

/** Where Twilio must send a number's calls (docs/telephony.md): shown with copy buttons. */
function TwilioUrls() {
  const base = window.location.origin;
  const urls = [
    { label: 'A call comes in (Voice, HTTP POST)', url: `${base}/telephony/twilio/voice` },
    { label: 'Or, for ConversationRelay, a call comes in', url: `${base}/telephony/twilio/relay` },
    { label: 'Call status changes (HTTP POST)', url: `${base}/telephony/twilio/status` },
  ];
  return (
    <Stack gap="xs">
      <Text size="sm">In the Twilio console, on the number’s Voice configuration, paste:</Text>
      {urls.map((u) => (
        <Group key={u.url} wrap="nowrap" align="flex-end">
          <TextInput label={u.label} readOnly value={u.url} style={{ flex: 1 }} />
          <Button size="xs" variant="light" onClick={() => copyText(u.url)} aria-label={`Copy: ${u.label}`}>
            Copy
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

export function PhoneNumberSettings() {
  const queries = useQueryClient();
  const numbers = useQuery({
    queryKey: ['phone-numbers'],
    queryFn: () => api.phoneNumbers.list({ limit: 100 }),
  });
  const done = () => queries.invalidateQueries({ queryKey: ['phone-numbers'] });
  const add = useMutation({
    mutationFn: (v: { number: string; accountSid: string; token: string }) =>
      api.phoneNumbers.create({
        number: v.number,
        provider: 'twilio',
        twilio_account_sid: v.accountSid,
        twilio_auth_token: v.token,
      }),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.phoneNumbers.remove(id), onSuccess: done });
  return (
    <Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          add.mutate({
            number: String(form.get('number')).trim(),
            accountSid: String(form.get('accountSid')).trim(),
            token: String(form.get('token')).trim(),
          });
        }}
      >
        <Group align="flex-end">
          <TextInput
            name="number"
            label="Twilio number (E.164)"
            placeholder="+441612345678"
            required
            w={220}
          />
          <TextInput
            name="accountSid"
            label="Twilio account SID"
            description="Account info in the Twilio console"
            placeholder="AC…"
            required
            w={300}
          />
          <PasswordInput
            name="token"
            label="Twilio auth token"
            description="Stored encrypted; never shown again"
            required
            w={280}
          />
          <Button type="submit" loading={add.isPending}>
            Add number
          </Button>
        </Group>
      </form>
      {(add.isError || remove.isError) && <ErrorNotice error={add.error ?? remove.error} />}
      {numbers.isPending ? (
        <Loading />
      ) : numbers.isError ? (
        <ErrorNotice error={numbers.error} />
      ) : numbers.data.data.length === 0 ? (
        <Empty title="No phone numbers">
          Add the Twilio number sellers call; the agent answers it at once.
        </Empty>
      ) : (
        numbers.data.data.map((n) => (
          <Group key={n.id} justify="space-between">
            <Text>{formatPhone(n.number)} (Twilio)</Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(n.id)}>
              Remove
            </Button>
          </Group>
        ))
      )}
      <Card withBorder>
        <TwilioUrls />
      </Card>
    </Stack>
  );
}
